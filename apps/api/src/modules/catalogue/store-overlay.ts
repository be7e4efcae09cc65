import { sql } from 'drizzle-orm';
import { withJson } from '../../lib/memo-serializer';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  findProductsByIds,
  listPriceJoin,
  STORE_COLUMNS,
  STORE_PRICE_COLUMNS,
  storeJoin,
} from './catalogue.repository';
import type { CategoryIndex } from './category-index';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { storeProductJson } from './store-json';
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

/** The price columns of a product at a store (a store's facts but its stock). */
type ListFacts = Omit<StoreFacts, 'stock'>;

/**
 * A chain product's stock and prices at every store (decision 098), read once for all the stores when a store
 * first shows the product: a store's page is then the chain's page with these laid over it, no statement.
 */
export interface StoreFigures {
  /** the day they hold for (list prices and the Omnibus price have dates) */
  readonly today: string;
  /** store (warehouse id) → its position in `stock`; one map for the products of a read */
  readonly stores: ReadonlyMap<number, number>;
  readonly stock: readonly number[];
  /** at a store whose list does not price the product: the chain's list */
  readonly chainList: ListFacts;
  /** the stores whose list prices the product, with their price, unit price and Omnibus price */
  readonly listed: ReadonlyMap<number, ListFacts> | null;
}

/** A product's facts at one store from its figures; undefined when `warehouseId` is not among their stores. */
export function factsAt(figures: StoreFigures, warehouseId: number): StoreFacts | undefined {
  const at = figures.stores.get(warehouseId);
  if (at === undefined) return undefined;
  return { stock: figures.stock[at] ?? 0, ...(figures.listed?.get(warehouseId) ?? figures.chainList) };
}

interface FiguresRow {
  productId: number;
  priceCents: number;
  unitPriceCents: number | null;
  promoPriorPriceCents: number | null;
  /** the stores, `a,b,…` (the same in every row) */
  stores: string | null;
  /** `store:stock,…` of the stores holding the product */
  stocks: string | null;
  /** `store:price:unit price:Omnibus price,…` of the stores whose list prices the product ('': null) */
  listed: string | null;
}

const nullableInt = (text: string | undefined): number | null =>
  text === undefined || text === '' ? null : Number(text);

/**
 * The stock and list prices of products at every store, in one statement: per product, its product_stock rows
 * (one index range), and at each store with a list of its own (price_list_stores, a few) the price columns of a
 * product row read there (STORE_PRICE_COLUMNS over listPriceJoin: the same SQL), so that a store shows what a
 * row read there shows; a store holding no row has none (0), a store without a list price the chain's. The
 * promotion is the chain's and comes with the products, as in storeFactsOf.
 */
export async function storeFiguresOf(
  products: readonly OverlaidProduct[],
  today: string,
  db: Db,
): Promise<Map<number, StoreFigures>> {
  if (products.length === 0) return new Map();
  const rows = await queryRows<FiguresRow>(
    db,
    sql`SELECT p.product_id AS "productId", p.price_cents AS "priceCents", p.unit_price_cents AS "unitPriceCents",
          pr.prior_price_cents AS "promoPriorPriceCents",
          (SELECT string_agg(w.warehouse_id::text, ',') FROM warehouses w WHERE w.warehouse_type = 'store') AS stores,
          (SELECT string_agg(s.warehouse_id::text || ':' || s.stock::float8::text, ',')
           FROM product_stock s WHERE s.product_id = p.product_id) AS stocks,
          (SELECT string_agg(own.warehouse_id::text || ':' || f."priceCents"::text || ':'
                               || COALESCE(f."unitPriceCents"::text, '') || ':'
                               || COALESCE(f."promoPriorPriceCents"::text, ''), ',')
           FROM price_list_stores own
           CROSS JOIN LATERAL (
             SELECT ${STORE_PRICE_COLUMNS} FROM (SELECT) AS one ${listPriceJoin(sql`own.warehouse_id`, today)}
             WHERE sp.price_cents IS NOT NULL
           ) f) AS listed
        FROM unnest(string_to_array(${list(products.map((p) => p.productId))}, ',')::int[],
                    string_to_array(${list(products.map((p) => p.chain.promoId))}, ',', '')::int[],
                    string_to_array(${list(products.map((p) => p.chain.promoValidFrom))}, ',', '')::date[],
                    string_to_array(${list(products.map((p) => p.chain.promoPriorPriceCents))}, ',', '')::int[])
          AS pr(product_id, promo_id, valid_from, prior_price_cents)
        JOIN products p ON p.product_id = pr.product_id`,
  );
  let storesText: string | null = null;
  let stores = new Map<number, number>();
  const out = new Map<number, StoreFigures>();
  for (const row of rows) {
    if (row.stores !== storesText) {
      storesText = row.stores;
      stores = new Map((row.stores ? row.stores.split(',') : []).map((id, at) => [Number(id), at]));
    }
    const stock = new Array<number>(stores.size).fill(0);
    for (const pair of row.stocks ? row.stocks.split(',') : []) {
      const [id, value] = pair.split(':');
      const at = stores.get(Number(id));
      if (at !== undefined) stock[at] = Number(value);
    }
    let listed: Map<number, ListFacts> | null = null;
    for (const entry of row.listed ? row.listed.split(',') : []) {
      const [id, price, unit, prior] = entry.split(':');
      listed ??= new Map();
      listed.set(Number(id), {
        priceCents: Number(price),
        unitPriceCents: nullableInt(unit),
        promoPriorPriceCents: nullableInt(prior),
      });
    }
    out.set(row.productId, {
      today,
      stores,
      stock,
      chainList: {
        priceCents: row.priceCents,
        unitPriceCents: row.unitPriceCents,
        promoPriorPriceCents: row.promoPriorPriceCents,
      },
      listed,
    });
  }
  return out;
}

