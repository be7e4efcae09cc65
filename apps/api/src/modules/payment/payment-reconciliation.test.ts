import { generateKeyPairSync } from 'node:crypto';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, checkoutCustomer, preparedCart, testProduct } from '../../../test/checkout-fixtures';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { SatispayStandIn } from '../../../test/stand-ins/satispay/satispay-stand-in';
import { authorisationsOf, orderStatusOf, runRecurringJob, slotInDays } from '../../../test/stripe-payments';
import { RECONCILE_JOB } from './payment-reconciliation';

/**
 * Reconciliation's window per provider (decision 086): a Satispay fund lock may be authorised in the app for
 * 10 days, long after the 3 days a card page is looked after. Satispay's callbacks are lost here ('never'), the
 * customer authorises days later, and only the recurring job can tell the shop. The app's and the stand-in's
 * clock is one, moved forward by the test.
 */
const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;
let t: TestApp;
let standIn: SatispayStandIn;
const clock = { offset: 0 };
const now = () => Date.now() + clock.offset;

beforeAll(async () => {
  // the requests' signed `Date` is the machine's real time (the client's), not the moved clock: the stand-in's
  // check of it is widened to the days the test moves
  standIn = await SatispayStandIn.start({ now, callbacks: 'never', maxDateSkewMs: 30 * DAY });
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  t = await buildTestApp({
    runJobs: false,
    now: () => new Date(now()),
    env: {
      SATISPAY_KEY_ID: standIn.registerKey(keys.publicKey).keyId,
      SATISPAY_PRIVATE_KEY: keys.privateKey.replace(/\n/g, '\\n'),
      SATISPAY_API_URL: standIn.url,
      PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: -1,
    },
  });
});

afterAll(async () => {
  await standIn?.stop();
  await t?.close();
});

/** an order paid with the Satispay app (type 24), left on Satispay's page */
async function appOrder() {
  const c = await checkoutCustomer(t);
  const p = await testProduct(t.db, { stock: 50 });
  const slot = await slotInDays(t, 2);
  const prep = await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 1 }] });
  expect(prep.body.response.status).toBe(0);
  const bought = await buy(t, c.token, { payment_type_id: 24 });
  expect(bought.body.response.status).toBe(0);
  const { orderId, paymentUrl } = bought.body.data;
  return { orderId, paymentId: new URL(paymentUrl!).pathname.split('/').pop()! };
}

/** the clock moved to `days` after the start, at `minute` past an hour */
function moveTo(days: number, minute: number) {
  clock.offset = 0;
  const target = Date.now() + days * DAY;
  clock.offset = days * DAY + (HOUR - (target % HOUR)) + minute * 60_000;
}

const askedAbout = (paymentId: string) =>
  standIn.requests.filter(
    (r) => r.method === 'GET' && r.path === `/g_business/v1/payments/${paymentId}` && r.status === 200,
  ).length;

describe('reconciliation of Satispay fund locks', () => {
  it('settles a lock the customer authorised 5 days later, its callback lost; old attempts are asked hourly', async () => {
    const late = await appOrder();
    const abandoned = await appOrder();
    expect(await orderStatusOf(t, late.orderId)).toBe(ORDER_STATUS.inPayment);

    // 5 days later the customer confirms in the app; Satispay's callback never arrives
    moveTo(5, 30);
    const confirmed = await fetch(`${standIn.url}/pay/${late.paymentId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=accept',
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(303);
    expect(standIn.payment(late.paymentId)?.object.status).toBe('AUTHORIZED');

    // half past the hour: an attempt older than a day waits for the hour's first run
    const before = askedAbout(late.paymentId);
    await runRecurringJob(t, RECONCILE_JOB);
    expect(askedAbout(late.paymentId)).toBe(before);
    expect(await orderStatusOf(t, late.orderId)).toBe(ORDER_STATUS.inPayment);

    // the hour's first run asks Satispay and confirms the order
    moveTo(5 + 1 / 24, 1);
    await runRecurringJob(t, RECONCILE_JOB);
    expect(askedAbout(late.paymentId)).toBeGreaterThan(before);
    expect(await orderStatusOf(t, late.orderId)).toBe(ORDER_STATUS.ordered);
    expect((await authorisationsOf(t, late.orderId)).map((a) => a.status)).toEqual(['authorized']);
    // the other lock, still waiting in the app, is reported pending
    expect(await orderStatusOf(t, abandoned.orderId)).toBe(ORDER_STATUS.awaitingPayment);

    // the abandoned lock expires after 10 days at Satispay: the next hourly run settles it as not paid
    moveTo(10, 1);
    await runRecurringJob(t, RECONCILE_JOB);
    expect(standIn.payment(abandoned.paymentId)?.object.status).toBe('CANCELED');
    expect((await authorisationsOf(t, abandoned.orderId)).map((a) => a.status)).toEqual(['declined']);
    expect(await orderStatusOf(t, abandoned.orderId)).toBe(ORDER_STATUS.invalidated);
  });
});
