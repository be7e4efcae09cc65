import type { AdminProduct } from '@spesa/shared/contracts/admin';
import type { Cart } from '@spesa/shared/contracts/cart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DRIVE_STORE, testProduct } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';

/**
 * A product's selling rules (productInfos) and the stores that sell it, edited in the back office (decision
 * 030): the shop and the cart follow at once; rules that do not fit the selling type, unknown stores, stale
 * edits and the wrong roles are refused and change nothing.
 */
let t: TestApp;
let manager: string;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp({ versionCheckMs: 0 });
  manager = await makeStaff(t, (await newCustomer(t, { tag: 'rules-cat' })).userId, [], 'catalogue_manager');
  admin = await makeStaff(t, (await newCustomer(t, { tag: 'rules-admin' })).userId, [], 'administrator');
});
afterAll(() => t?.close());

const st = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, api(path), { via: 'staff', ...(payload === undefined ? {} : { payload }) });

const read = async (id: number) =>
  (await st<{ data: AdminProduct }>(admin, 'GET', `/admin/products/${id}`)).body.data.data;

async function shopper(): Promise<string> {
  const c = await newCustomer(t, { tag: 'rules-shop' });
  const s = await callAs(t.app, c.token, 'POST', api(`/store/select?store_id=${DRIVE_STORE}`));
  expect(s.body.response.status).toBe(0);
  return c.token;
}

const add = (token: string, productId: number, quantity: number) =>
  callAs<Cart>(t.app, token, 'POST', api('/cart/add'), { payload: { items: [{ productId, quantity }] } });

