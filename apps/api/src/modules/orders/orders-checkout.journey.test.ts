import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  api,
  buy,
  checkoutCustomer,
  driveSlot,
  payOnHostedPage,
  preparedCart,
  testProduct,
} from '../../../test/checkout-fixtures';
import { buildTestApp, callAs, findInMail, getJson, lastMailTo, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { newCustomer } from '../../../test/customers';
import { SANDBOX_TEST_CARDS } from '../payment/sandbox.provider';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    now: () => new Date('2027-03-01T07:00:00Z'),
    env: { PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: -1 },
  });
});
afterAll(async () => t?.close());

it('card purchase -> confirmation mail with token -> staff picks a heavier weight -> captured via sandbox', async () => {
  const c = await checkoutCustomer(t);
  const p = await testProduct(t.db, { stock: 50, sellingType: 'Sfuso' });
  const slot = await driveSlot(t.db, '2027-03-03', 1000);
  const prep = await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 1 }] });
  expect(prep.body.response.status).toBe(0);
  const res = await buy(t, c.token, { payment_type_id: 12 });
  const data = res.body.data;
  const paymentUrl = data.paymentUrl ?? '';
  await payOnHostedPage(t, paymentUrl, SANDBOX_TEST_CARDS.success);
  const mail = await lastMailTo(t.db, c.email);
  console.log(mail?.subject, '\n', mail?.textBody);
  const token = findInMail(mail?.textBody ?? '', /access_token=([A-Za-z0-9_-]{43})/);
  const tv = await getJson<{ data: { orderStatusId: number } }>(
    t.app,
    api(`/token-order/view?order_id=${data.orderId}&access_token=${token}`),
  );
  expect(tv.body.data.data.orderStatusId).toBe(3);

  const s = await newCustomer(t, { tag: 'mstaff' });
  await makeStaff(t, s.userId);
  const st = (path: string, payload: unknown) =>
    callAs<{
      data: {
        capturedAmount: number;
        orderItems: Array<{ orderItemId: number }>;
        prebilledAmount: number;
        grossTotal: number;
      };
    }>(t.app, s.token, 'POST', api(path), { payload });
  const started = await st('/staff/order/start-preparation', { orderId: data.orderId });
  expect(started.body.response.status).toBe(0);
  const item = started.body.data.data.orderItems[0]?.orderItemId;
  const picked = await st('/staff/order/pick', {
    orderId: data.orderId,
    orderItemId: item,
    quantity: 1,
    weight: 1.1,
  });
  console.log(JSON.stringify(picked.body.response));
  const prepared = await st('/staff/order/prepared', { orderId: data.orderId });
  console.log(
    JSON.stringify(prepared.body.response),
    prepared.body.data.data?.capturedAmount,
    prepared.body.data.data?.grossTotal,
    prepared.body.data.data?.prebilledAmount,
  );
  expect(prepared.body.response.status).toBe(0);
  const cv = await callAs<{ data: { capturedAmount: number; payment: unknown } }>(
    t.app,
    c.token,
    'GET',
    api(`/order/view?order_id=${data.orderId}`),
  );
  console.log(cv.body.data.data.capturedAmount, JSON.stringify(cv.body.data.data.payment));
  console.log((await lastMailTo(t.db, c.email))?.textBody);
});
