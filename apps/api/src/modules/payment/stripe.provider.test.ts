import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { Order } from '@spesa/shared/contracts/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { api } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { callAs } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { signatureHeader } from '../../../test/stand-ins/stripe/webhooks';
import {
  answerChallenge,
  authorisationsOf,
  cardOrder,
  orderStatusOf,
  payOnCheckout,
  returnToShop,
  stripeShop,
  WEBHOOK_SECRET,
  type StripeShop,
} from '../../../test/stripe-payments';

/**
 * Cards through Stripe, end to end against the stand-in (decisions 080 and 083): the real SDK over HTTP, the
 * customer on Checkout's page, Stripe's signed webhooks delivered to the app, staff capturing at preparation.
 */
let s: StripeShop;
beforeAll(async () => {
  s = await stripeShop();
});
afterAll(async () => s?.close());

const intentOfSession = (sessionId: string) => {
  const record = [...s.standIn['checkout'].sessions.values()].find((r) => r.object.id === sessionId);
  const id = record?.object.payment_intent as string | undefined;
  return id ? s.standIn['ledger'].intents.get(id)?.object : undefined;
};

/** a card order authorised on Checkout and returned to the shop, its webhooks delivered */
async function authorisedOrder(o: { loose?: boolean } = {}) {
  const order = await cardOrder(s, o);
  const paid = await payOnCheckout(order.paymentUrl, 'pm_card_visa');
  expect(paid.status).toBe(303);
  const back = await returnToShop(s.t, paid.location!);
  expect(back.statusCode).toBe(302);
  expect(back.headers.location).toBe(`/checkout/completed/success?order_id=${order.orderId}`);
  await s.standIn.webhooks.idle();
  return order;
}

async function staffPrepares(orderId: number, weight?: number) {
  const staff = await newCustomer(s.t, { tag: 'stripestaff' });
  const token = await makeStaff(s.t, staff.userId);
  const st = (path: string, payload: unknown) =>
    callAs<{ data: Order }>(s.t.app, token, 'POST', api(`/admin/orders/${orderId}${path}`), {
      payload,
      via: 'staff',
    });
  const started = await st('/start', {});
  expect(started.body.response.status).toBe(0);
  const item = started.body.data.data.orderItems[0]?.orderItemId;
  const picked = await st('/pick', { orderItemId: item, quantity: 1, ...(weight ? { weight } : {}) });
  expect(picked.body.response.status).toBe(0);
  return { prepare: () => st('/prepared', {}) };
}

describe('a card order through Stripe Checkout', () => {
  it('is held on the card, confirmed by Stripe, then captured for less than held when picked lighter', async () => {
    const order = await authorisedOrder({ loose: true });
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.ordered);
    const [auth] = await authorisationsOf(s.t, order.orderId);
    expect(auth).toMatchObject({
      provider: 'stripe',
      providerRef: order.sessionId,
      status: 'authorized',
      cardBrand: 'Visa',
      cardLast4: '4242',
    });
    const intent = intentOfSession(order.sessionId)!;
    expect(intent).toMatchObject({
      status: 'requires_capture',
      capture_method: 'manual',
      amount: auth!.amountCents,
      metadata: { order_id: String(order.orderId), attempt: '1' },
    });

    // 0.8 kg weighed for the 1 kg ordered: less than held
    const { prepare } = await staffPrepares(order.orderId, 0.8);
    const prepared = await prepare();
    expect(prepared.body.response.status).toBe(0);
    const captured = Math.round((prepared.body.data.data.capturedAmount ?? 0) * 100);
    expect(captured).toBeGreaterThan(0);
    expect(captured).toBeLessThan(auth!.amountCents);
    const after = intentOfSession(order.sessionId)!;
    expect(after).toMatchObject({ status: 'succeeded', amount_received: captured, amount_capturable: 0 });
    const captures = s.standIn.requests.filter((r) => r.path.endsWith('/capture') && !r.dropped);
    expect(captures.filter((r) => r.path.includes(intent.id))).toHaveLength(1);
    await s.standIn.webhooks.idle();
    expect((await authorisationsOf(s.t, order.orderId))[0]).toMatchObject({
      status: 'captured',
      capturedCents: captured,
    });
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.prepared);
  });
});
