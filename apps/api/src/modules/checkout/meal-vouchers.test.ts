import type { StaffOrderSummary } from '@spesa/shared/contracts/admin-orders';
import type { Order } from '@spesa/shared/contracts/orders';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  buy,
  checkoutCustomer,
  checkoutTestApp,
  driveSlot,
  payOnHostedPage,
  preparedCart,
  testProduct,
  type CheckoutCartWire,
} from '../../../test/checkout-fixtures';
import { callAs, lastMailTo, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { newCustomer } from '../../../test/customers';
import { queryRows } from '../../db/rows';
import { formatEuro } from '../orders/orders.messages';
import { SANDBOX_TEST_CARDS } from '../payment/sandbox.provider';
import { CHECKOUT_TEXT } from './checkout.messages';

/**
 * Meal vouchers at checkout (decision 047): declared with prepare, at most 8, goods of at least 100 €, food only,
 * no invoice, the service cost as its own part of the total, the card holding the rest; the staff see the
 * vouchers to collect and the capture takes only what they do not pay. Runs on both engines.
 */
let t: TestApp;
const DAY = '2027-03-03';
beforeAll(async () => {
  t = await checkoutTestApp(() => new Date('2027-03-01T07:00:00Z'));
});
afterAll(async () => t?.close());

const cents = (euro: number) => Math.round(euro * 100);
/** A subcategory of home care (cura della casa: detersivi lavatrice): not food. */
const NON_FOOD_SUBCATEGORY = 160101;
const INVOICE = {
  personTypeId: 2,
  companyName: 'Ferramenta Rossi S.r.l.',
  fiscalCode: '',
  vatCode: '01234561080',
  pec: '',
  sdiCode: 'M5UXCR1',
  ipaCode: '',
  cig: '',
  determinationNumber: '',
  determinationDate: '',
  contactPerson: '',
  address1: 'Via Roma',
  addressNumber: '1',
  postalCode: '20121',
  city: 'Milano',
  province: 'MI',
};
const EIGHT_OF_8 = { count: 8, kind: 'unlimited', face_value: 8 };

/** A customer with a cart at the Drive store: `food` and `nonFood` pieces of 2,50 € products, prepared. */
async function cartOf(food: number, nonFood = 0, prepareBody: Record<string, unknown> = {}) {
  const c = await checkoutCustomer(t);
  const items: Array<{ productId: number; quantity: number }> = [];
  if (food > 0) {
    const p = await testProduct(t.db, { stock: 100, priceCents: 250 });
    await t.db.execute(sql`UPDATE products SET category_id = 10101 WHERE product_id = ${p.productId}`);
    items.push({ productId: p.productId, quantity: food });
  }
  if (nonFood > 0) {
    const p = await testProduct(t.db, { stock: 100, priceCents: 250 });
    await t.db.execute(
      sql`UPDATE products SET category_id = ${NON_FOOD_SUBCATEGORY} WHERE product_id = ${p.productId}`,
    );
    items.push({ productId: p.productId, quantity: nonFood });
  }
  const slot = await driveSlot(t.db, DAY, 1000);
  const prep = await preparedCart(t, c.token, { slot, items }, prepareBody);
  return { ...c, prep };
}

const prepare = (token: string, payload: Record<string, unknown>) =>
  callAs<CheckoutCartWire>(t.app, token, 'POST', api('/checkout/prepare'), { payload });
/** The checkout's cart (unlock answers it, also when the cart was not locked). */
const checkoutCart = async (token: string) =>
  (await callAs<CheckoutCartWire>(t.app, token, 'POST', api('/checkout/unlock'))).body;
const savedDeclaration = async (userId: number) =>
  (
    await queryRows<{ mealVouchers: unknown }>(
      t.db,
      sql`SELECT cc.meal_vouchers AS "mealVouchers" FROM cart_checkouts cc JOIN carts c USING (cart_id)
          WHERE c.user_id = ${userId} AND c.closed_at IS NULL`,
    )
  )[0]?.mealVouchers ?? null;

describe('meal vouchers at checkout', () => {
  it('pay with 8 vouchers of 8 € and the card: the hold, the order, the staff view and the capture', async () => {
    const c = await cartOf(48, 0, { meal_vouchers: EIGHT_OF_8 });
    expect(c.prep.body.response.status).toBe(0);
    const co = c.prep.body.data.checkout;
    expect(co.mealVouchers).toEqual({
      count: 8,
      kind: 'unlimited',
      faceValue: 8,
      amount: 64,
      serviceCost: 2.69,
      serviceCostPercent: 4.2,
    });
    expect(co.foodTotal).toBe(120);
    const goodsAndBags = 120_00 + cents(co.packagingTotal) + cents(c.prep.body.data.deliveryFee);
    expect(cents(co.orderTotal)).toBe(goodsAndBags + 269);
    expect(cents(co.prebilledAmount)).toBe(goodsAndBags + 269 - 64_00);

    const res = await buy(t, c.token, { payment_type_id: 12 });
    expect(res.body.response.status).toBe(0);
    const { orderId, order, paymentUrl } = res.body.data;
    expect(order.mealVouchers).toEqual(co.mealVouchers);
    expect(cents(order.grossTotal)).toBe(goodsAndBags + 269);
    expect(cents(order.prebilledAmount)).toBe(goodsAndBags + 269 - 64_00);
    await payOnHostedPage(t, paymentUrl ?? '', SANDBOX_TEST_CARDS.success);
    const viewed = await callAs<{ data: Order }>(
      t.app,
      c.token,
      'GET',
      api(`/order/view?order_id=${orderId}`),
    );
    expect(viewed.body.data.data.orderStatusId).toBe(ORDER_STATUS.ordered);
    expect(viewed.body.data.data.mealVouchers?.amount).toBe(64);
    expect(cents(viewed.body.data.data.payment.amountAuthorized)).toBe(goodsAndBags + 269 - 64_00);
    // the confirmation says which vouchers to hand over, and what they cost
    const vouchers = `8 buoni da ${formatEuro(8_00)} (${formatEuro(64_00)}), costo del servizio ${formatEuro(269)} (4,2%)`;
    const confirmation = await lastMailTo(t.db, c.email);
    expect(confirmation?.subject).toBe(`Conferma ordine n. ${orderId}`);
    expect(confirmation?.textBody).toContain(`Buoni pasto da consegnare: ${vouchers}`);

    // another customer does not see it
    const other = await checkoutCustomer(t);
    const foreign = await callAs(t.app, other.token, 'GET', api(`/order/view?order_id=${orderId}`));
    expect(foreign.body.response.status).not.toBe(0);

    // the staff: the vouchers to collect on the order they pick; all delivered -> the card pays the rest
    const s = await newCustomer(t, { tag: 'mvstaff' });
    const staff = await makeStaff(t, s.userId);
    const st = (path: string, payload: unknown) =>
      callAs<{ data: Order }>(t.app, staff, 'POST', api(`/admin/orders/${orderId}${path}`), {
        payload,
        via: 'staff',
      });
    const listed = await callAs<{ data: StaffOrderSummary[] }>(
      t.app,
      staff,
      'GET',
      api(`/admin/orders?date=${DAY}`),
      { via: 'staff' },
    );
    expect(listed.body.data.data.find((o) => o.orderId === orderId)).toMatchObject({
      mealVoucherCount: 8,
      mealVoucherAmount: 64,
    });
    const started = await st('/start', {});
    expect(started.body.data.data.mealVouchers?.count).toBe(8);
    const item = started.body.data.data.orderItems[0]?.orderItemId;
    expect((await st('/pick', { orderItemId: item, quantity: 48 })).body.response.status).toBe(0);
    const prepared = await st('/prepared', {});
    expect(prepared.body.response.status).toBe(0);
    const charged = goodsAndBags + 269 - 64_00;
    expect(prepared.body.response.infosMessage).toEqual([
      `Ordine preparato: addebitati ${formatEuro(charged)}.`,
      `Buoni pasto da ritirare alla consegna o al ritiro: 8 (${formatEuro(64_00)}).`,
    ]);
    expect(cents(prepared.body.data.data.capturedAmount ?? 0)).toBe(charged);
    // the "prepared" mail: the amount taken and the vouchers to have ready
    const preparedMail = await lastMailTo(t.db, c.email);
    expect(preparedMail?.subject).toBe(`Ordine n. ${orderId} preparato`);
    expect(preparedMail?.textBody).toContain(`Tieni pronti i buoni pasto da consegnare: ${vouchers}.`);
  });

  it('multi-use vouchers cost 4 %; null takes the declaration away', async () => {
    const c = await cartOf(48, 0, { meal_vouchers: { count: 5, kind: 'multi_use', face_value: '10' } });
    expect(c.prep.body.response.status).toBe(0);
    expect(c.prep.body.data.checkout.mealVouchers).toMatchObject({ amount: 50, serviceCost: 2 });
    const removed = await prepare(c.token, { meal_vouchers: null });
    expect(removed.body.response.status).toBe(0);
    expect(removed.body.data.checkout.mealVouchers).toBeNull();
    expect(cents(removed.body.data.checkout.prebilledAmount)).toBe(
      cents(removed.body.data.checkout.orderTotal),
    );
  });

  it.each([
    [{ ...EIGHT_OF_8, count: 9 }, CHECKOUT_TEXT.mealVouchersTooMany.text],
    [{ ...EIGHT_OF_8, count: 0 }, CHECKOUT_TEXT.mealVouchersNone.text],
    [{ ...EIGHT_OF_8, count: -1 }, CHECKOUT_TEXT.mealVouchersNone.text],
    [{ ...EIGHT_OF_8, face_value: 25 }, CHECKOUT_TEXT.mealVouchersFaceValue.text],
    [{ ...EIGHT_OF_8, count: 'otto' }, 'Il parametro meal_vouchers non è valido.'],
    [{ ...EIGHT_OF_8, count: 2.5 }, 'Il parametro meal_vouchers non è valido.'],
    [{ ...EIGHT_OF_8, kind: 'cartaceo' }, 'Il parametro meal_vouchers non è valido.'],
    [{ ...EIGHT_OF_8, face_value: 8.001 }, 'Il parametro meal_vouchers non è valido.'],
    ['8', 'Il parametro meal_vouchers non è valido.'],
  ])('refuses %o with an Italian message and saves nothing', async (sent, text) => {
    const c = await cartOf(48);
    const res = await prepare(c.token, { accept_rules: true, meal_vouchers: sent });
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errorsMessage).toContain(text);
    expect(await savedDeclaration(c.userId)).toBeNull();
    expect((await checkoutCart(c.token)).data.checkout.mealVouchers).toBeNull();
  });

  it('refuses goods under 100 €', async () => {
    const c = await cartOf(39, 0, { meal_vouchers: { count: 2, kind: 'unlimited', face_value: 8 } });
    expect(c.prep.body.response.status).not.toBe(0);
    expect(c.prep.body.response.errorsMessage).toEqual([CHECKOUT_TEXT.mealVouchersMinSpend.text]);
    expect(await savedDeclaration(c.userId)).toBeNull();
  });

  it('refuses a cart without food, and vouchers worth more than its food', async () => {
    const none = await cartOf(0, 48, { meal_vouchers: { count: 2, kind: 'unlimited', face_value: 8 } });
    expect(none.prep.body.response.errorsMessage).toEqual([CHECKOUT_TEXT.mealVouchersNoFood.text]);
    const mixed = await cartOf(24, 24, { meal_vouchers: EIGHT_OF_8 });
    expect(mixed.prep.body.response.errorsMessage).toEqual([CHECKOUT_TEXT.mealVouchersAboveFood.text]);
    expect(await savedDeclaration(mixed.userId)).toBeNull();
    // 7 vouchers (56 €) fit in 60 € of food (the refused prepare saved nothing: the rules again)
    const fits = await prepare(mixed.token, {
      accept_rules: true,
      meal_vouchers: { ...EIGHT_OF_8, count: 7 },
    });
    expect(fits.body.response.status).toBe(0);
    expect(fits.body.data.checkout.foodTotal).toBe(60);
    expect(fits.body.data.checkout.mealVouchers?.amount).toBe(56);
  });

  it('refuses vouchers with an invoice, both ways', async () => {
    const c = await cartOf(48, 0, { meal_vouchers: EIGHT_OF_8 });
    expect(c.prep.body.response.status).toBe(0);
    const invoice = await prepare(c.token, { need_invoice: true, invoice: INVOICE });
    expect(invoice.body.response.errorsMessage).toEqual([CHECKOUT_TEXT.mealVouchersWithInvoice.text]);
    expect((await checkoutCart(c.token)).data.checkout.needInvoice).toBe(false);

    const d = await cartOf(48, 0, { need_invoice: true, invoice: INVOICE });
    expect(d.prep.body.response.status).toBe(0);
    const vouchers = await prepare(d.token, { meal_vouchers: EIGHT_OF_8 });
    expect(vouchers.body.response.errorsMessage).toEqual([CHECKOUT_TEXT.mealVouchersWithInvoice.text]);
    expect(await savedDeclaration(d.userId)).toBeNull();
  });

  it('pay on delivery: the vouchers lower what is paid; a modified order keeps the declaration', async () => {
    const c = await cartOf(48, 0, { meal_vouchers: EIGHT_OF_8 });
    const res = await buy(t, c.token, { payment_type_id: 2 });
    expect(res.body.response.status).toBe(0);
    const { order, orderId } = res.body.data;
    expect(cents(order.prebilledAmount)).toBe(cents(order.grossTotal) - 64_00);
    const modify = await callAs(t.app, c.token, 'POST', api('/order/modify'), {
      payload: { order_id: orderId },
    });
    expect(modify.body.response.status).toBe(0);
    expect((await checkoutCart(c.token)).data.checkout.mealVouchers).toMatchObject({ count: 8, amount: 64 });
    // another customer cannot modify it
    const other = await checkoutCustomer(t);
    const foreign = await callAs(t.app, other.token, 'POST', api('/order/modify'), {
      payload: { order_id: orderId },
    });
    expect(foreign.body.response.status).not.toBe(0);
  });

  it('a cart that falls under 100 € after the declaration cannot be bought', async () => {
    const c = await cartOf(48, 0, { meal_vouchers: EIGHT_OF_8 });
    expect(c.prep.body.response.status).toBe(0);
    await callAs(t.app, c.token, 'POST', api('/checkout/unlock'));
    const cart = await checkoutCart(c.token);
    const itemId = cart.data.cartItems[0]?.itemId;
    await callAs(t.app, c.token, 'POST', api('/cart/update'), {
      payload: { items: [{ itemId, quantity: 10 }] },
    });
    const after = await checkoutCart(c.token);
    expect(after.data.checkout.missingCodes).toContain(CHECKOUT_TEXT.mealVouchersMinSpend.code);
    const again = await prepare(c.token, {});
    expect(again.body.response.errorsMessage).toContain(CHECKOUT_TEXT.mealVouchersMinSpend.text);
  });
});
