import { getTableColumns, getTableName, sql, type Table } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The database handle the seed works on. Identical to the `Db` type of `../client.ts` (PGlite or
 * node-postgres behind drizzle); declared here so that the seed does not depend on the client module.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * Multi-row insert that sends each batch as ONE json parameter and lets PostgreSQL expand it
 * (json_populate_recordset). PGlite runs one query at a time, so few large statements are what is fast;
 * one parameter per batch also stays far below the 65,535-parameter limit of a VALUES list.
 * Keys of the rows are the drizzle property names; they are mapped to the column names here.
 */
export async function insertJsonBatches<T extends object>(
  table: Table,
  rows: readonly T[],
  batchSize = 1000,
  db: Db,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, { name: string; generated?: unknown }>;
  const rec = rows as readonly Record<string, unknown>[];
  const keys = Object.keys(columns).filter((k) => rec.some((r) => r[k] !== undefined));
  const names = keys.map((k) => `"${(columns[k] as { name: string }).name}"`);
  const tableName = `"${getTableName(table)}"`;
  const colList = sql.raw(names.join(', '));
  for (let i = 0; i < rows.length; i += batchSize) {
    const chunk = rec.slice(i, i + batchSize).map((r) => {
      const o: Record<string, unknown> = {};
      for (const k of keys) {
        const v = r[k];
        o[(columns[k] as { name: string }).name] = v === undefined ? null : v;
      }
      return o;
    });
    await db.execute(
      sql`INSERT INTO ${sql.raw(tableName)} (${colList}) SELECT ${colList} FROM json_populate_recordset(NULL::${sql.raw(tableName)}, ${JSON.stringify(chunk)}::json)`,
    );
  }
}

/** After inserting explicit ids into a serial column, move its sequence past them. */
export async function syncSequence(table: string, column: string, db: Db): Promise<void> {
  await db.execute(
    sql.raw(
      `SELECT setval(pg_get_serial_sequence('"${table}"', '${column}'), GREATEST((SELECT COALESCE(MAX("${column}"), 0) FROM "${table}"), 1), (SELECT COUNT(*) > 0 FROM "${table}"))`,
    ),
  );
}
