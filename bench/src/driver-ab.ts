// `npx tsx bench/src/driver-ab.ts` (from the repo root): the CPU a PostgreSQL driver costs per statement, `pg`
// as the shop uses it against porsager's `postgres` (postgres.js), issue 53, decision 059 session 51. A private
// PostgreSQL cluster (scripts/lib/pg-cluster.mjs, autovacuum off) gets a small schema of its own and three
// workloads that imitate the purchase path's hot statements: (a) a key lookup of one narrow row, (b) a "session
// read" (one row of ≈ 5 KB of json built in SQL by json_build_object/json_agg over joined rows), (c) a small
// write transaction (BEGIN; UPDATE by key; INSERT; COMMIT, each a round trip unless pipelined). Each mode runs
// each workload with 20 concurrent async buyers over 10 connections for a fixed number of operations: A = pg
// Pool with the shop's statement naming (apps/api/src/db/client.ts `StatementNames`, described-statements.ts:
// named, Describe skipped after a connection's first run) and rowMode 'array'; B = postgres.js, prepared
// statements, at most one statement in flight per connection (a gate of 10 operations, as a pool gives);
// C = postgres.js pipelining (no gate: 20 buyers share 10 connections, the transaction's UPDATE and INSERT sent
// together by `sql.begin(sql => [...])`); D = drizzle-orm's `db.execute(sql`…`)` over pg (the shop's pool and
// naming), E = the same over drizzle-orm/postgres-js (no gate; statements with values prepared, which drizzle
// does not ask for). Measured per round and cell: the Node process's CPU (process.cpuUsage, and its system
// part) and the cluster's backends' CPU (/proc/<pid>/schedstat, nanoseconds, children of the postmaster), each
// per statement, and statements per second. After a warm-up the modes alternate in rounds (A…E, then reversed);
// the medians and every round's figures are printed.
//
//   --rounds=N       measured rounds (default 5)
//   --scale=X        operations per cell × X (default 1: 12,000 (a), 5,000 (b), 2,000 (c) transactions)
//   --warm=S         warm-up seconds per cell (default 1, two passes over every cell)
//   --modes=A,B,…    the modes to run (default all)
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { sql as dsql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePgJs } from 'drizzle-orm/postgres-js';
import pg from 'pg';
import postgres from 'postgres';
import { StatementNames } from '../../apps/api/src/db/client';
import { startPgCluster } from '../../scripts/lib/pg-cluster.mjs';
import { option, textTable } from './lib';

const BUYERS = 20;
const CONNECTIONS = 10;
const ITEMS = 20_000;
const CARTS = 5_000;
const LINES_PER_CART = 40;

const rounds = Number(option('rounds') ?? 5);
const scale = Number(option('scale') ?? 1);
const warmSeconds = Number(option('warm') ?? 1);
const modesWanted = String(option('modes') ?? 'A,B,C,D,E').split(',');

type Workload = 'a' | 'b' | 'c';
const WORKLOADS: Workload[] = ['a', 'b', 'c'];
const OPS: Record<Workload, number> = {
  a: Math.round(12_000 * scale),
  b: Math.round(5_000 * scale),
  c: Math.round(2_000 * scale),
};
/** statements per operation: (c) is BEGIN, UPDATE, INSERT, COMMIT */
const STATEMENTS: Record<Workload, number> = { a: 1, b: 1, c: 4 };
const WORKLOAD_NAMES: Record<Workload, string> = {
  a: '(a) key lookup',
  b: '(b) session read ~5 KB json',
  c: '(c) write transaction',
};

const SQL_A = 'SELECT id, name, price, stock, updated_at FROM items WHERE id = $1';
const SESSION_READ = `SELECT json_build_object('cart', row_to_json(c), 'lines',
  (SELECT COALESCE(json_agg(json_build_object('line', l.line, 'productId', l.product_id, 'name', i.name,
     'qty', l.qty, 'price', i.price, 'stock', i.stock, 'note', l.note) ORDER BY l.line), '[]'::json)
   FROM cart_lines l JOIN items i ON i.id = l.product_id WHERE l.cart_id = c.id)) AS session
FROM carts c WHERE c.id = $1`;
const SQL_UPDATE = 'UPDATE carts SET version = version + 1, updated_at = now() WHERE id = $1';
const SQL_INSERT = 'INSERT INTO cart_events (cart_id, kind, payload) VALUES ($1, $2, $3)';

/** One operation of a workload on a mode, for a random key. */
type Op = (key: number) => Promise<unknown>;
interface Mode {
  label: string;
  describe: string;
  ops: Record<Workload, Op>;
  /** at most CONNECTIONS operations in flight (a pool's shape) */
  gated: boolean;
}

