import type {
  AdminPriceListProduct,
  AdminPriceListsOverview,
} from '@spesa/shared/contracts/admin-price-lists';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { api, testProduct } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, getJson, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';

/**
 * "Listini" in the back office (decision 099): a list made, a store moved to it, a price set and removed and
 * the shop showing it at that store only, through the price batches' rules; bad input answered in Italian
 * with nothing changed; every write in the audit log; roles other than catalogue manager and administrator
 * refused.
 */
let t: TestApp;
let manager: string;
let storeManager: string;
let customer: string;
const NOW = new Date('2027-03-01T09:00:00Z');
const TODAY = '2027-03-01';
/** a store without a list in the demo (13 is the checkout tests' Drive store, 14 and 15 sell at CITTA) */
const STORE = 12;
const OTHER = 13;

beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW, versionCheckMs: 0, runJobs: false });
  manager = await makeStaff(t, (await newCustomer(t, { tag: 'pl-manager' })).userId, [], 'catalogue_manager');
  storeManager = await makeStaff(
    t,
    (await newCustomer(t, { tag: 'pl-store' })).userId,
    [13],
    'store_manager',
  );
  customer = (await newCustomer(t, { tag: 'pl-customer' })).token;
});
afterAll(() => t?.close());

const post = <T>(token: string | null, url: string, payload: unknown = {}) =>
  callAs<T>(t.app, token, 'POST', `/ebsn/api${url}`, { via: 'staff', payload });
const get = <T>(token: string | null, url: string) =>
  callAs<T>(t.app, token, 'GET', `/ebsn/api${url}`, { via: 'staff' });
const shopPrice = async (productId: number, warehouseId: number) =>
  (await getJson<Product>(t.app, api(`/products?product_id=${productId}&warehouse_id=${warehouseId}`))).body
    .data.price;

/** the form field an envelope's error names */
const fieldOf = (e: object | undefined) => (e as { field?: string } | undefined)?.field;

async function auditRows(resource: string) {
  return queryRows<{ action: string; resourceId: string; staffUserId: number }>(
    t.db,
    sql`SELECT action, resource_id AS "resourceId", staff_user_id AS "staffUserId" FROM admin_audit
        WHERE resource = ${resource} ORDER BY audit_id`,
  );
}

async function listPrices(productId: number) {
  return queryRows<{ code: string; priceCents: number }>(
    t.db,
    sql`SELECT l.code, lp.price_cents AS "priceCents" FROM price_list_prices lp
        JOIN price_lists l USING (price_list_id) WHERE lp.product_id = ${productId}`,
  );
}

async function newList(code: string) {
  const made = await post<{ data: AdminPriceListsOverview }>(manager, '/admin/price-lists/create', {
    code,
    name: `Listino ${code}`,
  });
  expect(made.body.response.status).toBe(0);
  const list = made.body.data.data.lists.find((l) => l.code === code);
  if (!list) throw new Error('list not made');
  return list;
}

