import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wireTimestamp } from '../../db/wire-time';

/** The days before a reduction whose lowest price is its reference (Omnibus, art. 17-bis Codice del Consumo). */
export const PRIOR_PRICE_DAYS = 30;

export interface PriceHistoryRow {
  id: number;
  kind: 'list' | 'promo';
  promoId: number | null;
  price: number;
  validFrom: string;
  validTo: string | null;
  recordedAt: string;
  recordedBy: number | null;
}

/**
 * The prices a product was sold at (decision 031), in the catalogue module: the list price from a day until
 * the next one, and every promotion's price over its days. Each write runs in the caller's transaction (the
 * change it records). The lowest price of the 30 days before a reduction is read here, once, when the
 * reduction is made: it stays its reference for its whole run.
 */
export class PriceHistory {
  /** A new list price from `day` on (a second change the same day replaces the first). */
  async recordListPrice(productId: number, priceCents: number, day: string, by: number | null, tx: Db) {
    await tx.execute(
      sql`DELETE FROM price_history
          WHERE product_id = ${productId} AND kind = 'list' AND warehouse_id IS NULL AND price_list_id IS NULL AND valid_from >= ${day}::date`,
    );
    await tx.execute(
      sql`UPDATE price_history SET valid_to = ${day}::date - 1
          WHERE product_id = ${productId} AND kind = 'list' AND warehouse_id IS NULL AND price_list_id IS NULL
            AND (valid_to IS NULL OR valid_to >= ${day}::date)`,
    );
    await tx.execute(
      sql`INSERT INTO price_history (product_id, kind, price_cents, valid_from, recorded_by)
          VALUES (${productId}, 'list', ${priceCents}, ${day}::date, ${by})`,
    );
  }

  /** `recordListPrice` for many products at once (the importer's chunk): three statements, whatever their number. */
  async recordListPrices(
    prices: ReadonlyArray<{ productId: number; priceCents: number }>,
    day: string,
    by: number | null,
    tx: Db,
  ) {
    if (prices.length === 0) return;
    const json = JSON.stringify(prices.map((p) => ({ product_id: p.productId, price_cents: p.priceCents })));
    const ids = sql`(SELECT (e->>'product_id')::int FROM jsonb_array_elements(${json}::jsonb) AS e)`;
    await tx.execute(
      sql`DELETE FROM price_history
          WHERE product_id IN ${ids} AND kind = 'list' AND warehouse_id IS NULL AND price_list_id IS NULL
            AND valid_from >= ${day}::date`,
    );
    await tx.execute(
      sql`UPDATE price_history SET valid_to = ${day}::date - 1
          WHERE product_id IN ${ids} AND kind = 'list' AND warehouse_id IS NULL AND price_list_id IS NULL
            AND (valid_to IS NULL OR valid_to >= ${day}::date)`,
    );
    await tx.execute(
      sql`INSERT INTO price_history (product_id, kind, price_cents, valid_from, recorded_by)
          SELECT r.product_id, 'list', r.price_cents, ${day}::date, ${by}::int
          FROM jsonb_to_recordset(${json}::jsonb) AS r(product_id int, price_cents int)`,
    );
  }

  /** A promotion's price over its days. */
  async recordPromo(
    p: {
      productId: number;
      promoId: number;
      priceCents: number;
      from: string;
      to: string;
      by: number | null;
    },
    tx: Db,
  ) {
    await tx.execute(
      sql`INSERT INTO price_history (product_id, kind, promo_id, price_cents, valid_from, valid_to, recorded_by)
          VALUES (${p.productId}, 'promo', ${p.promoId}, ${p.priceCents}, ${p.from}::date, ${p.to}::date, ${p.by})`,
    );
  }

  /** A promotion ended early: its last day is `lastDay`; one that never ran leaves no trace. */
  async endPromo(promoId: number, lastDay: string, tx: Db) {
    await tx.execute(
      sql`DELETE FROM price_history WHERE kind = 'promo' AND promo_id = ${promoId} AND valid_from > ${lastDay}::date`,
    );
    await tx.execute(
      sql`UPDATE price_history SET valid_to = ${lastDay}::date
          WHERE kind = 'promo' AND promo_id = ${promoId} AND valid_to > ${lastDay}::date`,
    );
  }

  /**
   * The lowest price applied in the 30 days before `start` (list prices and other promotions), cents; null
   * when the history knows none of those days.
   */
  async lowestBefore(productId: number, start: string, db: Db): Promise<number | null> {
    const [row] = await queryRows<{ cents: number | null }>(
      db,
      sql`SELECT min(price_cents)::int AS cents FROM price_history
          WHERE product_id = ${productId} AND warehouse_id IS NULL AND price_list_id IS NULL
            AND valid_from <= ${start}::date - 1
            AND COALESCE(valid_to, 'infinity'::date) >= ${start}::date - ${PRIOR_PRICE_DAYS}::int`,
    );
    return row?.cents ?? null;
  }

  /** A product's history, newest first. */
  async of(productId: number, db: Db): Promise<PriceHistoryRow[]> {
    return queryRows<PriceHistoryRow>(
      db,
      sql`SELECT history_id::int AS id, kind, promo_id AS "promoId", price_cents / 100.0::float8 AS price,
            to_char(valid_from, 'YYYY-MM-DD') AS "validFrom", to_char(valid_to, 'YYYY-MM-DD') AS "validTo",
            ${wireTimestamp('recorded_at', 'seconds')} AS "recordedAt",
            recorded_by AS "recordedBy"
          FROM price_history WHERE product_id = ${productId}
          ORDER BY valid_from DESC, history_id DESC`,
    );
  }
}

/**
 * The seed's 60 days of history, in SQL over the seeded products and promotions: most list prices unchanged
 * for 60 days; one product in eight cost 8 % less until 21 days ago (a recent rise: a reduction after it
 * still shows the pre-rise low); then each promotion's days, and each promotion's prior price from them.
 */
export async function seedPriceHistory(today: string, tx: Db): Promise<void> {
  await tx.execute(
    sql`INSERT INTO price_history (product_id, kind, price_cents, valid_from, valid_to)
        SELECT product_id, 'list', round(price_cents * 0.92)::int, ${today}::date - 60, ${today}::date - 21
          FROM products WHERE product_id % 8 = 0
        UNION ALL
        SELECT product_id, 'list', price_cents,
            CASE WHEN product_id % 8 = 0 THEN ${today}::date - 20 ELSE ${today}::date - 60 END, NULL
          FROM products`,
  );
  await tx.execute(
    sql`INSERT INTO price_history (product_id, kind, promo_id, price_cents, valid_from, valid_to)
        SELECT product_id, 'promo', promo_id, promo_price_cents, valid_from, valid_to FROM product_promos`,
  );
  await tx.execute(
    sql`UPDATE product_promos pp SET prior_price_cents = (
          SELECT min(h.price_cents) FROM price_history h
          WHERE h.product_id = pp.product_id AND h.warehouse_id IS NULL AND h.price_list_id IS NULL
            AND h.valid_from <= pp.valid_from - 1
            AND COALESCE(h.valid_to, 'infinity'::date) >= pp.valid_from - ${PRIOR_PRICE_DAYS}::int)`,
  );
}
