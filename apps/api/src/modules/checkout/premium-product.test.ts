import type { CheckoutCart } from '@spesa/shared/contracts/checkout';
import { makeCardNumber } from '@spesa/shared/loyalty/card-number';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buy, checkoutCustomer, checkoutTestApp, testProduct } from '../../../test/checkout-fixtures';
import { callAs, type TestApp } from '../../../test/helper';
import { queryRows } from '../../db/rows';
import { AccountRepository } from '../account/account.repository';

/**
 * The premium card's 20 % product at checkout (decision 043): the chosen product's line costs 20 % less
 * (rounded down to the cent), the checkout's cart says so and its total is what the order charges; the
 * product changed after prepare refuses the buy and orders nothing; a fidelity card gets no discount.
 */
let t: TestApp;
let accounts: AccountRepository;
let serial = 7_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
beforeAll(async () => {
  t = await checkoutTestApp(() => new Date('2027-03-01T07:00:00Z'));
  accounts = new AccountRepository(t.db);
});
afterAll(async () => t?.close());

const HOME = {
  addressName: 'Casa',
  receiverName: 'Lucia Brambilla',
  address1: 'Via Carlo Cattaneo',
  addressNumber: '5',
  postalcode: '22100',
  city: 'Como',
  province: 'co',
  phone: '031 123456',
};

type Customer = Awaited<ReturnType<typeof checkoutCustomer>>;

/** A customer holding a card of this type (a premium one: the digital premium card, at once). */
async function cardHolder(type: 'fidelity' | 'premium'): Promise<Customer> {
  const c = await checkoutCustomer(t);
  const cardNumber = makeCardNumber('fidelity', serial++);
  await accounts.issueCard({ cardNumber, cardType: 'fidelity', holderLastName: 'Cliente' }, t.db);
  const linked = await callAs(t.app, c.token, 'POST', api('/loyalty/card/link'), {
    payload: { cardNumber, lastName: 'Cliente' },
  });
  expect(linked.body.response.status).toBe(0);
  if (type === 'premium') {
    const premium = await callAs(t.app, c.token, 'POST', api('/loyalty/premium/request'), {
      payload: { channel: 'digital' },
    });
    expect(premium.body.response.status).toBe(0);
  }
  return c;
}

/** Home delivery to Como, the first free slot, these lines, prepared: the checkout's cart. */
async function homeCart(
  c: Customer,
  items: Array<{ productId: number; quantity: number }>,
): Promise<CheckoutCart> {
  const saved = await callAs<{ address: { addressId: number } }>(
    t.app,
    c.token,
    'POST',
    api('/user-address/update'),
    {
      payload: HOME,
    },
  );
  const id = saved.body.data.address.addressId;
  expect(
    (await callAs(t.app, c.token, 'POST', api(`/user-address/select?address_id=${id}`))).body.response.status,
  ).toBe(0);
  const days = await callAs<{
    days: Array<{ dateIso: string; timeslots: Array<{ timeslotId: number; active: number }> }>;
  }>(t.app, c.token, 'GET', api('/timeslot/list'));
  const day = days.body.data.days.find((d) => d.timeslots.some((s) => s.active >= 1));
  const slot = day?.timeslots.find((s) => s.active >= 1);
  expect(slot).toBeDefined();
  await callAs(
    t.app,
    c.token,
    'GET',
    api(`/timeslot/select?sel_date=${day?.dateIso}&timeslot_id=${slot?.timeslotId}`),
  );
  await callAs(t.app, c.token, 'POST', api('/cart/add'), { payload: { items } });
  const prepared = await callAs<CheckoutCart>(t.app, c.token, 'POST', api('/checkout/prepare'), {
    payload: { accept_rules: true },
  });
  expect(prepared.body.response.status).toBe(0);
  return prepared.body.data;
}

