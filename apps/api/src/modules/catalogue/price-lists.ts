import { PRICE_LIST_CODE } from '@spesa/shared/contracts/admin-price-lists';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { fail, ok, type Failure, type Result } from '../../lib/result';
import { incrementCatalogueVersion } from './catalogue.repository';
import { rowFailure } from './stock-levels';

/**
 * Price lists (decision 095): each store or warehouse belongs to at most one list (`price_list_stores`);
 * without one it sells at the chain's list price (`products.price_cents`), as the default demo does.
 * A list's price of a product holds from `validFrom` (to `validTo`, or open); on a day the row with the
 * latest start still valid applies, and a product the list does not price takes the chain's price.
 * Promotions and card prices apply on top, whatever the list.
 */

export interface PriceListPriceRow {
  productId: number;
  priceCents: number;
  /** YYYY-MM-DD */
  validFrom: string;
  /** YYYY-MM-DD, the last day; null: open */
  validTo: string | null;
}

export interface PriceListBatch {
  priceListCode: string;
  rows: readonly PriceListPriceRow[];
}

export const PRICE_LIST_TEXT = {
  unknownList: { code: 'msg.priceList.unknown', text: 'Listino sconosciuto.' },
  badCode: { code: 'msg.priceList.badCode', text: 'Codice del listino non valido.' },
  empty: { code: 'msg.priceList.empty', text: 'Nessun prezzo da applicare.' },
  badPrice: { code: 'msg.priceList.badPrice', text: 'prezzo non valido (centesimi interi maggiori di zero)' },
  badDate: { code: 'msg.priceList.badDate', text: 'data non valida (AAAA-MM-GG)' },
  badPeriod: { code: 'msg.priceList.badPeriod', text: 'la fine della validità precede il suo inizio' },
  duplicate: { code: 'msg.priceList.duplicate', text: 'prezzo ripetuto per lo stesso prodotto e giorno' },
  unknownProduct: { code: 'msg.priceList.unknownProduct', text: 'prodotto sconosciuto' },
  unknownWarehouse: { code: 'msg.priceList.unknownWarehouse', text: 'Negozio o magazzino sconosciuto.' },
} as const;

const CODE = PRICE_LIST_CODE;
const PRICE_MAX = 100_000_000;

function isDay(s: unknown): s is string {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function checkRows(rows: readonly PriceListPriceRow[]): Failure | null {
  if (rows.length === 0) return fail(PRICE_LIST_TEXT.empty.code, PRICE_LIST_TEXT.empty.text, 'validation');
  const seen = new Set<string>();
  for (const [i, r] of rows.entries()) {
    if (!Number.isInteger(r.productId) || r.productId <= 0 || r.productId >= 2 ** 31)
      return rowFailure(i, 'productId', PRICE_LIST_TEXT.unknownProduct);
    if (!Number.isInteger(r.priceCents) || r.priceCents <= 0 || r.priceCents > PRICE_MAX)
      return rowFailure(i, 'priceCents', PRICE_LIST_TEXT.badPrice);
    if (!isDay(r.validFrom)) return rowFailure(i, 'validFrom', PRICE_LIST_TEXT.badDate);
    if (r.validTo !== null && !isDay(r.validTo)) return rowFailure(i, 'validTo', PRICE_LIST_TEXT.badDate);
    if (r.validTo !== null && r.validTo < r.validFrom)
      return rowFailure(i, 'validTo', PRICE_LIST_TEXT.badPeriod);
    const key = `${r.productId}:${r.validFrom}`;
    if (seen.has(key)) return rowFailure(i, 'validFrom', PRICE_LIST_TEXT.duplicate);
    seen.add(key);
  }
  return null;
}

async function listIdOf(code: string, db: Db): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT price_list_id AS id FROM price_lists WHERE code = ${code}`,
  );
  return row?.id ?? null;
}

/** A price list by its code, made if new (its name updated if it is not); answers its id. */
export async function ensurePriceList(
  list: { code: string; name: string },
  tx: Db,
): Promise<Result<{ priceListId: number }>> {
  if (!CODE.test(list.code))
    return {
      ...fail(PRICE_LIST_TEXT.badCode.code, PRICE_LIST_TEXT.badCode.text, 'validation'),
      field: 'code',
    };
  const name = list.name.trim().slice(0, 120) || list.code;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO price_lists (code, name) VALUES (${list.code}, ${name})
        ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name
        RETURNING price_list_id AS id`,
  );
  if (!row) throw new Error('ensurePriceList: no row');
  return ok({ priceListId: row.id });
}

