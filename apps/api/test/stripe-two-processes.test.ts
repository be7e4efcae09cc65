import { join } from 'node:path';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { Order } from '@spesa/shared/contracts/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { loadEnv } from '../src/env';
import { freePort, ROOT, startApiProcess, stopApiProcess, type ApiProcess } from './api-servers';
import { api } from './checkout-fixtures';
import { newCustomer } from './customers';
import { buildTestApp, callAs, type TestApp } from './helper';
import { makeStaff } from './order-fixtures';
import { StripeStandIn } from './stand-ins/stripe/stripe-stand-in';
import {
  authorisationsOf,
  cardOrder,
  orderStatusOf,
  payOnCheckout,
  type StripeShop,
} from './stripe-payments';

/**
 * Money moves once across two API processes (issue 49, decision 086): two real servers (apps/api/src/server.ts,
 * test/api-servers.ts) on this file's PostgreSQL database and one Stripe stand-in over HTTP.
 * Stripe's webhooks go to process A, the customer's browser and the staff reach whichever process the test
 * names. An app built in the test on the same database (as two-processes.test.ts does) prepares the customers,
 * carts and purchases and reads our tables; the stand-in's ledger is Stripe's side. PostgreSQL only: the embedded
 * database belongs to one process.
 */
const onPostgres = Boolean(loadEnv().DATABASE_URL);
/** as env.ts validates it (the shared tests' secret goes to apps built without that check) */
const WEBHOOK_SECRET = 'whsec_spesaTwoProcesses0123456789';
let standIn: StripeStandIn;
let t: TestApp;
let a: ApiProcess;
let b: ApiProcess;
let shop: StripeShop;
let picker: string;
let service: string;

beforeAll(async () => {
  if (!onPostgres) return;
  const [portA, portB] = [await freePort(), await freePort()];
  standIn = await StripeStandIn.start({
    webhookEndpoints: [
      { url: `http://127.0.0.1:${portA}${api('/payment/webhook/stripe')}`, secret: WEBHOOK_SECRET },
    ],
  });
  const stripeEnv = {
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standIn.url,
  };
  t = await buildTestApp({ runJobs: false, env: { ...stripeEnv, PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: -1 } });
  const serverEnv = {
    ...stripeEnv,
    DATABASE_URL: t.env.DATABASE_URL,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    WEB_DIST: join(ROOT, 'var', 'no-web'),
    PUBLIC_URL: `http://127.0.0.1:${portA}`,
    PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: '-1',
    AUTH_RATE_MAX_PER_ADDRESS: '100000',
  };
  // one after the other: each applies the (already applied) migrations and checks the seed at start
  a = await startApiProcess(portA, serverEnv);
  b = await startApiProcess(portB, serverEnv);
  shop = { t, standIn, clock: { offset: 0 }, close: async () => {} };
  const member = async (tag: string, role: 'customer_service' | 'picker') =>
    makeStaff(t, (await newCustomer(t, { tag })).userId, [], role);
  picker = await member('race-picker', 'picker');
  service = await member('race-service', 'customer_service');
}, 360_000);

afterAll(async () => {
  await Promise.all([stopApiProcess(a), stopApiProcess(b)]);
  await standIn?.stop();
  await t?.close();
}, 60_000);