/** The chain's products with their rows (`wanted`), and the ids of those whose row is not known. */
function overlaidOf(products: readonly Product[]): {
  wanted: Array<OverlaidProduct & { product: Product }>;
  unknown: number[];
} {
  const wanted: Array<OverlaidProduct & { product: Product }> = [];
  const unknown: number[] = [];
  for (const product of products) {
    const chain = pricedRowOfProduct(product);
    if (chain) wanted.push({ productId: product.productId, chain, product });
    else unknown.push(product.productId);
  }
  return { wanted, unknown };
}

/**
 * The figures of every store of the chain's products (decision 098), kept with the product objects: the read
 * cache holds a chain product under the catalogue version (and the day), so its figures live and go with it,
 * and a product read again under a new version (a stock feed, a price list, a store's list) is a new object
 * whose figures are read again. Concurrent first reads of one product share one statement.
 */
export class StoreFigureCache {
  readonly #figures = new WeakMap<Product, StoreFigures>();
  readonly #loading = new WeakMap<Product, Promise<unknown>>();

  get(product: Product, today: string): StoreFigures | undefined {
    const figures = this.#figures.get(product);
    return figures?.today === today ? figures : undefined;
  }

  /** Reads the figures of chain products (e.g. a listing's, warmed) that have none yet. */
  warm(products: readonly Product[], today: string, db: Db): Promise<void> {
    return this.load(overlaidOf(products).wanted, today, db);
  }

  /** Reads the figures of the products that have none yet for `today` (one statement for all of them). */
  async load(
    products: ReadonlyArray<OverlaidProduct & { product: Product }>,
    today: string,
    db: Db,
  ): Promise<void> {
    const waiting = new Set<Promise<unknown>>();
    const missing: Array<OverlaidProduct & { product: Product }> = [];
    for (const p of products) {
      if (this.get(p.product, today)) continue;
      const pending = this.#loading.get(p.product);
      if (pending) waiting.add(pending);
      else missing.push(p);
    }
    if (missing.length > 0) {
      const loading = storeFiguresOf(missing, today, db).then((figures) => {
        for (const p of missing) {
          const found = figures.get(p.productId);
          if (found) this.#figures.set(p.product, found);
        }
      });
      const forget = () => {
        for (const p of missing)
          if (this.#loading.get(p.product) === loading) this.#loading.delete(p.product);
      };
      loading.then(forget, forget);
      for (const p of missing) this.#loading.set(p.product, loading);
      waiting.add(loading);
    }
    await Promise.all(waiting);
  }
}

/**
 * The chain's products as one store shows them (decision 098): each the same product but for its availability,
 * prices and promotion, from the figures of every store kept with the chain's products (StoreFigureCache: one
 * statement the first time a store shows them, none after, whatever the store). A product the store holds no
 * stock of shows "non disponibile" there, as a product row read at the store does (its stock is 0). A warehouse
 * the figures do not name (not a store) is read by storeFactsOf; a product whose row is not known (not made
 * by toWireProduct: not expected) is read whole at the store. Each product's JSON is the chain's with the
 * store's fields (store-json.ts).
 */
export async function productsAtStore(
  products: readonly Product[],
  warehouseId: number,
  today: string,
  reads: { categories(): Promise<CategoryIndex>; readonly figures: StoreFigureCache; readonly db: Db },
): Promise<Product[]> {
  const { wanted, unknown } = overlaidOf(products);
  await reads.figures.load(wanted, today, reads.db);
  const facts = new Map<number, StoreFacts>();
  const elsewhere: OverlaidProduct[] = [];
  for (const p of wanted) {
    const figures = reads.figures.get(p.product, today);
    const at = figures && factsAt(figures, warehouseId);
    if (at) facts.set(p.productId, at);
    else elsewhere.push(p);
  }
  if (elsewhere.length > 0)
    for (const [id, at] of await storeFactsOf(elsewhere, warehouseId, today, reads.db)) facts.set(id, at);
  const whole = new Map<number, Product>();
  if (unknown.length > 0) {
    const categories = await reads.categories();
    for (const row of await findProductsByIds(unknown, today, false, warehouseId, reads.db))
      whole.set(row.productId, toWireProduct(row, categories));
  }
  return products.flatMap((product) => {
    const chain = pricedRowOfProduct(product);
    if (!chain) return whole.get(product.productId) ?? [];
    const store = facts.get(product.productId) ?? { ...chain, stock: 0 };
    const atStore = productAtStore(product, chain, store);
    return [withJson(atStore, () => storeProductJson(product, atStore))];
  });
}
