import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import {
  api,
  buy,
  checkoutCustomer,
  driveSlot,
  preparedCart,
  testProduct,
  type CheckoutCartWire,
} from '../../../test/checkout-fixtures';
import { callAs, buildTestApp, type TestApp } from '../../../test/helper';
import { FakeProvider, placeOrder } from '../../../test/order-fixtures';
import type { HostedSession, PaymentProvider } from '../payment/payment-provider';
import { CHECKOUT_TEXT } from './checkout.messages';
import { ORDER_ACTIONS_TEXT } from '../orders/orders.messages';

/**
 * Only the payment types this shop can take (decision 084): checkout lists, and buy, the change of payment type
 * and the retry accept, an online type (12, 1, 24) only when a provider that is on takes it; none with
 * ONLINE_PAYMENTS=off. A type not offered is refused with the Italian message, and nothing changes.
 */
const NOW = new Date('2027-03-01T07:00:00Z');
const DAY = '2027-03-03';

/** A card acquirer double that takes the cards (12) only: its hosted page is on its own site. */
class CardsOnlyProvider implements PaymentProvider {
  readonly name = 'cards-only';
  readonly paymentTypeIds = [12];
  private readonly fake = new FakeProvider();
  readonly sessions: number[] = [];
  async startSession(input: { orderId: number }): Promise<HostedSession> {
    this.sessions.push(input.orderId);
    return { providerRef: randomUUID(), redirectUrl: 'https://acquirer.example/pay' };
  }
  resumeSession = () => this.fake.resumeSession();
  capture = (ref: string, cents: number) => this.fake.capture(ref, cents);
  void = () => this.fake.void();
  refund = (ref: string, cents: number) => this.fake.refund(ref, cents);
  verifyReturn = () => this.fake.verifyReturn();
  verifyWebhook = () => this.fake.verifyWebhook();
  lookup = () => this.fake.lookup();
}

type TypesData = {
  paymentTypes: Array<{ paymentTypeId: number; default: boolean; enabled: boolean }>;
  defaultPaymentTypeId: number;
};

const env = { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 } as const;
let offline: TestApp;
let cardsOnly: TestApp;
const acquirer = new CardsOnlyProvider();

beforeAll(async () => {
  offline = await buildTestApp({ now: () => NOW, env: { ...env, ONLINE_PAYMENTS: 'off' } });
  cardsOnly = await buildTestApp({
    now: () => NOW,
    env: { ...env, PAYMENT_SANDBOX: 'off' },
    paymentProviders: [acquirer],
  });
  for (const t of [offline, cardsOnly]) await driveSlot(t.db, DAY, 100_000);
});
afterAll(async () => {
  await offline.close();
  await cardsOnly.close();
});

async function readyToBuy(t: TestApp) {
  const c = await checkoutCustomer(t);
  const p = await testProduct(t.db, { stock: 50 });
  const slot = await driveSlot(t.db, DAY);
  const prepared = await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 2 }] });
  expect(prepared.body.response.status).toBe(0);
  return c;
}

const types = (t: TestApp, token: string, query = '') =>
  callAs<TypesData>(t.app, token, 'GET', api(`/payment-type/list-auth${query}`));

const ordersOf = async (t: TestApp, userId: number) =>
  queryRows<{ orderId: number; paymentTypeId: number; status: number }>(
    t.db,
    sql`SELECT order_id AS "orderId", payment_type_id::int AS "paymentTypeId", order_status_id::int AS status
        FROM orders WHERE user_id = ${userId} ORDER BY order_id`,
  );

const orderRow = async (t: TestApp, orderId: number) =>
  (
    await queryRows<{ paymentTypeId: number; status: number; attempts: number }>(
      t.db,
      sql`SELECT payment_type_id::int AS "paymentTypeId", order_status_id::int AS status,
            (SELECT count(*)::int FROM payment_authorizations a WHERE a.order_id = o.order_id) AS attempts
          FROM orders o WHERE order_id = ${orderId}`,
    )
  )[0];