/** The store or warehouse sells at this list from now on; `priceListCode` null: at the chain's list. */
export async function assignPriceList(
  warehouseId: number,
  priceListCode: string | null,
  tx: Db,
): Promise<Result<{ warehouseId: number; priceListId: number | null }>> {
  const [w] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT warehouse_id AS id FROM warehouses WHERE warehouse_id = ${warehouseId} AND warehouse_type = 'store'`,
  );
  if (!w) return failWith404(PRICE_LIST_TEXT.unknownWarehouse);
  if (priceListCode === null) {
    await tx.execute(sql`DELETE FROM price_list_stores WHERE warehouse_id = ${warehouseId}`);
    await incrementCatalogueVersion(tx);
    return ok({ warehouseId, priceListId: null });
  }
  const priceListId = await listIdOf(priceListCode, tx);
  if (priceListId === null) return failWith404(PRICE_LIST_TEXT.unknownList);
  await tx.execute(
    sql`INSERT INTO price_list_stores (warehouse_id, price_list_id) VALUES (${warehouseId}, ${priceListId})
        ON CONFLICT (warehouse_id) DO UPDATE SET price_list_id = EXCLUDED.price_list_id`,
  );
  await incrementCatalogueVersion(tx);
  return ok({ warehouseId, priceListId });
}

function failWith404(m: { code: string; text: string }): Failure {
  return fail(m.code, m.text, 'notFound');
}

/** The batch's rows as a relation `input(product_id, price_cents, valid_from, valid_to)`. */
function inputRows(rows: readonly PriceListPriceRow[]): SQL {
  return sql`SELECT * FROM unnest(
      string_to_array(${rows.map((r) => r.productId).join(',')}, ',')::int[],
      string_to_array(${rows.map((r) => r.priceCents).join(',')}, ',')::int[],
      string_to_array(${rows.map((r) => r.validFrom).join(',')}, ',')::date[],
      string_to_array(${rows.map((r) => r.validTo ?? '').join(',')}, ',')::text[])
    AS i(product_id, price_cents, valid_from, valid_to_text)`;
}

/**
 * Applies a list's prices in the caller's transaction (`tx`), whole or not at all: a bad row answers which
 * row and why and writes nothing. A row with the same product and start replaces the stored one. Each price
 * is recorded in the price history of its list (decision 031, per list): from its start, it ends the list's
 * earlier price of the product and replaces any later one, so the lowest price of the 30 days before a
 * reduction (Omnibus) at a store of this list is read from the prices that list really showed.
 */
export async function applyPriceListPrices(
  batch: PriceListBatch,
  tx: Db,
): Promise<Result<{ priceListId: number; rows: number }>> {
  if (typeof batch.priceListCode !== 'string' || !CODE.test(batch.priceListCode))
    return {
      ...fail(PRICE_LIST_TEXT.badCode.code, PRICE_LIST_TEXT.badCode.text, 'validation'),
      field: 'priceListCode',
    };
  const refused = checkRows(batch.rows);
  if (refused) return refused;
  const priceListId = await listIdOf(batch.priceListCode, tx);
  if (priceListId === null) return failWith404(PRICE_LIST_TEXT.unknownList);
  const rows = [...batch.rows].sort(
    (a, b) => a.productId - b.productId || (a.validFrom < b.validFrom ? -1 : 1),
  );
  const ids = [...new Set(rows.map((r) => r.productId))];
  const [unknown] = await queryRows<{ ids: string | null }>(
    tx,
    sql`SELECT string_agg(id::text, ',') AS ids FROM unnest(string_to_array(${ids.join(',')}, ',')::int[]) AS x(id)
        WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.product_id = x.id)`,
  );
  const bad = new Set((unknown?.ids ?? '').split(',').filter(Boolean).map(Number));
  const badIndex = batch.rows.findIndex((r) => bad.has(r.productId));
  if (badIndex >= 0) return rowFailure(badIndex, 'productId', PRICE_LIST_TEXT.unknownProduct);

  const input = sql`SELECT product_id, price_cents, valid_from, NULLIF(valid_to_text, '')::date AS valid_to
                    FROM (${inputRows(rows)}) raw`;
  await tx.execute(
    sql`INSERT INTO price_list_prices (price_list_id, product_id, price_cents, valid_from, valid_to, updated_at)
        SELECT ${priceListId}, product_id, price_cents, valid_from, valid_to, now() FROM (${input}) i
        ORDER BY product_id, valid_from
        ON CONFLICT (price_list_id, product_id, valid_from) DO UPDATE
          SET price_cents = EXCLUDED.price_cents, valid_to = EXCLUDED.valid_to, updated_at = now()`,
  );
  // the list's history: from each product's first new start on, the batch's prices replace what was
  // recorded; the price before it ends the day before
  const firsts = sql`SELECT product_id, min(valid_from) AS first_from FROM (${input}) i GROUP BY product_id`;
  await tx.execute(
    sql`DELETE FROM price_history h USING (${firsts}) f
        WHERE h.product_id = f.product_id AND h.kind = 'list' AND h.price_list_id = ${priceListId}
          AND h.valid_from >= f.first_from`,
  );
  await tx.execute(
    sql`UPDATE price_history h SET valid_to = f.first_from - 1 FROM (${firsts}) f
        WHERE h.product_id = f.product_id AND h.kind = 'list' AND h.price_list_id = ${priceListId}
          AND (h.valid_to IS NULL OR h.valid_to >= f.first_from)`,
  );
  // within the batch, a price ends where the product's next one starts
  await tx.execute(
    sql`INSERT INTO price_history (product_id, price_list_id, kind, price_cents, valid_from, valid_to)
        SELECT product_id, ${priceListId}, 'list', price_cents, valid_from,
          CASE WHEN next_from IS NULL THEN valid_to
               ELSE LEAST(COALESCE(valid_to, next_from - 1), next_from - 1) END
        FROM (SELECT i.*, lead(valid_from) OVER (PARTITION BY product_id ORDER BY valid_from) AS next_from
              FROM (${input}) i) ordered`,
  );
  await incrementCatalogueVersion(tx);
  return ok({ priceListId, rows: rows.length });
}

/**
 * Takes one price (the list's price of a product from `validFrom`) out of a list, in the caller's
 * transaction; null when the list has no such price. What the list showed before `today` stays in its
 * history; from the later of `validFrom` and `today`, the list's history is what its remaining prices make
 * it (the one still valid on that day, then the later ones, each ending where the next starts, as a batch
 * records them), so the Omnibus reading at the list's stores follows the price they now show. A day the list
 * no longer prices has no list row: the chain's price and its history apply there.
 */
export async function removePriceListPrice(
  price: { priceListId: number; productId: number; validFrom: string },
  today: string,
  tx: Db,
): Promise<{ removed: true } | null> {
  const { priceListId, productId, validFrom } = price;
  const gone = await queryRows<{ n: number }>(
    tx,
    sql`DELETE FROM price_list_prices
        WHERE price_list_id = ${priceListId} AND product_id = ${productId} AND valid_from = ${validFrom}::date
        RETURNING 1 AS n`,
  );
  if (gone.length === 0) return null;
  const from = sql`GREATEST(${validFrom}::date, ${today}::date)`;
  const mine = sql`h.product_id = ${productId} AND h.kind = 'list' AND h.price_list_id = ${priceListId}`;
  await tx.execute(sql`DELETE FROM price_history h WHERE ${mine} AND h.valid_from >= ${from}`);
  await tx.execute(
    sql`UPDATE price_history h SET valid_to = ${from} - 1
        WHERE ${mine} AND (h.valid_to IS NULL OR h.valid_to >= ${from})`,
  );
  // the list's remaining prices from that day: the one valid on it (starting there), then the later ones
  const remaining = sql`
    (SELECT price_cents, ${from} AS valid_from, valid_to FROM price_list_prices
     WHERE price_list_id = ${priceListId} AND product_id = ${productId}
       AND valid_from <= ${from} AND (valid_to IS NULL OR valid_to >= ${from})
     ORDER BY valid_from DESC LIMIT 1)
    UNION ALL
    SELECT price_cents, valid_from, valid_to FROM price_list_prices
    WHERE price_list_id = ${priceListId} AND product_id = ${productId} AND valid_from > ${from}`;
  await tx.execute(
    sql`INSERT INTO price_history (product_id, price_list_id, kind, price_cents, valid_from, valid_to)
        SELECT ${productId}, ${priceListId}, 'list', price_cents, valid_from,
          CASE WHEN next_from IS NULL THEN valid_to
               ELSE LEAST(COALESCE(valid_to, next_from - 1), next_from - 1) END
        FROM (SELECT r.*, lead(r.valid_from) OVER (ORDER BY r.valid_from) AS next_from
              FROM (${remaining}) r) ordered`,
  );
  await incrementCatalogueVersion(tx);
  return { removed: true };
}
