import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOfThisFile } from '../../test/file-database';
import { loadEnv } from '../env';
import { openDatabase, type Db, type OpenedDatabase } from './client';
import { POOL_TYPES } from './described-statements';
import { PreparedSql, queryRows } from './rows';

describe("the pool's types", () => {
  it("read every type as drizzle's node-postgres statements read it", () => {
    // a prepared query of drizzle's own, to read the types it hands pg
    const session = drizzle(new pg.Pool())._.session;
    const config = (
      session.prepareQuery({ sql: 'SELECT 1', params: [] }, undefined, undefined, false) as unknown as {
        rawQueryConfig: { types: typeof POOL_TYPES };
      }
    ).rawQueryConfig;
    const sample = '2026-11-30 10:00:00+01';
    for (let oid = 0; oid < 5000; oid++) {
      const theirs = config.types.getTypeParser(oid, 'text');
      const ours = POOL_TYPES.getTypeParser(oid, 'text');
      if (ours !== theirs) expect([oid, ours(sample), theirs(sample)]).toEqual([oid, sample, sample]);
    }
  });
});

/** The messages of a transaction's connection, counted by kind. */
function countMessages(tx: Db, kinds: string[]): Record<string, number> {
  const client = (tx as unknown as { _: { session: { client: pg.PoolClient } } })._.session.client;
  const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
  const counts: Record<string, number> = {};
  for (const kind of kinds) {
    counts[kind] = 0;
    connection.on(kind, () => (counts[kind] = (counts[kind] ?? 0) + 1));
  }
  return counts;
}

const url = loadEnv().DATABASE_URL;
let opened: OpenedDatabase | undefined;

describe.runIf(Boolean(url))('the PostgreSQL pool, named statements described once per connection', () => {
  beforeAll(async () => {
    // this file's copy: a session on the run's template database would fail other files' copies of it
    opened = await openDatabase({ url: await databaseOfThisFile(url!) });
  });
  afterAll(() => opened?.close());

  const typed = new PreparedSql<Record<string, unknown>>(
    'test_described_typed',
    () => sql`SELECT ${sql.placeholder('n')}::int AS n, (${sql.placeholder('n')}::int * 1.5)::numeric AS amount,
      '2026-11-30 10:00:00+01'::timestamptz AS at, DATE '2026-11-30' AS day,
      json_build_object('n', ${sql.placeholder('n')}::int) AS doc, NULL::text AS nothing, ${sql.placeholder('n')}::int > 1 AS big`,
  );

  it('answers the same rows and types on every run, and PostgreSQL describes the columns only on the first', async () => {
    await opened!.db.transaction(async (tx) => {
      const counts = countMessages(tx, ['rowDescription', 'dataRow']);
      const rows = [];
      for (const n of [1, 2, 3]) rows.push(...(await typed.rows(tx, { n })));
      expect(rows).toEqual(
        [1, 2, 3].map((n) => ({
          n,
          amount: (n * 1.5).toFixed(1),
          at: expect.stringMatching(/^2026-11-30 \d\d:00:00\+00$/),
          day: '2026-11-30',
          doc: { n },
          nothing: null,
          big: n > 1,
        })),
      );
      expect(counts).toEqual({ rowDescription: 1, dataRow: 3 });
    });
  });

  it("reads rows as arrays for drizzle's query builder, a statement named by its repeated text the same way", async () => {
    const db = opened!.db;
    await db.transaction(async (tx) => {
      const counts = countMessages(tx, ['rowDescription']);
      for (const v of [5, 6, 7]) {
        const [row] = await tx
          .select({ v: sql<number>`${v}::int * 2`.as('v'), at: sql<string>`now()`.as('at') })
          .from(sql`(SELECT 1) AS one`)
          .prepare('test_described_builder')
          .execute();
        expect(row!.v).toBe(v * 2);
        expect(typeof row!.at).toBe('string');
        const [twice] = await queryRows<{ w: number; none: null }>(
          tx,
          sql`SELECT ${v}::int * 3 AS w, NULL::int AS none`,
        );
        expect(twice).toEqual({ w: v * 3, none: null });
      }
      // the builder's statement is named at once, the text from its second run: 1 + 2 descriptions
      expect(counts.rowDescription).toBe(3);
    });
  });

  it('answers no rows, then rows, then a failure, then rows again, on one connection', async () => {
    const find = new PreparedSql<{ v: number }>(
      'test_described_some',
      () =>
        sql`SELECT v, 10 / v AS q FROM (VALUES (1), (2), (0)) AS t(v) WHERE v = ${sql.placeholder('v')}::int`,
    );
    await opened!.db.transaction(async (tx) => {
      expect(await find.rows(tx, { v: 9 })).toEqual([]);
      expect(await find.rows(tx, { v: 2 })).toEqual([{ v: 2, q: 5 }]);
      await expect(tx.transaction((sp) => find.rows(sp, { v: 0 }))).rejects.toThrow();
      expect(await find.rows(tx, { v: 1 })).toEqual([{ v: 1, q: 10 }]);
    });
  });

  it('fails a run with a value pg cannot write, and the statement serves the next run', async () => {
    const echo = new PreparedSql<{ v: string }>(
      'test_described_echo',
      () => sql`SELECT ${sql.placeholder('v')}::text AS v`,
    );
    await opened!.db.transaction(async (tx) => {
      expect(await echo.rows(tx, { v: 'a' })).toEqual([{ v: 'a' }]);
      const unwritable = {
        toPostgres: () => {
          throw new Error('not a value');
        },
      };
      await expect(echo.rows(tx, { v: unwritable })).rejects.toThrow();
      expect(await echo.rows(tx, { v: 'b' })).toEqual([{ v: 'b' }]);
    });
  });

  it("serves many concurrent runs over the pool's connections, each its own answer", async () => {
    const db = opened!.db;
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => typed.rows(db, { n: i }).then((rows) => rows[0]!.doc)),
    );
    expect(answers).toEqual(Array.from({ length: 60 }, (_, i) => ({ n: i })));
  });
});