const ordersOf = async (userId: number) =>
  (
    await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId}`)
  )[0]?.n ?? 0;

const chooseProduct = async (c: Customer, productId: number) => {
  const res = await callAs(t.app, c.token, 'POST', api('/loyalty/premium/product'), {
    payload: { productId },
  });
  expect(res.body.response.status).toBe(0);
};

describe('the premium 20 % product at checkout', () => {
  it('the chosen product costs 20 % less at checkout and in the order', async () => {
    const c = await cardHolder('premium');
    const chosen = await testProduct(t.db, { stock: 100, priceCents: 249 });
    const other = await testProduct(t.db, { stock: 100, priceCents: 900 });
    await chooseProduct(c, chosen.productId);
    const cart = await homeCart(c, [
      { productId: chosen.productId, quantity: 3 },
      { productId: other.productId, quantity: 1 },
    ]);
    // 2.49 -> 1.99 (1.992 rounded down), three of them: 1.50 off
    expect(cart.checkout.premiumProduct).toEqual({ productId: chosen.productId, percent: 20, discount: 1.5 });
    const goods = 3 * 2.49 + 9;
    expect(cart.totalPrice).toBeCloseTo(goods, 2);
    const expected = Math.round((goods - 1.5 + cart.deliveryFee + cart.checkout.packagingTotal) * 100) / 100;
    expect(cart.checkout.orderTotal).toBeCloseTo(expected, 2);

    const bought = await buy(t, c.token, { payment_type_id: 2 });
    expect(bought.body.response.status).toBe(0);
    const order = bought.body.data.order;
    expect(order.grossTotal).toBe(cart.checkout.orderTotal);
    const line = order.orderItems.find((i) => i.productId === chosen.productId);
    expect(line).toMatchObject({ unitPrice: 1.99, grossTotal: 5.97, unitPriceStandard: 2.49 });
    expect(order.orderItems.find((i) => i.productId === other.productId)?.unitPrice).toBe(9);
  });

  it('the product changed after prepare: the buy is refused and nothing is ordered', async () => {
    const c = await cardHolder('premium');
    const first = await testProduct(t.db, { stock: 100, priceCents: 500 });
    const second = await testProduct(t.db, { stock: 100, priceCents: 500 });
    await chooseProduct(c, first.productId);
    const cart = await homeCart(c, [
      { productId: first.productId, quantity: 1 },
      { productId: second.productId, quantity: 1 },
    ]);
    expect(cart.checkout.premiumProduct?.productId).toBe(first.productId);
    // changed on another device (as if last month's choice were changed today)
    await t.db.execute(
      sql`UPDATE premium_products SET product_id = ${second.productId} WHERE user_id = ${c.userId}`,
    );
    const before = await ordersOf(c.userId);
    const res = await buy(t, c.token, { payment_type_id: 2 });
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errors[0]?.code).toBe('msg.premium.productChanged');
    expect(res.body.response.errorsMessage[0]).toMatch(
      /^Il prodotto scontato del 20% della Carta Premium è cambiato/,
    );
    expect(await ordersOf(c.userId)).toBe(before);

    // prepared again: the new product's price is the one bought
    const again = await callAs<CheckoutCart>(t.app, c.token, 'POST', api('/checkout/prepare'), {
      payload: { accept_rules: true },
    });
    expect(again.body.data.checkout.premiumProduct).toEqual({
      productId: second.productId,
      percent: 20,
      discount: 1,
    });
    const bought = await buy(t, c.token, { payment_type_id: 2 });
    expect(bought.body.response.status).toBe(0);
    expect(bought.body.data.order.grossTotal).toBe(again.body.data.checkout.orderTotal);
  });

  it('a fidelity card gets no discount', async () => {
    const c = await cardHolder('fidelity');
    const p = await testProduct(t.db, { stock: 100, priceCents: 500 });
    // a row left from a premium time does not count without the premium card
    await t.db.execute(
      sql`INSERT INTO premium_products (user_id, product_id, chosen_on) VALUES (${c.userId}, ${p.productId}, '2027-02-01')`,
    );
    const cart = await homeCart(c, [{ productId: p.productId, quantity: 2 }]);
    expect(cart.checkout.premiumProduct).toBeNull();
    const bought = await buy(t, c.token, { payment_type_id: 2 });
    expect(bought.body.data.order.orderItems[0]?.unitPrice).toBe(5);
  });
});