/** A counting gate: at most `free` holders at once, the rest wait in order. */
class Gate {
  private readonly waiters: Array<() => void> = [];
  constructor(private free: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiters.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.waiters.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

const pick = (n: number) => 1 + Math.floor(Math.random() * n);
const PAYLOAD = JSON.stringify({ productId: 1234, qty: 2, source: 'bench' });

/** CPU nanoseconds of each child of the postmaster (backends and background processes), by pid. */
function pgCpuNs(postmaster: number): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== postmaster) continue;
      byPid.set(Number(entry), Number(readFileSync(`/proc/${entry}/schedstat`, 'utf8').split(' ')[0]));
    } catch {
      /* a process that ended */
    }
  }
  return byPid;
}

/** The CPU between two readings: a process that ended between them left out, one that began counted whole. */
function pgCpuDeltaNs(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ns] of after) total += ns - (before.get(pid) ?? 0);
  return total;
}

/** 20 buyers run `ops` operations between them. */
async function drive(op: Op, ops: number, keys: number): Promise<void> {
  let next = 0;
  const buyer = async () => {
    while (next < ops) {
      next += 1;
      await op(pick(keys));
    }
  };
  await Promise.all(Array.from({ length: BUYERS }, buyer));
}

/** Runs `op` for about `seconds` (the warm-up). */
async function driveFor(op: Op, seconds: number, keys: number): Promise<void> {
  const until = performance.now() + seconds * 1000;
  const buyer = async () => {
    while (performance.now() < until) await op(pick(keys));
  };
  await Promise.all(Array.from({ length: BUYERS }, buyer));
}

