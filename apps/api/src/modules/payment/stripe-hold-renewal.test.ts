import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { Order } from '@spesa/shared/contracts/orders';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, romeToday } from '../../lib/rome-time';
import { RENEW_HOLDS_JOB } from './payment-hold-renewal';
import { api } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { callAs, DEMO_PASSWORD, lastMailTo, login } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import {
  answerChallenge,
  authorisationsOf,
  cardOrder,
  orderStatusOf,
  payOnCheckout,
  returnToShop,
  runRecurringJob,
  stripeIntent,
  stripeSessionOf,
  stripeShop,
  type StripeShop,
} from '../../../test/stripe-payments';

/**
 * The renewal of a card hold that would lapse before the order is prepared (decision 083), against the Stripe
 * stand-in: a slot further than 6 days keeps the card at payment; after 6 days the recurring job places a new hold
 * off-session as a new attempt and cancels the old one; picking captures from the new hold. Each test has a shop
 * of its own: the clock moves days forward.
 */
const DAY = 24 * 60 * 60 * 1000;
let s: StripeShop;
beforeEach(async () => {
  s = await stripeShop();
});
afterEach(async () => s?.close());

/**
 * A card order for a slot `days` ahead, paid on Checkout (3-D Secure completed if the card asks). The shop offers
 * the coming 7 days of slots: a slot further away (a longer window, or an order moved by customer service) is
 * set on the order directly, then the customer pays from the order's page (a new attempt, which reads the slot).
 */
async function paidOrder(days: number, paymentMethod = 'pm_card_visa') {
  const order = await cardOrder(s, { days: Math.min(days, 2), loose: true });
  let { paymentUrl, sessionId } = order;
  if (days > 2) {
    await s.t.db.execute(
      sql`UPDATE orders SET slot_date = ${addDays(romeToday(), days)}::date WHERE order_id = ${order.orderId}`,
    );
    const retry = await callAs<{ paymentUrl: string }>(
      s.t.app,
      order.customer.token,
      'POST',
      api('/order/payment'),
      { payload: { order_id: order.orderId } },
    );
    expect(retry.body.response.status).toBe(0);
    paymentUrl = retry.body.data.paymentUrl;
    sessionId = paymentUrl.split('/').pop()!;
  }
  const paid = await payOnCheckout(paymentUrl, paymentMethod);
  const location = paid.location!.includes('/3d_secure/')
    ? (await answerChallenge(paid.location!, 'complete')).location!
    : paid.location!;
  const back = await returnToShop(s.t, location);
  expect(back.headers.location).toBe(`/checkout/completed/success?order_id=${order.orderId}`);
  await s.standIn.webhooks.idle();
  expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.ordered);
  const live = (await authorisationsOf(s.t, order.orderId)).at(-1)!;
  expect(live).toMatchObject({ providerRef: sessionId, status: 'authorized' });
  return { ...order, paymentUrl, sessionId, attempt: live.attempt };
}

/** the renewal's calls to Stripe that created a hold (replays of the same key excluded) */
const renewalsPlaced = (orderId: number) =>
  s.standIn.requests.filter(
    (r) =>
      r.path === '/v1/payment_intents' &&
      r.idempotencyKey?.startsWith(`spesa-order-${orderId}-`) &&
      r.idempotencyKey.endsWith('-renewal') &&
      !r.replayed,
  );

/** "Pagamenti da verificare" filtered on refused renewals, as customer service reads it */
async function refusedRenewals() {
  const service = await makeStaff(
    s.t,
    (await newCustomer(s.t, { tag: 'renewservice' })).userId,
    [],
    'customer_service',
  );
  const res = await callAs<{
    data: Array<{ kind: string; orderId: number; orderStatusId: number; provider: string; amount: number }>;
  }>(s.t.app, service, 'GET', api('/admin/payments/stuck?kind=renewalRefused&perPage=500'), { via: 'staff' });
  expect(res.body.response.status).toBe(0);
  return res.body.data.data;
}

