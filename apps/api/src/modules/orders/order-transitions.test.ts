import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  bookedOf,
  buy,
  checkoutCustomer,
  driveSlot,
  preparedCart,
  stockOf,
  testProduct,
  type OrderWire,
} from '../../../test/checkout-fixtures';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { queryRows } from '../../db/rows';
import { Abort, fail } from '../../lib/result';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    now: () => new Date('2027-03-01T07:00:00Z'),
    env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 },
  });
});
afterAll(async () => t?.close());

const statusOf = async (orderId: number) =>
  (
    await queryRows<{ s: number }>(
      t.db,
      sql`SELECT order_status_id AS s FROM orders WHERE order_id = ${orderId}`,
    )
  )[0]?.s;

async function boughtOrder() {
  const c = await checkoutCustomer(t);
  const p = await testProduct(t.db, { stock: 10 });
  const slot = await driveSlot(t.db, '2027-03-03');
  const prepared = await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 4 }] });
  expect(prepared.body.response.status).toBe(0);
  const bookedBefore = await bookedOf(t.db, slot.slotId);
  const bought = await buy(t, c.token);
  expect(bought.body.response.status).toBe(0);
  return { c, p, slot, bookedBefore, orderId: bought.body.data.orderId };
}

const cancel = (token: string, orderId: number) =>
  callAs<{ order: OrderWire }>(t.app, token, 'POST', api('/order/delete'), {
    payload: { order_id: orderId },
  });

describe("listeners of an order's status transitions (decision 074)", () => {
  it('each owning module registers its effect of a cancellation; they run in this order', () => {
    const names = t.app.orderStatus.transitions.namesOf(ORDER_STATUS.cancelled);
    // the modules' own (this file adds one of its own after them); the feed's event is written by the
    // change's own statement, before the listeners
    expect(names.filter((n) => !n.startsWith('test:'))).toEqual([
      'integration: feed event',
      'catalogue: stock given back',
      'delivery: slot place given back',
      'loyalty: gift code uses given back',
      "loyalty: wallet's part given back",
      'loyalty: premium free delivery given back',
      'payment: live authorisation voided',
      'checkout: order edit left',
    ]);
  });

  // a listener added after the modules' own: it runs last, inside the cancellation's transaction
  const seen: Array<{ status: number | undefined; stock: number }> = [];
  let refuse = false;
  beforeAll(() => {
    t.app.orderStatus.transitions.onTransition(ORDER_STATUS.cancelled, 'test: last', async (order, tx) => {
      const [row] = await queryRows<{ s: number; stock: number }>(
        tx,
        sql`SELECT o.order_status_id AS s,
              COALESCE((SELECT st.stock FROM product_stock st
                        WHERE st.product_id = i.product_id AND st.warehouse_id = o.warehouse_id), 0)::float8 AS stock
            FROM orders o, order_items i
            WHERE o.order_id = ${order.orderId} AND i.order_id = o.order_id`,
      );
      seen.push({ status: row?.s, stock: row?.stock ?? -1 });
      if (refuse) throw new Abort(fail('msg.test.refused', 'Annullamento rifiutato dal test.'));
    });
  });

  it('run in order on the change: the last one sees the order cancelled and the stock already back', async () => {
    const { c, p, slot, bookedBefore, orderId } = await boughtOrder();
    seen.length = 0;
    const res = await cancel(c.token, orderId);
    expect(res.body.response.status).toBe(0);
    expect(seen).toEqual([{ status: ORDER_STATUS.cancelled, stock: 10 }]);
    expect(await stockOf(t.db, p.productId)).toBe(10);
    expect(await statusOf(orderId)).toBe(ORDER_STATUS.cancelled);
    expect(await bookedOf(t.db, slot.slotId)).toBe(bookedBefore);
  });

  it('a listener that fails rolls the status change and the other listeners back, and answers its refusal', async () => {
    const { c, p, slot, orderId } = await boughtOrder();
    const booked = await bookedOf(t.db, slot.slotId);
    refuse = true;
    try {
      const res = await cancel(c.token, orderId);
      expect(res.body.response.status).not.toBe(0);
      expect(res.body.response.errors?.[0]).toMatchObject({ code: 'msg.test.refused' });
    } finally {
      refuse = false;
    }
    // the order is still ordered, its stock and its slot's place still taken, no cancellation recorded
    expect(await statusOf(orderId)).toBe(ORDER_STATUS.ordered);
    expect(await stockOf(t.db, p.productId)).toBe(6);
    expect(await bookedOf(t.db, slot.slotId)).toBe(booked);
    const history = await queryRows<{ to: number }>(
      t.db,
      sql`SELECT to_status_id AS "to" FROM order_status_history WHERE order_id = ${orderId}`,
    );
    expect(history.map((h) => h.to)).not.toContain(ORDER_STATUS.cancelled);
    // and once the listener lets it, the cancellation goes through
    expect((await cancel(c.token, orderId)).body.response.status).toBe(0);
    expect(await stockOf(t.db, p.productId)).toBe(10);
  });
});
