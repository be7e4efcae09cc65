import { lineTotalCents } from '@spesa/shared/cart/quantity';
import type { Order } from '@spesa/shared/contracts/orders';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { sql } from 'drizzle-orm';
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
import { queryRows } from '../../db/rows';
import { SANDBOX_TEST_CARDS } from '../payment/sandbox.provider';
import { formatEuro } from './orders.messages';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    now: () => new Date('2027-03-01T07:00:00Z'),
    env: { PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: -1 },
  });
});
afterAll(async () => t?.close());

const cents = (euro: number) => Math.round(euro * 100);

it('card purchase -> confirmation mail with token -> staff picks a heavier weight -> captured via sandbox', async () => {
  const c = await checkoutCustomer(t);
  const p = await testProduct(t.db, { stock: 50, sellingType: 'Sfuso' });
  const slot = await driveSlot(t.db, '2027-03-03', 1000);
  const prep = await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 1 }] });
  expect(prep.body.response.status).toBe(0);
  const res = await buy(t, c.token, { payment_type_id: 12 });
  expect(res.body.response.status).toBe(0);
  const data = res.body.data;
  expect(data.paymentUrl).toMatch(/^\/ebsn\/api\/payment-sandbox\/pay\//);
  const { completed } = await payOnHostedPage(t, data.paymentUrl ?? '', SANDBOX_TEST_CARDS.success);
  expect(completed).toBe(`/checkout/completed/success?order_id=${data.orderId}`);

  // what was ordered and held on the card, as the customer sees it
  const customerView = () =>
    callAs<{ data: Order }>(t.app, c.token, 'GET', api(`/order/view?order_id=${data.orderId}`));
  const ordered = (await customerView()).body.data.data;
  expect(ordered.orderStatusId).toBe(ORDER_STATUS.ordered);
  expect(ordered.payment).toMatchObject({ status: 'authorized', amountCaptured: 0 });
  expect(ordered.capturedAmount).toBeNull();
  const [line] = ordered.orderItems;
  expect(ordered.orderItems).toHaveLength(1);
  expect(line).toMatchObject({ productId: p.productId, quantity: 1, variableWeight: true, delivered: null });
  const heldCents = cents(ordered.prebilledAmount);
  expect(cents(ordered.payment.amountAuthorized)).toBe(heldCents);
  // a card payment holds more than the estimate, to cover heavier weights
  expect(heldCents).toBeGreaterThan(cents(ordered.grossTotal));

  // the confirmation: the order, its total, the amount held, a read-only link that works without signing in
  const confirmation = await lastMailTo(t.db, c.email);
  expect(confirmation?.subject).toBe(`Conferma ordine n. ${data.orderId}`);
  expect(confirmation?.textBody).toContain(`Ordine n. ${data.orderId}: 1 prodotto`);
  expect(confirmation?.textBody).toContain(`Totale: ${formatEuro(cents(ordered.grossTotal))}`);
  expect(confirmation?.textBody).toContain(`Importo bloccato sulla carta: ${formatEuro(heldCents)}.`);
  const token = findInMail(confirmation?.textBody ?? '', /access_token=([A-Za-z0-9_-]{43})/);
  const tv = await getJson<{ data: { orderStatusId: number } }>(
    t.app,
    api(`/token-order/view?order_id=${data.orderId}&access_token=${token}`),
  );
  expect(tv.body.data.data.orderStatusId).toBe(ORDER_STATUS.ordered);

  const s = await newCustomer(t, { tag: 'mstaff' });
  const staffToken = await makeStaff(t, s.userId);
  const st = (path: string, payload: unknown) =>
    callAs<{ data: Order }>(t.app, staffToken, 'POST', api(`/admin/orders/${data.orderId}${path}`), {
      payload,
      via: 'staff',
    });
  const started = await st('/start', {});
  expect(started.body.response.status).toBe(0);
  const item = started.body.data.data.orderItems[0]?.orderItemId;
  // 1.1 kg weighed for the 1 kg ordered
  const picked = await st('/pick', {
    orderItemId: item,
    quantity: 1,
    weight: 1.1,
  });
  expect(picked.body.response.status).toBe(0);
  expect(picked.body.data.data.orderItems[0]?.delivered).toMatchObject({ quantity: 1, weight: 1.1 });

  // the real amount: the weighed line, plus fee and bags, less any gift; more than ordered, within the hold
  const deliveredCents = lineTotalCents(1.1, cents(line!.unitPrice));
  const realCents =
    deliveredCents +
    cents(ordered.deliveryFee) +
    cents(ordered.packagingTotal) -
    Math.min(cents(ordered.giftDiscount), deliveredCents);
  expect(realCents).toBeGreaterThan(cents(ordered.grossTotal));
  expect(realCents).toBeLessThanOrEqual(heldCents);

  const prepared = await st('/prepared', {});
  expect(prepared.body.response.status).toBe(0);
  expect(prepared.body.response.infosMessage).toEqual([
    `Ordine preparato: addebitati ${formatEuro(realCents)}.`,
  ]);
  expect(prepared.body.data.data.orderStatusId).toBe(ORDER_STATUS.prepared);
  expect(cents(prepared.body.data.data.capturedAmount ?? 0)).toBe(realCents);
  expect(cents(prepared.body.data.data.deliveredTotal ?? 0)).toBe(deliveredCents);

  // the customer's order: prepared, the real amount taken, the hold unchanged
  const after = (await customerView()).body.data.data;
  expect(after.orderStatusId).toBe(ORDER_STATUS.prepared);
  expect(after.statusHistory.map((h) => h.orderStatusId)).toEqual([
    ORDER_STATUS.inPayment,
    ORDER_STATUS.ordered,
    ORDER_STATUS.preparing,
    ORDER_STATUS.prepared,
  ]);
  expect(cents(after.capturedAmount ?? 0)).toBe(realCents);
  expect(after.payment.status).toBe('captured');
  expect(cents(after.payment.amountCaptured)).toBe(realCents);
  expect(cents(after.payment.amountAuthorized)).toBe(heldCents);
  // what was held, taken and released, with their times (decision 085)
  expect(after.payment.movements?.map((m) => [m.kind, cents(m.amount)])).toEqual([
    ['held', heldCents],
    ['taken', realCents],
    ['returned', heldCents - realCents],
  ]);
  expect(after.payment.movements?.every((m) => !Number.isNaN(Date.parse(m.at)))).toBe(true);
  // the sandbox acquirer's own ledger took the same amount from the card, once
  const ledger = await queryRows<{ amount: number; captured: number }>(
    t.db,
    sql`SELECT amount_cents AS amount, captured_cents AS captured FROM sandbox_payments
        WHERE order_id = ${data.orderId} AND captured_cents > 0`,
  );
  expect(ledger).toEqual([{ amount: heldCents, captured: realCents }]);

  // the mail tells the real amount taken
  const preparedMail = await lastMailTo(t.db, c.email);
  expect(preparedMail?.subject).toBe(`Ordine n. ${data.orderId} preparato`);
  expect(preparedMail?.textBody).toContain(
    `Abbiamo addebitato l’importo reale della spesa: ${formatEuro(realCents)}.`,
  );
  expect(preparedMail?.textBody).toContain(
    `Importo bloccato: ${formatEuro(heldCents)}; addebitato: ${formatEuro(realCents)}; restituito (sbloccato): ${formatEuro(heldCents - realCents)}.`,
  );
  expect(preparedMail?.textBody).toContain(`/profile/orders/${data.orderId}`);
});
