import { masterProductInfos, netContentOf, type ProductMaster } from '@spesa/shared/catalogue/product-master';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { products } from '../../db/schema';
import {
  kebab,
  mergedWithStored,
  STORED_COLUMNS,
  unitPriceOf,
  type StoredMaster,
  type UpsertOutcome,
} from './assortment-master';
import { freeFromOf } from './food-info';
import type { PriceHistory } from './price-history';

/**
 * `AssortmentAdmin.upsert` for a chunk of masters in set-based statements (decision 100): the stored rows and
 * the EANs' owners read for the chunk at once, the checks made up front in the masters' order (an EAN a row
 * gives up is free for a later row, as writing them one by one would make it), then one vendor upsert, one
 * insert of the new codes, one update of the changed ones and one price-history write, whatever the chunk's
 * size. Each master's outcome is the one `upsert` would give, in the same order. The codes must be distinct.
 */
export interface UpsertManyOptions {
  createOnly: boolean;
  day: string;
  by: number | null;
  /**
   * A new product's columns a master file does not carry, by code (the seed: its fixed id, slug, illustration,
   * nutrition, full productInfos), as the products table's properties; they replace the writer's.
   */
  newRow?: (code: string) => Record<string, unknown> | undefined;
  /** false: no list price recorded for the new products (the seed writes their history itself) */
  recordNewPrices?: boolean;
}

type Decided =
  | { kind: 'refused'; outcome: UpsertOutcome }
  | { kind: 'created'; p: ProductMaster; row: Record<string, unknown> }
  | { kind: 'updated'; p: ProductMaster; stored: StoredMaster; row: Record<string, unknown> }
  | { kind: 'unchanged'; productId: number };

const CODE_SEP = '\u001f';
const codesIn = (codes: string[]) => sql`string_to_array(${codes.join(CODE_SEP)}, ${CODE_SEP})`;

export async function upsertMasters(
  masters: readonly ProductMaster[],
  opts: UpsertManyOptions,
  history: PriceHistory,
  tx: Db,
): Promise<UpsertOutcome[]> {
  if (masters.length === 0) return [];
  const codes = masters.map((p) => p.code);
  if (new Set(codes).size !== codes.length) throw new Error('upsertMany: a code is repeated in the chunk');
  const stored = await queryRows<StoredMaster & { code: string }>(
    tx,
    sql`SELECT cod_int AS code, ${STORED_COLUMNS} FROM products
        WHERE cod_int = ANY(${codesIn(codes)}) ORDER BY product_id FOR UPDATE`,
  );
  const byCode = new Map(stored.map((s) => [s.code, s]));
  const eans = [...new Set(masters.flatMap((p) => (p.ean === null ? [] : [p.ean])))];
  const owners = new Map<string, string>();
  if (eans.length > 0)
    for (const o of await queryRows<{ code: string; ean: string }>(
      tx,
      sql`SELECT cod_int AS code, barcode AS ean FROM products WHERE barcode = ANY(${codesIn(eans)})`,
    ))
      owners.set(o.ean, o.code);
  for (const s of stored) if (s.barcode !== null) owners.set(s.barcode, s.code);
  const decided = masters.map((p) => decide(p, byCode.get(p.code), owners, opts));
  const vendors = await vendorsOf(decided, tx);
  // the changes first: an EAN a changed product gives up is free for a new one
  await updateChanged(decided, vendors, tx);
  const created = await insertNew(decided, vendors, tx);
  const prices: Array<{ productId: number; priceCents: number }> = [];
  for (const d of decided) {
    if (d.kind === 'created' && opts.recordNewPrices !== false)
      prices.push({ productId: created.get(d.p.code) as number, priceCents: d.p.priceCents });
    if (d.kind === 'updated' && d.stored.priceCents !== d.p.priceCents)
      prices.push({ productId: d.stored.productId, priceCents: d.p.priceCents });
  }
  await history.recordListPrices(prices, opts.day, opts.by, tx);
  return decided.map((d): UpsertOutcome => {
    if (d.kind === 'refused') return d.outcome;
    if (d.kind === 'unchanged') return { kind: 'unchanged', productId: d.productId };
    if (d.kind === 'updated') return { kind: 'updated', productId: d.stored.productId };
    return { kind: 'created', productId: created.get(d.p.code) as number };
  });
}

