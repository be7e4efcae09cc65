import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { openDatabase, type OpenedDatabase } from './client';
import { queryRows } from './rows';

/**
 * A connection lost while a transaction holds it (the primary stopped, a failover: decision 091) fails that
 * transaction and nothing else: the process goes on and the next request gets a new connection. PostgreSQL only.
 */
const url = loadEnv().DATABASE_URL;
let opened: OpenedDatabase | undefined;
afterAll(() => opened?.close());

describe.runIf(Boolean(url))('the PostgreSQL pool', () => {
  it('survives a connection cut between two statements of a transaction, and reconnects', async () => {
    opened = await openDatabase({ url });
    const { db } = opened;
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    let pid = 0;
    const cut = db.transaction(async (tx) => {
      const [me] = await queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
      pid = me!.pid;
      // the connection is checked out and idle when the server ends it
      await killer.query('SELECT pg_terminate_backend($1)', [pid]);
      await new Promise((r) => setTimeout(r, 300));
      await tx.execute(sql`SELECT 1`);
    });
    await expect(cut).rejects.toThrow();
    await killer.end();
    const [again] = await queryRows<{ pid: number }>(db, sql`SELECT pg_backend_pid() AS pid`);
    expect(again!.pid).toBeGreaterThan(0);
    expect(again!.pid).not.toBe(pid);
  });
});
