import type { AdminProduct, AdminProductUpdate, AdminSellingRules } from '@spesa/shared/contracts/admin';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { incrementCatalogueVersion } from './catalogue.repository';
import { freeFromOf } from './food-info';
import type { PriceHistory } from './price-history';
import { wireTimestamp } from '../../db/wire-time';

/**
 * The catalogue as the back office edits it (decision 030): products listed with filters, sorting and paging,
 * read one by one, and changed inside the caller's transaction (the back office records the change in its
 * audit log in the same transaction). A change moves the catalogue version, so every API process serves the
 * new data within a second. An edit names the `updatedAt` it read: if someone saved meanwhile it is refused
 * and the product as it is now comes back.
 */
export interface ProductFilter {
  q?: string | undefined;
  categoryId?: number | undefined;
  active?: boolean | undefined;
}

export type ProductSort = 'id' | 'name' | 'brand' | 'price' | 'stock' | 'updatedAt';
const SORT_COLUMN: Record<ProductSort, string> = {
  id: 'p.product_id',
  name: 'p.name',
  brand: 'p.brand',
  price: 'p.price_cents',
  stock: 'COALESCE((SELECT sum(s.stock) FROM product_stock s WHERE s.product_id = p.product_id), 0)',
  updatedAt: 'p.updated_at',
};

const COLUMNS = sql`p.product_id AS id, p.cod_int AS "codInt", p.name, p.brand, p.format,
  p.category_id AS "categoryId", COALESCE(c.name, '') AS "categoryName", p.selling_type AS "sellingType",
  p.unit_base AS "unitBase", p.price_cents / 100.0::float8 AS price, p.iva_pct::float8 AS "ivaPct",
  COALESCE((SELECT sum(s.stock) FROM product_stock s WHERE s.product_id = p.product_id), 0)::float8 AS stock,
  COALESCE((SELECT json_agg(json_build_object('warehouseId', s.warehouse_id, 'stock', s.stock::float8)
    ORDER BY s.warehouse_id) FROM product_stock s WHERE s.product_id = p.product_id), '[]'::json) AS "stockByStore",
  p.max_acq AS "maxAcq", p.min_acq AS "minAcq", p.product_infos AS infos,
  COALESCE((SELECT array_agg(d.warehouse_id ORDER BY d.warehouse_id) FROM product_delistings d
    WHERE d.product_id = p.product_id), '{}') AS "notSoldAt",
  p.active, p.ingredients, p.allergens, p.storage,
  CASE WHEN p.image_hash IS NULL THEN NULL
    ELSE '/media/products/' || p.product_id || '-' || p.image_hash || '-medium.webp' END AS "imageUrl",
  ${wireTimestamp('p.updated_at', 'microseconds')} AS "updatedAt"`;

/** A product row as read, its productInfos still whole. */
type AdminProductRow = Omit<AdminProduct, 'sellingRules' | 'extendedDescription'> & {
  infos: Record<string, unknown> | null;
};

