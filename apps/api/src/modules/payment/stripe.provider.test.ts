import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { Order } from '@spesa/shared/contracts/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { createStripeClient } from '../../lib/stripe-client';
import { RECONCILE_JOB } from './payment-reconciliation';
import { StripePaymentProvider } from './stripe.provider';
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

describe('the customer on Checkout', () => {
  it('an order cancelled before picking releases the hold (the PaymentIntent is canceled)', async () => {
    const order = await authorisedOrder();
    const cancelled = await callAs(s.t.app, order.customer.token, 'POST', api('/order/delete'), {
      payload: { order_id: order.orderId },
    });
    expect(cancelled.body.response.status).toBe(0);
    expect(intentOfSession(order.sessionId)).toMatchObject({ status: 'canceled', amount_capturable: 0 });
    expect((await authorisationsOf(s.t, order.orderId))[0]?.status).toBe('voided');
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.cancelled);
  });

  it('3-D Secure completed: the card is held and the order confirmed', async () => {
    const order = await cardOrder(s);
    const paid = await payOnCheckout(order.paymentUrl, 'pm_card_authenticationRequired');
    expect(paid.location).toMatch(/\/3d_secure\//);
    await s.standIn.webhooks.idle();
    // while the customer is at the bank's page nothing is decided
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.inPayment);
    const back = await answerChallenge(paid.location!, 'complete');
    expect(back.status).toBe(303);
    const shop = await returnToShop(s.t, back.location!);
    expect(shop.headers.location).toBe(`/checkout/completed/success?order_id=${order.orderId}`);
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.ordered);
    expect((await authorisationsOf(s.t, order.orderId))[0]).toMatchObject({
      status: 'authorized',
      cardLast4: '3184',
    });
  });

  it('3-D Secure failed: the order waits for another card, nothing is held', async () => {
    const order = await cardOrder(s);
    const paid = await payOnCheckout(order.paymentUrl, 'pm_card_authenticationRequired');
    const back = await answerChallenge(paid.location!, 'fail');
    // Checkout shows its page again with the error: the customer may try another card there
    expect(back.status).toBe(402);
    await s.standIn.webhooks.idle();
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.invalidated);
    expect((await authorisationsOf(s.t, order.orderId))[0]?.status).toBe('declined');
    expect(intentOfSession(order.sessionId)?.amount_capturable).toBe(0);
  });

  it('a declined card: the order goes to payment failed (11); a retry opens a new intent that succeeds', async () => {
    const order = await cardOrder(s);
    const declined = await payOnCheckout(order.paymentUrl, 'pm_card_chargeDeclined');
    expect(declined.status).toBe(402);
    await s.standIn.webhooks.idle();
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.invalidated);
    const retry = await callAs<{ paymentUrl: string }>(
      s.t.app,
      order.customer.token,
      'POST',
      api('/order/payment'),
      { payload: { order_id: order.orderId } },
    );
    expect(retry.body.response.status).toBe(0);
    const url = retry.body.data.paymentUrl;
    expect(url).not.toBe(order.paymentUrl);
    const paid = await payOnCheckout(url, 'pm_card_visa');
    await returnToShop(s.t, paid.location!);
    await s.standIn.webhooks.idle();
    const auths = await authorisationsOf(s.t, order.orderId);
    expect(auths.map((a) => [a.attempt, a.status])).toEqual([
      [1, 'declined'],
      [2, 'authorized'],
    ]);
    const first = intentOfSession(auths[0]!.providerRef);
    const second = intentOfSession(auths[1]!.providerRef);
    expect(second?.id).not.toBe(first?.id);
    expect(second?.status).toBe('requires_capture');
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.ordered);
    // the first page, still open at Stripe, takes another card later: that hold is released at once
    const late = await payOnCheckout(order.paymentUrl, 'pm_card_mastercard');
    await returnToShop(s.t, late.location!);
    await s.standIn.webhooks.idle();
    expect(intentOfSession(auths[0]!.providerRef)?.status).toBe('canceled');
    expect((await authorisationsOf(s.t, order.orderId)).map((a) => a.status)).toEqual([
      'voided',
      'authorized',
    ]);
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.ordered);
  });

  it('the return and the webhooks arriving together end in one confirmed order', async () => {
    const order = await cardOrder(s);
    s.standIn.webhooks.hold();
    const paid = await payOnCheckout(order.paymentUrl, 'pm_card_visa');
    const [back] = await Promise.all([
      returnToShop(s.t, paid.location!),
      s.standIn.webhooks.release('reverse'),
    ]);
    expect(back.headers.location).toBe(`/checkout/completed/success?order_id=${order.orderId}`);
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.ordered);
    const history = await queryRows<{ n: number }>(
      s.t.db,
      sql`SELECT count(*)::int AS n FROM order_status_history WHERE order_id = ${order.orderId}
            AND to_status_id = ${ORDER_STATUS.ordered}`,
    );
    expect(history[0]?.n).toBe(1);
  });
});

