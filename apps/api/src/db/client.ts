import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgSession } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Description, NamedStatementRun } from './described-statements';
import { categories } from './schema';
import { seedDatabase } from './seed/index';

/**
 * One handle type for both drivers (decision 003): PGlite embedded, or node-postgres. Opened without drizzle's
 * relational schema: its `db.query.<table>` builders are used nowhere, and every handle drizzle makes (the
 * pool's, each transaction's and savepoint's) would build one per table of the schema.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type DbKind = 'pglite' | 'postgres';

export interface OpenDatabaseOptions {
  /** postgres://...: node-postgres pool. Absent: embedded PGlite. */
  url?: string | undefined;
  /** PGlite data folder (created when missing). Absent and no image: in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from a dumpDataDir tarball (tests copy one migrated+seeded image). */
  image?: Blob | undefined;
  /** PGlite: the engine compiled once, for a process that opens many databases (the tests) */
  engine?: PgliteEngine | undefined;
  /** PGlite, a new data folder only: its write-ahead log's segment size in MB (initdb's default: 16) */
  walSegmentMb?: number | undefined;
}

/**
 * PGlite's WebAssembly module, compiled, and its file bundle: every `PGlite.create` compiles the one and reads
 * the other again (≈ 0.4 s of CPU) unless they are given. Only a process that opens many databases keeps them.
 */
export interface PgliteEngine {
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

export async function loadPgliteEngine(): Promise<PgliteEngine> {
  const folder = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [wasm, bundle] = await Promise.all([
    readFile(join(folder, 'pglite.wasm')),
    readFile(join(folder, 'pglite.data')),
  ]);
  // (the API's TypeScript libraries declare WebAssembly's types, not its global object)
  const { compile } = (
    globalThis as unknown as { WebAssembly: { compile: (b: Uint8Array) => Promise<WebAssembly.Module> } }
  ).WebAssembly;
  return { pgliteWasmModule: await compile(wasm), fsBundle: new Blob([bundle]) };
}

/** How busy the database's connections are (the metrics read it: lib/metrics.ts). */
export interface PoolProbe {
  use: () => { total: number; idle: number; waiting: number };
  /** PostgreSQL: each wait for a pooled connection, in seconds */
  onWait?: (listener: (seconds: number) => void) => void;
}

const probes = new WeakMap<Db, PoolProbe>();

/** The probe of a database opened by openDatabase (none for a handle made elsewhere). */
export const poolProbeOf = (db: Db): PoolProbe | undefined => probes.get(db);

export interface OpenedDatabase {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
  /** PGlite only: the data folder as an uncompressed tarball, for `image` (test images) */
  dumpImage?: () => Promise<Blob>;
}

/**
 * Per-connection settings. Word similarity 0.5 (default 0.6) lets the trigram fallback and the
 * suggestions forgive one or two typos ("mozarela" -> "mozzarella" scores 0.55).
 */
export const SESSION_SETTINGS = { 'pg_trgm.word_similarity_threshold': '0.5' } as const;

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  if (opts.url) {
    const options = Object.entries(SESSION_SETTINGS)
      .map(([k, v]) => `-c ${k}=${v}`)
      .join(' ');
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, options });
    // A pool error on an idle client must not crash the process; queries report their own errors.
    pool.on('error', () => {});
    // Nor on a client checked out between two statements (a transaction's): a lost connection (the primary
    // stopped, a failover) is emitted on the client itself, and without a listener it ends the process. The
    // next statement fails, the transaction answers its error, and the pool drops the broken client.
    pool.on('connect', (client) => client.on('error', () => {}));
    const naming = new StatementNames();
    pool.on('connect', (client) => naming.prepareRepeated(client));
    const db: Db = drizzleNodePg(pool);
    probes.set(db, probePgPool(pool));
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.dataDir && !opts.image) mkdirSync(opts.dataDir, { recursive: true });
  // PGlite (half a megabyte of JavaScript beside its WebAssembly) is loaded only by a shop that embeds it
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create({
    ...(opts.dataDir && !opts.image ? { dataDir: opts.dataDir } : {}),
    ...(opts.image ? { loadDataDir: opts.image } : {}),
    ...(opts.engine ?? {}),
    ...(opts.walSegmentMb ? { initDbStartParams: [`--wal-segsize=${opts.walSegmentMb}`] } : {}),
    extensions: { pg_trgm, unaccent },
  });
  for (const [k, v] of Object.entries(SESSION_SETTINGS))
    await client.query('SELECT set_config($1, $2, false)', [k, v]);
  const db: Db = drizzlePglite(client);
  probes.set(db, probePglite(client));
  return { db, kind: 'pglite', close: () => client.close(), dumpImage: () => client.dumpDataDir('none') };
}

/**
 * Statements prepared by name on each connection once their text repeats. A statement with parameters goes
 * through the extended protocol anyway (Parse, Bind, Describe, Execute, Sync); unnamed, PostgreSQL parses,
 * analyses and rewrites its text on every execution (for the purchase path's CTEs that is a good part of the
 * database's CPU per order). Named, a connection parses it once and then only binds it, and the API no longer
 * sends its text. The name is a hash of the text, so one text has one name on every connection and two texts
 * never share one; PostgreSQL still chooses per execution between a plan for the values and a generic one, as
 * for the statements the repositories name themselves (`.prepare('…')`), which are left as they are.
 * Statements without parameters (BEGIN, COMMIT, SAVEPOINT, a migration's) stay on the simple protocol.
 *
 * Only a text seen twice gets a name, and at most `maxNames` texts per process (a statement that builds its
 * text from values, e.g. a list of n placeholders, stays unnamed once the texts seen are many): the prepared
 * statements a connection keeps are bounded.
 */