const infoText = (infos: Record<string, unknown>, key: string): string | null => {
  const v = infos[key];
  return v === undefined || v === null || v === '' ? null : String(v);
};
const infoInt = (infos: Record<string, unknown>, key: string): number | null => {
  const n = Number(infoText(infos, key) ?? Number.NaN);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The selling rules as the back office edits them, read from productInfos (the keys quantity.ts reads). */
export function sellingRulesOf(infos: Record<string, unknown>): AdminSellingRules {
  return {
    qtyMult: infoInt(infos, 'QTY_MULT') ?? 1,
    qtyLocked: infoText(infos, 'QTY_LOCKED')?.toLowerCase() === 'true',
    weightSelling: infoInt(infos, 'WEIGHT_SELLING'),
    stepSelling: infoInt(infos, 'STEP_SELLING'),
    lineMax: infoInt(infos, 'MAXACQ'),
    boxItems:
      infoText(infos, 'ENABLE_ACQ_BOX')?.toLowerCase() === 'true'
        ? infoInt(infos, 'LOGISTIC_PACKAGING_ITEMS')
        : null,
  };
}

function toAdminProduct({ infos, ...row }: AdminProductRow): AdminProduct {
  const all = infos ?? {};
  return {
    ...row,
    sellingRules: sellingRulesOf(all),
    extendedDescription: infoText(all, 'EXTENDED_DESCRIPTION'),
  };
}

/**
 * The productInfos keys an edit of the selling rules writes: a value sets the key, null removes it (the
 * default applies). Refused (the reason answered) when a rule does not fit the product's selling type.
 */
export type SellingRuleRefusal = 'looseOnly' | 'piecesOnly' | 'boxMultiple' | 'lineBelowMin';
function infoPatch(
  before: AdminProduct,
  edit: AdminProductUpdate,
): { set: Record<string, string | null> } | { refused: SellingRuleRefusal } {
  const set: Record<string, string | null> = {};
  const r = edit.sellingRules ?? {};
  const next = { ...before.sellingRules, ...r };
  const loose = before.sellingType === 'Sfuso';
  if (loose && (next.qtyMult > 1 || next.qtyLocked || next.boxItems !== null))
    return { refused: 'piecesOnly' };
  if (!loose && (next.weightSelling !== null || next.stepSelling !== null)) return { refused: 'looseOnly' };
  if (next.boxItems !== null && next.boxItems % next.qtyMult !== 0) return { refused: 'boxMultiple' };
  const minAcq = edit.minAcq ?? before.minAcq;
  if (next.lineMax !== null && next.lineMax < minAcq) return { refused: 'lineBelowMin' };
  const str = (n: number | null) => (n === null ? null : String(n));
  if (r.qtyMult !== undefined) set.QTY_MULT = r.qtyMult === 1 ? null : String(r.qtyMult);
  if (r.qtyLocked !== undefined) set.QTY_LOCKED = r.qtyLocked ? 'true' : null;
  if (r.weightSelling !== undefined) set.WEIGHT_SELLING = str(r.weightSelling);
  if (r.stepSelling !== undefined) set.STEP_SELLING = str(r.stepSelling);
  if (r.lineMax !== undefined) set.MAXACQ = str(r.lineMax);
  if (r.boxItems !== undefined) {
    set.ENABLE_ACQ_BOX = r.boxItems === null ? null : 'true';
    set.LOGISTIC_PACKAGING_ITEMS = str(r.boxItems);
  }
  if (edit.extendedDescription !== undefined)
    set.EXTENDED_DESCRIPTION = edit.extendedDescription ? edit.extendedDescription : null;
  return { set };
}

/** The products a filter selects (name, brand or code; category; on sale). */
function whereOf(f: ProductFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    parts.push(sql`(p.name ILIKE ${like} OR p.brand ILIKE ${like} OR p.cod_int ILIKE ${like})`);
  }
  if (f.categoryId !== undefined) parts.push(sql`p.category_id = ${f.categoryId}`);
  if (f.active !== undefined) parts.push(sql`p.active = ${f.active}`);
  return sql.join(parts, sql` AND `);
}

/** A list price moved by a percentage, to the cent (never below 1 cent). */
export const movedPriceCents = (cents: number, percent: number) =>
  Math.max(1, Math.round((cents * (100 + percent)) / 100));

/** The most products one bulk change touches (a category's worth; larger sets go category by category). */
export const BULK_PRICE_MAX = 500;

export type ProductEdit =
  | { ok: true; before: AdminProduct; after: AdminProduct }
  | { ok: false; reason: 'notFound' }
  | { ok: false; reason: 'stale'; current: AdminProduct }
  | { ok: false; reason: SellingRuleRefusal };

export class CatalogueAdmin {
  constructor(
    private readonly db: Db,
    private readonly history: PriceHistory,
  ) {}

