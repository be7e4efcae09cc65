import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wireTimestamp } from '../../db/wire-time';
import { leafletProducts, leafletWarehouses, leaflets } from '../../db/schema';

/** A leaflet as the back office edits it (dates as YYYY-MM-DD, the stores it is for). */
export interface AdminLeafletRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  leafletTypeId: number;
  fromDate: string;
  toDate: string;
  warehouseId: number | null;
  warehouseIds: number[];
  status: 'draft' | 'published';
  source: 'drawn' | 'uploaded';
  pageCount: number;
  filesVersion: string;
  updatedAt: string;
}

export interface LeafletMeta {
  title: string;
  description: string;
  leafletTypeId: number;
  fromDate: string;
  toDate: string;
}

export interface PrintedRow {
  productId: number;
  page: number;
  position: number;
  department: string;
  caption: string;
  brand: string;
  format: string;
  priceCents: number;
  listPriceCents: number | null;
  x: number;
  y: number;
  w: number;
  h: number;
}

const COLUMNS = sql`l.leaflet_id AS id, l.slug, l.title, l.description, l.leaflet_type_id AS "leafletTypeId",
  to_char(l.from_date, 'YYYY-MM-DD') AS "fromDate", to_char(l.to_date, 'YYYY-MM-DD') AS "toDate",
  l.warehouse_id AS "warehouseId",
  COALESCE((SELECT array_agg(lw.warehouse_id ORDER BY lw.warehouse_id) FROM leaflet_warehouses lw
            WHERE lw.leaflet_id = l.leaflet_id), '{}') AS "warehouseIds",
  l.status, l.source, l.page_count AS "pageCount", l.files_version AS "filesVersion",
  ${wireTimestamp('l.updated_at', 'microseconds')} AS "updatedAt"`;

/** The back office's SQL on the leaflets module's tables (decision 097). */
export class LeafletsAdminRepository {
  constructor(private readonly db: Db) {}

  async list(limit: number, offset: number): Promise<{ rows: AdminLeafletRow[]; total: number }> {
    const rows = await queryRows<AdminLeafletRow>(
      this.db,
      sql`SELECT ${COLUMNS} FROM leaflets l ORDER BY l.from_date DESC, l.leaflet_id DESC
          LIMIT ${limit} OFFSET ${offset}`,
    );
    const [count] = await queryRows<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM leaflets`);
    return { rows: rows.map(normalised), total: count?.n ?? 0 };
  }

  /** One leaflet; `lock` holds its row until the transaction ends (edits of one leaflet go one at a time). */
  async find(id: number, lock: boolean, db: Db = this.db): Promise<AdminLeafletRow | null> {
    const [row] = await queryRows<AdminLeafletRow>(
      db,
      sql`SELECT ${COLUMNS} FROM leaflets l WHERE l.leaflet_id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    return row ? normalised(row) : null;
  }

  async products(id: number, db: Db = this.db): Promise<PrintedRow[]> {
    return queryRows<PrintedRow>(
      db,
      sql`SELECT product_id AS "productId", page, position, department, caption, brand, format,
            price_cents AS "priceCents", list_price_cents AS "listPriceCents", x, y, w, h
          FROM leaflet_products WHERE leaflet_id = ${id} ORDER BY page, position`,
    );
  }

  /** A new draft with nothing to show yet (no pages). */
  async insert(meta: LeafletMeta, slug: string, tx: Db): Promise<number> {
    const [row] = await tx
      .insert(leaflets)
      .values({ ...meta, slug, status: 'draft', source: 'uploaded', pageCount: 0, filesVersion: 'none' })
      .returning({ id: leaflets.leafletId });
    if (!row) throw new Error('LeafletsAdminRepository.insert: no row');
    return row.id;
  }

  async setSlug(id: number, slug: string, tx: Db): Promise<void> {
    await tx.execute(sql`UPDATE leaflets SET slug = ${slug} WHERE leaflet_id = ${id}`);
  }

  async update(id: number, meta: LeafletMeta, tx: Db): Promise<void> {
    await tx.execute(
      sql`UPDATE leaflets SET title = ${meta.title}, description = ${meta.description},
            leaflet_type_id = ${meta.leafletTypeId}, from_date = ${meta.fromDate}::date,
            to_date = ${meta.toDate}::date, updated_at = clock_timestamp()
          WHERE leaflet_id = ${id}`,
    );
  }

  async setStores(id: number, warehouseIds: readonly number[], tx: Db): Promise<void> {
    await tx.execute(sql`DELETE FROM leaflet_warehouses WHERE leaflet_id = ${id}`);
    if (warehouseIds.length > 0)
      await tx
        .insert(leafletWarehouses)
        .values(warehouseIds.map((warehouseId) => ({ leafletId: id, warehouseId })));
  }

  async setPages(id: number, pageCount: number, filesVersion: string, tx: Db): Promise<void> {
    await tx.execute(
      sql`UPDATE leaflets SET page_count = ${pageCount}, files_version = ${filesVersion}, source = 'uploaded',
            updated_at = clock_timestamp()
          WHERE leaflet_id = ${id}`,
    );
  }

  async setProducts(id: number, rows: readonly PrintedRow[], tx: Db): Promise<void> {
    await tx.execute(sql`DELETE FROM leaflet_products WHERE leaflet_id = ${id}`);
    if (rows.length > 0) await tx.insert(leafletProducts).values(rows.map((r) => ({ ...r, leafletId: id })));
    await tx.execute(sql`UPDATE leaflets SET updated_at = clock_timestamp() WHERE leaflet_id = ${id}`);
  }

  async setStatus(id: number, status: 'draft' | 'published', tx: Db): Promise<void> {
    await tx.execute(
      sql`UPDATE leaflets SET status = ${status}, updated_at = clock_timestamp() WHERE leaflet_id = ${id}`,
    );
  }
}

/** node-postgres and PGlite answer arrays of int alike; an empty array literal may come back as text. */
function normalised(row: AdminLeafletRow): AdminLeafletRow {
  const ids = row.warehouseIds as unknown;
  return {
    ...row,
    warehouseIds: Array.isArray(ids) ? ids.map(Number) : [],
  };
}