interface Figures {
  apiUs: number;
  /** of which in the kernel (system time: the socket's syscalls, loopback TCP included) */
  apiSysUs: number;
  pgUs: number;
  perSecond: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main() {
  const started = new Date();
  console.log(
    `driver A/B ${started.toISOString()}, load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const cluster = await startPgCluster({
    database: 'spesa_driver',
    settings: { autovacuum: 'off' },
    log: (m) => console.log(`  ${m}`),
  });
  const postmaster = Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const closers: Array<() => Promise<unknown>> = [];
  try {
    const setup = new pg.Client({ connectionString: cluster.url });
    await setup.connect();
    await setup.query(`
      CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL, price numeric(10,2) NOT NULL, stock int NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE carts (id int PRIMARY KEY, user_id int NOT NULL, store_id int NOT NULL, version int NOT NULL,
        status text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE cart_lines (cart_id int NOT NULL REFERENCES carts, line int NOT NULL,
        product_id int NOT NULL REFERENCES items, qty int NOT NULL, note text, PRIMARY KEY (cart_id, line));
      CREATE TABLE cart_events (id bigserial PRIMARY KEY, cart_id int NOT NULL REFERENCES carts, kind text NOT NULL,
        payload text NOT NULL, at timestamptz NOT NULL DEFAULT now());
      INSERT INTO items SELECT g, 'Prodotto ' || g || ' ' || repeat(chr(97 + g % 26), 12), (g % 997) / 10.0, g % 50
        FROM generate_series(1, ${ITEMS}) g;
      INSERT INTO carts SELECT g, g * 7, 1 + g % 40, 1, 'open' FROM generate_series(1, ${CARTS}) g;
      INSERT INTO cart_lines SELECT c, l, 1 + (c * 31 + l * 17) % ${ITEMS}, 1 + l % 4,
        CASE WHEN l % 3 = 0 THEN 'senza glutine, consegna al piano' END
        FROM generate_series(1, ${CARTS}) c, generate_series(1, ${LINES_PER_CART}) l;
    `);
    await setup.query('VACUUM ANALYZE');
    let bytes = 0;
    for (let k = 1; k <= 50; k++)
      bytes += JSON.stringify((await setup.query(SESSION_READ, [k])).rows[0]).length;
    console.log(`  session read: ${Math.round(bytes / 50)} bytes of json on average`);
    await setup.end();

    // A: pg as the shop's pool uses it (apps/api/src/db/client.ts openDatabase): named statements once their text
    // repeats, Describe skipped after a connection's first run, rows as arrays (drizzle's selects).
    const newShopPool = () => {
      // idle connections stay (pg's default closes them after 10 s: while the other modes run)
      const pool = new pg.Pool({ connectionString: cluster.url, max: CONNECTIONS, idleTimeoutMillis: 0 });
      pool.on('error', () => {});
      pool.on('connect', (client) => client.on('error', () => {}));
      const naming = new StatementNames();
      pool.on('connect', (client) => naming.prepareRepeated(client));
      closers.push(() => pool.end());
      return pool;
    };
    const poolA = newShopPool();
    const arrays = (text: string, values: unknown[]) => ({ text, values, rowMode: 'array' as const });
    const modeA: Mode = {
      label: 'A',
      describe: 'pg Pool, shop naming (no Describe), rowMode array',
      gated: true,
      ops: {
        a: (k) => poolA.query(arrays(SQL_A, [k])),
        b: (k) => poolA.query(arrays(SESSION_READ, [k])),
        c: async (k) => {
          const client = await poolA.connect();
          try {
            await client.query('BEGIN');
            await client.query(arrays(SQL_UPDATE, [k]));
            await client.query(arrays(SQL_INSERT, [k, 'add', PAYLOAD]));
            await client.query('COMMIT');
          } catch (err) {
            await client.query('ROLLBACK');
            throw err;
          } finally {
            client.release();
          }
        },
      },
    };

    // B and C: postgres.js, timestamps and dates kept as text as the shop's pool keeps them (POOL_TYPES)
    const newPostgresJs = () => {
      const sql = postgres(cluster.url, { max: CONNECTIONS, prepare: true, onnotice: () => {} });
      for (const oid of [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231])
        sql.options.parsers[oid] = (x: string) => x;
      closers.push(() => sql.end({ timeout: 5 }));
      return sql;
    };
    const sqlB = newPostgresJs();
    const modeB: Mode = {
      label: 'B',
      describe: 'postgres.js prepare, one statement in flight per connection',
      gated: true,
      ops: {
        a: (k) => sqlB`SELECT id, name, price, stock, updated_at FROM items WHERE id = ${k}`.values(),
        b: (k) => sqlB.unsafe(SESSION_READ, [k], { prepare: true }).values(),
        c: (k) =>
          sqlB.begin(async (tx) => {
            await tx`UPDATE carts SET version = version + 1, updated_at = now() WHERE id = ${k}`;
            await tx`INSERT INTO cart_events (cart_id, kind, payload) VALUES (${k}, ${'add'}, ${PAYLOAD})`;
          }),
      },
    };
    const sqlC = newPostgresJs();
    const modeC: Mode = {
      label: 'C',
      describe: 'postgres.js pipelining: 20 buyers on 10 connections, UPDATE+INSERT sent together',
      gated: false,
      ops: {
        a: (k) => sqlC`SELECT id, name, price, stock, updated_at FROM items WHERE id = ${k}`.values(),
        b: (k) => sqlC.unsafe(SESSION_READ, [k], { prepare: true }).values(),
        c: (k) =>
          sqlC.begin((tx) => [
            tx`UPDATE carts SET version = version + 1, updated_at = now() WHERE id = ${k}`,
            tx`INSERT INTO cart_events (cart_id, kind, payload) VALUES (${k}, ${'add'}, ${PAYLOAD})`,
          ]),
      },
    };

    // drizzle-orm/postgres-js sends db.execute's statements with `unsafe(text, values)`, which postgres.js does not
    // prepare (unnamed: PostgreSQL parses and plans each run): like the shop's StatementNames over pg, every
    // statement with values is prepared, on the client and on each transaction's
    type Unsafe = (text: string, args?: unknown[], opts?: Record<string, unknown>) => unknown;
    type Begin = (...args: unknown[]) => unknown;
    const preparing = <S extends object>(sql: S): S => {
      const s = sql as unknown as { unsafe: Unsafe; begin?: Begin };
      const unsafe = s.unsafe;
      s.unsafe = (text, args, opts) => unsafe(text, args, args?.length ? { ...opts, prepare: true } : opts);
      const begin = s.begin;
      if (begin)
        s.begin = (...args: unknown[]) => {
          const fn = args.pop() as (tx: object) => unknown;
          return begin(...args, (tx: object) => fn(preparing(tx)));
        };
      return sql;
    };

    // D and E: drizzle's `sql` template and db.execute (rows as objects), the shop's queryRows path
    type Db = PgDatabase<PgQueryResultHKT>;
    const drizzleOps = (db: Db): Record<Workload, Op> => ({
      a: (k) => db.execute(dsql`SELECT id, name, price, stock, updated_at FROM items WHERE id = ${k}`),
      // the session read's text with its key as a parameter
      b: (k) => db.execute(dsql.join([dsql.raw(SESSION_READ.replace('$1', '')), dsql`${k}`])),
      c: (k) =>
        db.transaction(async (tx) => {
          await tx.execute(dsql`UPDATE carts SET version = version + 1, updated_at = now() WHERE id = ${k}`);
          await tx.execute(
            dsql`INSERT INTO cart_events (cart_id, kind, payload) VALUES (${k}, ${'add'}, ${PAYLOAD})`,
          );
        }),
    });
    const dbD = drizzlePg(newShopPool()) as unknown as Db;
    const modeD: Mode = {
      label: 'D',
      describe: 'drizzle db.execute over pg (shop pool and naming)',
      gated: true,
      ops: drizzleOps(dbD),
    };
    const dbE = drizzlePgJs(preparing(newPostgresJs())) as unknown as Db;
    const modeE: Mode = {
      label: 'E',
      describe: 'drizzle db.execute over postgres.js, prepared (its own queueing and pipelining)',
      gated: false,
      ops: drizzleOps(dbE),
    };

    const modes = [modeA, modeB, modeC, modeD, modeE].filter((m) => modesWanted.includes(m.label));
    const gate = new Gate(CONNECTIONS);
    const opOf = (mode: Mode, w: Workload): Op => {
      const op = mode.ops[w];
      return mode.gated ? (k) => gate.run(() => op(k)) : op;
    };
    const keysOf = (w: Workload) => (w === 'a' ? ITEMS : CARTS);

    // every mode's answers agree on the workload's rows (a smoke check that they run the same statements)
    for (const mode of modes) {
      const rows = (await mode.ops.b(42)) as unknown;
      const text = JSON.stringify(rows);
      if (!text.includes('"productId"'))
        throw new Error(`${mode.label}: the session read answered ${text.slice(0, 200)}`);
    }

    console.log(`  warm-up: ${warmSeconds} s per mode and workload, two passes`);
    for (let pass = 0; pass < 2; pass++)
      for (const mode of modes)
        for (const w of WORKLOADS) await driveFor(opOf(mode, w), warmSeconds, keysOf(w));

    const results = new Map<string, Figures[]>();
    const roundLines: string[][] = [];
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? modes : [...modes].reverse();
      for (const mode of order) {
        for (const w of WORKLOADS) {
          const ops = OPS[w];
          const statements = ops * STATEMENTS[w];
          const cpu0 = process.cpuUsage();
          const pg0 = pgCpuNs(postmaster);
          const t0 = performance.now();
          await drive(opOf(mode, w), ops, keysOf(w));
          const seconds = (performance.now() - t0) / 1000;
          const pgNs = pgCpuDeltaNs(pg0, pgCpuNs(postmaster));
          const cpu = process.cpuUsage(cpu0);
          const figures: Figures = {
            apiUs: (cpu.user + cpu.system) / statements,
            apiSysUs: cpu.system / statements,
            pgUs: pgNs / 1000 / statements,
            perSecond: statements / seconds,
          };
          const key = `${mode.label}${w}`;
          results.set(key, [...(results.get(key) ?? []), figures]);
          roundLines.push([
            String(r + 1),
            mode.label,
            w,
            figures.apiUs.toFixed(1),
            figures.apiSysUs.toFixed(1),
            figures.pgUs.toFixed(1),
            figures.perSecond.toFixed(0),
          ]);
        }
      }
      console.log(`  round ${r + 1}/${rounds} done, load ${loadavg()[0]?.toFixed(2)}`);
    }

    console.log(`\nEach round (µs of CPU per statement; statements/s):`);
    console.log(
      textTable(['round', 'mode', 'workload', 'API µs', 'of it sys', 'PG µs', 'stmt/s'], roundLines),
    );
    const ended = new Date();
    console.log(
      `\nMedians of ${rounds} rounds, ${BUYERS} buyers, ${CONNECTIONS} connections, ${started.toISOString().slice(11, 16)}-` +
        `${ended.toISOString().slice(11, 16)} UTC, load ${loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}, ${cluster.version}:`,
    );
    const rows: string[][] = [];
    for (const w of WORKLOADS)
      for (const mode of modes) {
        const fs = results.get(`${mode.label}${w}`) ?? [];
        rows.push([
          WORKLOAD_NAMES[w],
          `${mode.label}: ${mode.describe}`,
          median(fs.map((f) => f.apiUs)).toFixed(1),
          median(fs.map((f) => f.apiSysUs)).toFixed(1),
          median(fs.map((f) => f.pgUs)).toFixed(1),
          median(fs.map((f) => f.perSecond)).toFixed(0),
        ]);
      }
    console.log(textTable(['workload', 'mode', 'API µs/stmt', 'of it sys', 'PG µs/stmt', 'stmt/s'], rows));
  } finally {
    for (const close of closers) await close().catch(() => {});
    cluster.stop();
  }
}

await main();
