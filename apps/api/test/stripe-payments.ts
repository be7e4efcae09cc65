import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/rows';
import { api, buy, checkoutCustomer, driveSlot, preparedCart, testProduct } from './checkout-fixtures';
import { addDays, romeToday } from '../src/lib/rome-time';
import { buildTestApp, type TestApp } from './helper';
import { StripeStandIn } from './stand-ins/stripe/stripe-stand-in';

/**
 * The shop on the Stripe stand-in (decision 080): the app built with STRIPE_* pointing at a stand-in that the
 * real SDK talks to over HTTP, Stripe's webhooks delivered to the app through a small HTTP server that hands
 * each request to `app.inject` as it came (raw body and headers), and one clock for the app and the stand-in.
 */
export const WEBHOOK_SECRET = 'whsec_test_spesa0123456789abcdef';

export interface StripeShop {
  t: TestApp;
  standIn: StripeStandIn;
  /** ms added to the real time: the app's and the stand-in's clock */
  clock: { offset: number };
  close(): Promise<void>;
}

export async function stripeShop(opts: { runJobs?: boolean } = {}): Promise<StripeShop> {
  const clock = { offset: 0 };
  const now = () => new Date(Date.now() + clock.offset);
  let app: TestApp['app'] | null = null;
  const hook: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (!app) {
        res.writeHead(503).end();
        return;
      }
      void app
        .inject({
          method: 'POST',
          url: api('/payment/webhook/stripe'),
          headers: {
            'content-type': String(req.headers['content-type'] ?? 'application/json'),
            'stripe-signature': String(req.headers['stripe-signature'] ?? ''),
          },
          payload: body,
        })
        .then(
          (r) => res.writeHead(r.statusCode).end(r.body),
          () => res.writeHead(500).end(),
        );
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/webhook`;
  const standIn = await StripeStandIn.start({
    now: () => now().getTime(),
    webhookEndpoints: [{ url: hookUrl, secret: WEBHOOK_SECRET }],
    webhookRetry: { maxAttempts: 1 },
  });
  const t = await buildTestApp({
    now,
    runJobs: opts.runJobs ?? false,
    env: {
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
      PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: -1,
    },
  });
  app = t.app;
  return {
    t,
    standIn,
    clock,
    close: async () => {
      await standIn.stop();
      await new Promise<void>((resolve) => hook.close(() => resolve()));
      await t.close();
    },
  };
}

/** A drive slot `days` after today (Italian time) */
export const slotInDays = (t: TestApp, days: number) => driveSlot(t.db, addDays(romeToday(), days), 100_000);

/** A customer's card order bought and waiting on Stripe's Checkout page. */
export async function cardOrder(
  s: StripeShop,
  o: { days?: number; loose?: boolean; paymentTypeId?: number } = {},
) {
  const { t } = s;
  const c = await checkoutCustomer(t);
  const p = await testProduct(t.db, { stock: 50, sellingType: o.loose ? 'Sfuso' : 'Pezzo' });
  const slot = await slotInDays(t, o.days ?? 2);
  const prep = await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 1 }] });
  if (prep.body.response.status !== 0) throw new Error(`prepare: ${JSON.stringify(prep.body.response)}`);
  const bought = await buy(t, c.token, { payment_type_id: o.paymentTypeId ?? 12 });
  if (bought.body.response.status !== 0) throw new Error(`buy: ${JSON.stringify(bought.body.response)}`);
  const { orderId, paymentUrl } = bought.body.data;
  if (!paymentUrl?.startsWith(s.standIn.url)) throw new Error(`not a Stripe page: ${paymentUrl}`);
  const sessionId = paymentUrl.split('/').pop()!;
  return { customer: c, orderId, paymentUrl, sessionId };
}

/**
 * The customer on Checkout's page: pays with a test PaymentMethod. Answers where the browser goes next: the
 * shop's return (a path to inject), the 3-D Secure challenge (a stand-in URL), or the page again (declined).
 */
export async function payOnCheckout(paymentUrl: string, paymentMethod: string) {
  const page = await fetch(paymentUrl);
  if (page.status !== 200) throw new Error(`Checkout page: HTTP ${page.status}`);
  const posted = await fetch(paymentUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_method: paymentMethod }).toString(),
    redirect: 'manual',
  });
  return { status: posted.status, location: posted.headers.get('location') };
}

/** The 3-D Secure challenge answered; answers where the browser goes (via Checkout, to the shop's return). */
export async function answerChallenge(challengeUrl: string, outcome: 'complete' | 'fail') {
  const posted = await fetch(challengeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }).toString(),
    redirect: 'manual',
  });
  const back = posted.headers.get('location');
  if (!back) throw new Error(`challenge: HTTP ${posted.status}`);
  const via = await fetch(back, { redirect: 'manual' });
  return { status: via.status, location: via.headers.get('location') };
}

/** The browser back at the shop (Checkout's success_url): the path and query, injected. */
export async function returnToShop(t: TestApp, location: string) {
  const url = new URL(location);
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

export async function orderStatusOf(t: TestApp, orderId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ s: number }>(
    t.db,
    sql`SELECT order_status_id::int AS s FROM orders WHERE order_id = ${orderId}`,
  );
  return row?.s;
}

export async function authorisationsOf(t: TestApp, orderId: number) {
  return queryRows<{
    attempt: number;
    provider: string;
    providerRef: string;
    status: string;
    amountCents: number;
    capturedCents: number;
    cardBrand: string | null;
    cardLast4: string | null;
  }>(
    t.db,
    sql`SELECT attempt::int, provider, provider_ref AS "providerRef", status, amount_cents AS "amountCents",
          captured_cents AS "capturedCents", card_brand AS "cardBrand", card_last4 AS "cardLast4"
        FROM payment_authorizations WHERE order_id = ${orderId} ORDER BY attempt`,
  );
}

/** The stand-in's record of a Checkout Session and of its PaymentIntent (read directly: a test's eye on Stripe). */
export function stripeSessionOf(s: StripeShop, sessionId: string) {
  const record = s.standIn['checkout'].sessions.get(sessionId);
  const intentId = record?.object.payment_intent as string | undefined;
  return {
    session: record?.object,
    setupFutureUsage: record?.intentData.setupFutureUsage ?? null,
    intent: intentId ? s.standIn['ledger'].intents.get(intentId)?.object : undefined,
  };
}

/** The stand-in's PaymentIntent of an id. */
export const stripeIntent = (s: StripeShop, intentId: string) =>
  s.standIn['ledger'].intents.get(intentId)?.object;

/** A recurring job run now, as the queue would at its next turn. */
export async function runRecurringJob(t: TestApp, kind: string) {
  await t.db.execute(sql`UPDATE scheduled_jobs SET run_at = now() WHERE kind = ${kind} AND done_at IS NULL`);
  await t.app.jobs.enqueue(kind, {}, { singletonKey: kind });
  await t.app.jobs.drain();
}