  async list(
    f: ProductFilter,
    sort: { by: ProductSort; desc: boolean },
    limit: number,
    offset: number,
  ): Promise<{ rows: AdminProduct[]; total: number }> {
    const where = whereOf(f);
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`,
    );
    const rows = await queryRows<AdminProductRow>(
      this.db,
      sql`SELECT ${COLUMNS} FROM products p LEFT JOIN categories c ON c.category_id = p.category_id
          WHERE ${where}
          ORDER BY ${sql.raw(SORT_COLUMN[sort.by])} ${sql.raw(sort.desc ? 'DESC' : 'ASC')}, p.product_id
          LIMIT ${limit} OFFSET ${offset}`,
    );
    return { rows: rows.map(toAdminProduct), total: count?.n ?? 0 };
  }

  /** The products a bulk change would touch, with their list price now and after (at most BULK_PRICE_MAX + 1). */
  async bulkPreview(
    f: ProductFilter,
    percent: number,
    lock = false,
    db: Db,
  ): Promise<Array<{ id: number; name: string; price: number; newPrice: number }>> {
    const rows = await queryRows<{ id: number; name: string; cents: number }>(
      db,
      sql`SELECT p.product_id AS id, p.name, p.price_cents AS cents FROM products p WHERE ${whereOf(f)}
          ORDER BY p.product_id LIMIT ${BULK_PRICE_MAX + 1} ${lock ? sql`FOR UPDATE OF p` : sql``}`,
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      price: r.cents / 100,
      newPrice: movedPriceCents(r.cents, percent) / 100,
    }));
  }

  /** Moves the list price of these products (locked by bulkPreview), each in the price history from `day`. */
  async bulkPrice(
    rows: ReadonlyArray<{ id: number; newPrice: number }>,
    change: { day: string; by: number },
    tx: Db,
  ): Promise<void> {
    for (const r of rows) {
      const cents = Math.round(r.newPrice * 100);
      await tx.execute(
        sql`UPDATE products SET price_cents = ${cents},
              unit_price_cents = CASE WHEN net_quantity > 0 THEN round(${cents} / net_quantity)::int ELSE unit_price_cents END,
              updated_at = clock_timestamp()
            WHERE product_id = ${r.id}`,
      );
      await this.history.recordListPrice(r.id, cents, change.day, change.by, tx);
    }
    if (rows.length > 0) await incrementCatalogueVersion(tx);
  }

  /** The product with this EAN or this code (a photo's file name), or null. */
  async idByEanOrCode(key: string): Promise<number | null> {
    const [row] = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT product_id AS id FROM products WHERE barcode = ${key} OR cod_int = ${key}
          ORDER BY (barcode IS NOT DISTINCT FROM ${key}) DESC LIMIT 1`,
    );
    return row?.id ?? null;
  }

  async find(productId: number, lock = false, db: Db = this.db): Promise<AdminProduct | null> {
    const [row] = await queryRows<AdminProductRow>(
      db,
      sql`SELECT ${COLUMNS} FROM products p LEFT JOIN categories c ON c.category_id = p.category_id
          WHERE p.product_id = ${productId} ${lock ? sql`FOR UPDATE OF p` : sql``}`,
    );
    return row ? toAdminProduct(row) : null;
  }

  /**
   * Changes a product inside the caller's transaction, unless someone saved it after `updatedAt`. A new list
   * price is in the price history from `change.day` on.
   */
  async update(
    productId: number,
    edit: AdminProductUpdate,
    change: { day: string; by: number },
    tx: Db,
  ): Promise<ProductEdit> {
    const before = await this.find(productId, true, tx);
    if (!before) return { ok: false, reason: 'notFound' };
    if (before.updatedAt !== edit.updatedAt) return { ok: false, reason: 'stale', current: before };
    const patch = infoPatch(before, edit);
    if ('refused' in patch) return { ok: false, reason: patch.refused };
    const set: SQL[] = [];
    const infoKeys = Object.entries(patch.set);
    if (infoKeys.length > 0) {
      const added = Object.fromEntries(infoKeys.filter(([, v]) => v !== null));
      let infos = sql`(product_infos || ${JSON.stringify(added)}::jsonb)`;
      for (const [key, v] of infoKeys) if (v === null) infos = sql`(${infos} - ${key}::text)`;
      set.push(sql`product_infos = ${infos}`);
    }
    if (edit.minAcq !== undefined) set.push(sql`min_acq = ${edit.minAcq}`);
    if (edit.notSoldAt !== undefined) {
      await tx.execute(sql`DELETE FROM product_delistings WHERE product_id = ${productId}`);
      if (edit.notSoldAt.length > 0)
        await tx.execute(
          sql`INSERT INTO product_delistings (product_id, warehouse_id)
              SELECT DISTINCT ${productId}::int, unnest(string_to_array(${edit.notSoldAt.join(',')}, ',')::int[])`,
        );
    }
    if (edit.name !== undefined) set.push(sql`name = ${edit.name}`);
    if (edit.brand !== undefined) set.push(sql`brand = ${edit.brand}`);
    if (edit.format !== undefined) set.push(sql`format = ${edit.format}`);
    const newPriceCents = edit.price === undefined ? null : Math.round(edit.price * 100);
    if (newPriceCents !== null && newPriceCents !== Math.round(before.price * 100))
      await this.history.recordListPrice(productId, newPriceCents, change.day, change.by, tx);
    if (edit.price !== undefined) {
      const cents = Math.round(edit.price * 100);
      set.push(sql`price_cents = ${cents}`);
      // the price per kg / l follows the selling price (net content known)
      set.push(
        sql`unit_price_cents = CASE WHEN net_quantity > 0 THEN round(${cents} / net_quantity)::int ELSE unit_price_cents END`,
      );
    }
    if (edit.stockByStore !== undefined && edit.stockByStore.length > 0) {
      // the stores named get this stock (0: none left there); the others keep theirs (decision 095)
      const rows = [...edit.stockByStore].sort((a, b) => a.warehouseId - b.warehouseId);
      await tx.execute(
        sql`DELETE FROM product_stock WHERE product_id = ${productId}
              AND warehouse_id = ANY(string_to_array(${rows
                .filter((r) => r.stock <= 0)
                .map((r) => r.warehouseId)
                .join(',')}, ',')::int[])`,
      );
      const kept = rows.filter((r) => r.stock > 0);
      if (kept.length > 0)
        await tx.execute(
          sql`INSERT INTO product_stock (warehouse_id, product_id, stock)
              SELECT w, ${productId}, q FROM unnest(
                string_to_array(${kept.map((r) => r.warehouseId).join(',')}, ',')::int[],
                string_to_array(${kept.map((r) => r.stock.toFixed(3)).join(',')}, ',')::numeric[]) AS x(w, q)
              WHERE EXISTS (SELECT 1 FROM warehouses wh WHERE wh.warehouse_id = x.w AND wh.warehouse_type = 'store')
              ON CONFLICT (warehouse_id, product_id) DO UPDATE SET stock = EXCLUDED.stock, updated_at = now()`,
        );
    }
    if (edit.maxAcq !== undefined) set.push(sql`max_acq = ${edit.maxAcq}`);
    if (edit.active !== undefined) set.push(sql`active = ${edit.active}`);
    if (edit.ingredients !== undefined) set.push(sql`ingredients = ${edit.ingredients}`);
    if (edit.allergens !== undefined) set.push(sql`allergens = ${edit.allergens}`);
    if (edit.storage !== undefined) set.push(sql`storage = ${edit.storage}`);
    if (edit.name !== undefined || edit.ingredients !== undefined || edit.allergens !== undefined) {
      // what the product is free of follows its name and declared allergens (the shop's filters)
      const freeFrom = freeFromOf({
        name: edit.name ?? before.name,
        ingredients: edit.ingredients !== undefined ? edit.ingredients : before.ingredients,
        allergens: edit.allergens !== undefined ? edit.allergens : before.allergens,
      });
      set.push(sql`free_from = string_to_array(${freeFrom.join(',')}, ',')::text[]`);
    }
    // a change of the stores or of their stock alone moves updatedAt too (the next edit reads the new set)
    if (set.length > 0 || edit.notSoldAt !== undefined || edit.stockByStore !== undefined) {
      set.push(sql`updated_at = clock_timestamp()`);
      await tx.execute(sql`UPDATE products SET ${sql.join(set, sql`, `)} WHERE product_id = ${productId}`);
      await incrementCatalogueVersion(tx);
    }
    const after = await this.find(productId, false, tx);
    if (!after) throw new Error('product vanished inside its transaction');
    return { ok: true, before, after };
  }
}
