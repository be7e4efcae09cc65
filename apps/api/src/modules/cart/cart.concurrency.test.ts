import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { cartApi, lineOf, pickers } from '../../../test/cart-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, DEMO_PASSWORD, login, type TestApp } from '../../../test/helper';

/**
 * Two sessions of one customer changing the cart at once, and hostile input on every cart call: the cart
 * stays consistent (one line per product, every accepted add counted, never more than the stock), and every
 * answer is the envelope, never a 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 } });
});
afterAll(async () => {
  await t.close();
});

async function twoSessions() {
  const who = await newCustomer(t, { tag: 'cart-race' });
  const second = await login(t.app, who.email, DEMO_PASSWORD);
  if (!second.cookie) throw new Error('second login failed');
  return [cartApi(t, who.token), cartApi(t, second.cookie)] as const;
}

/** The customer's cart, opened by a first view. */
async function openCart(cart: { view: () => Promise<unknown> }, userId: number): Promise<{ cartId: number }> {
  await cart.view();
  const [open] = await queryRows<{ cartId: number }>(
    t.db,
    sql`SELECT cart_id AS "cartId" FROM carts WHERE user_id = ${userId} AND closed_at IS NULL`,
  );
  if (!open) throw new Error('no open cart');
  return open;
}

/**
 * The purchase's lock after `delayMs`: the cart row FOR UPDATE, the lines it holds counted, then status 7.
 * Answers the lines the lock saw.
 */
