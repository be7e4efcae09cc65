import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { leafletProducts, leaflets } from '../../db/schema';

export type LeafletRow = typeof leaflets.$inferSelect;
export type LeafletProductRow = typeof leafletProducts.$inferSelect;
export type NewLeaflet = typeof leaflets.$inferInsert;
export type NewLeafletProduct = typeof leafletProducts.$inferInsert;

export interface LeafletRowWithStore extends LeafletRow {
  warehouseName: string | null;
  /** the stores a back-office leaflet is for (decision 097); empty: its warehouseId's, or every store */
  storeIds: number[];
}

/**
 * Published, and for this store: its own (`warehouse_id`), or one of the chain's that names no stores or names
 * this one (decision 097).
 */
const shownAt = (warehouseId: number) => sql`l.status = 'published'
  AND (l.warehouse_id = ${warehouseId}
    OR (l.warehouse_id IS NULL AND (
      NOT EXISTS (SELECT 1 FROM leaflet_warehouses lw WHERE lw.leaflet_id = l.leaflet_id)
      OR EXISTS (SELECT 1 FROM leaflet_warehouses lw
                 WHERE lw.leaflet_id = l.leaflet_id AND lw.warehouse_id = ${warehouseId}))))`;

/** SQL of the leaflets module (the only writer of `leaflets` and `leaflet_products`). */
export class LeafletsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Leaflets valid on `today` for a store (its own and the chain's), optionally of one type; a page of them
   * and the total. Weekly leaflets first, then the newest.
   */
  async current(
    filter: { today: string; warehouseId: number; typeId?: number | undefined },
    limit: number,
    offset: number,
  ): Promise<{ rows: LeafletRowWithStore[]; total: number }> {
    const where = sql`l.from_date <= ${filter.today}::date AND l.to_date >= ${filter.today}::date
      AND ${shownAt(filter.warehouseId)}
      ${filter.typeId !== undefined ? sql`AND l.leaflet_type_id = ${filter.typeId}` : sql``}`;
    const rows = await queryRows<LeafletRowWithStore>(
      this.db,
      sql`SELECT ${selectColumns} FROM leaflets l LEFT JOIN warehouses w ON w.warehouse_id = l.warehouse_id
          WHERE ${where}
          ORDER BY l.leaflet_type_id, l.from_date DESC, l.leaflet_id
          LIMIT ${limit} OFFSET ${offset}`,
    );
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM leaflets l WHERE ${where}`,
    );
    return { rows, total: count?.n ?? 0 };
  }

  /** Leaflets of single stores valid on `today` (the start-up drawing of missing files). */
  currentOfStores(today: string): Promise<LeafletRowWithStore[]> {
    return queryRows<LeafletRowWithStore>(
      this.db,
      sql`SELECT ${selectColumns} FROM leaflets l LEFT JOIN warehouses w ON w.warehouse_id = l.warehouse_id
          WHERE l.from_date <= ${today}::date AND l.to_date >= ${today}::date AND l.warehouse_id IS NOT NULL
            AND l.status = 'published'
          ORDER BY l.leaflet_id LIMIT 100`,
    );
  }

  /** One leaflet by number or slug, whatever its dates (null: unknown). */
  async find(key: { leafletId: number } | { slug: string }): Promise<LeafletRowWithStore | null> {
    const by = 'leafletId' in key ? sql`l.leaflet_id = ${key.leafletId}` : sql`l.slug = ${key.slug}`;
    const [row] = await queryRows<LeafletRowWithStore>(
      this.db,
      sql`SELECT ${selectColumns} FROM leaflets l LEFT JOIN warehouses w ON w.warehouse_id = l.warehouse_id
          WHERE ${by}`,
    );
    return row ?? null;
  }

  /** The products a leaflet prints, page by page. */
  products(leafletId: number): Promise<LeafletProductRow[]> {
    return this.db
      .select()
      .from(leafletProducts)
      .where(eq(leafletProducts.leafletId, leafletId))
      .orderBy(asc(leafletProducts.page), asc(leafletProducts.position));
  }

  /** Whether a leaflet with this slug exists (the seed's guard). */
  async slugExists(slug: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: leaflets.leafletId })
      .from(leaflets)
      .where(and(eq(leaflets.slug, slug)));
    return rows.length > 0;
  }

  /**
   * Writes a leaflet and its products in one transaction; a leaflet with the same slug (another process
   * seeding at the same time) makes it write nothing (null).
   */
  async insert(leaflet: NewLeaflet, items: Omit<NewLeafletProduct, 'leafletId'>[]): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(leaflets)
        .values(leaflet)
        .onConflictDoNothing({ target: leaflets.slug })
        .returning({ leafletId: leaflets.leafletId });
      if (!row) return null;
      if (items.length > 0)
        await tx.insert(leafletProducts).values(items.map((i) => ({ ...i, leafletId: row.leafletId })));
      return row.leafletId;
    });
  }
}

const selectColumns = sql`l.leaflet_id AS "leafletId", l.slug, l.title, l.description,
  l.leaflet_type_id AS "leafletTypeId", l.warehouse_id AS "warehouseId", to_char(l.from_date, 'YYYY-MM-DD') AS "fromDate",
  to_char(l.to_date, 'YYYY-MM-DD') AS "toDate", l.page_count AS "pageCount", l.files_version AS "filesVersion",
  l.status, l.source, l.created_at AS "createdAt", l.updated_at AS "updatedAt", w.name AS "warehouseName",
  COALESCE((SELECT array_agg(lw.warehouse_id) FROM leaflet_warehouses lw WHERE lw.leaflet_id = l.leaflet_id),
    '{}') AS "storeIds"`;
