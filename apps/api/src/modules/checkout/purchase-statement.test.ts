import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/rows';
import {
  api,
  bookedOf,
  buy,
  checkoutCustomer,
  checkoutTestApp,
  DRIVE_STORE,
  driveSlot,
  halfOrders,
  preparedCart,
  setStock,
  stockOf,
  testProduct,
  type OrderWire,
} from '../../../test/checkout-fixtures';
import { callAs, type TestApp } from '../../../test/helper';

/**
 * A prepared new order bought by card in one statement (purchase-statement.ts, decision 059 session 46): what it
 * writes, each refusal (nothing written, the Italian message), the replay, and the races of buyers of the same
 * products and slot, on PGlite and PostgreSQL. Fixed clock: Monday 5 April 2027, 08:00 in Rome; slots on
 * Wednesday 7 April.
 */
let t: TestApp;
const NOW = new Date('2027-04-05T06:00:00Z');
const DAY = '2027-04-07';
const CARD = { payment_type_id: 12 };

beforeAll(async () => {
  t = await checkoutTestApp(() => NOW);
});
afterAll(async () => {
  await t.close();
});

const count = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t.db, q))[0]?.n ?? 0;
const ordersOf = (userId: number) =>
  count(sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId}`);
const catalogueVersion = () => count(sql`SELECT version AS n FROM catalogue_version WHERE id = 1`);
const cartStatus = async (userId: number) =>
  (
    await queryRows<{ status: number; closed: boolean }>(
      t.db,
      sql`SELECT cart_status_id::int AS status, closed_at IS NOT NULL AS closed FROM carts
          WHERE user_id = ${userId} ORDER BY cart_id`,
    )
  ).map((r) => `${r.status}${r.closed ? ' closed' : ''}`);

/** A customer with a prepared cart of these products (quantity each) on a slot of this capacity. */
async function prepared(products: Array<{ stock: number; quantity: number }>, capacity = 100) {
  const c = await checkoutCustomer(t);
  const ps = [];
  for (const p of products) ps.push(await testProduct(t.db, { stock: p.stock }));
  const slot = await driveSlot(t.db, DAY, capacity);
  const res = await preparedCart(t, c.token, {
    slot,
    items: ps.map((p, i) => ({ productId: p.productId, quantity: products[i]?.quantity ?? 1 })),
  });
  expect(res.body.response.status).toBe(0);
  return { c, ps, slot };
}

describe('checkout/buy of a prepared cart by card, in one statement', () => {
  it('writes the order whole without a transaction: lines, status, attempt, stock, slot, the next cart', async () => {
    const { c, ps, slot } = await prepared([
      { stock: 10, quantity: 2 },
      { stock: 10, quantity: 3 },
    ]);
    const booked = await bookedOf(t.db, slot.slotId);
    const transactions = vi.spyOn(t.db, 'transaction');
    const res = await buy(t, c.token, CARD, 'una-volta');
    expect(transactions).not.toHaveBeenCalled();
    transactions.mockRestore();
    expect(res.body.response.status).toBe(0);
    const { order, orderId, paymentUrl } = res.body.data;
    expect(res.body.response.infosMessage).toEqual([`Ordine ${orderId} confermato.`]);
    expect(paymentUrl).toMatch(/^\/ebsn\/api\/payment-sandbox\/pay\/sbx_/);
    expect(order).toMatchObject({ orderId, orderStatusId: 1 });
    expect(order.orderItems.map((i) => i.productId)).toEqual(ps.map((p) => p.productId));
    expect(await stockOf(t.db, ps[0]?.productId ?? 0)).toBe(8);
    expect(await stockOf(t.db, ps[1]?.productId ?? 0)).toBe(7);
    expect(await bookedOf(t.db, slot.slotId)).toBe(booked + 1);
    expect(await cartStatus(c.userId)).toEqual(['7 closed', '0']);
    expect(await halfOrders(t.db)).toEqual([]);
    // the answer is the order as its page reads it
    const page = await callAs<{ data: OrderWire }>(
      t.app,
      c.token,
      'GET',
      api(`/order/view?order_id=${orderId}`),
    );
    expect(page.body.data.data).toEqual(order);
    // the same key again: the same order and page, nothing written twice
    const again = await buy(t, c.token, CARD, 'una-volta');
    expect(again.body.data).toMatchObject({ orderId, paymentUrl, replayed: true });
    expect(await ordersOf(c.userId)).toBe(1);
    expect(await stockOf(t.db, ps[0]?.productId ?? 0)).toBe(8);
  });

  it('a product short refuses by its name and takes nothing of the others; bought once it is back', async () => {
    const { c, ps, slot } = await prepared([
      { stock: 10, quantity: 2 },
      { stock: 10, quantity: 2 },
    ]);
    const [first, second] = ps;
    if (!first || !second) throw new Error('no products');
    const booked = await bookedOf(t.db, slot.slotId);
    await setStock(t.db, second.productId, 1);
    const res = await buy(t, c.token, CARD);
    expect(res.body.response.status).toBe(1);
    expect(res.body.response.errors[0]?.code).toBe('msg.cart.availability.errors');
    expect(res.body.response.errorsMessage[0]).toMatch(new RegExp(`^${second.name} `));
    expect(await stockOf(t.db, first.productId)).toBe(10);
    expect(await stockOf(t.db, second.productId)).toBe(1);
    expect(await bookedOf(t.db, slot.slotId)).toBe(booked);
    expect(await ordersOf(c.userId)).toBe(0);
    expect(await cartStatus(c.userId)).toEqual(['7']);
    await setStock(t.db, second.productId, 2);
    const versionBefore = await catalogueVersion();
    expect((await buy(t, c.token, CARD)).body.response.status).toBe(0);
    expect(await stockOf(t.db, second.productId)).toBe(0);
    // a product left at zero moves the catalogue's version (its listings show it sold out)
    expect(await catalogueVersion()).toBeGreaterThan(versionBefore);
  });

  it('a product the store no longer stocks refuses by its name, nothing written', async () => {
    const { c, ps } = await prepared([{ stock: 10, quantity: 1 }]);
    const p = ps[0];
    if (!p) throw new Error('no product');
    await t.db.execute(
      sql`DELETE FROM product_stock WHERE product_id = ${p.productId} AND warehouse_id = ${DRIVE_STORE}`,
    );
    const res = await buy(t, c.token, CARD);
    expect(res.body.response.errorsMessage[0]).toMatch(new RegExp(`^${p.name} `));
    expect(await ordersOf(c.userId)).toBe(0);
    expect(await halfOrders(t.db)).toEqual([]);
  });

  it('a slot filled meanwhile refuses with its message; the stock is not taken', async () => {
    const { c, ps, slot } = await prepared([{ stock: 10, quantity: 2 }], 1);
    await t.db.execute(sql`UPDATE delivery_slots SET booked = capacity WHERE slot_id = ${slot.slotId}`);
    const res = await buy(t, c.token, CARD);
    expect(res.body.response.status).toBe(1);
    expect(res.body.response.errorsMessage[0]).toMatch(/fascia oraria/i);
    expect(await stockOf(t.db, ps[0]?.productId ?? 0)).toBe(10);
    expect(await ordersOf(c.userId)).toBe(0);
    expect(await cartStatus(c.userId)).toEqual(['7']);
  });

  it('a cart bought meanwhile answers its order; a cart unlocked meanwhile is refused, nothing written', async () => {
    const { c, ps } = await prepared([{ stock: 10, quantity: 1 }]);
    const first = await buy(t, c.token, CARD);
    expect(first.body.response.status).toBe(0);
    // a buy without a key that comes after (its cart is the fresh one the first opened): the same order
    const next = await buy(t, c.token, CARD);
    expect(next.body.data).toMatchObject({ orderId: first.body.data.orderId, replayed: true });
    expect(await ordersOf(c.userId)).toBe(1);
    // a prepared cart unlocked: not bought
    const other = await prepared([{ stock: 10, quantity: 1 }]);
    await callAs(t.app, other.c.token, 'POST', api('/checkout/unlock'));
    const refused = await buy(t, other.c.token, CARD);
    expect(refused.body.response.errors[0]?.code).toBe('msg.checkout.notPrepared');
    expect(await ordersOf(other.c.userId)).toBe(0);
    expect(await stockOf(t.db, ps[0]?.productId ?? 0)).toBe(9);
  });

  // PGlite runs the buys one at a time; the race itself is PostgreSQL's
  const buyers = 20;
  it(`${buyers} buyers of the same products and slot at once: no deadlock, stock and slot exact`, async () => {
    const a = await testProduct(t.db, { stock: 1000 });
    const b = await testProduct(t.db, { stock: 12 });
    const slot = await driveSlot(t.db, DAY, 15);
    const customers = [];
    for (let i = 0; i < buyers; i++) {
      const c = await checkoutCustomer(t);
      // half of them put the products in the other order: the locks are still taken in id order
      const items = [
        { productId: a.productId, quantity: 1 },
        { productId: b.productId, quantity: 1 },
      ];
      const res = await preparedCart(t, c.token, { slot, items: i % 2 ? items.reverse() : items });
      expect(res.body.response.status).toBe(0);
      customers.push(c);
    }
    const booked = await bookedOf(t.db, slot.slotId);
    const answers = await Promise.all(customers.map((c) => buy(t, c.token, CARD)));
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    const won = answers.filter((r) => r.body.response.status === 0).length;
    expect(won).toBe(12);
    expect(await stockOf(t.db, b.productId)).toBe(0);
    expect(await stockOf(t.db, a.productId)).toBe(1000 - 12);
    expect(await bookedOf(t.db, slot.slotId)).toBe(booked + 12);
    const lost = answers.find((r) => r.body.response.status !== 0);
    expect(lost?.body.response.errors[0]?.code).toBe('msg.cart.availability.errors');
    expect(await halfOrders(t.db)).toEqual([]);
  }, 180_000);
});
