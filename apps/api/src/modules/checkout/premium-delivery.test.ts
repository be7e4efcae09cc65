import type { CheckoutCart } from '@spesa/shared/contracts/checkout';
import { makeCardNumber } from '@spesa/shared/loyalty/card-number';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buy, checkoutCustomer, checkoutTestApp, testProduct } from '../../../test/checkout-fixtures';
import { callAs, type TestApp } from '../../../test/helper';
import { queryRows } from '../../db/rows';
import { AccountRepository } from '../account/account.repository';

/**
 * The premium card's two free deliveries at checkout (decision 041): a premium customer's home delivery is
 * priced 0 while one is left, the order takes it, a cancelled order gives it back, the third order pays
 * the fee; a fidelity card gets none. Runs on both engines.
 */
let t: TestApp;
let accounts: AccountRepository;
let serial = 5_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
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

/** Home delivery to Como, the first free slot, one product, prepared: the checkout's cart. */
async function homeCart(c: Customer): Promise<CheckoutCart> {
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
  const p = await testProduct(t.db, { stock: 100, priceCents: 900 });
  await callAs(t.app, c.token, 'POST', api('/cart/add'), {
    payload: { items: [{ productId: p.productId, quantity: 5 }] },
  });
  const prepared = await callAs<CheckoutCart>(t.app, c.token, 'POST', api('/checkout/prepare'), {
    payload: { accept_rules: true },
  });
  expect(prepared.body.response.status).toBe(0);
  return prepared.body.data;
}

const freeUsed = async (userId: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM premium_free_deliveries WHERE user_id = ${userId}`,
    )
  )[0]?.n ?? 0;

describe('premium free deliveries at checkout', () => {
  it('two free home deliveries; a cancelled one comes back; then the fee is paid', async () => {
    const c = await cardHolder('premium');
    const first = await homeCart(c);
    expect(first.deliveryFee).toBe(0);
    expect(first.checkout.premiumFreeDelivery).toBe(true);
    const a = await buy(t, c.token, { payment_type_id: 2 });
    expect(a.body.response.status).toBe(0);
    expect(a.body.data.order.deliveryFee).toBe(0);
    expect(await freeUsed(c.userId)).toBe(1);

    // cancelled: the free delivery is given back
    const del = await callAs(t.app, c.token, 'POST', api('/order/delete'), {
      payload: { order_id: a.body.data.orderId },
    });
    expect(del.body.response.status).toBe(0);
    expect(await freeUsed(c.userId)).toBe(0);

    for (let i = 0; i < 2; i++) {
      const cart = await homeCart(c);
      expect(cart.checkout.premiumFreeDelivery).toBe(true);
      expect((await buy(t, c.token, { payment_type_id: 2 })).body.response.status).toBe(0);
    }
    expect(await freeUsed(c.userId)).toBe(2);
    const third = await homeCart(c);
    expect(third.checkout.premiumFreeDelivery).toBe(false);
    expect(third.deliveryFee).toBeGreaterThan(0);
    const paid = await buy(t, c.token, { payment_type_id: 2 });
    expect(paid.body.data.order.deliveryFee).toBe(third.deliveryFee);
    expect(await freeUsed(c.userId)).toBe(2);
  });

  it('with meal vouchers declared the free delivery does not apply (no delivery discounts, decision 047)', async () => {
    const c = await cardHolder('premium');
    const first = await homeCart(c);
    expect(first.checkout.premiumFreeDelivery).toBe(true);
    await callAs(t.app, c.token, 'POST', api('/checkout/unlock'));
    const food = await testProduct(t.db, { stock: 100, priceCents: 1000 });
    await t.db.execute(sql`UPDATE products SET category_id = 10101 WHERE product_id = ${food.productId}`);
    await callAs(t.app, c.token, 'POST', api('/cart/add'), {
      payload: { items: [{ productId: food.productId, quantity: 8 }] },
    });
    const prepare = (payload: Record<string, unknown>) =>
      callAs<CheckoutCart>(t.app, c.token, 'POST', api('/checkout/prepare'), { payload });
    const vouchers = await prepare({ meal_vouchers: { count: 5, kind: 'unlimited', face_value: 8 } });
    expect(vouchers.body.response.status).toBe(0);
    expect(vouchers.body.data.checkout.premiumFreeDelivery).toBe(false);
    expect(vouchers.body.data.deliveryFee).toBeGreaterThan(0);
    await callAs(t.app, c.token, 'POST', api('/checkout/unlock'));
    const without = await prepare({ meal_vouchers: null });
    expect(without.body.data.checkout.premiumFreeDelivery).toBe(true);
    expect(without.body.data.deliveryFee).toBe(0);
  });

  it('a fidelity card pays the fee', async () => {
    const c = await cardHolder('fidelity');
    const cart = await homeCart(c);
    expect(cart.checkout.premiumFreeDelivery).toBe(false);
    expect(cart.deliveryFee).toBeGreaterThan(0);
  });

  it('the last free delivery taken meanwhile: the buy is refused and nothing is ordered', async () => {
    const c = await cardHolder('premium');
    await homeCart(c);
    // both free deliveries used by orders placed elsewhere (another device) after this cart was prepared
    await t.db.execute(
      sql`INSERT INTO premium_free_deliveries (order_id, user_id)
          SELECT o.order_id, ${c.userId} FROM orders o
          WHERE NOT EXISTS (SELECT 1 FROM premium_free_deliveries f WHERE f.order_id = o.order_id)
          ORDER BY o.order_id LIMIT 2`,
    );
    expect(await freeUsed(c.userId)).toBe(2);
    const orders = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${c.userId}`,
        )
      )[0]?.n;
    const before = await orders();
    const res = await buy(t, c.token, { payment_type_id: 2 });
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errors[0]?.error).toMatch(
      /^Le consegne gratuite della Carta Premium sono già state usate/,
    );
    expect(await orders()).toBe(before);
  });
});