describe('selling rules', () => {
  it('a catalogue manager sets packs of 2 and a line maximum: the shop sends them, the cart applies them, audited', async () => {
    const { productId } = await testProduct(t.db, { stock: 100 });
    const before = await read(productId);
    expect(before.sellingRules).toMatchObject({
      qtyMult: 1,
      qtyLocked: false,
      lineMax: null,
      boxItems: null,
    });
    const saved = await st<{ data: AdminProduct }>(manager, 'POST', `/admin/products/${productId}`, {
      updatedAt: before.updatedAt,
      sellingRules: { qtyMult: 2, qtyLocked: true, lineMax: 10, boxItems: 8 },
      extendedDescription: 'Confezione famiglia.',
    });
    expect(saved.body.response.status).toBe(0);
    expect(saved.body.data.data).toMatchObject({
      sellingRules: { qtyMult: 2, qtyLocked: true, lineMax: 10, boxItems: 8 },
      extendedDescription: 'Confezione famiglia.',
    });

    const shop = await callAs<{ productInfos: Record<string, string> }>(
      t.app,
      null,
      'GET',
      api(`/products?product_id=${productId}`),
    );
    expect(shop.body.data.productInfos).toMatchObject({
      QTY_MULT: '2',
      QTY_LOCKED: 'true',
      MAXACQ: '10',
      ENABLE_ACQ_BOX: 'true',
      LOGISTIC_PACKAGING_ITEMS: '8',
      EXTENDED_DESCRIPTION: 'Confezione famiglia.',
    });

    const token = await shopper();
    expect((await add(token, productId, 3)).body.response.status).not.toBe(0);
    expect((await add(token, productId, 12)).body.response.status).not.toBe(0);
    const ok = await add(token, productId, 4);
    expect(ok.body.response.status).toBe(0);
    expect(ok.body.data.cartItems.find((i) => i.product.productId === productId)?.quantity).toBe(4);

    // back to the defaults: the keys leave productInfos
    const reset = await st<{ data: AdminProduct }>(manager, 'POST', `/admin/products/${productId}`, {
      updatedAt: saved.body.data.data.updatedAt,
      sellingRules: { qtyMult: 1, qtyLocked: false, lineMax: null, boxItems: null },
      extendedDescription: null,
    });
    expect(reset.body.data.data).toMatchObject({
      sellingRules: { qtyMult: 1, qtyLocked: false, lineMax: null, boxItems: null },
      extendedDescription: null,
    });
    const again = await callAs<{ productInfos: Record<string, string> }>(
      t.app,
      null,
      'GET',
      api(`/products?product_id=${productId}`),
    );
    for (const key of ['QTY_MULT', 'QTY_LOCKED', 'MAXACQ', 'ENABLE_ACQ_BOX', 'EXTENDED_DESCRIPTION'])
      expect(again.body.data.productInfos[key], key).toBeUndefined();

    const audit = await st<{ data: Array<Record<string, unknown>> }>(
      admin,
      'GET',
      `/admin/audit?resource=products&order=DESC&perPage=5`,
    );
    expect(audit.body.data.data.find((e) => e.resourceId === String(productId))).toMatchObject({
      action: 'update',
      allowed: true,
      before: expect.objectContaining({ sellingRules: expect.objectContaining({ qtyMult: 2 }) }),
      after: expect.objectContaining({ sellingRules: expect.objectContaining({ qtyMult: 1 }) }),
    });
  });

  it('refuses rules that do not fit the selling type, and bad input, changing nothing', async () => {
    const pieces = await read((await testProduct(t.db, { stock: 50 })).productId);
    const loose = await read((await testProduct(t.db, { stock: 50, sellingType: 'Sfuso' })).productId);
    const refusals: Array<[AdminProduct, Record<string, unknown>, string]> = [
      [pieces, { sellingRules: { weightSelling: 500 } }, 'msg.admin.rules.looseOnly'],
      [loose, { sellingRules: { qtyMult: 6 } }, 'msg.admin.rules.piecesOnly'],
      [loose, { sellingRules: { boxItems: 12 } }, 'msg.admin.rules.piecesOnly'],
      [pieces, { sellingRules: { qtyMult: 4, boxItems: 10 } }, 'msg.admin.rules.boxMultiple'],
      [pieces, { minAcq: 5, sellingRules: { lineMax: 3 } }, 'msg.admin.rules.lineBelowMin'],
      [pieces, { notSoldAt: [1] }, 'msg.admin.storeNotFound'],
      [pieces, { notSoldAt: [99999] }, 'msg.admin.storeNotFound'],
    ];
    for (const [product, edit, code] of refusals) {
      const res = await st(manager, 'POST', `/admin/products/${product.id}`, {
        updatedAt: product.updatedAt,
        ...edit,
      });
      expect(res.body.response.errors[0]?.code, JSON.stringify(edit)).toBe(code);
    }
    for (const body of [
      { sellingRules: { qtyMult: 0 } },
      { sellingRules: { qtyMult: 2.5 } },
      { sellingRules: { weightSelling: 5 } },
      { sellingRules: { lineMax: -1 } },
      { minAcq: 0 },
      { notSoldAt: ['abc'] },
      { notSoldAt: 13 },
      { extendedDescription: 'x'.repeat(2001) },
    ]) {
      const res = await st(manager, 'POST', `/admin/products/${pieces.id}`, {
        updatedAt: pieces.updatedAt,
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await read(pieces.id)).toEqual(pieces);
    expect(await read(loose.id)).toEqual(loose);
    // a loose product's weights are accepted
    const weights = await st<{ data: AdminProduct }>(manager, 'POST', `/admin/products/${loose.id}`, {
      updatedAt: loose.updatedAt,
      sellingRules: { weightSelling: 300, stepSelling: 50 },
    });
    expect(weights.body.data.data.sellingRules).toMatchObject({ weightSelling: 300, stepSelling: 50 });
  });
});

describe('the stores that sell a product', () => {
  it("a store that does not sell it refuses it in its carts and marks a line already there; other stores' carts take it", async () => {
    const { productId } = await testProduct(t.db, { stock: 100 });
    const here = await shopper();
    expect((await add(here, productId, 1)).body.response.status).toBe(0);

    const stores = await st<{ data: Array<{ id: number }> }>(manager, 'GET', '/admin/stores');
    expect(stores.body.data.data.map((s) => s.id)).toContain(DRIVE_STORE);
    const before = await read(productId);
    const saved = await st<{ data: AdminProduct }>(manager, 'POST', `/admin/products/${productId}`, {
      updatedAt: before.updatedAt,
      notSoldAt: [DRIVE_STORE],
    });
    expect(saved.body.data.data.notSoldAt).toEqual([DRIVE_STORE]);
    expect(saved.body.data.data.updatedAt).not.toBe(before.updatedAt);

    const cart = await callAs<Cart>(t.app, here, 'GET', api('/cart/view'));
    const line = cart.body.data.cartItems.find((i) => i.product.productId === productId);
    expect(line?.available).toBe(false);
    expect(cart.body.data.grossTotal).toBe(0);
    expect((await add(await shopper(), productId, 1)).body.response.status).not.toBe(0);

    const elsewhere = await newCustomer(t, { tag: 'rules-elsewhere' });
    expect((await add(elsewhere.token, productId, 1)).body.response.status).toBe(0);

    // sold again everywhere: the line is back
    await st(manager, 'POST', `/admin/products/${productId}`, {
      updatedAt: saved.body.data.data.updatedAt,
      notSoldAt: [],
    });
    const back = await callAs<Cart>(t.app, here, 'GET', api('/cart/view'));
    expect(back.body.data.cartItems.find((i) => i.product.productId === productId)?.available).toBe(true);
  });

  it('only catalogue writers change it: customer service and pickers are refused, nothing changed', async () => {
    const { productId } = await testProduct(t.db, { stock: 10 });
    const before = await read(productId);
    const service = await makeStaff(
      t,
      (await newCustomer(t, { tag: 'rules-cs' })).userId,
      [],
      'customer_service',
    );
    const picker = await makeStaff(
      t,
      (await newCustomer(t, { tag: 'rules-pk' })).userId,
      [DRIVE_STORE],
      'picker',
    );
    const customer = await newCustomer(t, { tag: 'rules-cust' });
    const body = { updatedAt: before.updatedAt, notSoldAt: [DRIVE_STORE], sellingRules: { qtyMult: 2 } };
    expect((await st(service, 'POST', `/admin/products/${productId}`, body)).statusCode).toBe(403);
    expect((await st(picker, 'POST', `/admin/products/${productId}`, body)).statusCode).toBe(403);
    expect((await st(picker, 'GET', `/admin/products/${productId}`)).statusCode).toBe(403);
    expect(
      (await callAs(t.app, customer.token, 'POST', api(`/admin/products/${productId}`), { payload: body }))
        .statusCode,
    ).toBe(401);
    expect(await read(productId)).toEqual(before);
  });
});
