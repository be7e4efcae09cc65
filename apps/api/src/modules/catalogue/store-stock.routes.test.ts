import type { Cart } from '@spesa/shared/contracts/cart';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  buy,
  checkoutCustomer,
  DRIVE_STORE,
  driveSlot,
  preparedCart,
  setStock,
  stockOf,
  testProduct,
} from '../../../test/checkout-fixtures';
import { buildTestApp, callAs, getJson, type TestApp } from '../../../test/helper';
import { applyPriceListPrices } from './price-lists';

/**
 * Stock and prices per store through the API (decision 095): what a listing and a product page show at a
 * store, what a change of store does to a cart, and where a purchase and its cancellation move the stock.
 * Store 13 is the checkout tests' Drive store; 14 sells at the seeded "CITTA" price list.
 */
let t: TestApp;
const NOW = new Date('2027-03-01T07:00:00Z');
const DAY = '2027-03-03';
const CITY_STORE = 14;
const OTHER_STORE = 12;

beforeAll(async () => {
  t = await buildTestApp({
    now: () => NOW,
    env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 },
  });
  await driveSlot(t.db, DAY, 1000);
});
afterAll(() => t?.close());

const productAt = async (productId: number, warehouseId?: number) => {
  const w = warehouseId === undefined ? '' : `&warehouse_id=${warehouseId}`;
  return getJson<Product>(t.app, api(`/products?product_id=${productId}${w}`));
};

describe('GET /products at a store', () => {
  it("shows the store's stock: available at one store, not at another; the chain shows the most any has", async () => {
    const p = await testProduct(t.db, { stock: 8, at: [DRIVE_STORE] });
    const here = await productAt(p.productId, DRIVE_STORE);
    expect(here.body.response.status).toBe(0);
    expect(here.body.data.available).toBe(8);
    const there = await productAt(p.productId, OTHER_STORE);
    expect(there.body.data.available).toBe(0);
    expect((await productAt(p.productId)).body.data.available).toBe(8);
    // asked again at the first store: the cached answer of the other store is not served
    expect((await productAt(p.productId, DRIVE_STORE)).body.data.available).toBe(8);
    // the same in a listing page, by category
    const list = await getJson<{ products: Product[] }>(
      t.app,
      api(`/products?q=${encodeURIComponent(p.name)}&warehouse_id=${OTHER_STORE}`),
    );
    const shown = list.body.data.products.find((x) => x.productId === p.productId);
    expect(shown?.available).toBe(0);
  });

  it("shows the price of the store's list, the chain's elsewhere", async () => {
    const p = await testProduct(t.db, { stock: 5, priceCents: 400 });
    const applied = await t.db.transaction((tx) =>
      applyPriceListPrices(
        {
          priceListCode: 'CITTA',
          rows: [{ productId: p.productId, priceCents: 450, validFrom: '2027-01-01', validTo: null }],
        },
        tx,
      ),
    );
    expect(applied.ok).toBe(true);
    expect((await productAt(p.productId, CITY_STORE)).body.data.price).toBe(4.5);
    expect((await productAt(p.productId, DRIVE_STORE)).body.data.price).toBe(4);
    expect((await productAt(p.productId)).body.data.price).toBe(4);
  });

  it('refuses a store that is not one, in Italian, and a warehouse id that is not a number', async () => {
    const p = await testProduct(t.db, { stock: 5 });
    const unknown = await productAt(p.productId, 999_999);
    expect(unknown.body.response.status).not.toBe(0);
    expect(unknown.body.response.errors[0]?.code).toBe('msg.store.unknown');
    expect(unknown.body.response.errors[0]?.error).toMatch(/Negozio sconosciuto/);
    const bad = await getJson(t.app, api(`/products?product_id=${p.productId}&warehouse_id=abc`));
    expect(bad.body.response.status).not.toBe(0);
    expect(bad.body.response.errors[0]?.error ?? '').not.toMatch(/ZodError|Expected/);
  });
});

