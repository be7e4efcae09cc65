import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { loadEnv } from '../../env';
import { pickers } from '../../../test/cart-fixtures';
import {
  api,
  buy,
  checkoutCustomer,
  driveSlot,
  payOnHostedPage,
  preparedCart,
  testProduct,
} from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff, placeOrder } from '../../../test/order-fixtures';
import { SANDBOX_TEST_CARDS } from './sandbox.provider';

/**
 * No payment without the provider: the sandbox's key is never one written in the source (the key the
 * repository once held signs nothing now), a shop in production refuses to start without the provider's own
 * secret, and staff capture succeeds only against what the provider's card page really authorised.
 */
const NOW = new Date('2027-03-01T07:00:00Z');
const DAY = '2027-03-03';
/** a key anyone can read in the repository (a development key): it must open nothing */
const PUBLISHED_KEY = 'spesa-sandbox-development-key-not-for-production';
const sign = (key: string, purpose: string, text: string) =>
  createHmac('sha256', key).update(`${purpose}|${text}`).digest('hex');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW, env: { PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: -1 } });
  await driveSlot(t.db, DAY, 100_000);
});
afterAll(async () => {
  await t?.close();
});

const statusOfIn = async (app: TestApp, orderId: number) =>
  (
    await queryRows<{ s: number }>(
      app.db,
      sql`SELECT order_status_id::int AS s FROM orders WHERE order_id = ${orderId}`,
    )
  )[0]?.s;
const statusOf = (orderId: number) => statusOfIn(t, orderId);

async function orderWaitingForCard() {
  const c = await checkoutCustomer(t);
  const p = await testProduct(t.db, { stock: 50 });
  const slot = await driveSlot(t.db, DAY, 100_000);
  const prep = await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 1 }] });
  expect(prep.body.response.status).toBe(0);
  const bought = await buy(t, c.token, { payment_type_id: 12 });
  const { orderId, paymentUrl } = bought.body.data;
  const ref = /\/pay\/(sbx_[0-9a-f]{24})/.exec(paymentUrl ?? '')?.[1];
  if (!ref) throw new Error('no hosted payment page');
  return { orderId, ref };
}