async function renewJob() {
  await runRecurringJob(s.t, RENEW_HOLDS_JOB);
  await s.standIn.webhooks.idle();
}

/** a picker starts the order and picks its line; `prepare` is asked later by a picker signed in then */
async function staffPicks(orderId: number, weight: number) {
  const picker = async () => makeStaff(s.t, (await newCustomer(s.t, { tag: 'renewstaff' })).userId);
  const st = (token: string, path: string, payload: unknown) =>
    callAs<{ data: Order }>(s.t.app, token, 'POST', api(`/admin/orders/${orderId}${path}`), {
      payload,
      via: 'staff',
    });
  const token = await picker();
  const started = await st(token, '/start', {});
  expect(started.body.response.status).toBe(0);
  const item = started.body.data.data.orderItems[0]?.orderItemId;
  const picked = await st(token, '/pick', { orderItemId: item, quantity: 1, weight });
  expect(picked.body.response.status).toBe(0);
  return { prepare: async () => st(await picker(), '/prepared', {}) };
}

async function staffPrepares(orderId: number, weight: number) {
  return (await staffPicks(orderId, weight)).prepare();
}

describe('a slot in 9 days: the hold is renewed with the saved card before it lapses', () => {
  it('keeps the card, renews once after 6 days (two runs at once), and picking captures from the new hold', async () => {
    const order = await paidOrder(9);
    const first = stripeSessionOf(s, order.sessionId);
    // Checkout was asked to keep the card for this order, and did
    expect(first.session?.customer_creation).toBe('always');
    expect(first.setupFutureUsage).toBe('off_session');
    const customer = first.intent?.customer as string;
    const savedCard = first.intent?.payment_method as string;
    expect(customer).toMatch(/^cus_/);
    expect(savedCard).toMatch(/^pm_/);

    // a young hold is left alone
    await renewJob();
    expect(renewalsPlaced(order.orderId)).toHaveLength(0);
    const before = await authorisationsOf(s.t, order.orderId);

    // 6 days and an hour later: two runs of the job at once (two processes) renew it once
    s.clock.offset = 6 * DAY + 60 * 60 * 1000;
    await s.t.app.jobs.enqueue(RENEW_HOLDS_JOB, {});
    await s.t.app.jobs.enqueue(RENEW_HOLDS_JOB, {});
    await Promise.all([s.t.app.jobs.runDue(1), s.t.app.jobs.runDue(1)]);
    await s.t.app.jobs.drain();
    await renewJob();
    await s.standIn.webhooks.idle();

    const n = order.attempt + 1;
    expect(renewalsPlaced(order.orderId)).toHaveLength(1);
    expect(renewalsPlaced(order.orderId)[0]?.idempotencyKey).toBe(
      `spesa-order-${order.orderId}-${n}-renewal`,
    );
    const auths = await authorisationsOf(s.t, order.orderId);
    expect(auths).toHaveLength(before.length + 1);
    expect(auths.slice(-2).map((a) => [a.attempt, a.status])).toEqual([
      [order.attempt, 'voided'],
      [n, 'authorized'],
    ]);
    const renewed = auths.at(-1)!;
    expect(renewed).toMatchObject({
      provider: 'stripe',
      amountCents: auths.at(-2)!.amountCents,
      cardLast4: '4242',
    });
    expect(renewed.providerRef).toMatch(/^pi_/);
    const newHold = stripeIntent(s, renewed.providerRef)!;
    expect(newHold).toMatchObject({
      status: 'requires_capture',
      capture_method: 'manual',
      customer,
      payment_method: savedCard,
      amount_capturable: renewed.amountCents,
      metadata: { order_id: String(order.orderId), attempt: String(n) },
    });
    // the old hold is released at Stripe (not left to lapse)
    expect(stripeSessionOf(s, order.sessionId).intent).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.ordered);

    // past the first hold's 7 days: the new hold stands; picking (0.8 kg of 1 kg) captures from it
    s.clock.offset = 7 * DAY + 2 * 60 * 60 * 1000;
    const prepared = await staffPrepares(order.orderId, 0.8);
    expect(prepared.body.response.status).toBe(0);
    const captured = Math.round((prepared.body.data.data.capturedAmount ?? 0) * 100);
    expect(captured).toBeGreaterThan(0);
    expect(captured).toBeLessThan(renewed.amountCents);
    expect(stripeIntent(s, renewed.providerRef)).toMatchObject({
      status: 'succeeded',
      amount_received: captured,
    });
    await s.standIn.webhooks.idle();
    expect((await authorisationsOf(s.t, order.orderId)).at(-1)).toMatchObject({
      status: 'captured',
      capturedCents: captured,
    });
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.prepared);
  });

  it('a renewal the bank refuses (authentication_required) moves the order to payment failed (11); the customer is told and retries', async () => {
    // a card that asks for 3-D Secure on every payment: fine on Checkout, refused off-session
    const order = await paidOrder(9, 'pm_card_authenticationRequired');
    s.clock.offset = 6 * DAY + 60 * 60 * 1000;
    await renewJob();

    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.invalidated);
    const auths = (await authorisationsOf(s.t, order.orderId)).slice(-2);
    expect(auths.map((a) => [a.attempt, a.status])).toEqual([
      [order.attempt, 'voided'],
      [order.attempt + 1, 'declined'],
    ]);
    expect(stripeIntent(s, auths[1]!.providerRef)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: expect.objectContaining({ code: 'authentication_required' }),
    });
    // nothing stays held on the card
    expect(stripeSessionOf(s, order.sessionId).intent?.status).toBe('canceled');
    const mail = await lastMailTo(s.t.db, order.customer.email);
    expect(mail?.subject).toMatch(/pagamento non riuscito/);

    // the job again: nothing more
    await renewJob();
    expect(await authorisationsOf(s.t, order.orderId)).toHaveLength(order.attempt + 1);

    // customer service finds it among the payments to check, as a refused renewal of the held amount
    expect(await refusedRenewals()).toContainEqual(
      expect.objectContaining({
        kind: 'renewalRefused',
        orderId: order.orderId,
        orderStatusId: ORDER_STATUS.invalidated,
        provider: 'stripe',
        amount: auths[1]!.amountCents / 100,
      }),
    );

    // the customer (signed in again: days went by) retries as after any failed payment: a new Checkout page
    const signedIn = await login(s.t.app, order.customer.email, DEMO_PASSWORD);
    const retry = await callAs<{ paymentUrl: string }>(
      s.t.app,
      signedIn.cookie!,
      'POST',
      api('/order/payment'),
      {
        payload: { order_id: order.orderId },
      },
    );
    expect(retry.body.response.status).toBe(0);
    const paid = await payOnCheckout(retry.body.data.paymentUrl, 'pm_card_visa');
    await returnToShop(s.t, paid.location!);
    await s.standIn.webhooks.idle();
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.ordered);
    expect((await authorisationsOf(s.t, order.orderId)).slice(-3).map((a) => a.status)).toEqual([
      'voided',
      'declined',
      'authorized',
    ]);
    // paid again: nothing left to check
    expect((await refusedRenewals()).map((r) => r.orderId)).not.toContain(order.orderId);
  });

  it("a saved card declined off-session (the stand-in's control) also ends in 11", async () => {
    const order = await paidOrder(9);
    const savedCard = stripeSessionOf(s, order.sessionId).intent?.payment_method as string;
    s.standIn.failNextOffSessionUse(savedCard, 'card_declined');
    s.clock.offset = 6 * DAY + 60 * 60 * 1000;
    await renewJob();
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.invalidated);
    expect((await authorisationsOf(s.t, order.orderId)).slice(-2).map((a) => a.status)).toEqual([
      'voided',
      'declined',
    ]);
  });
});