/** A staff member's POST to one process over HTTP (the back office's cookie). */
async function staffPost<T>(p: ApiProcess, token: string, path: string, body: unknown) {
  const res = await fetch(`${p.url}${api(path)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `spesa-staff=${token}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { response: { status: number; errorsMessage: string[] }; data: T };
}

/** Stripe's requests that did the work (not a replay of an idempotency key, not refused) */
const executed = (path: string) =>
  standIn.requests.filter((r) => r.path === path && r.status === 200 && !r.replayed);

/** Stripe's PaymentIntent of an order, as the stand-in holds it now */
function intentOf(orderId: number) {
  const record = [...standIn['ledger'].intents.values()].find(
    (i) => i.object.metadata.order_id === String(orderId),
  );
  if (!record) throw new Error(`no PaymentIntent for order ${orderId}`);
  return record.object;
}

const statusChanges = async (orderId: number, to: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM order_status_history WHERE order_id = ${orderId} AND to_status_id = ${to}`,
    )
  )[0]?.n ?? 0;

/** A card order paid on Checkout; Stripe's answer to the browser and its webhooks arrive on two processes at once. */
async function paidAcrossProcesses(o: { loose?: boolean } = {}) {
  const order = await cardOrder(shop, { loose: o.loose ?? true });
  standIn.webhooks.hold();
  const paid = await payOnCheckout(order.paymentUrl, 'pm_card_visa');
  expect(paid.status).toBe(303);
  const back = new URL(paid.location!);
  const [returned, deliveries] = await Promise.all([
    fetch(`${b.url}${back.pathname}${back.search}`, { redirect: 'manual' }),
    standIn.webhooks.release('reverse'),
  ]);
  await standIn.webhooks.idle();
  return { ...order, returned, deliveries };
}

/** The picker starts the order and picks its one line through the app in the test; `prepared` is left to ask. */
async function picked(orderId: number, weight?: number) {
  const st = (path: string, payload: unknown) =>
    callAs<{ data: Order }>(t.app, picker, 'POST', api(`/admin/orders/${orderId}${path}`), {
      payload,
      via: 'staff',
    });
  const started = await st('/start', {});
  expect(started.body.response.status).toBe(0);
  const item = started.body.data.data.orderItems[0]?.orderItemId;
  const pick = await st('/pick', { orderItemId: item, quantity: 1, ...(weight ? { weight } : {}) });
  expect(pick.body.response.status).toBe(0);
}

describe.runIf(onPostgres)('Stripe payments across two API processes on one PostgreSQL', () => {
  it('the return on one process and the webhooks on the other confirm the order once', async () => {
    const order = await paidAcrossProcesses();
    expect(order.returned.status).toBe(302);
    expect(order.returned.headers.get('location')).toBe(
      `/checkout/completed/success?order_id=${order.orderId}`,
    );
    expect(await orderStatusOf(t, order.orderId)).toBe(ORDER_STATUS.ordered);
    expect(await statusChanges(order.orderId, ORDER_STATUS.ordered)).toBe(1);
    expect((await authorisationsOf(t, order.orderId)).map((x) => x.status)).toEqual(['authorized']);
    // both processes took part: A accepted every webhook Stripe sent, B the return; each recorded once
    expect(order.deliveries.length).toBeGreaterThan(0);
    expect(order.deliveries.map((d) => d.status)).toEqual(order.deliveries.map(() => 200));
    const channels = await queryRows<{ channel: string; n: number }>(
      t.db,
      sql`SELECT e.channel, count(*)::int AS n FROM payment_events e
          JOIN payment_authorizations p USING (authorization_id)
          WHERE p.order_id = ${order.orderId} GROUP BY e.channel ORDER BY e.channel`,
    );
    expect(channels.map((c) => c.channel)).toEqual(['return', 'webhook']);
    expect(channels.find((c) => c.channel === 'return')?.n).toBe(1);
  });

  it('the same order marked prepared through both processes at once is captured once, for the picked amount', async () => {
    const order = await paidAcrossProcesses();
    await picked(order.orderId, 0.8);
    const [first, second] = await Promise.all([
      staffPost<{ data: Order }>(a, picker, `/admin/orders/${order.orderId}/prepared`, {}),
      staffPost<{ data: Order }>(b, picker, `/admin/orders/${order.orderId}/prepared`, {}),
    ]);
    const answers = [first, second].map((x) => x.response.status).sort();
    expect(answers[0]).toBe(0);
    expect(answers[1]).not.toBe(0);
    const [auth] = await authorisationsOf(t, order.orderId);
    const intent = intentOf(order.orderId);
    expect(executed(`/v1/payment_intents/${intent.id}/capture`)).toHaveLength(1);
    expect(intent.status).toBe('succeeded');
    expect(intent.amount_received).toBeLessThan(intent.amount);
    expect(auth).toMatchObject({ status: 'captured', capturedCents: intent.amount_received });
    expect(await statusChanges(order.orderId, ORDER_STATUS.prepared)).toBe(1);
  });

  it('a refund sent to both processes with one key gives money back once; two keys never give more than was taken', async () => {
    const order = await paidAcrossProcesses();
    await picked(order.orderId);
    const prepared = await staffPost(a, picker, `/admin/orders/${order.orderId}/prepared`, {});
    expect(prepared.response.status).toBe(0);
    const intent = intentOf(order.orderId);
    const taken = intent.amount_received;
    const stripeRefunds = () =>
      [...standIn['ledger'].refunds.values()].filter((r) => r.payment_intent === intent.id);
    const ours = () =>
      queryRows<{ state: string; amountCents: number }>(
        t.db,
        sql`SELECT state, amount_cents AS "amountCents" FROM payment_refunds WHERE order_id = ${order.orderId}
            ORDER BY refund_id`,
      );

    const once = {
      amount: 1,
      reason: 'Uova rotte alla consegna',
      idempotencyKey: `race-once-${order.orderId}`,
    };
    const [x, y] = await Promise.all([
      staffPost(a, service, `/admin/orders/${order.orderId}/refunds`, once),
      staffPost(b, service, `/admin/orders/${order.orderId}/refunds`, once),
    ]);
    expect([x.response.status, y.response.status]).toEqual([0, 0]);
    expect(stripeRefunds().map((r) => r.amount)).toEqual([100]);
    expect(await ours()).toEqual([{ state: 'succeeded', amountCents: 100 }]);

    // what is left, asked twice under two keys, each for more than half of it: one is refused
    const left = taken - 100;
    const most = Math.floor(left * 0.75);
    const amount = most / 100;
    const [p, q] = await Promise.all([
      staffPost(a, service, `/admin/orders/${order.orderId}/refunds`, {
        amount,
        reason: 'Prodotto mancante',
        idempotencyKey: `race-a-${order.orderId}`,
      }),
      staffPost(b, service, `/admin/orders/${order.orderId}/refunds`, {
        amount,
        reason: 'Prodotto mancante',
        idempotencyKey: `race-b-${order.orderId}`,
      }),
    ]);
    expect([p.response.status, q.response.status].sort()[0]).toBe(0);
    expect([p.response.status, q.response.status].sort()[1]).not.toBe(0);
    expect(stripeRefunds().map((r) => r.amount)).toEqual([100, most]);
    expect((await ours()).filter((r) => r.state === 'succeeded').map((r) => r.amountCents)).toEqual([
      100,
      most,
    ]);
    const [auth] = await queryRows<{ refunded: number }>(
      t.db,
      sql`SELECT refunded_cents AS refunded FROM payment_authorizations WHERE order_id = ${order.orderId}`,
    );
    expect(auth?.refunded).toBe(100 + most);
    expect(intentOf(order.orderId).amount_received).toBe(taken);
  });
});
