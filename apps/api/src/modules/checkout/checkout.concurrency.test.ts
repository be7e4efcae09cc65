import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import {
  api,
  DRIVE_STORE,
  bookedOf,
  buy,
  checkoutCustomer,
  checkoutTestApp,
  driveSlot,
  halfOrders,
  preparedCart,
  stageBuyers,
  stockOf,
  testProduct,
} from '../../../test/checkout-fixtures';
import { applyStockLevels } from '../catalogue/catalogue.service';
import { callAs, type TestApp } from '../../../test/helper';

/**
 * Races of order placement, on PGlite and on PostgreSQL (the suite runs on both): repeated buys of one cart,
 * many buyers of one slot, many buyers of one product. Fixed clock: Monday 5 April 2027, 08:00 in Rome; the
 * slots are on Wednesday 7 April.
 */
let t: TestApp;
const NOW = new Date('2027-04-05T06:00:00Z');
const DAY = '2027-04-07';

beforeAll(async () => {
  t = await checkoutTestApp(() => NOW);
});
afterAll(async () => {
  await t.close();
});

const ordersOfProduct = async (productId: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(DISTINCT o.order_id)::int AS n FROM orders o JOIN order_items i USING (order_id)
          WHERE i.product_id = ${productId} AND o.order_status_id <> 10`,
    )
  )[0]?.n ?? 0;

describe('checkout/buy under concurrency', () => {
  it('50 concurrent identical buys (same Idempotency-Key) make one order and one authorisation', async () => {
    const c = await checkoutCustomer(t);
    const p = await testProduct(t.db, { stock: 100 });
    const slot = await driveSlot(t.db, DAY);
    const prepared = await preparedCart(t, c.token, {
      slot,
      items: [{ productId: p.productId, quantity: 2 }],
    });
    expect(prepared.body.response.status).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => buy(t, c.token, { payment_type_id: 12 }, 'stesso-ordine-50-volte')),
    );
    const ids = new Set(answers.map((a) => a.body.data.orderId));
    expect(answers.every((a) => a.body.response.status === 0)).toBe(true);
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => !a.body.data.replayed)).toHaveLength(1);
    // every answer sends the browser to the same hosted page
    expect(new Set(answers.map((a) => a.body.data.paymentUrl)).size).toBe(1);
    const [orderId] = [...ids];
    const counts = await queryRows<{ orders: number; auths: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM orders WHERE user_id = ${c.userId}) AS orders,
                 (SELECT count(*)::int FROM payment_authorizations WHERE order_id = ${orderId ?? 0}) AS auths`,
    );
    expect(counts[0]).toEqual({ orders: 1, auths: 1 });
    expect(await stockOf(t.db, p.productId)).toBe(98);
  });

  it('50 concurrent buys of one cart without a key still make one order', async () => {
    const c = await checkoutCustomer(t);
    const p = await testProduct(t.db, { stock: 100 });
    const slot = await driveSlot(t.db, DAY);
    await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 1 }] });
    const answers = await Promise.all(Array.from({ length: 50 }, () => buy(t, c.token)));
    const ok = answers.filter((a) => a.body.response.status === 0);
    expect(new Set(ok.map((a) => a.body.data.orderId)).size).toBe(1);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    expect(await stockOf(t.db, p.productId)).toBe(99);
  });

  it('two simultaneous buys without a key both answer the order placed', async () => {
    const c = await checkoutCustomer(t);
    const p = await testProduct(t.db, { stock: 100 });
    const slot = await driveSlot(t.db, DAY);
    await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 2 }] });
    const answers = await Promise.all([buy(t, c.token), buy(t, c.token)]);
    expect(answers.map((a) => a.body.response.errorsMessage)).toEqual([[], []]);
    const ids = new Set(answers.map((a) => a.body.data.orderId));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.body.data.replayed)).toHaveLength(1);
    expect(answers.map((a) => a.body.data.order.orderItems.length)).toEqual([1, 1]);
    const [orders] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${c.userId}`,
    );
    expect(orders?.n).toBe(1);
    expect(await stockOf(t.db, p.productId)).toBe(98);
    // the fresh cart, once it holds lines of its own, is a new purchase: not prepared yet
    await callAs(t.app, c.token, 'POST', api('/cart/add'), {
      payload: { items: [{ productId: p.productId, quantity: 1 }] },
    });
    const later = await buy(t, c.token);
    expect(later.body.response.errors[0]?.code).toBe('msg.checkout.notPrepared');
  });

  it('simultaneous buys without a key of the last pieces and the last place answer the one order', async () => {
    const c = await checkoutCustomer(t);
    const p = await testProduct(t.db, { stock: 3 });
    const slot = await driveSlot(t.db, DAY, 1);
    await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 3 }] });
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(t, c.token)));
    expect(answers.map((a) => a.body.response.status)).toEqual(Array.from({ length: 10 }, () => 0));
    expect(new Set(answers.map((a) => a.body.data.orderId)).size).toBe(1);
    expect(answers.filter((a) => !a.body.data.replayed)).toHaveLength(1);
    expect(await stockOf(t.db, p.productId)).toBe(0);
    expect(await bookedOf(t.db, slot.slotId)).toBe(1);
  });

  // PGlite has one connection and runs the buys one at a time: 100 buyers for 20 places prove the cap there as
  // 500 do; the race of 500 at once is PostgreSQL's
  const buyers = process.env.DATABASE_URL ? 500 : 100;
  it(`${buyers} parallel buyers on a slot of capacity 20: exactly 20 orders`, async () => {
    const p = await testProduct(t.db, { stock: 10_000 });
    const slot = await driveSlot(t.db, DAY, 20);
    const tokens = await stageBuyers(t, buyers, {
      productId: p.productId,
      quantity: 1,
      unitCents: p.priceCents,
      slot,
      now: NOW,
    });
    const answers = await Promise.all(tokens.map((token) => buy(t, token)));
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    const won = answers.filter((a) => a.body.response.status === 0);
    expect(won).toHaveLength(20);
    expect(await bookedOf(t.db, slot.slotId)).toBe(20);
    expect(await ordersOfProduct(p.productId)).toBe(20);
    expect(await stockOf(t.db, p.productId)).toBe(10_000 - 20);
    const lost = answers.find((a) => a.body.response.status !== 0);
    expect(lost?.body.response.errorsMessage[0]).toMatch(/fascia oraria/i);
  }, 180_000);

  it('100 parallel buyers of a product with stock 5: exactly 5 orders, stock 0', async () => {
    const p = await testProduct(t.db, { stock: 5 });
    const slot = await driveSlot(t.db, DAY, 1000);
    const tokens = await stageBuyers(t, 100, {
      productId: p.productId,
      quantity: 1,
      unitCents: p.priceCents,
      slot,
      now: NOW,
    });
    const answers = await Promise.all(tokens.map((token) => buy(t, token)));
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    expect(answers.filter((a) => a.body.response.status === 0)).toHaveLength(5);
    expect(await stockOf(t.db, p.productId)).toBe(0);
    expect(await ordersOfProduct(p.productId)).toBe(5);
    expect(await bookedOf(t.db, slot.slotId)).toBe(5);
    const lost = answers.find((a) => a.body.response.status !== 0);
    expect(lost?.body.response.errors[0]?.code).toBe('msg.cart.availability.errors');
  }, 120_000);

  it('a stock feed while buyers take the last pieces of a store: never negative, never oversold', async () => {
    const p = await testProduct(t.db, { stock: 10, at: [DRIVE_STORE, 12] });
    const slot = await driveSlot(t.db, DAY, 1000);
    const tokens = await stageBuyers(t, 40, {
      productId: p.productId,
      quantity: 1,
      unitCents: p.priceCents,
      slot,
      now: NOW,
    });
    // the store's till adds 5 pieces, another store's full list arrives, while the 40 buy (decision 095)
    const feed = (batch: Parameters<typeof applyStockLevels>[0]) =>
      t.db.transaction(async (tx) => {
        const r = await applyStockLevels(batch, tx);
        if (!r.ok) throw new Error(r.message);
      });
    const [answers] = await Promise.all([
      Promise.all(tokens.map((token) => buy(t, token))),
      feed({ mode: 'delta', rows: [{ productId: p.productId, warehouseId: DRIVE_STORE, quantity: 5 }] }),
      feed({
        mode: 'full',
        warehouseId: 12,
        rows: [{ productId: p.productId, warehouseId: 12, quantity: 3 }],
      }),
    ]);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    const sold = answers.filter((a) => a.body.response.status === 0).length;
    expect(sold).toBeGreaterThanOrEqual(10);
    expect(sold).toBeLessThanOrEqual(15);
    expect(await ordersOfProduct(p.productId)).toBe(sold);
    expect(await stockOf(t.db, p.productId)).toBe(15 - sold);
    expect(await stockOf(t.db, p.productId, 12)).toBe(3);
  }, 120_000);

  it('no order is ever half-written', async () => {
    expect(await halfOrders(t.db)).toEqual([]);
  });
});