describe('a hold that lapses during picking (picking began before the renewal was due)', () => {
  it('is captured on the saved card, off-session, for the picked amount; refunds then go to that payment', async () => {
    const order = await paidOrder(9);
    const first = stripeSessionOf(s, order.sessionId);
    const savedCard = first.intent?.payment_method as string;
    // picking starts 5 days after payment: the order leaves 'confirmed', the renewal job no longer looks at it
    s.clock.offset = 5 * DAY;
    const picking = await staffPicks(order.orderId, 0.8);
    s.clock.offset = 6 * DAY + 60 * 60 * 1000;
    await renewJob();
    expect(renewalsPlaced(order.orderId)).toHaveLength(0);

    // 7 days and 2 hours after payment the hold has lapsed at Stripe; picking ends now
    s.clock.offset = 7 * DAY + 2 * 60 * 60 * 1000;
    const prepared = await picking.prepare();
    expect(prepared.body.response.status).toBe(0);
    const captured = Math.round((prepared.body.data.data.capturedAmount ?? 0) * 100);
    expect(captured).toBeGreaterThan(0);
    expect(stripeSessionOf(s, order.sessionId).intent).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'automatic',
    });
    await s.standIn.webhooks.idle();
    const [auth] = (await authorisationsOf(s.t, order.orderId)).slice(-1);
    expect(auth).toMatchObject({ status: 'captured', capturedCents: captured });
    expect(auth!.providerRef).toMatch(/^pi_/);
    expect(stripeIntent(s, auth!.providerRef)).toMatchObject({
      status: 'succeeded',
      amount_received: captured,
      customer: first.intent?.customer,
      payment_method: savedCard,
      metadata: expect.objectContaining({ order_id: String(order.orderId), replaces: first.intent?.id }),
    });
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.prepared);

    // customer service gives part back: from the payment that took the money
    const service = await makeStaff(
      s.t,
      (await newCustomer(s.t, { tag: 'lapseservice' })).userId,
      [],
      'customer_service',
    );
    const refund = await callAs(s.t.app, service, 'POST', api(`/admin/orders/${order.orderId}/refunds`), {
      payload: { amount: 1, reason: 'Prodotto mancante', idempotencyKey: `lapsed-${order.orderId}` },
      via: 'staff',
    });
    expect(refund.body.response.status).toBe(0);
    const refunds = [...s.standIn['ledger'].refunds.values()].filter(
      (r) => r.payment_intent === auth!.providerRef,
    );
    expect(refunds.map((r) => r.amount)).toEqual([100]);
  });

  it('without a saved card the capture is refused with the reason; the order stays in preparation', async () => {
    const order = await paidOrder(2);
    const picking = await staffPicks(order.orderId, 0.8);
    s.clock.offset = 7 * DAY + 2 * 60 * 60 * 1000;
    const prepared = await picking.prepare();
    expect(prepared.body.response.status).not.toBe(0);
    expect(prepared.body.response.errors[0]?.code).toBe('msg.staff.holdLapsed');
    expect(prepared.body.response.errorsMessage[0]).toMatch(/L’autorizzazione sulla carta è scaduta/);
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.preparing);
    expect((await authorisationsOf(s.t, order.orderId)).map((a) => a.status)).toEqual(['authorized']);
    expect(
      s.standIn.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST'),
    ).toHaveLength(0);
  });
});

describe('a slot in 2 days', () => {
  it('never saves the card and is never renewed', async () => {
    const order = await paidOrder(2);
    const first = stripeSessionOf(s, order.sessionId);
    expect(first.session?.customer_creation).toBe('if_required');
    expect(first.setupFutureUsage).toBeNull();
    expect(first.intent?.customer).toBeNull();

    s.clock.offset = 6 * DAY + 60 * 60 * 1000;
    await renewJob();
    expect(renewalsPlaced(order.orderId)).toHaveLength(0);
    expect((await authorisationsOf(s.t, order.orderId)).map((a) => a.status)).toEqual(['authorized']);
    expect(first.intent?.status).toBe('requires_capture');
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.ordered);
  });
});
