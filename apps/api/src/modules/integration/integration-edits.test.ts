import type { CheckoutCart as CheckoutCartWire } from '@spesa/shared/contracts/checkout';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import {
  api,
  buy,
  checkoutCustomer,
  driveSlot,
  preparedCart,
  testProduct,
} from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';

/**
 * The orders' feed hears of an order changed in place (decision 099): an edit through the checkout that keeps
 * the order's status, a new payment type that keeps it, a staff member's pick: one "changed" event each, on
 * the edit's transaction (a refused edit writes none); an edit that moves the status is the status change's
 * event only.
 */
let t: TestApp;
const NOW = new Date('2027-03-01T07:00:00Z');
const DAY = '2027-03-03';

beforeAll(async () => {
  t = await buildTestApp({
    now: () => NOW,
    runJobs: false,
    env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 },
  });
  await driveSlot(t.db, DAY, 10_000);
});
afterAll(() => t?.close());

const eventsOf = async (orderId: number) =>
  (
    await queryRows<{ kind: string; status: number }>(
      t.db,
      sql`SELECT kind, status FROM integration_order_events WHERE order_id = ${orderId} ORDER BY event_id`,
    )
  ).map((e) => `${e.kind}:${e.status}`);

async function orderOnDelivery(quantity = 2) {
  const c = await checkoutCustomer(t);
  const p = await testProduct(t.db, { stock: 50 });
  const slot = await driveSlot(t.db, DAY);
  await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity }] });
  const bought = await buy(t, c.token);
  expect(bought.body.data.order.orderStatusId).toBe(ORDER_STATUS.ordered);
  return { c, p, orderId: bought.body.data.orderId };
}

describe('an order changed in place', () => {
  it("a customer's edit through the checkout, its status kept: one changed event", async () => {
    const { c, orderId } = await orderOnDelivery();
    expect(await eventsOf(orderId)).toEqual(['new:3']);
    const reopened = await callAs<{ cart: CheckoutCartWire }>(t.app, c.token, 'POST', api('/order/modify'), {
      payload: { order_id: orderId },
    });
    const line = reopened.body.data.cart.cartItems[0];
    await callAs(t.app, c.token, 'POST', api('/cart/update'), {
      payload: { items: [{ itemId: line?.itemId, quantity: 4 }] },
    });
    // reopening alone changes nothing the warehouse sees
    expect(await eventsOf(orderId)).toEqual(['new:3']);
    const prep = await callAs(t.app, c.token, 'POST', api('/checkout/prepare'), {
      payload: { accept_rules: true },
    });
    expect(prep.body.response.status).toBe(0);
    const rebuy = await buy(t, c.token);
    expect(rebuy.body.data).toMatchObject({ orderId, order: { orderStatusId: ORDER_STATUS.ordered } });
    expect(await eventsOf(orderId)).toEqual(['new:3', 'changed:3']);
    // the feed carries it with the order as it stands
    await t.app.integration.service.publish();
    const [published] = await queryRows<{ seq: number | null }>(
      t.db,
      sql`SELECT seq::float8 AS seq FROM integration_order_events WHERE order_id = ${orderId} AND kind = 'changed'`,
    );
    expect(published?.seq).toBeGreaterThan(0);
  });

  it('a new payment type keeping the status: changed; to an online one (in payment): no event yet', async () => {
    const { c, orderId } = await orderOnDelivery();
    const same = await callAs(t.app, c.token, 'POST', api('/order/modify-payment-type'), {
      payload: { order_id: orderId, payment_type_id: 2 },
    });
    expect(same.body.response.status).toBe(0);
    expect(await eventsOf(orderId)).toEqual(['new:3', 'changed:3']);
    const refused = await callAs(t.app, c.token, 'POST', api('/order/modify-payment-type'), {
      payload: { order_id: orderId, payment_type_id: 999 },
    });
    expect(refused.body.response.status).not.toBe(0);
    const online = await callAs(t.app, c.token, 'POST', api('/order/modify-payment-type'), {
      payload: { order_id: orderId, payment_type_id: 12 },
    });
    expect(online.body.response.status).toBe(0);
    expect(await eventsOf(orderId)).toEqual(['new:3', 'changed:3']);
  });

  it("a staff member's pick: changed, once per recorded pick; a refused pick writes none", async () => {
    const { orderId } = await orderOnDelivery(3);
    const picker = await makeStaff(
      t,
      (await newCustomer(t, { tag: 'edit-picker' })).userId,
      [],
      'administrator',
    );
    const st = (url: string, payload: unknown) =>
      callAs(t.app, picker, 'POST', api(url), { via: 'staff', payload });
    expect((await st(`/admin/orders/${orderId}/start`, {})).body.response.status).toBe(0);
    const [item] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT order_item_id AS id FROM order_items WHERE order_id = ${orderId}`,
    );
    const before = await eventsOf(orderId);
    const tooMuch = await st(`/admin/orders/${orderId}/pick`, { orderItemId: item!.id, quantity: 9 });
    expect(tooMuch.body.response.status).not.toBe(0);
    expect(await eventsOf(orderId)).toEqual(before);
    const pick = await st(`/admin/orders/${orderId}/pick`, { orderItemId: item!.id, quantity: 2 });
    expect(pick.body.response.status).toBe(0);
    const after = await eventsOf(orderId);
    expect(after.slice(before.length)).toEqual([`changed:${after.at(-1)?.split(':')[1]}`]);
    expect(after).toHaveLength(before.length + 1);
  });
});