/** One master's fate, given the EANs' owners so far (moved as an accepted master takes or gives one up). */
function decide(
  p: ProductMaster,
  stored: StoredMaster | undefined,
  owners: Map<string, string>,
  opts: UpsertManyOptions,
): Decided {
  if (stored && opts.createOnly)
    return {
      kind: 'refused',
      outcome: { kind: 'refused', field: 'code', message: `Esiste già un prodotto con il codice ${p.code}.` },
    };
  const owner = p.ean === null ? undefined : owners.get(p.ean);
  if (owner !== undefined && owner !== p.code)
    return {
      kind: 'refused',
      outcome: { kind: 'refused', field: 'ean', message: `EAN già usato dal prodotto con codice ${owner}.` },
    };
  const { unitBase, netQuantity } = netContentOf(p);
  const masterInfos = masterProductInfos(p);
  const columns = {
    name: p.name,
    brand: p.brand,
    format: p.format,
    barcode: p.ean,
    category_id: p.categoryId,
    iva_pct: p.vatPct.toFixed(2),
    selling_type: p.sellingType,
    unit_base: unitBase,
    net_quantity: netQuantity === null ? null : netQuantity.toFixed(3),
    price_cents: p.priceCents,
    unit_price_cents: unitPriceOf(p.priceCents, netQuantity),
    ingredients: p.ingredients,
    allergens: p.allergens,
    storage: p.storage,
    free_from: freeFromOf(p),
    active: p.active,
  };
  let result: Decided;
  if (!stored) {
    const row = {
      ...columns,
      cod_int: p.code,
      slug: `${kebab(p.name)}-${kebab(p.code)}`,
      product_infos: masterInfos,
    };
    result = { kind: 'created', p, row: { ...row, ...columnsOf(opts.newRow?.(p.code)) } };
  } else {
    const { infos, same } = mergedWithStored(stored, p, { unitBase, netQuantity, masterInfos });
    if (same) return { kind: 'unchanged', productId: stored.productId };
    result = {
      kind: 'updated',
      p,
      stored,
      row: { ...columns, product_id: stored.productId, product_infos: infos },
    };
  }
  if (stored?.barcode && stored.barcode !== p.ean && owners.get(stored.barcode) === p.code)
    owners.delete(stored.barcode);
  if (p.ean !== null) owners.set(p.ean, p.code);
  return result;
}

/** Table properties (the seed's row) as column names. */
function columnsOf(row: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!row) return {};
  const columns = getTableColumns(products) as Record<string, { name: string }>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    const c = columns[k];
    if (c && v !== undefined) out[c.name] = v;
  }
  return out;
}

/** The vendors of the brands written (created when new), by name: one statement. */
async function vendorsOf(decided: Decided[], tx: Db): Promise<Map<string, number>> {
  const brands = decided.flatMap((d) => (d.kind === 'created' || d.kind === 'updated' ? [d.p.brand] : []));
  if (brands.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(
    tx,
    sql`INSERT INTO vendors (name)
        SELECT b.name FROM jsonb_array_elements_text(${JSON.stringify(brands)}::jsonb) WITH ORDINALITY AS b(name, n)
        GROUP BY b.name ORDER BY min(b.n)
        ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING vendor_id AS id, name`,
  );
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** The new codes in one insert (their illustration from their category, unless given); their ids by code. */
async function insertNew(
  decided: Decided[],
  vendors: Map<string, number>,
  tx: Db,
): Promise<Map<string, number>> {
  const rows = decided.flatMap((d) =>
    d.kind === 'created' ? [{ vendor_id: vendors.get(d.p.brand), ...d.row }] : [],
  );
  if (rows.length === 0) return new Map();
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((n) => n !== 'media_icon');
  const cols = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const picked = sql.raw(names.map((n) => `r."${n}"`).join(', '));
  const inserted = await queryRows<{ id: number; code: string }>(
    tx,
    sql`INSERT INTO products (${cols}, media_icon)
        SELECT ${picked},
          COALESCE(r.media_icon, regexp_replace(COALESCE(c.icon, parent.icon), '^[^:]*:', ''), 'shopping-cart')
        FROM json_populate_recordset(NULL::products, ${JSON.stringify(rows)}::json) WITH ORDINALITY AS r
        JOIN categories c ON c.category_id = r.category_id
        LEFT JOIN categories parent ON parent.category_id = c.parent_id
        ORDER BY r.ordinality
        RETURNING product_id AS id, cod_int AS code`,
  );
  if (inserted.length !== rows.length) throw new Error('a category vanished inside the transaction');
  return new Map(inserted.map((r) => [r.code, r.id]));
}

/** The changed products in one update, field by field as `upsert` writes them. */
async function updateChanged(decided: Decided[], vendors: Map<string, number>, tx: Db): Promise<void> {
  const rows = decided.flatMap((d) =>
    d.kind === 'updated' ? [{ vendor_id: vendors.get(d.p.brand), ...d.row }] : [],
  );
  if (rows.length === 0) return;
  await tx.execute(
    sql`UPDATE products p SET name = u.name, brand = u.brand, format = u.format, barcode = u.barcode,
          vendor_id = u.vendor_id, category_id = u.category_id, iva_pct = u.iva_pct,
          selling_type = u.selling_type, unit_base = u.unit_base, net_quantity = u.net_quantity,
          product_infos = u.product_infos, price_cents = u.price_cents, unit_price_cents = u.unit_price_cents,
          ingredients = u.ingredients, allergens = u.allergens, storage = u.storage, free_from = u.free_from,
          active = u.active, updated_at = clock_timestamp()
        FROM json_populate_recordset(NULL::products, ${JSON.stringify(rows)}::json) AS u
        WHERE p.product_id = u.product_id`,
  );
}
