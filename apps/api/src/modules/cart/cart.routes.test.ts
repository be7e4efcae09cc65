import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartApi, lineOf, pickers, type PickedProduct } from '../../../test/cart-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, DEMO_PASSWORD, login, type TestApp } from '../../../test/helper';
import { queryRows } from '../../db/rows';
import { bumpCatalogueVersion } from '../catalogue/catalogue.service';
import { CartRepository } from './cart.repository';

/** The cart's lines: pieces, packs, loose by weight, options, promotions, totals, infos, sectors. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 } });
});
afterAll(async () => {
  await t.close();
});

const customer = async () => cartApi(t, (await newCustomer(t, { tag: 'cart' })).token);
const cents = (euro: number) => Math.round(euro * 100);

describe('anonymous carts are not allowed by default', () => {
  it.each([
    ['GET', '/cart/view'],
    ['POST', '/cart/add'],
    ['POST', '/cart/update'],
    ['POST', '/cart/delete'],
    ['POST', '/cart/update-cart-info'],
    ['POST', '/cart/update-infos'],
    ['POST', '/cart/close'],
    ['GET', '/cart/purchase-restriction'],
  ] as const)('%s %s answers the 401 envelope', async (method, path) => {
    const res = await callAs(
      t.app,
      null,
      method,
      `/ebsn/api${path}`,
      method === 'POST' ? { payload: {} } : {},
    );
    expect(res.statusCode).toBe(401);
    expect(res.body.response.status).toBe(401);
    expect(res.body.response.errors[0]?.code).toBe('msg.auth.required');
  });

  it('with ANONYMOUS_CART=true an anonymous visitor sees an empty cart (changes still need login)', async () => {
    const open = await buildTestApp({ env: { ANONYMOUS_CART: 'true' } });
    try {
      const view = await callAs<{ cartItems: unknown[]; user: { userId: number } }>(
        open.app,
        null,
        'GET',
        '/ebsn/api/cart/view',
      );
      expect(view.statusCode).toBe(200);
      expect(view.body.data).toMatchObject({ cartItems: [], user: { userId: -1 } });
      const add = await callAs(open.app, null, 'POST', '/ebsn/api/cart/add', {
        payload: { items: [{ productId: 1, quantity: 1 }] },
      });
      expect(add.statusCode).toBe(401);
    } finally {
      await open.close();
    }
  });
});

describe('pieces', () => {
  let p: PickedProduct;
  beforeAll(async () => {
    p = await pickers.piece(t.db);
  });

  it('adds, adds again to the same line, updates and removes; every answer is the whole cart', async () => {
    const c = await customer();
    const first = await c.add([{ productId: p.productId, quantity: 2 }]);
    expect(first.body.response.status).toBe(0);
    expect(first.body.response.infosMessage[0]).toContain(p.name);
    const line = lineOf(first.body, p.productId);
    expect(line).toMatchObject({ quantity: 2, weight: null, available: true });
    expect(cents(line?.grossTotal ?? 0)).toBe(2 * p.priceCents);
    expect(first.body.data.totalItems).toBe(1);

    const again = await c.add([{ productId: p.productId, quantity: 1 }]);
    expect(again.body.data.cartItems).toHaveLength(1);
    expect(lineOf(again.body, p.productId)?.quantity).toBe(3);

    const itemId = line?.itemId;
    const updated = await c.update([{ itemId, quantity: 5 }]);
    expect(updated.body.response.status).toBe(0);
    expect(lineOf(updated.body, p.productId)?.quantity).toBe(5);
    expect(cents(updated.body.data.totalPrice)).toBe(5 * p.priceCents);
    expect(cents(updated.body.data.grossTotal)).toBe(5 * p.priceCents + cents(updated.body.data.deliveryFee));

    const zero = await c.update([{ itemId, quantity: 0 }]);
    expect(zero.body.response.status).toBe(0);
    expect(zero.body.data.cartItems).toEqual([]);
    expect(zero.body.data.totalPrice).toBe(0);
  });

  it('the cart is the same from another session of the customer (another device)', async () => {
    const who = await newCustomer(t, { tag: 'cart-devices' });
    await cartApi(t, who.token).add([{ productId: p.productId, quantity: 4 }]);
    const other = await login(t.app, who.email, DEMO_PASSWORD);
    const token = other.cookie ?? who.token;
    const view = await cartApi(t, token).view();
    expect(lineOf(view.body, p.productId)?.quantity).toBe(4);
  });

  it('forged price fields in the request are ignored: the server prices the line', async () => {
    const c = await customer();
    const res = await c.add([
      { productId: p.productId, quantity: 1, price: 0.01, priceDisplay: 0, grossTotal: 0, unitPrice: 0 },
    ]);
    expect(res.body.response.status).toBe(0);
    expect(cents(lineOf(res.body, p.productId)?.unitPrice ?? 0)).toBe(p.priceCents);
    expect(cents(res.body.data.totalPrice)).toBe(p.priceCents);
  });

  it('delete by item id and by product id', async () => {
    const c = await customer();
    const added = await c.add([{ productId: p.productId, quantity: 1 }]);
    const itemId = lineOf(added.body, p.productId)?.itemId;
    const del = await c.remove([{ itemId }]);
    expect(del.body.response.status).toBe(0);
    expect(del.body.data.cartItems).toEqual([]);
    await c.add([{ productId: p.productId, quantity: 1 }]);
    const byProduct = await c.remove([{ productId: p.productId }]);
    expect(byProduct.body.data.cartItems).toEqual([]);
    const again = await c.remove([{ productId: p.productId }]);
    expect(again.body.response.status).not.toBe(0);
    expect(again.body.response.errors[0]?.code).toBe('msg.cart.itemNotFound');
  });
});

describe('packs of 6 (QTY_MULT 6, locked)', () => {
  it('6 and 12 are accepted, 7 is refused with the multiple message, the cart keeps what it had', async () => {
    const p = await pickers.lockedPack6(t.db);
    const c = await customer();
    const six = await c.add([{ productId: p.productId, quantity: 6 }]);
    expect(lineOf(six.body, p.productId)?.quantity).toBe(6);
    const more = await c.add([{ productId: p.productId, quantity: 6 }]);
    expect(lineOf(more.body, p.productId)?.quantity).toBe(12);
    const seven = await c.update([{ itemId: lineOf(more.body, p.productId)?.itemId, quantity: 7 }]);
    expect(seven.body.response.status).toBe(1);
    expect(seven.body.response.errors[0]).toMatchObject({ code: 'errors.qtyMultiple' });
    expect(seven.body.response.errorsMessage[0]).toContain('La quantità deve essere un multiplo di 6');
    expect(lineOf(seven.body, p.productId)?.quantity).toBe(12);
    expect(cents(seven.body.data.totalPrice)).toBe(12 * p.priceCents);
  });
});

describe('loose by weight (Sfuso) through its steps', () => {
  it('500 g, then +100 g steps, decimal weights kept exactly; below 500 g refused', async () => {
    const p = await pickers.loose500by100(t.db);
    const c = await customer();
    const first = await c.add([{ productId: p.productId, quantity: 0.5 }]);
    expect(first.body.response.status).toBe(0);
    const line = lineOf(first.body, p.productId);
    expect(line).toMatchObject({ quantity: 0.5, weight: 0.5 });
    let q = 0.5;
    for (const expected of [0.6, 0.7, 0.8]) {
      const step = await c.add([{ productId: p.productId, quantity: 0.1 }]);
      expect(step.body.response.status).toBe(0);
      q = lineOf(step.body, p.productId)?.quantity ?? 0;
      expect(q).toBe(expected);
    }
    const down = await c.update([{ itemId: line?.itemId, quantity: 0.7 }]);
    expect(lineOf(down.body, p.productId)?.quantity).toBe(0.7);
    expect(cents(lineOf(down.body, p.productId)?.grossTotal ?? 0)).toBe(Math.round(0.7 * p.priceCents));
    const below = await c.update([{ itemId: line?.itemId, quantity: 0.4 }]);
    expect(below.body.response.errors[0]?.code).toBe('errors.minAcq');
    expect(below.body.response.errorsMessage[0]).toContain('La quantità minima acquistabile è 500 g');
    const tiny = await c.add([{ productId: p.productId, weight: 0.0001, quantity: 0 }]);
    expect(tiny.body.response.status).toBe(1);
    expect(lineOf(tiny.body, p.productId)?.quantity).toBe(0.7);
  });

  it('a 1500 g piece stays 1.5 kg (never 2), then 3 kg', async () => {
    const p = await pickers.looseBy1500(t.db);
    const c = await customer();
    const one = await c.add([{ productId: p.productId, quantity: 1.5 }]);
    expect(lineOf(one.body, p.productId)?.weight).toBe(1.5);
    const two = await c.add([{ productId: p.productId, quantity: 1.5 }]);
    expect(lineOf(two.body, p.productId)?.quantity).toBe(3);
    const off = await c.update([{ itemId: lineOf(two.body, p.productId)?.itemId, quantity: 2 }]);
    expect(off.body.response.errors[0]?.code).toBe('errors.qtyStep');
    const view = await c.view();
    expect(lineOf(view.body, p.productId)?.quantity).toBe(3);
  });
});

describe('availability, maximum, options, promotions', () => {
  it('an unavailable product is refused with the availability code (popup)', async () => {
    const p = await pickers.unavailable(t.db);
    const c = await customer();
    const res = await c.add([{ productId: p.productId, quantity: 1 }]);
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).toBe(1);
    expect(res.body.response.errors[0]).toMatchObject({ code: 'msg.cart.availability.errors' });
    expect(res.body.response.errorsMessage[0]).toContain('Prodotto non disponibile');
    expect(res.body.data.cartItems).toEqual([]);
  });

  it('an unknown product answers not found with the cart', async () => {
    const res = await (await customer()).add([{ productId: 2_000_000_000, quantity: 1 }]);
    expect(res.body.response.status).toBe(404);
    expect(res.body.response.errors[0]?.code).toBe('msg.product.notFound');
    expect(res.body.data.cartItems).toEqual([]);
  });

  it('MAXACQ caps a line; the daily limit counts today’s orders (orders port)', async () => {
    const p = await pickers.limited(t.db);
    const max = Number(p.infos.MAXACQ ?? p.maxAcq);
    const c = await customer();
    const over = await c.add([{ productId: p.productId, quantity: max + 1 }]);
    expect(over.body.response.errors[0]?.code).toBe('errors.maxAcq');
    expect(over.body.response.errorsMessage[0]).toContain(`La quantità massima acquistabile è ${max} pz`);
    const atMax = await c.add([{ productId: p.productId, quantity: max }]);
    expect(atMax.body.response.status).toBe(0);

    const withOrders = await buildTestApp({
      env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 },
      dailyPurchases: { orderedOn: async (_u, productId) => (productId === p.productId ? max - 1 : 0) },
    });
    try {
      const who = await newCustomer(withOrders, { tag: 'cart-daily' });
      const api = cartApi(withOrders, who.token);
      expect((await api.add([{ productId: p.productId, quantity: 1 }])).body.response.status).toBe(0);
      const daily = await api.add([{ productId: p.productId, quantity: 1 }]);
      expect(daily.body.response.errors[0]?.code).toBe('msg.cart.availability.errors');
      expect(daily.body.response.errorsMessage[0]).toContain(
        'Hai superato la quantità massima giornaliera acquistabile per questo articolo',
      );
      const restriction = await callAs<{ restrictions: Array<Record<string, unknown>> }>(
        withOrders.app,
        who.token,
        'GET',
        '/ebsn/api/cart/purchase-restriction',
      );
      expect(restriction.body.data.restrictions).toEqual([
        expect.objectContaining({
          productId: p.productId,
          limit: max,
          inCart: 1,
          inOrders: max - 1,
          remaining: 0,
        }),
      ]);
    } finally {
      await withOrders.close();
    }
  });

  it('options: every option must be chosen with one of its keys; the line remembers them', async () => {
    const p = await pickers.withOptions(t.db);
    const c = await customer();
    const quantity = Number(p.infos.WEIGHT_SELLING ?? '1000') / 1000;
    const none = await c.add([{ productId: p.productId, quantity }]);
    expect(none.body.response.errors[0]?.code).toBe('msg.cart.optionsRequired');
    expect(none.body.response.errorsMessage[0]).toBe('È necessario selezionare tutte le opzioni.');
    const bad = await c.add([{ productId: p.productId, quantity, params: { TAGLIO: "x' OR 1=1" } }]);
    expect(bad.body.response.errors[0]?.code).toBe('msg.cart.optionInvalid');
    const extra = await c.add([{ productId: p.productId, quantity, params: { TAGLIO: 'sottile', X: 'y' } }]);
    expect(extra.body.response.errors[0]?.code).toBe('msg.cart.optionInvalid');
    const thin = await c.add([{ productId: p.productId, quantity, params: { TAGLIO: 'sottile' } }]);
    expect(thin.body.response.status).toBe(0);
    const whole = await c.add([{ productId: p.productId, quantity, params: { TAGLIO: 'intero' } }]);
    const lines = whole.body.data.cartItems.filter((i) => i.product.productId === p.productId);
    expect(lines.map((l) => l.params.TAGLIO).sort()).toEqual(['intero', 'sottile']);
    expect(lines[0]?.product.selectOptions[0]?.selected).toBe(lines[0]?.params.TAGLIO);
  });

  it("today's promotion prices the line; a non-selectable promotion cannot be 'chosen'", async () => {
    const p = await pickers.promoted(t.db);
    const c = await customer();
    const product = await callAs<{ priceDisplay: number; warehousePromo?: { warehousePromoId: number } }>(
      t.app,
      null,
      'GET',
      `/ebsn/api/products?product_id=${p.productId}`,
    );
    const res = await c.add([{ productId: p.productId, quantity: 2 }]);
    const line = lineOf(res.body, p.productId);
    expect(cents(line?.unitPrice ?? 0)).toBe(cents(product.body.data.priceDisplay));
    expect(cents(line?.unitPriceStandard ?? 0)).toBe(p.priceCents);
    expect(line?.warehousePromo?.warehousePromoId).toBe(product.body.data.warehousePromo?.warehousePromoId);
    expect(cents(res.body.data.totalDiscount)).toBe(
      2 * p.priceCents - 2 * cents(product.body.data.priceDisplay),
    );
    const chosen = await c.add([
      {
        productId: p.productId,
        quantity: 1,
        warehousePromoId: product.body.data.warehousePromo?.warehousePromoId,
      },
    ]);
    expect(chosen.body.response.errors[0]?.code).toBe('msg.cart.promoInvalid');
  });

  it('a selectable promotion (seeded loyalty-card discount) applies only to the line of a card holder that chose it', async () => {
    const p = await pickers.selectablePromo(t.db);
    const product = await callAs<{ warehousePromo?: { warehousePromoId: number; selectable: boolean } }>(
      t.app,
      null,
      'GET',
      `/ebsn/api/products?product_id=${p.productId}`,
    );
    const promo = product.body.data.warehousePromo;
    expect(promo?.selectable).toBe(true);
    // a card offer is for card holders (decision 032): this customer links a loyalty card
    const holder = await newCustomer(t, { tag: 'cart-card' });
    const card = `26${String(holder.userId).padStart(11, '0')}`;
    await t.db.execute(
      sql`INSERT INTO loyalty_cards (card_number, card_type, holder_last_name) VALUES (${card}, 'fidelity', 'Cliente')`,
    );
    await t.db.execute(sql`UPDATE users SET card_number = ${card} WHERE user_id = ${holder.userId}`);
    const c = cartApi(t, holder.token);
    const plain = await c.add([{ productId: p.productId, quantity: 1 }]);
    expect(cents(lineOf(plain.body, p.productId)?.unitPrice ?? 0)).toBe(p.priceCents);
    const chosen = await c.add([
      { productId: p.productId, quantity: 1, warehousePromoId: promo?.warehousePromoId },
    ]);
    expect(chosen.body.response.status).toBe(0);
    const line = lineOf(chosen.body, p.productId);
    expect(line?.warehousePromo?.warehousePromoId).toBe(promo?.warehousePromoId);
    expect(cents(line?.unitPrice ?? 0)).toBeLessThan(p.priceCents);
  });
});

describe("the cart's products: read with the cart, the rest from the snapshot", () => {
  it('stock and availability are read with the cart every time; a name changed by a catalogue write shows at once', async () => {
    const p = (await pickers.pieces(t.db, 40))[39] as PickedProduct;
    const c = await customer();
    const first = await c.add([{ productId: p.productId, quantity: 1 }]);
    expect(first.body.response.status).toBe(0);
    expect(lineOf(first.body, p.productId)).toMatchObject({ quantity: 1, available: true });
    try {
      // another process sells the last pieces: no catalogue version moves, the next add sees it
      await t.db.execute(sql`UPDATE product_stock SET stock = 0 WHERE product_id = ${p.productId}`);
      const out = await c.add([{ productId: p.productId, quantity: 1 }]);
      expect(out.body.response.status).toBe(1);
      expect(out.body.response.errors[0]).toMatchObject({ code: 'msg.cart.availability.errors' });
      expect(lineOf(out.body, p.productId)).toMatchObject({ quantity: 1, available: false });
      expect(out.body.data.totalPrice).toBe(0);
    } finally {
      await t.db.execute(
        sql`UPDATE product_stock SET stock = ${p.stock.toFixed(3)}::numeric WHERE product_id = ${p.productId}`,
      );
    }
    try {
      // a catalogue write renames it (as the back office does: the version moves in the same commit)
      await t.db.execute(
        sql`UPDATE products SET name = name || ' nuova ricetta' WHERE product_id = ${p.productId}`,
      );
      await bumpCatalogueVersion(t.db);
      const renamed = await c.add([{ productId: p.productId, quantity: 1 }]);
      expect(renamed.body.response.status).toBe(0);
      const line = lineOf(renamed.body, p.productId);
      expect(line).toMatchObject({ quantity: 2, available: true });
      expect(line?.product.name).toBe(`${p.name} nuova ricetta`);
      expect(renamed.body.response.infosMessage[0]).toContain('nuova ricetta');
    } finally {
      await t.db.execute(sql`UPDATE products SET name = ${p.name} WHERE product_id = ${p.productId}`);
      await bumpCatalogueVersion(t.db);
    }
  });
});

describe("an add's cart read with the session's statement, once the body is parsed", () => {
  it("each customer's own cart only; the first available slot as cart/view shows it; a dead session changes nothing (419)", async () => {
    const [p, q] = (await pickers.pieces(t.db, 42)).slice(40) as [PickedProduct, PickedProduct];
    const a = await newCustomer(t, { tag: 'cart' });
    const b = await newCustomer(t, { tag: 'cart' });
    const ca = cartApi(t, a.token);
    const cb = cartApi(t, b.token);
    await callAs(t.app, a.token, 'POST', '/ebsn/api/store/select?store_id=13');
    await callAs(t.app, b.token, 'POST', '/ebsn/api/store/select?store_id=13');
    expect((await ca.add([{ productId: p.productId, quantity: 1 }])).body.response.status).toBe(0);
    expect((await cb.add([{ productId: q.productId, quantity: 3 }])).body.response.status).toBe(0);
    const again = await ca.add([{ productId: p.productId, quantity: 2 }]);
    expect(again.body.response.status).toBe(0);
    expect(again.body.data.cartItems.map((i) => [i.product.productId, i.quantity])).toEqual([
      [p.productId, 3],
    ]);
    const other = await cb.add([{ productId: p.productId, quantity: 1 }]);
    expect(other.body.data.cartItems.map((i) => [i.product.productId, i.quantity])).toEqual([
      [q.productId, 3],
      [p.productId, 1],
    ]);
    // no slot chosen: the answer shows the first available one, as cart/view does
    const view = await ca.view();
    expect(again.body.data.timeslot).toMatchObject({ autoAssigned: true });
    expect(again.body.data.timeslot).toEqual(view.body.data.timeslot);

    await callAs(t.app, a.token, 'POST', '/ebsn/api/auth/logout');
    const dead = await ca.add([{ productId: q.productId, quantity: 1 }]);
    expect(dead.statusCode).toBe(419);
    expect(dead.body.response.errors[0]?.code).toBe('msg.session.expired');
    expect(dead.cookies.find((c) => c.name === 'X-Ebsn-Account')?.value).toBe('');
    const lines = await queryRows<{ productId: number; quantity: number }>(
      t.db,
      sql`SELECT i.product_id AS "productId", i.quantity::float8 AS quantity
          FROM cart_items i JOIN carts c ON c.cart_id = i.cart_id
          WHERE c.user_id = ${a.userId} AND c.closed_at IS NULL ORDER BY i.item_id`,
    );
    expect(lines).toEqual([{ productId: p.productId, quantity: 3 }]);
  });

  it('a body that is not valid: the Italian 400, nothing written, never a 500 (also without a live session)', async () => {
    const p = (await pickers.pieces(t.db, 43))[42] as PickedProduct;
    const c = await customer();
    expect((await c.add([{ productId: p.productId, quantity: 1 }])).body.response.status).toBe(0);
    for (const items of [
      [{ productId: 2_147_483_648, quantity: 1 }],
      [{ productId: 0, quantity: 1 }],
      [{ productId: 'abc', quantity: 1 }],
      [],
    ]) {
      const bad = await c.add(items);
      expect(bad.statusCode).toBe(400);
      expect(bad.body.response.status).toBe(2);
      expect(bad.body.response.errors[0]?.error).toMatch(/non è valid/);
    }
    const noBody = await c.raw('POST', '/cart/add', undefined);
    expect(noBody.statusCode).toBe(400);
    expect(noBody.body.response.status).toBe(2);
    for (const token of [null, 'x'.repeat(40)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/ebsn/api/cart/add',
        headers: { 'content-type': 'application/json', ...(token ? { 'x-ebsn-account': token } : {}) },
        payload: '{"items": [',
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body).response.errors[0]?.error).toBe('La richiesta non è valida.');
    }
    const view = await c.view();
    expect(view.body.data.cartItems.map((i) => [i.product.productId, i.quantity])).toEqual([
      [p.productId, 1],
    ]);
  });
});

describe('infos, sectors, close', () => {
  it("need_invoice as the string 'true'; accept_alternatives per line; unknown properties refused", async () => {
    const p = await pickers.piece(t.db);
    const c = await customer();
    const added = await c.add([
      { productId: p.productId, quantity: 1, infos: { accept_alternatives: true } },
    ]);
    const line = lineOf(added.body, p.productId);
    expect(line?.cartItemInfo.accept_alternatives).toBe('true');
    const inv = await c.cartInfo('need_invoice', true);
    expect(inv.body.response.status).toBe(0);
    expect(inv.body.data.cartInfos).toEqual({ need_invoice: 'true' });
    const bad = await c.cartInfo('is_admin', 'true');
    expect(bad.body.response.errors[0]?.code).toBe('msg.cart.infoInvalid');
    const notFlag = await c.cartInfo('need_invoice', 'maybe');
    expect(notFlag.body.response.errors[0]?.code).toBe('msg.cart.infoInvalid');
    const upd = await c.infos([{ itemId: line?.itemId, infos: { accept_alternatives: 'false' } }]);
    expect(lineOf(upd.body, p.productId)?.cartItemInfo.accept_alternatives).toBe('false');
  });

  it('a preferred substitute per line: another product of the same shelf only; another customer’s line is not found', async () => {
    const p = await pickers.piece(t.db);
    const [sameShelf, otherShelf] = await queryRows<{ id: number }>(
      t.db,
      sql`(SELECT product_id AS id FROM products
           WHERE category_id = (SELECT category_id FROM products WHERE product_id = ${p.productId})
             AND product_id <> ${p.productId} AND active ORDER BY product_id LIMIT 1)
          UNION ALL
          (SELECT product_id AS id FROM products
           WHERE category_id <> (SELECT category_id FROM products WHERE product_id = ${p.productId})
             AND active ORDER BY product_id LIMIT 1)`,
    );
    const c = await customer();
    const line = lineOf((await c.add([{ productId: p.productId, quantity: 1 }])).body, p.productId)!;
    const named = await c.infos([
      { itemId: line.itemId, infos: { preferred_substitute: String(sameShelf!.id) } },
    ]);
    expect(named.body.response.status).toBe(0);
    expect(lineOf(named.body, p.productId)?.cartItemInfo.preferred_substitute).toBe(String(sameShelf!.id));
    for (const wrong of [String(otherShelf!.id), String(p.productId), '999999']) {
      const refused = await c.infos([{ itemId: line.itemId, infos: { preferred_substitute: wrong } }]);
      expect(refused.body.response.errors[0]?.code, wrong).toBe('msg.cart.substituteInvalid');
      expect(lineOf(refused.body, p.productId)?.cartItemInfo.preferred_substitute).toBe(
        String(sameShelf!.id),
      );
    }
    const notDigits = await c.infos([{ itemId: line.itemId, infos: { preferred_substitute: 'abc' } }]);
    expect(notDigits.statusCode).toBe(400);
    const someoneElse = await customer();
    const stranger = await someoneElse.infos([
      { itemId: line.itemId, infos: { preferred_substitute: String(sameShelf!.id) } },
    ]);
    expect(stranger.body.response.errors[0]?.code).toBe('msg.cart.itemNotFound');
    const cleared = await c.infos([{ itemId: line.itemId, infos: { preferred_substitute: '' } }]);
    expect(lineOf(cleared.body, p.productId)?.cartItemInfo.preferred_substitute).toBe('');
  });

  it('show_sectors groups the lines by department', async () => {
    const [a, b] = [await pickers.piece(t.db), await pickers.loose500by100(t.db)];
    const c = await customer();
    await c.add([
      { productId: a.productId, quantity: 1 },
      { productId: b.productId, quantity: 0.5 },
    ]);
    const view = await c.view('?show_sectors=true');
    const sectors = view.body.data.sectors ?? [];
    expect(sectors.flatMap((s) => s.cartItems.map((i) => i.product.productId)).sort()).toEqual(
      [a.productId, b.productId].sort(),
    );
    for (const s of sectors) for (const i of s.cartItems) expect(i.sectorId).toBe(s.sectorId);
    expect((await c.view()).body.data.sectors).toBeUndefined();
  });

  it('close: the next call opens a new, empty cart; another cart id is not found', async () => {
    const p = await pickers.piece(t.db);
    const c = await customer();
    const added = await c.add([{ productId: p.productId, quantity: 1 }]);
    const wrong = await c.close(added.body.data.cartId + 100_000);
    expect(wrong.body.response.errors[0]?.code).toBe('msg.cart.notFound');
    const closed = await c.close(added.body.data.cartId);
    expect(closed.body.response.status).toBe(0);
    expect(closed.body.data.cartId).not.toBe(added.body.data.cartId);
    expect(closed.body.data.cartItems).toEqual([]);
  });
});

describe('a cart locked for payment (status 7)', () => {
  const LOCKED = {
    code: 'msg.cart.lockedForPayment',
    text: 'Il carrello è in fase di pagamento: non è possibile modificarlo.',
  };

  it('refuses every line change with its own message first, and keeps its lines', async () => {
    const [p, other] = [await pickers.piece(t.db), await pickers.loose500by100(t.db)];
    const c = await customer();
    const added = await c.add([{ productId: p.productId, quantity: 2 }]);
    const line = lineOf(added.body, p.productId);
    await new CartRepository(t.db).setStatus(added.body.data.cartId, 7);
    const changes = [
      await c.add([{ productId: other.productId, quantity: 0.5 }]),
      // a product that does not exist: the lock is told, not the missing product
      await c.add([{ productId: 2147483000, quantity: 1 }]),
      await c.update([{ itemId: line?.itemId, quantity: 3 }]),
      await c.update([{ itemId: line?.itemId, quantity: 0 }]),
      await c.remove([{ itemId: line?.itemId }]),
      await c.remove([{ productId: p.productId }]),
      await c.cartInfo('notes', 'citofono rotto'),
      await c.infos([{ itemId: line?.itemId, infos: { notes: 'ben maturi' } }]),
      await c.close(added.body.data.cartId),
      await c.close(added.body.data.cartId + 100_000),
    ];
    for (const res of changes) {
      expect(res.body.response.status).toBe(1);
      expect(res.body.response.errors).toEqual([{ error: LOCKED.text, code: LOCKED.code }]);
      expect(res.body.data.cartId).toBe(added.body.data.cartId);
      expect(res.body.data.cartItems.map((i) => [i.product.productId, i.quantity])).toEqual([
        [p.productId, 2],
      ]);
    }
    expect((await c.view()).body.data.cartInfos).toEqual({});
  });
});
