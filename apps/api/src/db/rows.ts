import type { Query, SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Runs a parameterised `sql` query and returns its rows. Both drivers (PGlite and node-postgres) answer
 * `{ rows }`; drizzle types the generic result as unknown, so the row type is declared by the caller.
 * Queries cast numerics (::float8, ::int) and dates (to_char) in SQL so both drivers give the same JS types.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] };
  return result.rows ?? [];
}

/** PostgreSQL unique violation (e.g. the one-order-per-cart or idempotency constraint held). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Turns a `sql` statement into its text and parameters (the handles are opened without a casing option). */
const dialect = new PgDialect();

/**
 * A statement whose text is built once: `build` gives it with `sql.placeholder('…')` for every value, and each
 * run only binds the values (drizzle's own prepared query, the path `db.execute` takes, without composing the
 * text again). Named (`name`), PostgreSQL prepares it on each connection; PGlite ignores the name. It runs on
 * the handle given: the pool, or a transaction's (`db.transaction`), whose statements go on its connection.
 * Values go to the driver as given (as a value interpolated in `sql` does): a Date, a string, a number, null.
 */
export class PreparedSql<T> {
  #query: Query | undefined;
  #onPool: { db: Db; prepared: PgPreparedQuery<PreparedQueryConfig> } | undefined;

  constructor(
    readonly name: string,
    private readonly build: () => SQL,
  ) {}

  /** The statement's text and its parameters' placeholders (built at the first use). */
  get query(): Query {
    return (this.#query ??= dialect.sqlToQuery(this.build()));
  }

  async rows(db: Db, values: Record<string, unknown>): Promise<T[]> {
    let prepared = this.#onPool?.db === db ? this.#onPool.prepared : undefined;
    if (!prepared) {
      prepared = db._.session.prepareQuery(this.query, undefined, this.name, false);
      // a transaction's handle lives for one transaction: only the pool's (the first one seen) is kept
      if (!this.#onPool && !(db instanceof PgTransaction)) this.#onPool = { db, prepared };
    }
    const result = (await prepared.execute(values)) as { rows?: T[] };
    return result.rows ?? [];
  }
}
