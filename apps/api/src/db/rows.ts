import type { SQL } from 'drizzle-orm';
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