describe('price lists and their stores', () => {
  it('lists the seeded CITTA list with its two stores and every store with its list', async () => {
    const res = await get<{ data: AdminPriceListsOverview }>(manager, '/admin/price-lists');
    expect(res.statusCode).toBe(200);
    const citta = res.body.data.data.lists.find((l) => l.code === 'CITTA');
    expect(citta?.storeIds).toEqual([14, 15]);
    expect(citta?.products).toBeGreaterThan(0);
    const stores = new Map(res.body.data.data.stores.map((s) => [s.storeId, s.priceListId]));
    expect(stores.get(14)).toBe(citta?.id);
    expect(stores.get(OTHER)).toBeNull();
  });

  it('makes a list, refuses its code again and a bad code, with nothing made', async () => {
    const list = await newList('NORD-1');
    expect(list.storeIds).toEqual([]);
    const again = await post(manager, '/admin/price-lists/create', { code: 'nord-1', name: 'Doppio' });
    expect(again.body.response.status).not.toBe(0);
    expect(again.body.response.errors[0]).toMatchObject({
      field: 'code',
      error: 'Esiste già un listino con questo codice.',
    });
    const bad = await post(manager, '/admin/price-lists/create', { code: 'con spazi', name: 'X' });
    expect(bad.statusCode).toBe(400);
    const fields = bad.body.response.errors.map((e) => fieldOf(e));
    expect(fields).toEqual(expect.arrayContaining(['code', 'name']));
    expect(bad.body.response.errors[0]?.error).toMatch(/codice/);
    const [n] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM price_lists WHERE lower(code) IN ('nord-1', 'con spazi')`,
    );
    expect(n?.n).toBe(1);
    expect((await auditRows('price-lists')).filter((a) => a.action === 'create')).toHaveLength(1);
  });

  it('moves a store to a list and back; an unknown list or a store that is not one refused', async () => {
    const list = await newList('SUD-1');
    const moved = await post<{ data: AdminPriceListsOverview }>(manager, '/admin/price-lists/assign', {
      storeId: STORE,
      priceListId: list.id,
    });
    expect(moved.body.data.data.lists.find((l) => l.id === list.id)?.storeIds).toEqual([STORE]);
    const unknown = await post(manager, '/admin/price-lists/assign', {
      storeId: STORE,
      priceListId: 999_999,
    });
    expect(unknown.body.response.errors[0]).toMatchObject({
      field: 'priceListId',
      error: 'Listino non trovato.',
    });
    const notStore = await post(manager, '/admin/price-lists/assign', { storeId: 1, priceListId: list.id });
    expect(notStore.body.response.errors[0]).toMatchObject({
      field: 'storeId',
      error: 'Negozio sconosciuto.',
    });
    const bad = await post(manager, '/admin/price-lists/assign', { storeId: 'dodici', priceListId: list.id });
    expect(bad.statusCode).toBe(400);
    const overview = await get<{ data: AdminPriceListsOverview }>(manager, '/admin/price-lists');
    expect(overview.body.data.data.stores.find((s) => s.storeId === STORE)?.priceListId).toBe(list.id);
    const back = await post<{ data: AdminPriceListsOverview }>(manager, '/admin/price-lists/assign', {
      storeId: STORE,
      priceListId: null,
    });
    expect(back.body.data.data.stores.find((s) => s.storeId === STORE)?.priceListId).toBeNull();
    expect((await auditRows('price-list-stores')).map((a) => a.resourceId)).toEqual([`${STORE}`, `${STORE}`]);
  });
});

describe("a list's prices", () => {
  it("sets a price the shop shows at the list's store only, then removes it", async () => {
    const list = await newList('PREZZI-1');
    await post(manager, '/admin/price-lists/assign', { storeId: STORE, priceListId: list.id });
    const p = await testProduct(t.db, { stock: 5, priceCents: 400 });
    expect(await shopPrice(p.productId, STORE)).toBe(4); // read once: the shop's cache holds it
    const set = await post<{ data: AdminPriceListProduct }>(
      manager,
      `/admin/price-lists/${list.id}/prices/set`,
      {
        productId: p.productId,
        priceCents: 450,
        validFrom: TODAY,
      },
    );
    expect(set.body.response.status).toBe(0);
    expect(set.body.data.data).toMatchObject({
      chainPriceCents: 400,
      todayPriceCents: 450,
      prices: [{ priceCents: 450, validFrom: TODAY, validTo: null }],
    });
    expect(await shopPrice(p.productId, STORE)).toBe(4.5);
    expect(await shopPrice(p.productId, OTHER)).toBe(4);
    // a later price, with its end: both listed; today's still 4.50
    await post(manager, `/admin/price-lists/${list.id}/prices/set`, {
      productId: p.productId,
      priceCents: 420,
      validFrom: '2027-04-01',
      validTo: '2027-04-30',
    });
    const found = await get<{ data: AdminPriceListProduct[]; total: number }>(
      manager,
      `/admin/price-lists/${list.id}/prices`,
    );
    expect(found.body.data.total).toBe(1);
    expect(found.body.data.data[0]?.prices.map((x) => x.priceCents)).toEqual([450, 420]);
    const removed = await post<{ data: AdminPriceListProduct }>(
      manager,
      `/admin/price-lists/${list.id}/prices/remove`,
      { productId: p.productId, validFrom: TODAY },
    );
    expect(removed.body.data.data.todayPriceCents).toBeNull();
    expect(await shopPrice(p.productId, STORE)).toBe(4);
    const history = await queryRows<{ priceCents: number; validFrom: string }>(
      t.db,
      sql`SELECT price_cents AS "priceCents", to_char(valid_from, 'YYYY-MM-DD') AS "validFrom" FROM price_history
          WHERE product_id = ${p.productId} AND price_list_id = ${list.id} ORDER BY valid_from`,
    );
    expect(history).toEqual([{ priceCents: 420, validFrom: '2027-04-01' }]);
    const audit = await auditRows('price-lists');
    expect(audit.filter((a) => a.resourceId === `${list.id}`).map((a) => a.action)).toEqual([
      'create',
      'price-set',
      'price-set',
      'price-remove',
    ]);
  });

  it('finds products by code, EAN and name, priced or not', async () => {
    const list = await newList('CERCA-1');
    const p = await testProduct(t.db, { stock: 1 });
    const [code] = await queryRows<{ code: string }>(
      t.db,
      sql`UPDATE products SET barcode = '8000000000017' WHERE product_id = ${p.productId} RETURNING cod_int AS code`,
    );
    for (const q of [code!.code, '8000000000017', p.name.slice(-12)]) {
      const res = await get<{ data: AdminPriceListProduct[]; total: number }>(
        manager,
        `/admin/price-lists/${list.id}/prices?q=${encodeURIComponent(q)}`,
      );
      expect(res.body.data.data[0], q).toMatchObject({
        productId: p.productId,
        todayPriceCents: null,
        prices: [],
      });
    }
    const wild = await get<{ data: AdminPriceListProduct[]; total: number }>(
      manager,
      `/admin/price-lists/${list.id}/prices?q=%25%25%25`,
    );
    expect(wild.body.data.total).toBe(0);
    const none = await get(manager, '/admin/price-lists/999999/prices');
    expect(none.body.response.errors[0]?.error).toBe('Listino non trovato.');
  });

  it('refuses bad prices, periods, dates and products with an Italian message, nothing changed', async () => {
    const list = await newList('ERRORI-1');
    const p = await testProduct(t.db, { stock: 1, priceCents: 250 });
    const url = `/admin/price-lists/${list.id}/prices/set`;
    const cases: Array<[unknown, string, RegExp]> = [
      [{ productId: p.productId, priceCents: 0, validFrom: TODAY }, 'priceCents', /maggiore di zero/],
      [{ productId: p.productId, priceCents: 1.5, validFrom: TODAY }, 'priceCents', /centesimi interi/],
      [{ productId: p.productId, priceCents: '450', validFrom: TODAY }, 'priceCents', /numero/],
      [{ productId: p.productId, priceCents: 450, validFrom: '2027-02-30' }, 'validFrom', /Data non valida/],
      [{ productId: p.productId, priceCents: 450 }, 'validFrom', /obbligatorio|Data non valida/],
    ];
    for (const [body, field, text] of cases) {
      const res = await post(manager, url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldOf(res.body.response.errors[0])).toBe(field);
      expect(res.body.response.errors[0]?.error).toMatch(text);
    }
    // the price batches' own rules: an end before the start, an unknown product
    const period = await post(manager, url, {
      productId: p.productId,
      priceCents: 450,
      validFrom: '2027-03-10',
      validTo: '2027-03-09',
    });
    expect(period.body.response.errors[0]).toMatchObject({
      field: 'validTo',
      error: 'La fine della validità precede il suo inizio.',
    });
    const unknown = await post(manager, url, { productId: 2_000_000_000, priceCents: 450, validFrom: TODAY });
    expect(unknown.body.response.errors[0]).toMatchObject({
      field: 'productId',
      error: 'Prodotto sconosciuto.',
    });
    const noPrice = await post(manager, `/admin/price-lists/${list.id}/prices/remove`, {
      productId: p.productId,
      validFrom: TODAY,
    });
    expect(fieldOf(noPrice.body.response.errors[0])).toBe('validFrom');
    expect(await listPrices(p.productId)).toEqual([]);
    expect((await auditRows('price-lists')).filter((a) => a.resourceId === `${list.id}`)).toHaveLength(1);
  });
});

describe('roles', () => {
  it('refuses store managers, shop sessions and strangers, reading or writing', async () => {
    const [citta] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT price_list_id AS id FROM price_lists WHERE code = 'CITTA'`,
    );
    const p = await testProduct(t.db, { stock: 1 });
    const body = { productId: p.productId, priceCents: 999, validFrom: TODAY };
    expect((await get(storeManager, '/admin/price-lists')).statusCode).toBe(403);
    expect((await post(storeManager, `/admin/price-lists/${citta!.id}/prices/set`, body)).statusCode).toBe(
      403,
    );
    expect(
      (await post(storeManager, '/admin/price-lists/create', { code: 'X1', name: 'Xx' })).statusCode,
    ).toBe(403);
    expect(
      (await post(storeManager, '/admin/price-lists/assign', { storeId: STORE, priceListId: null }))
        .statusCode,
    ).toBe(403);
    const shop = await callAs(
      t.app,
      customer,
      'POST',
      `/ebsn/api/admin/price-lists/${citta!.id}/prices/set`,
      {
        payload: body,
      },
    );
    expect(shop.statusCode).toBe(401);
    expect((await get(null, '/admin/price-lists')).statusCode).toBe(401);
    expect(await listPrices(p.productId)).toEqual([]);
  });
});
