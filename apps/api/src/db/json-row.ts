import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A table's row as `row_to_json(row)` (or `to_jsonb(row)`) sends it (the column names of the table as keys), decoded the way drizzle
 * decodes the same columns of a plain select: a module that composes another module's row into its own
 * statement (a subquery answering JSON) gets the owner's row type back, not the JSON text's types.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
