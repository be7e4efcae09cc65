import { productSchema, type Product, type ProductListData } from '@spesa/shared/contracts/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { queryRows } from '../../db/rows';
import { api, DRIVE_STORE, testProduct } from '../../../test/checkout-fixtures';
import { buildTestApp, getJson, type TestApp } from '../../../test/helper';
import { CHAIN_WAREHOUSE_ID, findProductsByIds, loadAllCategories } from './catalogue.repository';
import { CategoryIndex } from './category-index';
import { bumpCatalogueVersion } from './catalogue.service';
import { applyPriceListPrices } from './price-lists';
import { toWireProduct } from './product.mapper';
import { applyStockLevels } from './stock-levels';
import { productsAtStore, StoreFigureCache } from './store-overlay';

/**
 * A store's listing as the chain's page with the store's stock and prices laid over it (decision 098): what
 * it shows (the same as a product row read at the store), a product the store does not hold, a price sort by
 * the store's own prices, and a change of price or stock seen by another app on the same database.
 * Store 14 sells at the seeded "CITTA" list; 12 and 13 at the chain's.
 */
let t: TestApp;
/** a second app on the same database, as another API process (on PostgreSQL with a pool of its own) */
let other: App;
let closeOther: () => Promise<void>;
const NOW = new Date('2027-03-01T07:00:00Z');
const TODAY = '2027-03-01';
const CITY_STORE = 14;
const OTHER_STORE = 12;

beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW, versionCheckMs: 20, runJobs: false });
  if (t.kind === 'postgres') {
    const second = await buildTestApp({ now: () => NOW, versionCheckMs: 20, runJobs: false });
    other = second.app;
    closeOther = second.close;
  } else {
    other = await buildApp({
      env: t.env,
      db: t.db,
      dbKind: t.kind,
      logger: false,
      runJobs: false,
      now: () => NOW,
      versionCheckMs: 20,
    });
    await other.ready();
    closeOther = () => other.close();
  }
});
afterAll(async () => {
  await closeOther?.();
  await t?.close();
});

type Listing = ProductListData;

const listing = async (query: string, app: App = t.app) => {
  const res = await getJson<Listing>(app, api(`/products?${query}`));
  expect(res.body.response.status).toBe(0);
  return res.body.data;
};

/** A product of the test's own, named `<word> <n>` (found by searching the word), at a chain price. */
async function named(word: string, n: number, opts: { priceCents: number; at?: readonly number[] }) {
  const p = await testProduct(t.db, { stock: 7, priceCents: opts.priceCents, at: opts.at ?? 'all' });
  await t.db.execute(sql`UPDATE products SET name = ${`${word} ${n}`} WHERE product_id = ${p.productId}`);
  return p;
}

const cityPrices = (rows: { productId: number; priceCents: number }[]) =>
  t.db.transaction((tx) =>
    applyPriceListPrices(
      {
        priceListCode: 'CITTA',
        rows: rows.map((r) => ({ ...r, validFrom: '2027-01-01', validTo: null })),
      },
      tx,
    ),
  );

/**
 * The products as a product row read at the warehouse maps them (what the listing showed before 098), in the
 * wire's key order (the contract's, as the route's serializer writes them).
 */