describe("Stripe's webhooks", () => {
  const post = (body: string, signature: string) =>
    s.t.app.inject({
      method: 'POST',
      url: api('/payment/webhook/stripe'),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
  const nowS = () => Math.floor((Date.now() + s.clock.offset) / 1000);

  it('settle an order without its return; the same event twice and older events late change nothing', async () => {
    const order = await cardOrder(s);
    s.standIn.webhooks.hold();
    await payOnCheckout(order.paymentUrl, 'pm_card_visa');
    const held = s.standIn.webhooks.heldEvents();
    // newest first: the completion before the intent's creation
    await s.standIn.webhooks.release('reverse');
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.ordered);
    const events = await queryRows<{ n: number }>(
      s.t.db,
      sql`SELECT count(*)::int AS n FROM payment_events WHERE provider = 'stripe'
            AND event_id IN (${sql.join(
              held.map((id) => sql`${id}`),
              sql`, `,
            )})`,
    );
    expect(events[0]?.n).toBe(held.length);
    // every one again: acknowledged, nothing new
    for (const id of held) {
      const [again] = await s.standIn.webhooks.deliver(id);
      expect(again?.status).toBe(200);
    }
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.ordered);
    expect((await authorisationsOf(s.t, order.orderId))[0]?.status).toBe('authorized');
  });

  it('a forged signature, an old timestamp (replay) or no signature is refused with 401', async () => {
    const order = await cardOrder(s);
    s.standIn.webhooks.hold();
    await payOnCheckout(order.paymentUrl, 'pm_card_visa');
    const completed = s.standIn.webhooks.ofType('checkout.session.completed').at(-1)!;
    const body = JSON.stringify(completed, null, 2);
    expect((await post(body, signatureHeader(body, 'whsec_forged0123456789', nowS()))).statusCode).toBe(401);
    expect((await post(body, signatureHeader(body, WEBHOOK_SECRET, nowS() - 301))).statusCode).toBe(401);
    expect((await post(body, '')).statusCode).toBe(401);
    const [replayed] = await s.standIn.webhooks.deliver(completed.id, { signatureTimestamp: nowS() - 3600 });
    expect(replayed?.status).toBe(401);
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.inPayment);
    // a body changed after signing
    const tampered = body.replace(order.sessionId, 'cs_test_someoneelse0000');
    expect((await post(tampered, signatureHeader(body, WEBHOOK_SECRET, nowS()))).statusCode).toBe(401);
    await s.standIn.webhooks.release();
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.ordered);
  });

  it('an event of a payment the shop does not know changes nothing', async () => {
    const unknown = {
      id: 'evt_unknown0000000000000001',
      object: 'event',
      type: 'checkout.session.completed',
      created: nowS(),
      data: { object: { id: 'cs_test_notours000000000000', object: 'checkout.session' } },
    };
    const body = JSON.stringify(unknown);
    const res = await post(body, signatureHeader(body, WEBHOOK_SECRET, nowS()));
    expect(res.statusCode).toBe(200);
    const rows = await queryRows<{ n: number }>(
      s.t.db,
      sql`SELECT count(*)::int AS n FROM payment_authorizations WHERE provider_ref = 'cs_test_notours000000000000'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('refunds and disputes are acknowledged (200) and recorded; a dispute is kept for the staff', async () => {
    const order = await authorisedOrder();
    const { prepare } = await staffPrepares(order.orderId);
    expect((await prepare()).body.response.status).toBe(0);
    await s.standIn.webhooks.idle();
    const intent = intentOfSession(order.sessionId)!;
    const created = nowS();
    const dispute = {
      id: 'dp_test0000000000000001',
      object: 'dispute',
      amount: intent.amount_received,
      charge: intent.latest_charge,
      currency: 'eur',
      payment_intent: intent.id,
      reason: 'fraudulent',
      status: 'needs_response',
      created,
    };
    const opened = s.standIn.webhooks.publish('charge.dispute.created', dispute, {
      id: null,
      idempotency_key: null,
    });
    await s.standIn.webhooks.idle();
    const closed = s.standIn.webhooks.publish(
      'charge.dispute.closed',
      { ...dispute, status: 'lost' },
      { id: null, idempotency_key: null },
    );
    await s.standIn.webhooks.idle();
    const attempts = s.standIn.webhooks
      .attempts()
      .filter((a) => a.eventId === opened.id || a.eventId === closed.id);
    expect(attempts.map((a) => a.status)).toEqual([200, 200]);
    // the older event delivered late does not reopen it
    await s.standIn.webhooks.deliver(opened.id);
    const rows = await queryRows<{ orderId: number; status: string; reason: string; amountCents: number }>(
      s.t.db,
      sql`SELECT order_id AS "orderId", status, reason, amount_cents AS "amountCents" FROM payment_disputes
          WHERE dispute_ref = ${dispute.id}`,
    );
    expect(rows).toEqual([
      { orderId: order.orderId, status: 'lost', reason: 'fraudulent', amountCents: intent.amount_received },
    ]);
    const captured = s.standIn.webhooks.ofType('charge.captured').at(-1)!;
    const recorded = await queryRows<{ outcome: string }>(
      s.t.db,
      sql`SELECT outcome FROM payment_events WHERE provider = 'stripe' AND event_id = ${captured.id}`,
    );
    expect(recorded).toEqual([{ outcome: 'charge.captured' }]);
  });
});

describe('money moves once', () => {
  it('two staff marking the same order prepared at once: one capture, the second refused', async () => {
    const order = await authorisedOrder();
    const a = await staffPrepares(order.orderId);
    const intent = intentOfSession(order.sessionId)!;
    const [first, second] = await Promise.all([a.prepare(), a.prepare()]);
    const statuses = [first.body.response.status, second.body.response.status].sort();
    expect(statuses[0]).toBe(0);
    expect(statuses[1]).not.toBe(0);
    const executed = s.standIn.requests.filter(
      (r) => r.path === `/v1/payment_intents/${intent.id}/capture` && r.status === 200 && !r.replayed,
    );
    expect(executed).toHaveLength(1);
    expect(intentOfSession(order.sessionId)?.status).toBe('succeeded');
  });

  it('a refund asked twice with the same key gives the money back once', async () => {
    const order = await authorisedOrder();
    const { prepare } = await staffPrepares(order.orderId);
    expect((await prepare()).body.response.status).toBe(0);
    const provider = new StripePaymentProvider({
      stripe: await createStripeClient({ secretKey: s.standIn.secretKey, baseUrl: s.standIn.url }),
      webhookSecret: WEBHOOK_SECRET,
      publicUrl: 'http://localhost',
      now: () => new Date(),
    });
    const intent = intentOfSession(order.sessionId)!;
    const refundsOf = () =>
      [...s.standIn['ledger'].refunds.values()].filter((r) => r.payment_intent === intent.id);
    expect(await provider.refund(order.sessionId, 100, 'complaint-1')).toEqual({
      ok: true,
      amountCents: 100,
    });
    expect(await provider.refund(order.sessionId, 100, 'complaint-1')).toEqual({
      ok: true,
      amountCents: 100,
    });
    expect(refundsOf()).toHaveLength(1);
    // a retry after Stripe forgot the key (24 hours) finds the refund by its key
    s.standIn['idempotency'].clear();
    expect(await provider.refund(order.sessionId, 100, 'complaint-1')).toEqual({
      ok: true,
      amountCents: 100,
    });
    expect(refundsOf()).toHaveLength(1);
    expect(await provider.refund(order.sessionId, 50, 'complaint-2')).toEqual({ ok: true, amountCents: 50 });
    expect(refundsOf()).toHaveLength(2);
    // never more than was taken
    const tooMuch = await provider.refund(order.sessionId, intent.amount_received, 'complaint-3');
    expect(tooMuch).toEqual({ ok: false, reason: 'amount_too_large' });
    expect(refundsOf()).toHaveLength(2);
    // a capture asked again (a retried job) takes nothing more
    expect(await provider.capture(order.sessionId, intent.amount_received)).toEqual({
      ok: true,
      amountCents: intent.amount_received,
    });
    expect(await provider.capture(order.sessionId, intent.amount_received + 1)).toMatchObject({ ok: false });
  });
});

describe('reconciliation', () => {
  it('settles a payment whose webhook never came and whose customer never came back', async () => {
    const order = await cardOrder(s);
    s.standIn.webhooks.hold();
    await payOnCheckout(order.paymentUrl, 'pm_card_visa');
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.inPayment);
    const runJob = async () => {
      await s.t.app.jobs.enqueue(RECONCILE_JOB, {}, { singletonKey: RECONCILE_JOB });
      await s.t.app.jobs.runDue();
    };
    // a young attempt is left to the webhook and the return
    await runJob();
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.inPayment);
    await s.t.db.execute(
      sql`UPDATE payment_authorizations SET created_at = created_at - interval '10 minutes'
          WHERE order_id = ${order.orderId}`,
    );
    await s.t.db.execute(
      sql`UPDATE scheduled_jobs SET run_at = now() WHERE kind = ${RECONCILE_JOB} AND done_at IS NULL`,
    );
    await runJob();
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.ordered);
    expect((await authorisationsOf(s.t, order.orderId))[0]).toMatchObject({
      status: 'authorized',
      cardLast4: '4242',
    });
    const channels = await queryRows<{ channel: string }>(
      s.t.db,
      sql`SELECT channel FROM payment_events e JOIN payment_authorizations a USING (authorization_id)
          WHERE a.order_id = ${order.orderId}`,
    );
    expect(channels.map((c) => c.channel)).toEqual(['lookup']);
    // the webhooks, late: nothing more happens
    await s.standIn.webhooks.release();
    expect(await orderStatusOf(s.t, order.orderId)).toBe(ORDER_STATUS.ordered);
  });
});
