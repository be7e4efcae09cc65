import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { STORES } from './delivery';

/**
 * The demo's stock per store and its second price list (decision 095). Each product's generated stock is its
 * typical shelf; each store holds 40 % to 160 % of it, and misses about one product in sixteen that the
 * others have (a product out of stock everywhere stays so). Deterministic: the same seed gives the same
 * stock. Two Milan stores sell at the "city" list: a quarter of the products cost 7 % more there.
 */
export const CITY_PRICE_LIST = { code: 'CITTA', name: 'Listino centri città' } as const;
/** Spesa Milano Navigli and Spesa Sesto San Giovanni */
export const CITY_LIST_STORES = [14, 15] as const;

export async function seedStoreStock(
  products: ReadonlyArray<{ productId: number; stock?: string | null | undefined }>,
  tx: Db,
): Promise<void> {
  const stores = STORES.map((s) => s.warehouseId).join(',');
  for (let i = 0; i < products.length; i += 2000) {
    const chunk = products
      .slice(i, i + 2000)
      .map((p) => ({ product_id: p.productId, stock: Number(p.stock ?? 0) }))
      .filter((p) => p.stock > 0);
    if (chunk.length === 0) continue;
    await tx.execute(
      sql`INSERT INTO product_stock (warehouse_id, product_id, stock)
          SELECT w.id, x.product_id,
            CASE WHEN p.selling_type = 'Sfuso' THEN round(x.stock * v.f, 3) ELSE greatest(1, round(x.stock * v.f)) END
          FROM json_to_recordset(${JSON.stringify(chunk)}::json) AS x(product_id int, stock numeric)
          JOIN products p ON p.product_id = x.product_id
          CROSS JOIN unnest(string_to_array(${stores}, ',')::int[]) AS w(id)
          CROSS JOIN LATERAL (
            SELECT 0.4 + ((x.product_id * 7919 + w.id * 104729) % 121) / 100.0 AS f,
                   (x.product_id * 31 + w.id * 17) % 16 AS h
          ) v
          WHERE v.h <> 0
          ORDER BY w.id, x.product_id`,
    );
  }
}

/** The city list: its stores, a quarter of the products 7 % dearer from 45 days ago, in its history. */
export async function seedCityPriceList(today: string, tx: Db): Promise<void> {
  await tx.execute(
    sql`INSERT INTO price_lists (code, name) VALUES (${CITY_PRICE_LIST.code}, ${CITY_PRICE_LIST.name})
        ON CONFLICT (code) DO NOTHING`,
  );
  const list = sql`(SELECT price_list_id FROM price_lists WHERE code = ${CITY_PRICE_LIST.code})`;
  await tx.execute(
    sql`INSERT INTO price_list_stores (warehouse_id, price_list_id)
        SELECT w, ${list} FROM unnest(string_to_array(${CITY_LIST_STORES.join(',')}, ',')::int[]) AS x(w)
        ON CONFLICT (warehouse_id) DO NOTHING`,
  );
  await tx.execute(
    sql`INSERT INTO price_list_prices (price_list_id, product_id, price_cents, valid_from)
        SELECT ${list}, product_id, round(price_cents * 1.07)::int, ${today}::date - 45
        FROM products WHERE product_id % 4 = 1
        ON CONFLICT DO NOTHING`,
  );
  await tx.execute(
    sql`INSERT INTO price_history (product_id, price_list_id, kind, price_cents, valid_from)
        SELECT product_id, price_list_id, 'list', price_cents, valid_from FROM price_list_prices
        WHERE price_list_id = ${list}`,
  );
}
