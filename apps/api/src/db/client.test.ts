import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseOfThisFile } from '../../test/file-database';
import { loadEnv } from '../env';
import { openDatabase, StatementNames, type OpenedDatabase } from './client';
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
    // this file's copy: a session on the run's template database would fail other files' copies of it
    const own = await databaseOfThisFile(url!);
    opened = await openDatabase({ url: own });
    const { db } = opened;
    const killer = new pg.Client({ connectionString: own });
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

describe('statement names (prepared by name once their text repeats)', () => {
  it('names a text from its second time, the same name for the same text, never one for two texts', () => {
    const names = new StatementNames();
    expect(names.nameOf('SELECT $1::int')).toBeNull();
    const name = names.nameOf('SELECT $1::int');
    expect(name).toMatch(/^s_[\w-]{32}$/);
    expect(names.nameOf('SELECT $1::int')).toBe(name);
    names.nameOf('SELECT $1::text');
    expect(names.nameOf('SELECT $1::text')).not.toBe(name);
  });

  it('keeps at most maxNames names, and forgets the texts seen once in bulk', () => {
    const names = new StatementNames(2, 3);
    for (const text of ['a', 'a', 'b', 'b']) names.nameOf(text);
    names.nameOf('c');
    expect(names.nameOf('c')).toBeNull(); // two names taken
    expect(names.nameOf('a')).not.toBeNull();
    const few = new StatementNames(10, 3);
    for (const text of ['x', 'y', 'z', 'w']) few.nameOf(text); // the fourth clears the three seen
    expect(few.nameOf('x')).toBeNull();
    expect(few.nameOf('x')).not.toBeNull();
  });
});

/** PostgreSQL's own message of a failed query (drizzle wraps it, with the query, as the cause). */
async function causeOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (err) {
    return String((err as { cause?: Error }).cause?.message ?? (err as Error).message);
  }
  return 'no error';
}

describe.runIf(Boolean(url))('the PostgreSQL pool, statements by name', () => {
  it('prepares a repeated statement on its connection, with the right answer for each value', async () => {
    const { db, close } = await openDatabase({ url: await databaseOfThisFile(url!) });
    try {
      await db.transaction(async (tx) => {
        for (const v of [1, 2, 3]) {
          const [row] = await queryRows<{ v: number }>(tx, sql`SELECT ${v}::int * 6 AS v`);
          expect(row!.v).toBe(v * 6);
        }
        const prepared = await queryRows<{ name: string }>(
          tx,
          sql`SELECT name FROM pg_prepared_statements WHERE statement = 'SELECT $1::int * 6 AS v'`,
        );
        expect(prepared).toHaveLength(1);
        expect(prepared[0]!.name).toMatch(/^s_/);
      });
      // every connection of the pool answers it, prepared or not yet
      const answers = await Promise.all(
        [4, 5, 6, 7].map((v) => queryRows<{ v: number }>(db, sql`SELECT ${v}::int * 6 AS v`)),
      );
      expect(answers.map((a) => a[0]!.v)).toEqual([24, 30, 36, 42]);
    } finally {
      await close();
    }
  });

  it('answers a failing statement its error every time, and the next good one its rows', async () => {
    const { db, close } = await openDatabase({ url: await databaseOfThisFile(url!) });
    try {
      await db.transaction(async (tx) => {
        for (let i = 0; i < 3; i++) {
          // the text does not parse: its Parse fails every time, never "prepared statement does not exist"
          expect(
            await causeOf(
              tx.transaction(async (sp) => queryRows(sp, sql`SELECT ${i}::int FROM no_such_table`)),
            ),
          ).toMatch(/relation "no_such_table" does not exist/);
          // it parses, and fails on a value: the named statement stays and serves the next value
          expect(
            await causeOf(tx.transaction(async (sp) => queryRows(sp, sql`SELECT 1 / ${0}::int AS v`))),
          ).toBe('division by zero');
        }
        const [row] = await queryRows<{ v: number }>(tx, sql`SELECT 1 / ${1}::int AS v`);
        expect(row!.v).toBe(1);
      });
      // a statement prepared in a transaction that rolled back is still there for the next one
      await expect(
        db.transaction(async (tx) => {
          await queryRows(tx, sql`SELECT ${1}::int + 1 AS v`);
          await queryRows(tx, sql`SELECT ${2}::int + 1 AS v`);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      const rows = await Promise.all(
        [1, 2, 3].map((v) => queryRows<{ v: number }>(db, sql`SELECT ${v}::int + 1 AS v`)),
      );
      expect(rows.map((r) => r[0]!.v)).toEqual([2, 3, 4]);
    } finally {
      await close();
    }
  });
});