export class StatementNames {
  private readonly seen = new Map<string, number>();
  private readonly names = new Map<string, string>();

  constructor(
    private readonly maxNames = 400,
    private readonly maxSeen = 5_000,
  ) {}

  /** The name of a statement's text: null while it has not repeated (or the names are all taken). */
  nameOf(text: string): string | null {
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (this.names.size >= this.maxNames) return null;
    const times = (this.seen.get(text) ?? 0) + 1;
    if (times < 2) {
      // the texts seen once are forgotten in bulk, so that texts made of values cannot fill the memory
      if (this.seen.size >= this.maxSeen) this.seen.clear();
      this.seen.set(text, times);
      return null;
    }
    this.seen.delete(text);
    const name = `s_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
    this.names.set(text, name);
    return name;
  }

  /**
   * The client's statements with parameters and no name of their own get the name of their text, and every
   * named statement runs as a `NamedStatementRun` (its columns described once per connection). The pool's
   * statements are drizzle's (its prepared queries: a text, a name or none, pg's types as `POOL_TYPES`, rows as
   * objects or arrays); the others (BEGIN, COMMIT, a statement seen once) go to pg as they are. The
   * descriptions kept are this connection's own prepared statements': they go with the connection.
   */
  prepareRepeated(client: pg.PoolClient): void {
    type Config = { text?: unknown; name?: unknown; values?: unknown; rowMode?: unknown; submit?: unknown };
    type Callback = (err: Error | null, result?: unknown) => void;
    const described = new Map<string, Description>();
    const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
    (client as unknown as { query: typeof query }).query = (config: unknown, ...rest: unknown[]) => {
      let text: unknown;
      let name: unknown;
      let values: unknown;
      let rowMode: unknown;
      if (typeof config === 'string') {
        text = config;
        values = rest[0];
      } else if (config !== null && typeof config === 'object' && !(config as Config).submit) {
        ({ text, name, rowMode } = config as Config);
        values = Array.isArray(rest[0]) ? rest[0] : (config as Config).values;
      }
      if (typeof text !== 'string' || (values !== undefined && !Array.isArray(values)))
        return query(config, ...rest);
      if (!name && Array.isArray(values) && values.length) name = this.nameOf(text);
      if (typeof name !== 'string' || !name) return query(config, ...rest);
      const run = new NamedStatementRun(text, name, (values as unknown[] | undefined) ?? [], rowMode, described);
      const callback = rest.find((arg): arg is Callback => typeof arg === 'function');
      if (callback) {
        run.callback = callback;
        return query(run);
      }
      return new Promise((resolve, reject) => {
        run.callback = (err, result) => (err ? reject(err) : resolve(result));
        query(run);
      });
    };
  }
}

/** A pg pool's counts, and the time each `connect` (every query and transaction goes through it) waited. */
function probePgPool(pool: pg.Pool): PoolProbe {
  const listeners: Array<(seconds: number) => void> = [];
  const tell = (t0: number) => {
    const seconds = (performance.now() - t0) / 1000;
    for (const listener of listeners) listener(seconds);
  };
  type Done = (err: Error | undefined, client: pg.PoolClient | undefined, release: () => void) => void;
  const connect = pool.connect.bind(pool) as (cb?: Done) => Promise<pg.PoolClient> | undefined;
  (pool as unknown as { connect: (cb?: Done) => unknown }).connect = (cb?: Done) => {
    const t0 = performance.now();
    if (cb)
      return connect((err, client, release) => {
        tell(t0);
        cb(err, client, release);
      });
    return connect()?.then((client) => {
      tell(t0);
      return client;
    });
  };
  return {
    use: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onWait: (listener) => listeners.push(listener),
  };
}

/** PGlite runs one query at a time: the calls under way beyond the first are waiting. */
function probePglite(client: PGlite): PoolProbe {
  let pending = 0;
  const counted =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      pending += 1;
      return run(...args).finally(() => (pending -= 1));
    };
  client.query = counted(client.query.bind(client)) as typeof client.query;
  client.exec = counted(client.exec.bind(client)) as typeof client.exec;
  client.transaction = counted(client.transaction.bind(client)) as typeof client.transaction;
  return { use: () => ({ total: 1, idle: pending === 0 ? 1 : 0, waiting: Math.max(0, pending - 1) }) };
}

/**
 * Applies the SQL migrations of ./migrations (drizzle's journal, table drizzle.__drizzle_migrations).
 * The same code for both drivers: drizzle's per-driver migrators only call dialect.migrate on the session.
 */
export async function migrate(db: Db): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  // The session is typed with our schema; the migrator only runs raw SQL on it.
  const session = db._.session as unknown as PgSession;
  await new PgDialect().migrate(migrations, session, { migrationsFolder: MIGRATIONS_FOLDER });
}

export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(categories)
    .limit(1);
  return rows.length === 0;
}

export interface SeedIfEmptyOptions {
  dataDir: string;
  productTarget?: number | undefined;
  log?: (message: string) => void;
}

/** Seeds the demo catalogue when (and only when) it is empty. Returns whether it seeded. */
export async function ensureSeeded(opts: SeedIfEmptyOptions, db: Db): Promise<boolean> {
  if (!(await isCatalogueEmpty(db))) return false;
  await seedDatabase(
    {
      dataDir: opts.dataDir,
      ...(opts.productTarget !== undefined ? { productTarget: opts.productTarget } : {}),
      ...(opts.log ? { log: opts.log } : {}),
    },
    db,
  );
  // fresh statistics and visibility map: the planner estimates listings right and counts/facets can use
  // index-only scans from the first request (VACUUM cannot run inside the seed's transaction)
  await db.execute(sql`VACUUM ANALYZE`);
  return true;
}
