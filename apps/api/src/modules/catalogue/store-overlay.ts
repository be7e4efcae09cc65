import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { findProductsByIds, STORE_COLUMNS, storeJoin } from './catalogue.repository';
import type { CategoryIndex } from './category-index';
import type { Product } from '@spesa/shared/contracts/catalogue';
import {
  productAtStore,
  pricedRowOfProduct,
  toWireProduct,
  type PricedRow,
  type StoreFacts,
} from './product.mapper';

/** A product of the chain's page, as the overlay needs it: its id and its promotion (the chain's). */
export interface OverlaidProduct {
  productId: number;
  chain: PricedRow;
}

/** `a,b,,c` for string_to_array(…, ',', ''): an empty element is NULL. */
const list = (values: ReadonlyArray<string | number | null>): string =>
  values.map((v) => (v === null ? '' : String(v))).join(',');

/**
 * The stock and list price of a page's products at one warehouse (decision 098), in one statement over at most
 * a page of rows: each product by primary key, its product_stock row by primary key, its price on the store's
 * list by primary key. The columns are the product rows' own (STORE_COLUMNS), so a product shows at the store
 * what a product row read there would show; the promotion (the chain's, whatever the store) comes with the
 * products rather than being read again, for the Omnibus lowest price on the store's list. Unknown ids are
 * absent.
 */
export async function storeFactsOf(
  products: readonly OverlaidProduct[],
  warehouseId: number,
  today: string,
  db: Db,
): Promise<Map<number, StoreFacts>> {
  if (products.length === 0) return new Map();
  const rows = await queryRows<StoreFacts & { productId: number }>(
    db,
    sql`SELECT p.product_id AS "productId", ${STORE_COLUMNS}
        FROM unnest(string_to_array(${list(products.map((p) => p.productId))}, ',')::int[],
                    string_to_array(${list(products.map((p) => p.chain.promoId))}, ',', '')::int[],
                    string_to_array(${list(products.map((p) => p.chain.promoValidFrom))}, ',', '')::date[],
                    string_to_array(${list(products.map((p) => p.chain.promoPriorPriceCents))}, ',', '')::int[])
          AS pr(product_id, promo_id, valid_from, prior_price_cents)
        JOIN products p ON p.product_id = pr.product_id
        ${storeJoin(warehouseId, today)}`,
  );
  return new Map(
    rows.map((r) => [
      r.productId,
      {
        stock: r.stock,
        priceCents: r.priceCents,
        unitPriceCents: r.unitPriceCents,
        promoPriorPriceCents: r.promoPriorPriceCents,
      },
    ]),
  );
}

/** The stores that sell at a price list of their own (price_list_stores); the others sell at the chain's. */
export async function storesWithPriceList(db: Db): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT warehouse_id AS id FROM price_list_stores ORDER BY warehouse_id`,
  );
  return rows.map((r) => r.id);
}

/**
 * The chain's products as one store shows them (decision 098): each the same product but for its availability,
 * prices and promotion, from one statement (storeFactsOf) for the whole page. A product the store holds no
 * stock of shows "non disponibile" there, as a product row read at the store does (its stock is 0). A product
 * whose row is not known (not made by toWireProduct: not expected) is read whole at the store instead.
 */
export async function productsAtStore(
  products: readonly Product[],
  warehouseId: number,
  today: string,
  index: () => Promise<CategoryIndex>,
  db: Db,
): Promise<Product[]> {
  const wanted: OverlaidProduct[] = [];
  const unknown: number[] = [];
  for (const product of products) {
    const chain = pricedRowOfProduct(product);
    if (chain) wanted.push({ productId: product.productId, chain });
    else unknown.push(product.productId);
  }
  const facts = await storeFactsOf(wanted, warehouseId, today, db);
  const whole = new Map<number, Product>();
  if (unknown.length > 0) {
    const categories = await index();
    for (const row of await findProductsByIds(unknown, today, false, warehouseId, db))
      whole.set(row.productId, toWireProduct(row, categories));
  }
  return products.flatMap((product) => {
    const chain = pricedRowOfProduct(product);
    if (!chain) return whole.get(product.productId) ?? [];
    const store = facts.get(product.productId) ?? { ...chain, stock: 0 };
    return [productAtStore(product, chain, store)];
  });
}