describe('changing store', () => {
  it('re-prices and re-checks the cart and says what changed, with alternatives', async () => {
    const c = await checkoutCustomer(t);
    const gone = await testProduct(t.db, { stock: 10, at: [DRIVE_STORE] });
    const dearer = await testProduct(t.db, { stock: 10, priceCents: 300, at: [DRIVE_STORE, CITY_STORE] });
    await t.db.transaction((tx) =>
      applyPriceListPrices(
        {
          priceListCode: 'CITTA',
          rows: [{ productId: dearer.productId, priceCents: 330, validFrom: '2027-01-01', validTo: null }],
        },
        tx,
      ),
    );
    const slot = await driveSlot(t.db, DAY);
    await preparedCart(t, c.token, {
      slot,
      items: [
        { productId: gone.productId, quantity: 1 },
        { productId: dearer.productId, quantity: 2 },
      ],
    });
    await callAs(t.app, c.token, 'POST', api('/checkout/unlock'));
    const moved = await callAs<Cart>(t.app, c.token, 'POST', api(`/store/select?store_id=${CITY_STORE}`));
    expect(moved.body.response.status).toBe(0);
    expect(moved.body.response.warningsMessage).toContain(
      '1 prodotto non è disponibile nel negozio scelto: ti proponiamo delle alternative.',
    );
    expect(moved.body.response.warningsMessage).toContain(
      'Il prezzo di 1 prodotto è diverso nel negozio scelto.',
    );
    const change = moved.body.data.storeChange;
    expect(change).toMatchObject({ fromWarehouseId: DRIVE_STORE, toWarehouseId: CITY_STORE });
    expect(change?.unavailable.map((u) => u.productId)).toEqual([gone.productId]);
    expect(change?.unavailable[0]?.alternativeIds.length).toBeGreaterThan(0);
    expect(change?.repriced).toEqual([
      expect.objectContaining({ productId: dearer.productId, unitPriceBefore: 3, unitPrice: 3.3 }),
    ]);
    const lines = new Map(moved.body.data.cartItems.map((i) => [i.product.productId, i]));
    expect(lines.get(gone.productId)?.available).toBe(false);
    expect(lines.get(dearer.productId)?.unitPrice).toBe(3.3);
    // back to the first store: available again, nothing else to say about the unchanged price
    const back = await callAs<Cart>(t.app, c.token, 'POST', api(`/store/select?store_id=${DRIVE_STORE}`));
    expect(back.body.data.storeChange?.unavailable).toEqual([]);
    expect(back.body.data.cartItems.every((i) => i.available)).toBe(true);
    // the same store again: no change to report
    const same = await callAs<Cart>(t.app, c.token, 'POST', api(`/store/select?store_id=${DRIVE_STORE}`));
    expect(same.body.data.storeChange).toBeUndefined();
  });

  it("another customer's address is refused and the cart does not move", async () => {
    const a = await checkoutCustomer(t);
    const b = await checkoutCustomer(t);
    const added = await callAs<{ address: { addressId: number } }>(
      t.app,
      b.token,
      'POST',
      api('/user-address/update'),
      {
        payload: {
          addressName: 'Casa',
          receiverName: 'Lucia Brambilla',
          address1: 'Via Carlo Cattaneo',
          addressNumber: '5',
          postalcode: '22100',
          city: 'Como',
          province: 'co',
          phone: '031 123456',
        },
      },
    );
    const foreign = added.body.data.address.addressId;
    expect(foreign).toBeGreaterThan(0);
    await callAs(t.app, a.token, 'POST', api(`/store/select?store_id=${DRIVE_STORE}`));
    const r = await callAs<Cart>(t.app, a.token, 'POST', api(`/user-address/select?address_id=${foreign}`));
    expect(r.body.response.status).not.toBe(0);
    const view = await callAs<Cart>(t.app, a.token, 'GET', api('/cart/view'));
    expect(view.body.data.warehouse.warehouseId).toBe(DRIVE_STORE);
  });
});

describe("the order's store", () => {
  it('a purchase takes the stock of its store only, and its cancellation gives it back there', async () => {
    const c = await checkoutCustomer(t);
    const p = await testProduct(t.db, { stock: 10, at: [DRIVE_STORE, OTHER_STORE] });
    const slot = await driveSlot(t.db, DAY);
    await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 4 }] });
    const bought = await buy(t, c.token, { payment_type_id: 2 });
    expect(bought.body.response.status).toBe(0);
    expect(await stockOf(t.db, p.productId, DRIVE_STORE)).toBe(6);
    expect(await stockOf(t.db, p.productId, OTHER_STORE)).toBe(10);
    const orderId = bought.body.data.order.orderId;
    const cancelled = await callAs(t.app, c.token, 'POST', api('/order/delete'), {
      payload: { order_id: orderId },
    });
    expect(cancelled.body.response.status).toBe(0);
    expect(await stockOf(t.db, p.productId, DRIVE_STORE)).toBe(10);
    expect(await stockOf(t.db, p.productId, OTHER_STORE)).toBe(10);
  });

  it('the last pieces at one store: a buyer there is refused by name while another store still has some', async () => {
    const c = await checkoutCustomer(t);
    const p = await testProduct(t.db, { stock: 10, at: [DRIVE_STORE, OTHER_STORE] });
    const slot = await driveSlot(t.db, DAY);
    await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 3 }] });
    await setStock(t.db, p.productId, 2, [DRIVE_STORE]);
    const refused = await buy(t, c.token, { payment_type_id: 2 });
    expect(refused.body.response.status).not.toBe(0);
    expect(refused.body.response.errors[0]?.error).toContain(p.name);
    expect(await stockOf(t.db, p.productId, DRIVE_STORE)).toBe(2);
    expect(await stockOf(t.db, p.productId, OTHER_STORE)).toBe(10);
  });
});