async function mappedAt(ids: number[], warehouseId: number): Promise<Product[]> {
  const index = new CategoryIndex(await loadAllCategories(t.db));
  const rows = await findProductsByIds(ids, TODAY, false, warehouseId, t.db);
  return rows.map((r) => productSchema.parse(toWireProduct(r, index)));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ids = (data: Listing) => data.products.map((p) => p.productId);

describe("a store's listing over the chain's page", () => {
  it('shows what a product row read at the store shows, byte for byte; the chain its own', async () => {
    const listed = await named('Zqovera', 1, { priceCents: 400 });
    const plain = await named('Zqovera', 2, { priceCents: 250, at: [DRIVE_STORE] });
    expect((await cityPrices([{ productId: listed.productId, priceCents: 460 }])).ok).toBe(true);
    // a promotion of the chain's price over a store's list price: the Omnibus price is the store list's
    await t.db.execute(
      sql`INSERT INTO product_promos (product_id, promo_type_id, promo_type, promo_price_cents, discount_perc,
            valid_from, valid_to, header, body, footer, bubble, css_class, selectable, prior_price_cents, audience)
          VALUES (${listed.productId}, 1, 'Sconto', 350, 12.5, '2027-02-26', '2027-03-10', 'Offerta', '-0,50 €',
            'fino al 10/03', '', 'promo', false, 400, 'all')`,
    );
    await bumpCatalogueVersion(t.db);
    await wait(40);
    for (const w of [CITY_STORE, OTHER_STORE, DRIVE_STORE, CHAIN_WAREHOUSE_ID]) {
      const query = `q=zqovera&sort=pri_asc${w === CHAIN_WAREHOUSE_ID ? '' : `&warehouse_id=${w}`}`;
      const page = await listing(query);
      const expected = await mappedAt(ids(page), w);
      expect(ids(page)).toEqual([plain.productId, listed.productId]);
      expect(JSON.stringify(page.products)).toBe(JSON.stringify(expected));
    }
    const city = await listing(`q=zqovera&warehouse_id=${CITY_STORE}`);
    const shown = city.products.find((p) => p.productId === listed.productId);
    expect(shown?.price).toBe(4.6);
    expect(shown?.priceDisplay).toBe(3.5);
    expect(shown?.warehousePromo?.discount).toBe(1.1);
    expect(shown?.warehousePromo?.priorPrice).toBe(4.6);
    const chain = await listing('q=zqovera');
    const atChain = chain.products.find((p) => p.productId === listed.productId);
    expect(atChain?.price).toBe(4);
    expect(atChain?.warehousePromo?.priorPrice).toBe(4);
    // the product page at the store: the same overlay
    const page = await getJson<Product>(
      t.app,
      api(`/products?product_id=${listed.productId}&warehouse_id=${CITY_STORE}`),
    );
    expect(JSON.stringify(page.body.data)).toBe(
      JSON.stringify((await mappedAt([listed.productId], CITY_STORE))[0]),
    );
  });

  it('keeps a product a store does not hold in its listing, "non disponibile", and the same total', async () => {
    const here = await named('Zqsolo', 1, { priceCents: 300, at: [DRIVE_STORE] });
    await named('Zqsolo', 2, { priceCents: 310 });
    const atDrive = await listing(`q=zqsolo&warehouse_id=${DRIVE_STORE}`);
    const atOther = await listing(`q=zqsolo&warehouse_id=${OTHER_STORE}`);
    const atChain = await listing('q=zqsolo');
    expect(atDrive.page.totItems).toBe(2);
    expect(atOther.page.totItems).toBe(2);
    expect(atChain.page.totItems).toBe(2);
    expect(atDrive.products.find((p) => p.productId === here.productId)?.available).toBe(7);
    expect(atOther.products.find((p) => p.productId === here.productId)?.available).toBe(0);
    expect(atChain.products.find((p) => p.productId === here.productId)?.available).toBe(7);
    const product = await getJson<Product>(
      t.app,
      api(`/products?product_id=${here.productId}&warehouse_id=${OTHER_STORE}`),
    );
    expect(product.body.data.available).toBe(0);
  });
});

describe("every store's figures, read once", () => {
  it('lays any store over the chain products after one statement, each as a row read at that store', async () => {
    const held = await named('Zqogni', 1, { priceCents: 520 });
    const listed = await named('Zqogni', 2, { priceCents: 610, at: [CITY_STORE, OTHER_STORE] });
    const plain = await named('Zqogni', 3, { priceCents: 199 });
    expect((await cityPrices([{ productId: listed.productId, priceCents: 655 }])).ok).toBe(true);
    const fed = await t.db.transaction((tx) =>
      applyStockLevels(
        {
          mode: 'delta',
          rows: [
            { productId: held.productId, warehouseId: OTHER_STORE, quantity: -4.5 },
            { productId: plain.productId, warehouseId: CITY_STORE, quantity: -7 },
          ],
        },
        tx,
      ),
    );
    expect(fed.ok).toBe(true);
    const productIds = [held.productId, listed.productId, plain.productId];
    const index = new CategoryIndex(await loadAllCategories(t.db));
    const chain = (await findProductsByIds(productIds, TODAY, false, CHAIN_WAREHOUSE_ID, t.db)).map((r) =>
      toWireProduct(r, index),
    );
    let statements = 0;
    const db = new Proxy(t.db, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (key !== 'execute' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          statements++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const reads = { categories: async () => index, figures: new StoreFigureCache(), db };
    const stores = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT warehouse_id AS id FROM warehouses WHERE warehouse_type = 'store' ORDER BY warehouse_id DESC`,
    );
    expect(stores.length).toBeGreaterThan(10);
    for (const { id } of stores) {
      const atStore = await productsAtStore(chain, id, TODAY, reads);
      expect(JSON.stringify(atStore.map((p) => productSchema.parse(p)))).toBe(
        JSON.stringify(await mappedAt(productIds, id)),
      );
      expect(statements).toBe(1);
    }
  });
});

describe("a price sort at a store orders by the store's prices", () => {
  it("orders by the store list's price where it has one, else the chain's; pages follow that order", async () => {
    const a = await named('Zqordina', 1, { priceCents: 300 });
    const b = await named('Zqordina', 2, { priceCents: 400 });
    const c = await named('Zqordina', 3, { priceCents: 450 });
    expect(
      (
        await cityPrices([
          { productId: a.productId, priceCents: 500 },
          { productId: c.productId, priceCents: 350 },
        ])
      ).ok,
    ).toBe(true);
    const [chainAsc, cityAsc, cityDesc, otherAsc] = await Promise.all([
      listing('q=zqordina&sort=pri_asc'),
      listing(`q=zqordina&sort=pri_asc&warehouse_id=${CITY_STORE}`),
      listing(`q=zqordina&sort=pri_desc&warehouse_id=${CITY_STORE}`),
      listing(`q=zqordina&sort=pri_asc&warehouse_id=${OTHER_STORE}`),
    ]);
    expect(ids(chainAsc)).toEqual([a.productId, b.productId, c.productId]);
    expect(ids(cityAsc)).toEqual([c.productId, b.productId, a.productId]);
    expect(cityAsc.products.map((p) => p.price)).toEqual([3.5, 4, 5]);
    expect(ids(cityDesc)).toEqual([a.productId, b.productId, c.productId]);
    expect(ids(otherAsc)).toEqual([a.productId, b.productId, c.productId]);
    // the wire's order_by too, and a page further on
    const second = await listing(`q=zqordina&sort=pri_asc&page_size=2&page=2&warehouse_id=${CITY_STORE}`);
    expect(ids(second)).toEqual([a.productId]);
    expect(second.page.totItems).toBe(3);
    // with a brand chosen (the listing's other path: facets counted apart)
    const [row] = await queryRows<{ vendorId: number }>(
      t.db,
      sql`SELECT vendor_id AS "vendorId" FROM products WHERE product_id = ${a.productId}`,
    );
    const faceted = await listing(
      `q=zqordina&sort=pri_asc&facet=vendor:${row?.vendorId}&warehouse_id=${CITY_STORE}`,
    );
    expect(ids(faceted)).toEqual([c.productId, b.productId, a.productId]);
    const facetedChain = await listing(`q=zqordina&sort=pri_asc&facet=vendor:${row?.vendorId}`);
    expect(ids(facetedChain)).toEqual([a.productId, b.productId, c.productId]);
  });
});

describe('changes seen by another app on the same database', () => {
  it("a store's new list price and stock show at the next read, the chain's page untouched", async () => {
    const p = await named('Zqcambio', 1, { priceCents: 300 });
    const query = `q=zqcambio&warehouse_id=${CITY_STORE}`;
    // both apps have the store's page (and the chain's) cached
    for (const app of [t.app, other]) {
      const before = await listing(query, app);
      expect(before.products[0]?.price).toBe(3);
      expect(before.products[0]?.available).toBe(7);
      expect((await listing('q=zqcambio', app)).products[0]?.price).toBe(3);
    }
    // the ERP's feed through the first app's functions: another price at the store's list, stock taken there
    expect((await cityPrices([{ productId: p.productId, priceCents: 390 }])).ok).toBe(true);
    const fed = await t.db.transaction((tx) =>
      applyStockLevels(
        { mode: 'delta', rows: [{ productId: p.productId, warehouseId: CITY_STORE, quantity: -5 }] },
        tx,
      ),
    );
    expect(fed.ok).toBe(true);
    await wait(60);
    for (const app of [other, t.app]) {
      const after = await listing(query, app);
      expect(after.products[0]?.price).toBe(3.9);
      expect(after.products[0]?.available).toBe(2);
      const page = await getJson<Product>(
        app,
        api(`/products?product_id=${p.productId}&warehouse_id=${CITY_STORE}`),
      );
      expect(page.body.data.price).toBe(3.9);
      expect(page.body.data.available).toBe(2);
      const chain = await listing('q=zqcambio', app);
      expect(chain.products[0]?.price).toBe(3);
      expect(chain.products[0]?.available).toBe(7);
    }
  });
});