describe('forged payment notifications', () => {
  it('a return signed with the published development key is refused and the order stays unpaid', async () => {
    const { orderId, ref } = await orderWaitingForCard();
    const before = await statusOf(orderId);
    const ts = Math.floor(NOW.getTime() / 1000);
    const sig = sign(PUBLISHED_KEY, 'return', `${ref}|success|${ts}`);
    const res = await t.app.inject({
      method: 'GET',
      url: api(`/payment/feedback/sandbox?session=${ref}&outcome=success&ts=${ts}&sig=${sig}`),
    });
    expect(res.statusCode).toBe(400);
    expect(await statusOf(orderId)).toBe(before);
  });

  it('a webhook signed with the published development key is refused and the order stays unpaid', async () => {
    const { orderId, ref } = await orderWaitingForCard();
    const before = await statusOf(orderId);
    const raw = JSON.stringify({
      eventId: `${ref}:success`,
      session: ref,
      outcome: 'success',
      amountCents: 1,
      cardBrand: 'Visa',
      cardLast4: '4242',
      ts: Math.floor(NOW.getTime() / 1000),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: api('/payment/webhook/sandbox'),
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': sign(PUBLISHED_KEY, 'webhook', raw),
      },
      payload: raw,
    });
    expect(res.statusCode).toBe(401);
    expect(await statusOf(orderId)).toBe(before);
  });

  it('the generated development key is kept in the database: a second process on it signs the same', async () => {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM app_secrets WHERE name = 'payment-sandbox' AND length(value) >= 32`,
    );
    expect(row?.n).toBe(1);
  });
});

describe("the provider's routes read no session of the shop", () => {
  it('a dead session cookie is neither looked up nor refused on the card page, its form and the return; a cross-site form post still is', async () => {
    const c = await checkoutCustomer(t);
    const p = await testProduct(t.db, { stock: 50 });
    const slot = await driveSlot(t.db, DAY, 100_000);
    const prep = await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 1 }] });
    expect(prep.body.response.status).toBe(0);
    const bought = await buy(t, c.token, { payment_type_id: 12 });
    const { orderId, paymentUrl } = bought.body.data;
    if (!paymentUrl) throw new Error('no hosted payment page');
    // a token no session has: any route that reads the session answers 419 for it
    const dead = { cookie: 'X-Ebsn-Account=not-a-live-token' };
    const stale = await t.app.inject({ method: 'GET', url: api('/cart/view'), headers: dead });
    expect(stale.statusCode).toBe(419);
    const page = await t.app.inject({ method: 'GET', url: paymentUrl, headers: dead });
    expect(page.statusCode).toBe(200);
    const form = new URLSearchParams({
      t: new URL(paymentUrl, 'http://x').searchParams.get('t') ?? '',
      action: 'pay',
      holder: 'Mario Rossi',
      card_number: SANDBOX_TEST_CARDS.success,
      expiry: '12/30',
      cvc: '123',
    }).toString();
    const formHeaders = { ...dead, 'content-type': 'application/x-www-form-urlencoded' };
    const crossSite = await t.app.inject({
      method: 'POST',
      url: paymentUrl.split('?')[0] ?? '',
      headers: { ...formHeaders, 'sec-fetch-site': 'cross-site' },
      payload: form,
    });
    expect(crossSite.statusCode).toBe(403);
    const posted = await t.app.inject({
      method: 'POST',
      url: paymentUrl.split('?')[0] ?? '',
      headers: formHeaders,
      payload: form,
    });
    expect(posted.statusCode).toBe(303);
    const back = await t.app.inject({ method: 'GET', url: String(posted.headers.location), headers: dead });
    expect(back.statusCode).toBe(302);
    expect(String(back.headers.location)).toBe(`/checkout/completed/success?order_id=${orderId}`);
    // the cookie was left alone (no session read, so none cleared)
    expect(back.headers['set-cookie']).toBeUndefined();
    expect(await statusOf(orderId)).toBe(3);
  });
});

describe("the sandbox's delayed webhook", () => {
  it('is a job in the database: a pending card is confirmed when the job runs, in any process', async () => {
    const delayed = await buildTestApp({
      now: () => NOW,
      runJobs: false,
      env: { PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: 1 },
    });
    try {
      const c = await checkoutCustomer(delayed);
      const p = await testProduct(delayed.db, { stock: 50 });
      const slot = await driveSlot(delayed.db, DAY, 100_000);
      await preparedCart(delayed, c.token, { slot, items: [{ productId: p.productId, quantity: 1 }] });
      const bought = await buy(delayed, c.token, { payment_type_id: 12 });
      const paymentUrl = bought.body.data.paymentUrl ?? '';
      await payOnHostedPage(delayed, paymentUrl, SANDBOX_TEST_CARDS.pending);
      const orderId = bought.body.data.orderId;
      // awaiting the bank's confirmation: the webhook is written, not sent
      expect(await statusOfIn(delayed, orderId)).toBe(2);
      const [job] = await queryRows<{ n: number }>(
        delayed.db,
        sql`SELECT count(*)::int AS n FROM scheduled_jobs WHERE kind = 'payment.sandbox-webhook' AND done_at IS NULL`,
      );
      expect(job?.n).toBe(1);
      // this process runs it, or (on PostgreSQL, where this file's first app polls the same database) the other
      await new Promise((r) => setTimeout(r, 20));
      await delayed.app.jobs.runDue();
      const deadline = Date.now() + 3000;
      while ((await statusOfIn(delayed, orderId)) !== 3 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(await statusOfIn(delayed, orderId)).toBe(3);
    } finally {
      await delayed.close();
    }
  });
});

describe('staff capture', () => {
  it('fails through the sandbox when its card page never authorised the payment, and the order stays', async () => {
    const staff = await newCustomer(t, { tag: 'forged-staff' });
    const staffToken = await makeStaff(t, staff.userId);
    const customer = await newCustomer(t, { tag: 'forged-customer' });
    const piece = await pickers.piece(t.db);
    // our records say "authorised" (as a forged notification once could make them), the provider never did
    const o = await placeOrder(t, {
      userId: customer.userId,
      lines: [{ product: piece, quantity: 1 }],
      provider: 'sandbox',
    });
    const as = (path: string, payload: unknown) =>
      callAs(t.app, staffToken, 'POST', api(`/admin/orders/${o.orderId}${path}`), { payload, via: 'staff' });
    expect((await as('/start', {})).body.response.status).toBe(0);
    const itemId = o.itemIds[0];
    expect((await as('/pick', { orderItemId: itemId, quantity: 1 })).body.response.status).toBe(0);
    const before = await statusOf(o.orderId);
    const prepared = await as('/prepared', {});
    expect(prepared.body.response.status).not.toBe(0);
    expect(prepared.body.response.errorsMessage[0]).toMatch(/addebito non è riuscito/);
    expect(await statusOf(o.orderId)).toBe(before);
    const [captured] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM payment_authorizations WHERE order_id = ${o.orderId} AND captured_cents > 0`,
    );
    expect(captured?.n).toBe(0);
  });
});

describe('start-up configuration', () => {
  const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/x' };
  it('production refuses to start without a payment provider, or with the sandbox but no secret of its own', () => {
    expect(() => loadEnv({ ...production })).toThrow(/PAYMENT_SANDBOX/);
    expect(() => loadEnv({ ...production, PAYMENT_SANDBOX: 'on' })).toThrow(/PAYMENT_SANDBOX_SECRET/);
    expect(() => loadEnv({ ...production, PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_SECRET: 'short' })).toThrow(
      /PAYMENT_SANDBOX_SECRET/,
    );
    expect(
      loadEnv({
        ...production,
        PAYMENT_SANDBOX: 'on',
        PAYMENT_SANDBOX_SECRET: 'x'.repeat(40),
        DEMO_SHOP: 'on',
        STAFF_TOTP_KEY: 'k'.repeat(40),
      }).NODE_ENV,
    ).toBe('production');
  });

  it('the server says why and exits 1', () => {
    const server = fileURLToPath(new URL('../../server.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: { PATH: process.env.PATH, ...production, PAYMENT_SANDBOX: 'on' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/PAYMENT_SANDBOX_SECRET: the sandbox payment provider needs its own secret/);
  });

  it('production never serves the development mailbox', () => {
    const ok = { ...production, PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_SECRET: 'x'.repeat(40) };
    expect(() => loadEnv({ ...ok, DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX/);
  });
});
