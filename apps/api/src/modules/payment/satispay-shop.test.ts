import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Order } from '@spesa/shared/contracts/orders';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buy, checkoutCustomer, preparedCart, testProduct } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { SatispayStandIn } from '../../../test/stand-ins/satispay/satispay-stand-in';
import { authorisationsOf, orderStatusOf, slotInDays } from '../../../test/stripe-payments';

/**
 * Payment type 24 through Satispay, end to end (decision 082): the app built with SATISPAY_* pointing at the
 * stand-in, its public address a small HTTP server that hands Satispay's callback GETs to the app's webhook route
 * (`app.inject`), the customer on the stand-in's page, the browser's return injected, the staff capturing at
 * preparation.
 */
let t: TestApp;
let standIn: SatispayStandIn;
let hook: Server;
let publicUrl: string;

beforeAll(async () => {
  let app: TestApp['app'] | null = null;
  hook = createServer((req, res) => {
    if (!app) return void res.writeHead(503).end();
    void app.inject({ method: 'GET', url: req.url ?? '/' }).then(
      (r) => res.writeHead(r.statusCode).end(r.body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  publicUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
  standIn = await SatispayStandIn.start();
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  t = await buildTestApp({
    runJobs: false,
    env: {
      SATISPAY_KEY_ID: standIn.registerKey(keys.publicKey).keyId,
      SATISPAY_PRIVATE_KEY: keys.privateKey.replace(/\n/g, '\\n'),
      SATISPAY_API_URL: standIn.url,
      PUBLIC_URL: publicUrl,
      PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: -1,
    },
  });
  app = t.app;
});

afterAll(async () => {
  await standIn?.stop();
  await new Promise<void>((resolve) => hook?.close(() => resolve()));
  await t?.close();
});

/** a customer's order paid with the Satispay app (type 24), waiting on Satispay's page */
async function appOrder(o: { loose?: boolean } = {}) {
  const c = await checkoutCustomer(t);
  const p = await testProduct(t.db, { stock: 50, sellingType: o.loose ? 'Sfuso' : 'Pezzo' });
  const slot = await slotInDays(t, 2);
  const prep = await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 1 }] });
  expect(prep.body.response.status).toBe(0);
  const bought = await buy(t, c.token, { payment_type_id: 24 });
  expect(bought.body.response.status).toBe(0);
  const { orderId, paymentUrl } = bought.body.data;
  expect(paymentUrl?.startsWith(`${standIn.url}/pay/`)).toBe(true);
  return { orderId, paymentUrl: paymentUrl!, paymentId: new URL(paymentUrl!).pathname.split('/').pop()! };
}

/** the customer in the app; then the browser back at the shop: where the shop sends it */
async function inTheApp(paymentUrl: string, outcome: 'accept' | 'refuse') {
  const res = await fetch(new URL(new URL(paymentUrl).pathname, standIn.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get('location')!);
  expect(back.origin).toBe(publicUrl);
  const answer = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  return { status: answer.statusCode, location: answer.headers.location };
}

describe('an order paid with the Satispay app', () => {
  it('locks the pre-authorised amount, is ordered by the callback, and is captured for the picked amount', async () => {
    const order = await appOrder({ loose: true });
    const [created] = await authorisationsOf(t, order.orderId);
    expect(created).toMatchObject({ provider: 'satispay', providerRef: order.paymentId, status: 'created' });
    expect(standIn.payment(order.paymentId)).toMatchObject({
      flow: 'FUND_LOCK',
      object: { amount_unit: created!.amountCents, status: 'PENDING' },
    });

    const back = await inTheApp(order.paymentUrl, 'accept');
    expect(back).toEqual({ status: 302, location: `/checkout/completed/success?order_id=${order.orderId}` });
    expect(await orderStatusOf(t, order.orderId)).toBe(ORDER_STATUS.ordered);
    expect((await authorisationsOf(t, order.orderId))[0]!.status).toBe('authorized');

    const staff = await newCustomer(t, { tag: 'satispaystaff' });
    const token = await makeStaff(t, staff.userId);
    const st = (path: string, payload: unknown) =>
      callAs<{ data: Order }>(t.app, token, 'POST', api(`/admin/orders/${order.orderId}${path}`), {
        payload,
        via: 'staff',
      });
    const started = await st('/start', {});
    expect(started.body.response.status).toBe(0);
    const item = started.body.data.data.orderItems[0]!.orderItemId;
    expect((await st('/pick', { orderItemId: item, quantity: 1, weight: 0.4 })).body.response.status).toBe(0);
    expect((await st('/prepared', {})).body.response.status).toBe(0);
    const [captured] = await authorisationsOf(t, order.orderId);
    expect(captured!.status).toBe('captured');
    expect(captured!.capturedCents).toBeLessThan(captured!.amountCents);
    expect(standIn.payment(order.paymentId)!.object).toMatchObject({
      status: 'ACCEPTED',
      amount_unit: captured!.capturedCents,
    });
  });

  it('refused in the app: the order waits for another payment, the return says failed', async () => {
    const order = await appOrder();
    const back = await inTheApp(order.paymentUrl, 'refuse');
    expect(back).toEqual({ status: 302, location: `/checkout/completed/failed?order_id=${order.orderId}` });
    expect(await orderStatusOf(t, order.orderId)).toBe(ORDER_STATUS.invalidated);
  });

  it('a return before paying only waits; a callback naming an unknown payment changes nothing', async () => {
    const order = await appOrder();
    const forgedReturn = await t.app.inject({
      method: 'GET',
      url: api(`/payment/feedback/satispay?order_id=${order.orderId}&attempt=1`),
    });
    // Satispay says PENDING: the order only waits
    expect(forgedReturn.headers.location).toBe(`/checkout/completed/pending?order_id=${order.orderId}`);
    const forgedCallback = await t.app.inject({
      method: 'GET',
      url: api('/payment/webhook/satispay?payment_id=2ee5f6c7-f85d-45b7-8f1b-2a570a7002eb'),
    });
    expect(forgedCallback.statusCode).toBeGreaterThanOrEqual(400);
    expect(standIn.payment(order.paymentId)!.object.status).toBe('PENDING');
    expect((await authorisationsOf(t, order.orderId))[0]!.status).not.toBe('authorized');
  });
});
