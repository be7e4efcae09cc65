import type { Order } from '@spesa/shared/contracts/orders';
import { WALLET_AMOUNT_INVALID_TEXT, type CheckoutCart } from '@spesa/shared/contracts/checkout';
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
} from '../../../test/checkout-fixtures';
import { callAs, lastMailTo, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { newCustomer } from '../../../test/customers';
import { queryRows } from '../../db/rows';
import { WalletRepository } from '../loyalty/wallet.repository';
import { formatEuro } from '../orders/orders.messages';
import { SANDBOX_TEST_CARDS } from '../payment/sandbox.provider';

/**
 * Paying part or all of an order with the wallet (decision 039): checkout/buy and order/modify-payment-type
 * with `payment_data.wallet_amount`, the part given back when the order is cancelled or its goods are not all
 * delivered, and never more than the balance, also when two orders spend it at once. Runs on both engines.
 */
let t: TestApp;
let wallets: WalletRepository;
const DAY = '2027-03-03';
beforeAll(async () => {
  t = await checkoutTestApp(() => new Date('2027-03-01T07:00:00Z'));
  wallets = new WalletRepository(t.db);
});
afterAll(async () => t?.close());

const cents = (euro: number) => Math.round(euro * 100);
const credit = (userId: number, amountCents: number) =>
  t.db.transaction((tx) => wallets.append(userId, { amountCents, cause: 'goodwill', reason: 'prova' }, tx));
const movements = (userId: number) =>
  queryRows<{ amount: number; cause: string; orderId: number | null }>(
    t.db,
    sql`SELECT amount_cents AS amount, cause, order_id AS "orderId" FROM wallet_movements
        WHERE user_id = ${userId} ORDER BY seq`,
  );
const orderCount = async (userId: number) =>
  (
    await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId}`)
  )[0]?.n;
const viewOrder = async (token: string, orderId: number) =>
  (await callAs<{ data: Order }>(t.app, token, 'GET', api(`/order/view?order_id=${orderId}`))).body.data.data;
const walletBody = (euros: unknown) => JSON.stringify({ wallet_amount: euros });

/** A customer with `balanceCents` in the wallet and a cart of `pieces` x a 2,50 € product, ready to buy. */
async function readyBuyer(balanceCents: number, pieces = 4) {
  const c = await checkoutCustomer(t);
  if (balanceCents > 0) await credit(c.userId, balanceCents);
  const p = await testProduct(t.db, { stock: 50, priceCents: 250 });
  const slot = await driveSlot(t.db, DAY, 1000);
  const prep = await preparedCart(t, c.token, {
    slot,
    items: [{ productId: p.productId, quantity: pieces }],
  });
  expect(prep.body.response.status).toBe(0);
  // a new cart holds no wallet part of an order being modified
  expect(prep.body.data.checkout.walletHeld).toBe(0);
  return { ...c, product: p, totalCents: cents(prep.body.data.checkout.orderTotal) };
}

describe('checkout/buy with the wallet', () => {
  it('wallet + card: the wallet pays its part at once, the card holds and is charged only the rest', async () => {
    const c = await readyBuyer(500);
    const res = await buy(t, c.token, { payment_type_id: 12, payment_data: walletBody(5) });
    expect(res.body.response.status).toBe(0);
    const { orderId, paymentUrl } = res.body.data;
    expect(res.body.data.order.walletTotal).toBe(5);
    expect(cents(res.body.data.order.prebilledAmount)).toBe(c.totalCents - 500);
    expect(await wallets.balance(c.userId)).toBe(0);
    expect(await movements(c.userId)).toEqual([
      { amount: 500, cause: 'goodwill', orderId: null },
      { amount: -500, cause: 'order_payment', orderId },
    ]);
    await payOnHostedPage(t, paymentUrl ?? '', SANDBOX_TEST_CARDS.success);
    const ordered = await viewOrder(c.token, orderId);
    expect(ordered.orderStatusId).toBe(ORDER_STATUS.ordered);
    expect(cents(ordered.payment.amountAuthorized)).toBe(c.totalCents - 500);
    const mail = await lastMailTo(t.db, c.email);
    expect(mail?.textBody).toContain(`Pagato con il portafoglio: ${formatEuro(500)}`);

    // picking: one piece of four missing -> the card pays the real amount less the wallet's part
    const s = await newCustomer(t, { tag: 'wstaff' });
    const staff = await makeStaff(t, s.userId);
    const st = (path: string, payload: unknown) =>
      callAs<{ data: Order }>(t.app, staff, 'POST', api(`/admin/orders/${orderId}${path}`), {
        payload,
        via: 'staff',
      });
    const started = await st('/start', {});
    const item = started.body.data.data.orderItems[0]?.orderItemId;
    expect((await st('/pick', { orderItemId: item, quantity: 3 })).body.response.status).toBe(0);
    const prepared = await st('/prepared', {});
    expect(prepared.body.response.status).toBe(0);
    const realCents = c.totalCents - 250;
    expect(prepared.body.response.infosMessage).toEqual([
      `Ordine preparato: addebitati ${formatEuro(realCents - 500)}.`,
    ]);
    expect(cents(prepared.body.data.data.capturedAmount ?? 0)).toBe(realCents - 500);
    expect(await wallets.balance(c.userId)).toBe(0);
  });

  it('the wallet pays the whole order: no card page, the order is confirmed at once', async () => {
    const c = await readyBuyer(5000, 2);
    const euros = c.totalCents / 100;
    const res = await buy(t, c.token, { payment_type_id: 12, payment_data: walletBody(euros) });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.paymentUrl).toBeNull();
    expect(res.body.data.order.orderStatusId).toBe(ORDER_STATUS.ordered);
    expect(res.body.data.order.walletTotal).toBe(euros);
    expect(res.body.data.order.prebilledAmount).toBe(0);
    expect(res.body.data.order.payment.online).toBe(false);
    expect(await wallets.balance(c.userId)).toBe(5000 - c.totalCents);

    // picking finds one piece of two: the part not delivered goes back to the wallet
    const s = await newCustomer(t, { tag: 'wstaff2' });
    const staff = await makeStaff(t, s.userId);
    const st = (path: string, payload: unknown) =>
      callAs<{ data: Order }>(t.app, staff, 'POST', api(`/admin/orders/${res.body.data.orderId}${path}`), {
        payload,
        via: 'staff',
      });
    const started = await st('/start', {});
    const item = started.body.data.data.orderItems[0]?.orderItemId;
    await st('/pick', { orderItemId: item, quantity: 1 });
    const prepared = await st('/prepared', {});
    expect(prepared.body.response.status).toBe(0);
    expect(prepared.body.response.infosMessage).toEqual([
      `Ordine preparato: da pagare alla consegna ${formatEuro(0)}.`,
      `Restituiti ${formatEuro(250)} al portafoglio del cliente (prodotti non consegnati).`,
    ]);
    expect(await wallets.balance(c.userId)).toBe(5000 - c.totalCents + 250);
    // preparing twice gives nothing back twice
    expect((await st('/prepared', {})).body.response.status).not.toBe(0);
    expect(await wallets.balance(c.userId)).toBe(5000 - c.totalCents + 250);
  });

  it('wallet + payment on delivery: the rest is what the customer pays at the door', async () => {
    const c = await readyBuyer(300);
    const res = await buy(t, c.token, { payment_type_id: 2, payment_data: walletBody(3) });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.paymentUrl).toBeNull();
    expect(cents(res.body.data.order.prebilledAmount)).toBe(c.totalCents - 300);
    expect(res.body.data.order.walletTotal).toBe(3);
  });

  it('a modified order says what its wallet part was; bought again with it, the wallet is spent once', async () => {
    const c = await readyBuyer(300);
    const first = await buy(t, c.token, { payment_type_id: 2, payment_data: walletBody(3) });
    const orderId = first.body.data.orderId;
    const reopened = await callAs<{ cart: CheckoutCart }>(t.app, c.token, 'POST', api('/order/modify'), {
      payload: { order_id: orderId },
    });
    expect(reopened.body.data.cart.checkout).toMatchObject({ editingOrderId: orderId, walletHeld: 3 });
    // the balance alone is 0: the held part is what the customer may use again
    expect(await wallets.balance(c.userId)).toBe(0);
    const prep = await callAs(t.app, c.token, 'POST', api('/checkout/prepare'), {
      payload: { accept_rules: true },
    });
    expect(prep.body.response.status).toBe(0);
    const again = await buy(t, c.token, { payment_type_id: 2, payment_data: walletBody(3) });
    expect(again.body.response.status).toBe(0);
    expect(again.body.data.order.walletTotal).toBe(3);
    expect(await wallets.balance(c.userId)).toBe(0);
  });

  it.each([
    ['a negative amount', -1],
    ['a fraction of a cent', 1.234],
    ['a text', '5'],
    ['no number at all', null],
  ])('%s is refused with the Italian message; nothing is bought or spent', async (_label, amount) => {
    const c = await readyBuyer(500);
    const res = await buy(t, c.token, { payment_type_id: 12, payment_data: walletBody(amount) });
    expect(res.statusCode).toBe(400);
    expect(res.body.response.errors[0]?.error).toBe(WALLET_AMOUNT_INVALID_TEXT);
    expect(await orderCount(c.userId)).toBe(0);
    expect(await wallets.balance(c.userId)).toBe(500);
  });

  it('more than the balance: refused, no order, the balance untouched', async () => {
    const c = await readyBuyer(200);
    const res = await buy(t, c.token, { payment_type_id: 12, payment_data: walletBody(2.01) });
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errors[0]?.error).toBe('Il saldo del portafoglio non basta per questo importo.');
    expect(await orderCount(c.userId)).toBe(0);
    expect(await movements(c.userId)).toHaveLength(1);
    // the cart is still there to buy: without the wallet it goes through
    const again = await buy(t, c.token, { payment_type_id: 2 });
    expect(again.body.response.status).toBe(0);
    expect(await wallets.balance(c.userId)).toBe(200);
  });

  it('more than the order total: refused, nothing spent', async () => {
    const c = await readyBuyer(100_000);
    const res = await buy(t, c.token, {
      payment_type_id: 12,
      payment_data: walletBody((c.totalCents + 1) / 100),
    });
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errors[0]?.error).toBe(
      "L'importo da pagare con il portafoglio supera il totale dell'ordine.",
    );
    expect(await orderCount(c.userId)).toBe(0);
    expect(await wallets.balance(c.userId)).toBe(100_000);
  });

  it('a repeated buy (same key) spends the wallet once', async () => {
    const c = await readyBuyer(1000);
    const body = { payment_type_id: 12, payment_data: walletBody(4) };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => buy(t, c.token, body, 'portafoglio-una-volta')),
    );
    expect(answers.every((a) => a.body.response.status === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.orderId)).size).toBe(1);
    expect(await wallets.balance(c.userId)).toBe(600);
  });
});

describe('the wallet after the order is placed', () => {
  it('cancelling the order gives the wallet part back, once', async () => {
    const c = await readyBuyer(800);
    const res = await buy(t, c.token, { payment_type_id: 2, payment_data: walletBody(8) });
    const orderId = res.body.data.orderId;
    expect(await wallets.balance(c.userId)).toBe(0);
    const del = await callAs(t.app, c.token, 'POST', api('/order/delete'), {
      payload: { order_id: orderId },
    });
    expect(del.body.response.status).toBe(0);
    expect(await wallets.balance(c.userId)).toBe(800);
    const again = await callAs(t.app, c.token, 'POST', api('/order/delete'), {
      payload: { order_id: orderId },
    });
    expect(again.body.response.status).not.toBe(0);
    expect(await wallets.balance(c.userId)).toBe(800);
    expect((await movements(c.userId)).map((m) => m.cause)).toEqual([
      'goodwill',
      'order_payment',
      'order_refund',
    ]);
  });

  it('order/modify-payment-type, wallet variant: sets the wallet part and opens a card session for the rest', async () => {
    const c = await readyBuyer(700);
    const placed = await buy(t, c.token, { payment_type_id: 12 });
    const orderId = placed.body.data.orderId;
    const full = cents(placed.body.data.order.prebilledAmount);
    const modify = (payment_data: string, token = c.token, id = orderId) =>
      callAs<{ order: Order; paymentUrl: string | null }>(
        t.app,
        token,
        'POST',
        api('/order/modify-payment-type'),
        {
          payload: { order_id: id, payment_type_id: 12, payment_data },
        },
      );

    const res = await modify(walletBody(6));
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.order.walletTotal).toBe(6);
    expect(cents(res.body.data.order.prebilledAmount)).toBe(full - 600);
    expect(res.body.data.paymentUrl).toMatch(/^\/ebsn\/api\/payment-sandbox\/pay\//);
    expect(await wallets.balance(c.userId)).toBe(100);

    // lowering it gives the difference back (the former part returned, the new one taken)
    const lower = await modify(walletBody(2));
    expect(lower.body.response.status).toBe(0);
    expect(await wallets.balance(c.userId)).toBe(500);
    // above the balance: refused, the part stays 2 €
    const above = await modify(walletBody(7.01));
    expect(above.body.response.status).not.toBe(0);
    expect(await wallets.balance(c.userId)).toBe(500);
    expect((await viewOrder(c.token, orderId)).walletTotal).toBe(2);

    // another customer's order: not found, nothing changed
    const other = await readyBuyer(900);
    const foreign = await modify(walletBody(1), other.token);
    expect(foreign.body.response.status).not.toBe(0);
    expect(foreign.body.response.errors[0]?.error).toMatch(/non trovato|non esiste/i);
    expect(await wallets.balance(other.userId)).toBe(900);
    expect((await viewOrder(c.token, orderId)).walletTotal).toBe(2);
    // a bad amount: the Italian message
    const bad = await modify(walletBody(-3));
    expect(bad.statusCode).toBe(400);
    expect(bad.body.response.errors[0]?.error).toBe(WALLET_AMOUNT_INVALID_TEXT);
  });

  it('two orders spending one balance at once: the balance is never exceeded', async () => {
    const c = await checkoutCustomer(t);
    const orders: number[] = [];
    for (let i = 0; i < 2; i++) {
      const p = await testProduct(t.db, { stock: 50, priceCents: 250 });
      const slot = await driveSlot(t.db, DAY, 1000);
      await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 4 }] });
      const placed = await buy(t, c.token, { payment_type_id: 2 });
      expect(placed.body.response.status).toBe(0);
      orders.push(placed.body.data.orderId);
    }
    await credit(c.userId, 800);
    const answers = await Promise.all(
      [...orders, ...orders].map((orderId) =>
        callAs(t.app, c.token, 'POST', api('/order/modify-payment-type'), {
          payload: { order_id: orderId, payment_type_id: 2, payment_data: walletBody(5) },
        }),
      ),
    );
    expect(answers.filter((a) => a.body.response.status === 0).length).toBeGreaterThanOrEqual(1);
    const parts = await queryRows<{ wallet: number }>(
      t.db,
      sql`SELECT wallet_cents AS wallet FROM orders WHERE user_id = ${c.userId} ORDER BY order_id`,
    );
    const spent = parts.reduce((s, p) => s + p.wallet, 0);
    expect(spent).toBe(500);
    expect(await wallets.balance(c.userId)).toBe(300);
  });
});