describe('online payment switched off (ONLINE_PAYMENTS=off): pay on delivery only', () => {
  it('lists no online type, and proposes payment on delivery', async () => {
    const c = await checkoutCustomer(offline);
    const list = await types(offline, c.token);
    expect(list.body.response.status).toBe(0);
    expect(list.body.data.paymentTypes.map((p) => p.paymentTypeId).sort((a, b) => a - b)).toEqual([
      2, 11, 100,
    ]);
    expect(list.body.data.defaultPaymentTypeId).toBe(2);
    expect(list.body.data.paymentTypes.filter((p) => p.default).map((p) => p.paymentTypeId)).toEqual([2]);
    const asked = await types(offline, c.token, '?payment_type_id=12');
    expect(asked.body.response.status).not.toBe(0);
    expect(asked.body.response.errorsMessage).toEqual([CHECKOUT_TEXT.paymentTypeNotOffered.text]);
  });

  it('refuses a buy by card with the Italian message, writing nothing; without a type it pays on delivery', async () => {
    const c = await readyToBuy(offline);
    for (const type of [12, 1, 24]) {
      const refused = await buy(offline, c.token, { payment_type_id: type });
      expect(refused.body.response.status).toBe(2);
      expect(refused.body.response.errorsMessage).toEqual([
        'Questo metodo di pagamento non è disponibile nel nostro negozio: scegline uno tra quelli proposti, per esempio il pagamento alla consegna.',
      ]);
    }
    expect(await ordersOf(offline, c.userId)).toEqual([]);
    // the cart is still the prepared one: it buys with the type offered
    const cart = await callAs<CheckoutCartWire>(offline.app, c.token, 'GET', api('/cart/view'));
    expect(cart.body.data.cartStatusId).toBe(7);
    const bought = await buy(offline, c.token, {});
    expect(bought.body.response.status).toBe(0);
    expect(bought.body.data.paymentUrl).toBeNull();
    expect(await ordersOf(offline, c.userId)).toEqual([
      { orderId: bought.body.data.orderId, paymentTypeId: 2, status: 3 },
    ]);
  });

  it('refuses to change an order to a card, and to retry a card payment; the order stays as it was', async () => {
    const c = await checkoutCustomer(offline);
    const p = await testProduct(offline.db, { stock: 50 });
    const line = { product: { ...p, name: 'Prova' }, quantity: 1 };
    const onDelivery = await placeOrder(offline, { userId: c.userId, lines: [line], paymentTypeId: 2 });
    const changed = await callAs(offline.app, c.token, 'POST', api('/order/modify-payment-type'), {
      payload: { order_id: onDelivery.orderId, payment_type_id: 12 },
    });
    expect(changed.body.response.status).toBe(2);
    expect(changed.body.response.errorsMessage).toEqual([ORDER_ACTIONS_TEXT.paymentTypeNotOffered.text]);
    expect(await orderRow(offline, onDelivery.orderId)).toEqual({ paymentTypeId: 2, status: 3, attempts: 1 });

    // a card payment that failed before online payment was switched off
    const failed = await placeOrder(offline, { userId: c.userId, lines: [line], status: 11 });
    const retried = await callAs(offline.app, c.token, 'POST', api('/order/payment'), {
      payload: { order_id: failed.orderId },
    });
    expect(retried.body.response.status).not.toBe(0);
    expect(retried.body.response.errorsMessage).toEqual([ORDER_ACTIONS_TEXT.retryNotOffered.text]);
    expect(await orderRow(offline, failed.orderId)).toEqual({ paymentTypeId: 12, status: 11, attempts: 1 });
    // the way out the message names: payment on delivery
    const toDelivery = await callAs(offline.app, c.token, 'POST', api('/order/modify-payment-type'), {
      payload: { order_id: failed.orderId, payment_type_id: 2 },
    });
    expect(toDelivery.body.response.status).toBe(0);
    expect(await orderRow(offline, failed.orderId)).toMatchObject({ paymentTypeId: 2, status: 3 });
  });
});

describe('a provider for the cards only, the sandbox off', () => {
  it('lists the card and the offline types, not the other online ones', async () => {
    const c = await checkoutCustomer(cardsOnly);
    const list = await types(cardsOnly, c.token);
    expect(list.body.data.paymentTypes.map((p) => p.paymentTypeId).sort((a, b) => a - b)).toEqual([
      2, 11, 12, 100,
    ]);
    expect(list.body.data.defaultPaymentTypeId).toBe(12);
  });

  it('refuses the mobile pay app (24) and the generic online type (1); the card opens its hosted page', async () => {
    const c = await readyToBuy(cardsOnly);
    for (const type of [24, 1]) {
      const refused = await buy(cardsOnly, c.token, { payment_type_id: type });
      expect(refused.body.response.errorsMessage).toEqual([CHECKOUT_TEXT.paymentTypeNotOffered.text]);
    }
    expect(await ordersOf(cardsOnly, c.userId)).toEqual([]);
    const bought = await buy(cardsOnly, c.token, { payment_type_id: 12 });
    expect(bought.body.response.status).toBe(0);
    expect(bought.body.data.paymentUrl).toBe('https://acquirer.example/pay');
    expect(acquirer.sessions).toContain(bought.body.data.orderId);
    // and an order paid by card cannot move to the mobile pay app
    const changed = await callAs(cardsOnly.app, c.token, 'POST', api('/order/modify-payment-type'), {
      payload: { order_id: bought.body.data.orderId, payment_type_id: 24 },
    });
    expect(changed.body.response.errorsMessage).toEqual([ORDER_ACTIONS_TEXT.paymentTypeNotOffered.text]);
    expect(await orderRow(cardsOnly, bought.body.data.orderId)).toMatchObject({
      paymentTypeId: 12,
      status: 1,
    });
  });
});