async function paymentLock(cartId: number, delayMs: number): Promise<number> {
  await new Promise((r) => setTimeout(r, delayMs));
  return t.db.transaction(async (tx) => {
    await queryRows(tx, sql`SELECT 1 FROM carts WHERE cart_id = ${cartId} FOR UPDATE`);
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM cart_items WHERE cart_id = ${cartId}`,
    );
    await tx.execute(sql`UPDATE carts SET cart_status_id = 7 WHERE cart_id = ${cartId}`);
    return row?.n ?? -1;
  });
}

describe('concurrency', () => {
  it('20 parallel adds from two sessions: one line, every add counted', async () => {
    const p = await pickers.piece(t.db);
    const [a, b] = await twoSessions();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).add([{ productId: p.productId, quantity: 1 }])),
    );
    const ok = results.filter((r) => r.body.response.status === 0).length;
    for (const r of results) expect(r.statusCode).toBe(200);
    const view = await a.view();
    const lines = view.body.data.cartItems.filter((i) => i.product.productId === p.productId);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(ok);
    expect(ok).toBe(20);
  });

  it('parallel Sfuso steps keep decimals exact', async () => {
    const p = await pickers.loose500by100(t.db);
    const [a, b] = await twoSessions();
    await a.add([{ productId: p.productId, quantity: 0.5 }]);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).add([{ productId: p.productId, quantity: 0.1 }])),
    );
    const ok = results.filter((r) => r.body.response.status === 0).length;
    const view = await b.view();
    expect(lineOf(view.body, p.productId)?.quantity).toBe(Math.round((0.5 + ok * 0.1) * 1000) / 1000);
  });

  it('never more than the stock: parallel adds beyond it are refused with the availability code', async () => {
    const p = await pickers.lowStock(t.db);
    const [a, b] = await twoSessions();
    const tries = p.stock + 6;
    const results = await Promise.all(
      Array.from({ length: tries }, (_, i) => (i % 2 ? a : b).add([{ productId: p.productId, quantity: 1 }])),
    );
    const accepted = results.filter((r) => r.body.response.status === 0).length;
    const refused = results.filter((r) => r.body.response.status !== 0);
    expect(accepted).toBe(p.stock);
    for (const r of refused) expect(r.body.response.errors[0]?.code).toBe('msg.cart.availability.errors');
    expect(lineOf((await a.view()).body, p.productId)?.quantity).toBe(p.stock);
  });

  it('a one-item add (one statement, no transaction) and the payment lock: nothing written after the lock', async () => {
    const p = await pickers.piece(t.db);
    for (let round = 0; round < 6; round++) {
      const who = await newCustomer(t, { tag: 'cart-one-lock' });
      const cart = cartApi(t, who.token);
      const open = await openCart(cart, who.userId);
      const lock = () => paymentLock(open.cartId, round * 2);
      const [added, seenByLock] = await Promise.all([
        cart.add([{ productId: p.productId, quantity: 1 }]),
        lock(),
      ]);
      expect(added.statusCode).toBe(200);
      expect([0, 1]).toContain(seenByLock);
      const [after] = await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM cart_items WHERE cart_id = ${open.cartId}`,
      );
      expect(after?.n).toBe(seenByLock);
      if (seenByLock === 0) expect(added.body.response.errors[0]?.code).toBe('msg.cart.lockedForPayment');
      else expect(added.body.response.status).toBe(0);
    }
  });

  it('a batch add and the payment lock: the lock sees every line of the batch or none', async () => {
    const products = await pickers.pieces(t.db, 15);
    for (let round = 0; round < 4; round++) {
      const who = await newCustomer(t, { tag: 'cart-batch-lock' });
      const cart = cartApi(t, who.token);
      const open = await openCart(cart, who.userId);
      const lock = () => paymentLock(open.cartId, round * 3);
      const [added, seenByLock] = await Promise.all([
        cart.add(products.map((p) => ({ productId: p.productId, quantity: 1 }))),
        lock(),
      ]);
      expect(added.statusCode).toBe(200);
      expect([0, products.length]).toContain(seenByLock);
      const [after] = await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM cart_items WHERE cart_id = ${open.cartId}`,
      );
      // nothing is written after the lock
      expect(after?.n).toBe(seenByLock);
      if (seenByLock === 0) expect(added.body.response.errors[0]?.code).toBe('msg.cart.lockedForPayment');
    }
  });
});

/** what an answer must never show: SQL errors, driver names, stack frames */
const LEAK = /syntax error|violates|postgres|pglite|node_modules|at async|\.ts:\d+/i;

describe('bad input answers the envelope, never a 500', () => {
  const HOSTILE: unknown[] = [
    -1,
    0,
    Number.NaN,
    'NaN',
    1e9,
    '1e400',
    0.0001,
    2.5,
    'x'.repeat(5000),
    "1' OR '1'='1",
    '1; DROP TABLE cart_items; --',
    null,
    {},
    [],
    true,
    '😀',
  ];

  it.each(HOSTILE.map((v) => [JSON.stringify(v)?.slice(0, 30) ?? String(v), v]))(
    'quantity %s',
    async (_label, value) => {
      const p = await pickers.piece(t.db);
      const c = cartApi(t, (await newCustomer(t, { tag: 'cart-bad' })).token);
      const added = await c.add([{ productId: p.productId, quantity: value }]);
      expect([200, 400]).toContain(added.statusCode);
      expect(added.body.response.status).not.toBe(0);
      const line = await c.add([{ productId: p.productId, quantity: 1 }]);
      const itemId = lineOf(line.body, p.productId)?.itemId;
      const updated = await c.update([{ itemId, quantity: value }]);
      expect([200, 400]).toContain(updated.statusCode);
      if (value !== 0) expect(updated.body.response.status).not.toBe(0);
      expect(JSON.stringify(updated.body)).not.toMatch(LEAK);
    },
  );

  it.each(HOSTILE.map((v) => [JSON.stringify(v)?.slice(0, 30) ?? String(v), v]))(
    'ids, options and infos %s',
    async (_label, value) => {
      const c = cartApi(t, (await newCustomer(t, { tag: 'cart-bad' })).token);
      const answers = [
        await c.add([{ productId: value, quantity: 1 }]),
        await c.add([{ productId: 1, quantity: 1, params: { TAGLIO: value } }]),
        await c.add([{ productId: 1, quantity: 1, warehousePromoId: value }]),
        await c.update([{ itemId: value, quantity: 1 }]),
        await c.remove([{ itemId: value }]),
        await c.remove([{ productId: value }]),
        await c.cartInfo(value, value),
        await c.cartInfo('notes', value),
        await c.infos([{ itemId: value, infos: { accept_alternatives: value } }]),
        await c.close(value),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBeLessThan(500);
        expect(typeof res.body.response.status).toBe('number');
        expect(JSON.stringify(res.body)).not.toMatch(LEAK);
      }
    },
  );

  it('malformed bodies: no items, too many items, not JSON', async () => {
    const c = cartApi(t, (await newCustomer(t, { tag: 'cart-bad' })).token);
    expect((await c.raw('POST', '/cart/add', {})).statusCode).toBe(400);
    expect((await c.raw('POST', '/cart/add', { items: [] })).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, () => ({ productId: 1, quantity: 1 }));
    expect((await c.raw('POST', '/cart/add', { items: many })).statusCode).toBe(400);
    expect((await c.remove([{}])).body.response.status).toBe(2);
  });

  it("another customer's item ids are not found, and their cart is untouched", async () => {
    const p = await pickers.piece(t.db);
    const owner = cartApi(t, (await newCustomer(t, { tag: 'cart-owner' })).token);
    const intruder = cartApi(t, (await newCustomer(t, { tag: 'cart-intruder' })).token);
    const mine = await owner.add([{ productId: p.productId, quantity: 2 }]);
    const itemId = lineOf(mine.body, p.productId)?.itemId;
    const upd = await intruder.update([{ itemId, quantity: 9 }]);
    expect(upd.body.response.errors[0]?.code).toBe('msg.cart.itemNotFound');
    const del = await intruder.remove([{ itemId }]);
    expect(del.body.response.errors[0]?.code).toBe('msg.cart.itemNotFound');
    const inf = await intruder.infos([{ itemId, infos: { notes: 'x' } }]);
    expect(inf.body.response.errors[0]?.code).toBe('msg.cart.itemNotFound');
    const close = await intruder.close(mine.body.data.cartId);
    expect(close.body.response.errors[0]?.code).toBe('msg.cart.notFound');
    const view = await owner.view();
    expect(lineOf(view.body, p.productId)).toMatchObject({ quantity: 2, cartItemInfo: {} });
    expect(view.body.data.cartId).toBe(mine.body.data.cartId);
  });

  it('hostile show_sectors and a cross-site POST', async () => {
    const who = await newCustomer(t, { tag: 'cart-bad' });
    const res = await callAs(t.app, who.token, 'GET', '/ebsn/api/cart/view?show_sectors=%27%20OR%201%3D1');
    expect(res.statusCode).toBe(400);
    const cross = await callAs(t.app, who.token, 'POST', '/ebsn/api/cart/add', {
      payload: { items: [{ productId: 1, quantity: 1 }] },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.statusCode).toBe(403);
  });
});
