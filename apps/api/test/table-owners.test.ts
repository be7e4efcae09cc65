import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../../../scripts/lint/table-owners.mjs';
import * as schema from '../src/db/schema';

/** The lint rule `spesa/table-owner` knows every table: a new table gets one owner (decision 029). */
describe('table owners', () => {
  const owned = Object.values(TABLE_OWNERS).flat();

  it('every table of the schema has exactly one owning module', () => {
    const tables = Object.values(schema)
      .filter((v) => is(v, PgTable))
      .map((t) => getTableName(t))
      .sort();
    expect(tables.length).toBeGreaterThan(40);
    expect([...owned].sort()).toEqual(tables);
    expect(new Set(owned).size).toBe(owned.length);
  });
});
