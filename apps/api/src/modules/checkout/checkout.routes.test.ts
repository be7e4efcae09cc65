import { GIFT_CODE_INVALID_TEXT, PERSONAL_DATA_MISSING_CODE } from '@spesa/shared/contracts/checkout';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { bumpCatalogueVersion } from '../catalogue/catalogue.service';
import {
  api,
  bookedOf,
  buy,
  checkoutCustomer,
  checkoutTestApp,
  driveSlot,
  halfOrders,
  payOnHostedPage as payOnHosted,
  preparedCart,
  setStock,
  stockOf,
  testProduct,
  type BuyData,
  type CheckoutCartWire,
  type OrderWire,
} from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { storedSecret } from '../../lib/app-secrets';
import { callAs, lastMailTo, type TestApp } from '../../../test/helper';
import { SANDBOX_TEST_CARDS, SandboxPaymentProvider } from '../payment/sandbox.provider';

/**
 * Checkout through the API on a fixed clock (Monday 1 March 2027, 08:00 in Rome; this file's slots are on
 * Wednesday 3 March). The sandbox's webhook is not sent by itself here (delay -1): tests send it when they
 * want it, before or after the browser's return.
 */
let t: TestApp;
const NOW = new Date('2027-03-01T07:00:00Z');
const DAY = '2027-03-03';
// the shop's own sandbox key (generated for this database): what the provider signs with
let sandbox: SandboxPaymentProvider;

beforeAll(async () => {
  t = await checkoutTestApp(() => NOW);
  sandbox = new SandboxPaymentProvider(t.db, {
    secret: await storedSecret('payment-sandbox', t.db),
    now: () => NOW,
  });
  // room for every order this file places
  await driveSlot(t.db, DAY, 100_000);
});
afterAll(async () => {
  await t.close();
});

const orderCount = async (userId: number) =>
  (
    await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId}`)
  )[0]?.n ?? 0;

async function readyToBuy(
  opts: { quantity?: number; stock?: number; prepare?: Record<string, unknown> } = {},
) {
  const c = await checkoutCustomer(t);
  const p = await testProduct(t.db, { stock: opts.stock ?? 50 });
  const slot = await driveSlot(t.db, DAY);
  const prepared = await preparedCart(
    t,
    c.token,
    { slot, items: [{ productId: p.productId, quantity: opts.quantity ?? 2 }] },
    opts.prepare,
  );
  return { c, p, slot, prepared };
}

/** The hosted page: fills the card form and follows the browser to the shop's payment-completed route. */
const payOnHostedPage = (paymentUrl: string, card: string) => payOnHosted(t, paymentUrl, card);

const view = (token: string) => callAs<CheckoutCartWire>(t.app, token, 'GET', api('/cart/view'));

describe('packaging types, payment types, gift codes', () => {
  it('lists the bags in product shape with an estimate, and the six payment types with 12 by default', async () => {
    const { c } = await readyToBuy({ quantity: 12 });
    const bags = await callAs<{ products: Array<Record<string, unknown>> }>(
      t.app,
      c.token,
      'GET',
      api('/packaging-type/list'),
    );
    expect(bags.body.response.status).toBe(0);
    expect(bags.body.data.products.map((p) => p.code)).toEqual(['BIODEGRADABILI', 'CARTA', 'NESSUNA']);
    // 12 pieces at 10 a bag: 2 bags of 0,10 €
    expect(bags.body.data.products[0]).toMatchObject({
      estimatedBags: 2,
      estimatedTotal: 0.2,
      selected: true,
    });
    const types = await callAs<{
      paymentTypes: Array<{ paymentTypeId: number; default: boolean; enabled: boolean }>;
      auths: unknown[];
    }>(t.app, c.token, 'GET', api('/payment-type/list-auth'));
    expect(types.body.data.paymentTypes.map((p) => p.paymentTypeId).sort((a, b) => a - b)).toEqual([
      1, 2, 11, 12, 24, 100,
    ]);
    expect(types.body.data.paymentTypes.find((p) => p.default)?.paymentTypeId).toBe(12);
    // deferred payment is for company customers only
    expect(types.body.data.paymentTypes.find((p) => p.paymentTypeId === 11)?.enabled).toBe(false);
    expect(types.body.data.auths).toEqual([]);
  });

  it('refuses an unknown or expired code with the exact text; applies and removes a valid one', async () => {
    const c = await checkoutCustomer(t);
    const p = await testProduct(t.db, { stock: 50, priceCents: 1000 });
    await callAs(t.app, c.token, 'POST', api(`/store/select?store_id=13`));
    await callAs(t.app, c.token, 'POST', api('/cart/add'), {
      payload: { items: [{ productId: p.productId, quantity: 4 }] },
    });
    for (const code of ['NONESISTE', 'ESTATE2023']) {
      const check = await callAs(t.app, c.token, 'GET', api(`/cart-giftcertificate/check?code=${code}`));
      expect(check.body.response.status).toBe(1);
      expect(check.body.response.errors[0]?.error).toBe(GIFT_CODE_INVALID_TEXT);
      const add = await callAs(t.app, c.token, 'POST', api('/cart-giftcertificate/add_code'), {
        payload: { code },
      });
      expect(add.body.response.errorsMessage).toEqual([GIFT_CODE_INVALID_TEXT]);
    }
    const check = await callAs<{ discount: number }>(
      t.app,
      c.token,
      'GET',
      api('/cart-giftcertificate/check?code=spesa5'),
    );
    expect(check.body.data.discount).toBe(5);
    const added = await callAs<CheckoutCartWire>(
      t.app,
      c.token,
      'POST',
      api('/cart-giftcertificate/add_code'),
      {
        payload: { code: ' benvenuto10 ' },
      },
    );
    expect(added.body.response.status).toBe(0);
    expect(added.body.data.orderAdjustmentSummary.orderAdjustments[0]?.giftCertificate.code).toBe(
      'BENVENUTO10',
    );
    // 10 % of 40,00 €
    expect(added.body.data.checkout.giftDiscount).toBe(4);
    const removed = await callAs<CheckoutCartWire>(
      t.app,
      c.token,
      'POST',
      api('/cart-giftcertificate/remove_code'),
      {
        payload: { code: 'BENVENUTO10' },
      },
    );
    expect(removed.body.data.orderAdjustmentSummary.orderAdjustments).toEqual([]);
    const again = await callAs(t.app, c.token, 'POST', api('/cart-giftcertificate/remove_code'), {
      payload: { code: 'BENVENUTO10' },
    });
    expect(again.body.response.status).toBe(1);
  });
});

describe('POST /checkout/prepare', () => {
  it('names what is missing (no lines, personal data, rules) and locks nothing until all is there', async () => {
    const c = await newCustomer(t, { tag: 'incomplete' });
    await callAs(t.app, c.token, 'POST', api('/store/select?store_id=13'));
    const empty = await callAs<CheckoutCartWire>(t.app, c.token, 'POST', api('/checkout/prepare'), {
      payload: {},
    });
    expect(empty.body.response.status).not.toBe(0);
    const texts = empty.body.response.errorsMessage.join(' | ');
    expect(texts).toContain('Il carrello è vuoto');
    expect(texts).toContain('Per pagare servono tutti i dati personali');
    expect(texts).toContain('Scegli una fascia oraria');
    expect(texts).toContain('accettare il regolamento');
    expect(empty.body.data.cartStatusId).toBe(0);
    // the cart names the same refusals, each with its code (the web app opens the profile form on the code)
    const codes = empty.body.response.errors.map((e) => e.code);
    expect(codes).toContain(PERSONAL_DATA_MISSING_CODE);
    expect(empty.body.data.checkout.missing).toEqual(empty.body.response.errorsMessage);
    expect(empty.body.data.checkout.missingCodes).toEqual(codes);
  });

  it('refuses an invoice together with a lottery code', async () => {
    const { c } = await readyToBuy();
    const res = await callAs(t.app, c.token, 'POST', api('/checkout/prepare'), {
      payload: {
        accept_rules: true,
        lottery_code: 'ABCD1234',
        invoice: {
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
        },
      },
    });
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errorsMessage[0]).toContain('lotteria');
  });

  it('locks the cart (status 7): line changes are refused until checkout/unlock', async () => {
    const { c, p, prepared } = await readyToBuy();
    expect(prepared.body.response.status).toBe(0);
    expect(prepared.body.data.cartStatusId).toBe(7);
    expect(prepared.body.data.checkout.missing).toEqual([]);
    const add = await callAs(t.app, c.token, 'POST', api('/cart/add'), {
      payload: { items: [{ productId: p.productId, quantity: 1 }] },
    });
    expect(add.body.response.status).not.toBe(0);
    // the page's reads leave it locked: a refetch between prepare and buy must not undo the prepare
    const read = await callAs<CheckoutCartWire>(t.app, c.token, 'GET', api('/checkout/cart'));
    expect(read.body.response.status).toBe(0);
    expect(read.body.data.cartStatusId).toBe(7);
    expect(read.body.data.cartItems.map((i) => i.product.productId)).toEqual([p.productId]);
    // another customer's read (even naming this cart) answers that customer's own, empty cart
    const other = await checkoutCustomer(t);
    const theirs = await callAs<CheckoutCartWire>(
      t.app,
      other.token,
      'GET',
      api(`/checkout/cart?cart_id=${prepared.body.data.cartId}`),
    );
    expect(theirs.body.data.cartId).not.toBe(prepared.body.data.cartId);
    expect(theirs.body.data.cartItems).toEqual([]);
    const unlocked = await callAs<CheckoutCartWire>(t.app, c.token, 'POST', api('/checkout/unlock'));
    expect(unlocked.body.data.cartStatusId).toBe(0);
    const buyUnprepared = await buy(t, c.token);
    expect(buyUnprepared.body.response.errorsMessage[0]).toContain('Conferma prima il riepilogo');
  });
});

const preparedRow = async (cartId: number) =>
  (
    await queryRows<{
      rulesAccepted: boolean;
      preparedAt: string | null;
      prices: Record<string, number> | null;
      frozen: { figures: { gifts: unknown[]; giftDiscountCents: number } } | null;
    }>(
      t.db,
      sql`SELECT rules_accepted AS "rulesAccepted", prepared_at::text AS "preparedAt",
            prepared_prices AS prices, prepared_purchase AS frozen
          FROM cart_checkouts WHERE cart_id = ${cartId}`,
    )
  )[0];
const infosOf = async (cartId: number) =>
  Object.fromEntries(
    (
      await queryRows<{ name: string; value: string }>(
        t.db,
        sql`SELECT name, value FROM cart_infos WHERE cart_id = ${cartId}`,
      )
    ).map((r) => [r.name, r.value]),
  );

describe('POST /checkout/prepare writes once', () => {
  it('a refusal keeps the choices and infos sent, never the prices nor the lock; then all land together', async () => {
    const c = await checkoutCustomer(t);
    const p = await testProduct(t.db, { stock: 50 });
    const slot = await driveSlot(t.db, DAY);
    const refused = await preparedCart(
      t,
      c.token,
      { slot, items: [{ productId: p.productId, quantity: 2 }] },
      { accept_rules: false, notes: 'Citofono Rossi', need_invoice: false },
    );
    expect(refused.body.response.status).not.toBe(0);
    expect(refused.body.response.errorsMessage.join(' | ')).toContain('accettare il regolamento');
    expect(refused.body.data.cartStatusId).toBe(0);
    expect(refused.body.data.cartInfos).toMatchObject({ notes: 'Citofono Rossi', need_invoice: 'false' });
    const cartId = refused.body.data.cartId;
    expect(await infosOf(cartId)).toMatchObject({ notes: 'Citofono Rossi', need_invoice: 'false' });
    expect(await preparedRow(cartId)).toMatchObject({
      rulesAccepted: false,
      preparedAt: null,
      prices: null,
      frozen: null,
    });

    const done = await callAs<CheckoutCartWire>(t.app, c.token, 'POST', api('/checkout/prepare'), {
      payload: { accept_rules: true, notes: 'Secondo piano' },
    });
    expect(done.body.response.status).toBe(0);
    expect(done.body.data.cartStatusId).toBe(7);
    expect(done.body.data.checkout.rulesAccepted).toBe(true);
    expect(done.body.data.cartInfos).toMatchObject({ notes: 'Secondo piano', need_invoice: 'false' });
    expect(await infosOf(cartId)).toMatchObject({ notes: 'Secondo piano', need_invoice: 'false' });
    const row = await preparedRow(cartId);
    expect(row?.rulesAccepted).toBe(true);
    expect(row?.preparedAt).not.toBeNull();
    expect(row?.prices?.[`${p.productId}|`]).toBeGreaterThan(0);
    expect(row?.frozen).not.toBeNull();
    // the answer is the cart as the next read shows it
    const view = await callAs<CheckoutCartWire>(t.app, c.token, 'GET', api('/cart/view'));
    expect(view.body.data.cartStatusId).toBe(7);
    expect(view.body.data.cartInfos).toEqual(done.body.data.cartInfos);
    expect(view.body.data.totalPrice).toBe(done.body.data.totalPrice);
  });

  it('a gift code in the cart is priced and frozen with the purchase', async () => {
    const c = await checkoutCustomer(t);
    const p = await testProduct(t.db, { stock: 50, priceCents: 1000 });
    const slot = await driveSlot(t.db, DAY);
    await callAs(t.app, c.token, 'POST', api(`/store/select?store_id=13`));
    await callAs(t.app, c.token, 'POST', api('/cart/add'), {
      payload: { items: [{ productId: p.productId, quantity: 4 }] },
    });
    const added = await callAs(t.app, c.token, 'POST', api('/cart-giftcertificate/add_code'), {
      payload: { code: 'SPESA5' },
    });
    expect(added.body.response.status).toBe(0);
    const prepared = await preparedCart(t, c.token, { slot, items: [] });
    expect(prepared.body.response.status).toBe(0);
    expect(prepared.body.data.checkout.giftDiscount).toBe(5);
    const row = await preparedRow(prepared.body.data.cartId);
    expect(row?.frozen?.figures.gifts).toHaveLength(1);
    expect(row?.frozen?.figures.giftDiscountCents).toBe(500);
  });

  it('a slot filled since it was chosen: refused with its message, the cart neither locked nor prepared', async () => {
    const c = await checkoutCustomer(t);
    const p = await testProduct(t.db, { stock: 50 });
    const slot = await driveSlot(t.db, DAY);
    await callAs(t.app, c.token, 'POST', api(`/store/select?store_id=13`));
    await callAs(
      t.app,
      c.token,
      'GET',
      api(`/timeslot/select?sel_date=${slot.date}&timeslot_id=${slot.timeslotId}`),
    );
    await callAs(t.app, c.token, 'POST', api('/cart/add'), {
      payload: { items: [{ productId: p.productId, quantity: 1 }] },
    });
    const [before] = await queryRows<{ booked: number; capacity: number }>(
      t.db,
      sql`SELECT booked, capacity FROM delivery_slots WHERE slot_id = ${slot.slotId}`,
    );
    await t.db.execute(sql`UPDATE delivery_slots SET booked = capacity WHERE slot_id = ${slot.slotId}`);
    try {
      const res = await callAs<CheckoutCartWire>(t.app, c.token, 'POST', api('/checkout/prepare'), {
        payload: { accept_rules: true },
      });
      expect(res.body.response.status).not.toBe(0);
      expect(res.body.response.errorsMessage.join(' | ')).toMatch(
        /La fascia oraria scelta non è disponibile|Tutte le fasce orarie sono prenotate/,
      );
      expect(res.body.data.cartStatusId).toBe(0);
      expect(await preparedRow(res.body.data.cartId)).toMatchObject({ preparedAt: null, frozen: null });
    } finally {
      await t.db.execute(
        sql`UPDATE delivery_slots SET booked = ${before!.booked} WHERE slot_id = ${slot.slotId}`,
      );
    }
  });
});

describe('POST /checkout/buy', () => {
  it('pay on delivery: order 3 with its lines, stock taken, slot booked, a fresh cart keeping the store', async () => {
    const { c, p, slot } = await readyToBuy({ quantity: 3, stock: 10 });
    const before = await bookedOf(t.db, slot.slotId);
    const res = await buy(t, c.token, { payment_type_id: 2 }, 'ordine-alla-consegna-1');
    expect(res.body.response.status).toBe(0);
    const order = res.body.data.order;
    expect(order).toMatchObject({ orderStatusId: 3, orderStatusDescr: 'Ordinato', paymentTypeId: 2 });
    expect(res.body.data.paymentUrl).toBeNull();
    expect(order.orderItems).toHaveLength(1);
    expect(order.orderItems[0]).toMatchObject({ productId: p.productId, quantity: 3 });
    expect(order.grossTotal).toBeCloseTo((p.priceCents * 3) / 100 + order.packagingTotal + 0, 2);
    expect(order.isEditable && order.isCancellable).toBe(true);
    expect(await stockOf(t.db, p.productId)).toBe(7);
    expect(await bookedOf(t.db, slot.slotId)).toBe(before + 1);
    const fresh = await view(c.token);
    expect(fresh.body.data.cartId).not.toBe(order.cartId);
    expect(fresh.body.data.cartItems).toEqual([]);
    expect(fresh.body.data.cartStatusId).toBe(0);
    expect((fresh.body.data as unknown as { store: { storeId: number } }).store.storeId).toBe(13);
    // the same key again: the same order, nothing new
    const again = await buy(t, c.token, { payment_type_id: 2 }, 'ordine-alla-consegna-1');
    expect(again.body.data).toMatchObject({ orderId: order.orderId, replayed: true });
    expect(await orderCount(c.userId)).toBe(1);
    expect(await stockOf(t.db, p.productId)).toBe(7);
  });

  it('pay on delivery: the confirmation e-mail counts the order’s products', async () => {
    const c = await checkoutCustomer(t);
    const [first, second] = [await testProduct(t.db, { stock: 10 }), await testProduct(t.db, { stock: 10 })];
    const slot = await driveSlot(t.db, DAY);
    await preparedCart(t, c.token, {
      slot,
      items: [
        { productId: first.productId, quantity: 1 },
        { productId: second.productId, quantity: 3 },
      ],
    });
    const res = await buy(t, c.token, { payment_type_id: 2 });
    expect(res.body.data.order.orderStatusId).toBe(3);
    const mail = await lastMailTo(t.db, c.email);
    expect(mail?.template).toBe('order-confirmation');
    expect(mail?.textBody).toContain(`Ordine n. ${res.body.data.orderId}: 2 prodotti`);
  });

  it('an order whose card was declined, edited and bought on delivery: the e-mail counts its new lines', async () => {
    const { c, p } = await readyToBuy({ quantity: 2 });
    const data = (await buy(t, c.token, { payment_type_id: 12 })).body.data;
    const ref = /pay\/(sbx_[0-9a-f]+)/.exec(data.paymentUrl ?? '')?.[1] ?? '';
    const hook = sandbox.webhook(sessionOf(ref, data), 'declined', null);
    expect((await postWebhook(hook.raw, hook.signature)).statusCode).toBe(200);
    const reopened = await callAs<{ cart: CheckoutCartWire }>(t.app, c.token, 'POST', api('/order/modify'), {
      payload: { order_id: data.orderId },
    });
    expect(reopened.body.response.status).toBe(0);
    const other = await testProduct(t.db, { stock: 10 });
    await callAs(t.app, c.token, 'POST', api('/cart/add'), {
      payload: { items: [{ productId: other.productId, quantity: 1 }] },
    });
    await callAs(t.app, c.token, 'POST', api('/checkout/prepare'), { payload: { accept_rules: true } });
    const rebuy = await buy(t, c.token, { payment_type_id: 2 });
    expect(rebuy.body.data).toMatchObject({ orderId: data.orderId, order: { orderStatusId: 3 } });
    expect(rebuy.body.data.order.orderItems.map((i) => i.productId).sort()).toEqual(
      [p.productId, other.productId].sort(),
    );
    const mail = await lastMailTo(t.db, c.email);
    expect(mail?.template).toBe('order-confirmation');
    expect(mail?.textBody).toContain(`Ordine n. ${data.orderId}: 2 prodotti`);
  });

  it('online by card: hosted page, success card -> ordered (3); the later webhook changes nothing', async () => {
    const { c, prepared } = await readyToBuy();
    const res = await buy(t, c.token, { payment_type_id: 12 });
    const data = res.body.data;
    expect(data.order.orderStatusId).toBe(1);
    expect(data.order.prebilledAmount).toBe(prepared.body.data.checkout.prebilledAmount);
    expect(data.paymentUrl).toMatch(/^\/ebsn\/api\/payment-sandbox\/pay\/sbx_/);
    // one mapping of an order: buy answers it exactly as the order page reads it; nothing is held yet
    expect(await orderOf(c.token, data.orderId)).toEqual(data.order);
    expect(data.order.payment).toMatchObject({ status: 'created', amountAuthorized: 0 });
    const { page, completed } = await payOnHostedPage(data.paymentUrl ?? '', SANDBOX_TEST_CARDS.success);
    expect(page.body).toContain('Importo da autorizzare');
    expect(page.body).toContain('lang="it"');
    expect(completed).toBe(`/checkout/completed/success?order_id=${data.orderId}`);
    const after = await orderOf(c.token, data.orderId);
    expect(after.orderStatusId).toBe(3);
    expect(after.payment).toMatchObject({
      status: 'authorized',
      amountAuthorized: data.order.prebilledAmount,
    });
    const ref = /pay\/(sbx_[0-9a-f]+)/.exec(data.paymentUrl ?? '')?.[1] ?? '';
    const hook = sandbox.webhook(sessionOf(ref, data), 'success', { cardBrand: 'Visa', cardLast4: '4242' });
    const posted = await postWebhook(hook.raw, hook.signature);
    expect(posted.statusCode).toBe(200);
    const final = await orderOf(c.token, data.orderId);
    expect(final.payment).toMatchObject({ status: 'authorized', cardLast4: '4242', cardBrand: 'Visa' });
    expect(final.statusHistory.map((h) => h.orderStatusId)).toEqual([1, 3]);
    // no card number anywhere
    const stored = await queryRows<{ row: string }>(
      t.db,
      sql`SELECT row_to_json(a)::text AS row FROM payment_authorizations a WHERE order_id = ${data.orderId}`,
    );
    expect(stored.map((r) => r.row).join()).not.toContain('4242424242424242');
  });

  it('webhook before the return; a declined card -> 11, retry with a new session, then paid', async () => {
    const { c } = await readyToBuy();
    const res = await buy(t, c.token, { payment_type_id: 12 });
    const data = res.body.data;
    const ref = /pay\/(sbx_[0-9a-f]+)/.exec(data.paymentUrl ?? '')?.[1] ?? '';
    const hook = sandbox.webhook(sessionOf(ref, data), 'declined', null);
    expect((await postWebhook(hook.raw, hook.signature)).statusCode).toBe(200);
    expect((await orderOf(c.token, data.orderId)).orderStatusId).toBe(11);
    // the browser's return arrives after: same outcome, nothing changes twice
    const { completed } = await payOnHostedPage(data.paymentUrl ?? '', SANDBOX_TEST_CARDS.declined);
    expect(completed).toBe(`/checkout/completed/failed?order_id=${data.orderId}`);
    const failed = await orderOf(c.token, data.orderId);
    expect(failed).toMatchObject({
      orderStatusId: 11,
      canRetryPayment: true,
      orderStatusDescr: 'Pagamento non riuscito',
    });
    const list = await callAs<{ orders: OrderWire[] }>(
      t.app,
      c.token,
      'GET',
      api('/order/list-retry-payment'),
    );
    expect(list.body.data.orders.map((o) => o.orderId)).toContain(data.orderId);
    const retry = await callAs<BuyData>(t.app, c.token, 'POST', api('/order/payment'), {
      payload: { order_id: data.orderId },
    });
    expect(retry.body.data.order.orderStatusId).toBe(1);
    expect(retry.body.data.paymentUrl).not.toBe(data.paymentUrl);
    const paid = await payOnHostedPage(retry.body.data.paymentUrl ?? '', SANDBOX_TEST_CARDS.success);
    expect(paid.completed).toBe(`/checkout/completed/success?order_id=${data.orderId}`);
    expect((await orderOf(c.token, data.orderId)).orderStatusId).toBe(3);
  });

  it('a pending card: 2, then the webhook confirms it (3); a forged webhook is refused', async () => {
    const { c } = await readyToBuy();
    const data = (await buy(t, c.token, { payment_type_id: 12 })).body.data;
    const { completed } = await payOnHostedPage(data.paymentUrl ?? '', SANDBOX_TEST_CARDS.pending);
    expect(completed).toBe(`/checkout/completed/pending?order_id=${data.orderId}`);
    expect((await orderOf(c.token, data.orderId)).orderStatusId).toBe(2);
    const ref = /pay\/(sbx_[0-9a-f]+)/.exec(data.paymentUrl ?? '')?.[1] ?? '';
    const hook = sandbox.webhook(sessionOf(ref, data), 'success', { cardBrand: 'Visa', cardLast4: '3220' });
    const forged = await postWebhook(hook.raw.replace('success', 'declined'), hook.signature);
    expect(forged.statusCode).toBe(401);
    expect((await postWebhook(hook.raw, hook.signature)).statusCode).toBe(200);
    expect((await postWebhook(hook.raw, hook.signature)).statusCode).toBe(200);
    const done = await orderOf(c.token, data.orderId);
    expect(done.orderStatusId).toBe(3);
    expect(done.statusHistory.map((h) => h.orderStatusId)).toEqual([1, 2, 3]);
  });

  it('a price changed since prepare: refused with a clear message, nothing written', async () => {
    const { c, p, slot } = await readyToBuy({ stock: 20 });
    const booked = await bookedOf(t.db, slot.slotId);
    await t.db.execute(
      sql`UPDATE products SET price_cents = price_cents + 50 WHERE product_id = ${p.productId}`,
    );
    // as every write of the catalogue does (prices, price lists, promotions, stock): buy prices again
    await bumpCatalogueVersion(t.db);
    const res = await buy(t, c.token);
    expect(res.body.response.status).toBe(1);
    expect(res.body.response.errorsMessage[0]).toContain('Il prezzo di alcuni prodotti è cambiato');
    expect(await orderCount(c.userId)).toBe(0);
    expect(await stockOf(t.db, p.productId)).toBe(20);
    expect(await bookedOf(t.db, slot.slotId)).toBe(booked);
    // preparing again sees the new price; then it can be bought
    const again = await callAs(t.app, c.token, 'POST', api('/checkout/prepare'), { payload: {} });
    expect(again.body.response.status).toBe(0);
    expect((await buy(t, c.token)).body.response.status).toBe(0);
  });

  it('a product gone meanwhile, or a slot filled meanwhile: refused, nothing half-done', async () => {
    const { c, p } = await readyToBuy({ stock: 5, quantity: 2 });
    await setStock(t.db, p.productId, 1);
    const res = await buy(t, c.token);
    expect(res.body.response.status).toBe(1);
    expect(res.body.response.errors[0]?.code).toBe('msg.cart.availability.errors');
    expect(await orderCount(c.userId)).toBe(0);
    expect(await stockOf(t.db, p.productId)).toBe(1);
    expect(await halfOrders(t.db)).toEqual([]);
  });

  it('the pre-authorised amount holds 25 % more of the loose products', async () => {
    const c = await checkoutCustomer(t);
    const loose = await testProduct(t.db, { stock: 20, sellingType: 'Sfuso', priceCents: 1000 });
    const slot = await driveSlot(t.db, DAY);
    const prepared = await preparedCart(t, c.token, {
      slot,
      items: [{ productId: loose.productId, quantity: 2 }],
    });
    expect(prepared.body.response.status).toBe(0);
    const ck = prepared.body.data.checkout;
    // 2 kg at 10,00 €/kg = 20,00 €; 25 % of it = 5,00 €
    expect(ck.prebilledAmount).toBeCloseTo(ck.orderTotal + 5, 2);
    const pre = await callAs<{ prebilledAmount: number }>(
      t.app,
      c.token,
      'GET',
      api('/checkout/prebilled-amount?payment_type_id=12'),
    );
    expect(pre.body.data.prebilledAmount).toBe(ck.prebilledAmount);
    const onDelivery = await callAs<{ prebilledAmount: number }>(
      t.app,
      c.token,
      'GET',
      api('/checkout/prebilled-amount?payment_type_id=2'),
    );
    expect(onDelivery.body.data.prebilledAmount).toBe(ck.orderTotal);
  });
});

describe('order actions', () => {
  it('cancel before preparation: 10, stock and slot given back; twice is refused', async () => {
    const { c, p, slot } = await readyToBuy({ stock: 10, quantity: 4 });
    const booked = await bookedOf(t.db, slot.slotId);
    const order = (await buy(t, c.token)).body.data.order;
    expect(await stockOf(t.db, p.productId)).toBe(6);
    const res = await callAs<{ order: OrderWire }>(t.app, c.token, 'POST', api('/order/delete'), {
      payload: { order_id: order.orderId },
    });
    expect(res.body.response.infosMessage).toEqual([`Ordine ${order.orderId} annullato`]);
    expect(res.body.data.order).toMatchObject({ orderStatusId: 10, isCancellable: false, isEditable: false });
    expect(await stockOf(t.db, p.productId)).toBe(10);
    expect(await bookedOf(t.db, slot.slotId)).toBe(booked);
    const twice = await callAs(t.app, c.token, 'POST', api('/order/delete'), {
      payload: { order_id: order.orderId },
    });
    expect(twice.body.response.status).toBe(1);
    expect(await stockOf(t.db, p.productId)).toBe(10);
  });

  it('cannot cancel nor edit once in preparation', async () => {
    const { c } = await readyToBuy();
    const order = (await buy(t, c.token)).body.data.order;
    const moved = await t.app.orderStatus.transition(
      {
        orderId: order.orderId,
        from: 3,
        to: 18,
        actor: 'staff',
      },
      t.db,
    );
    expect(moved.ok).toBe(true);
    for (const path of ['/order/delete', '/order/modify']) {
      const res = await callAs(t.app, c.token, 'POST', api(path), { payload: { order_id: order.orderId } });
      expect(res.body.response.status).toBe(1);
      expect(res.body.response.errorsMessage[0]).toContain('in preparazione');
    }
  });

  it('modify: the order reopens as the cart (slot kept) and buying again updates the same order', async () => {
    const { c, p, slot } = await readyToBuy({ stock: 10, quantity: 2 });
    const order = (await buy(t, c.token)).body.data.order;
    const booked = await bookedOf(t.db, slot.slotId);
    const reopened = await callAs<{ cart: CheckoutCartWire }>(t.app, c.token, 'POST', api('/order/modify'), {
      payload: { order_id: order.orderId },
    });
    expect(reopened.body.response.status).toBe(0);
    const cart = reopened.body.data.cart;
    expect(cart.checkout.editingOrderId).toBe(order.orderId);
    expect(cart.cartItems.map((i) => [i.product.productId, i.quantity])).toEqual([[p.productId, 2]]);
    const line = cart.cartItems[0];
    await callAs(t.app, c.token, 'POST', api('/cart/update'), {
      payload: { items: [{ itemId: line?.itemId, quantity: 5 }] },
    });
    const prep = await callAs(t.app, c.token, 'POST', api('/checkout/prepare'), {
      payload: { accept_rules: true },
    });
    expect(prep.body.response.status).toBe(0);
    const rebuy = await buy(t, c.token);
    expect(rebuy.body.response.status).toBe(0);
    expect(rebuy.body.data.orderId).toBe(order.orderId);
    expect(rebuy.body.data.order.orderItems[0]?.quantity).toBe(5);
    expect(await stockOf(t.db, p.productId)).toBe(5);
    expect(await bookedOf(t.db, slot.slotId)).toBe(booked);
    expect(await orderCount(c.userId)).toBe(1);
  });

  it('change of payment type: to online opens a hosted page (1), back to on delivery confirms it (3)', async () => {
    const { c } = await readyToBuy();
    const order = (await buy(t, c.token)).body.data.order;
    const online = await callAs<BuyData>(t.app, c.token, 'POST', api('/order/modify-payment-type'), {
      payload: { order_id: order.orderId, payment_type_id: 12 },
    });
    expect(online.body.data.order.orderStatusId).toBe(1);
    expect(online.body.data.paymentUrl).toMatch(/payment-sandbox/);
    const back = await callAs<BuyData>(t.app, c.token, 'POST', api('/order/modify-payment-type'), {
      payload: { order_id: order.orderId, payment_type_id: 2 },
    });
    expect(back.body.data.order).toMatchObject({ orderStatusId: 3, paymentTypeId: 2 });
    expect(back.body.data.paymentUrl).toBeNull();
  });

  it("another customer's order ids see nothing and change nothing", async () => {
    const { c } = await readyToBuy();
    const order = (await buy(t, c.token)).body.data.order;
    const other = await checkoutCustomer(t);
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/order/delete', { order_id: order.orderId }],
      ['/order/modify', { order_id: order.orderId }],
      ['/order/payment', { order_id: order.orderId }],
      ['/order/modify-payment-type', { order_id: order.orderId, payment_type_id: 12 }],
    ];
    for (const [path, payload] of calls) {
      const res = await callAs(t.app, other.token, 'POST', api(path), { payload });
      expect(res.body.response.status).not.toBe(0);
      expect(JSON.stringify(res.body.data)).not.toContain(String(order.grossTotal));
    }
    const pre = await callAs(
      t.app,
      other.token,
      'GET',
      api(`/checkout/prebilled-amount?order_id=${order.orderId}`),
    );
    expect(pre.body.response.status).not.toBe(0);
    expect((await orderOf(c.token, order.orderId)).orderStatusId).toBe(3);
  });
});

describe('bad input never reaches a 500 and changes nothing', () => {
  const bad: Array<['GET' | 'POST', string, unknown]> = [
    ['GET', '/payment-type/list-auth?payment_type_id=abc', undefined],
    ['GET', '/payment-type/list-auth?payment_type_id=999', undefined],
    ['GET', '/cart-giftcertificate/check?code=', undefined],
    ['GET', `/cart-giftcertificate/check?code=${'A'.repeat(300)}`, undefined],
    ['GET', '/cart-giftcertificate/check?code=%27%3B%20DROP', undefined],
    ['POST', '/cart-giftcertificate/add_code', { code: ['x'] }],
    ['POST', '/cart-giftcertificate/remove_code', {}],
    ['POST', '/checkout/prepare', { packaging_type_id: 'x' }],
    ['POST', '/checkout/prepare', { packaging_type_id: 999 }],
    ['POST', '/checkout/prepare', { lottery_code: 'short' }],
    ['POST', '/checkout/prepare', { extra_email: 'not-an-email' }],
    ['POST', '/checkout/prepare', { invoice: { personTypeId: 7 } }],
    ['POST', '/checkout/prepare', { person_fiscal_id: 123456 }],
    ['POST', '/checkout/buy', { payment_type_id: 'dodici' }],
    ['POST', '/checkout/buy', { payment_type_id: 13 }],
    ['POST', '/checkout/buy', { payment_type_id: 12, payment_data: '{not json' }],
    ['POST', '/checkout/buy', { idempotency_key: 'x' }],
    ['GET', '/checkout/prebilled-amount?order_id=-1', undefined],
    ['GET', '/checkout/prebilled-amount?payment_type_id=7', undefined],
    ['POST', '/order/delete', { order_id: 'uno' }],
    ['POST', '/order/delete', { order_id: 99999999 }],
    ['POST', '/order/modify', {}],
    ['POST', '/order/payment', { order_id: null }],
    ['POST', '/order/modify-payment-type', { order_id: 1, payment_type_id: 0 }],
    [
      'GET',
      '/payment/feedback/sandbox?session=sbx_000000000000000000000000&outcome=success&ts=1&sig=00',
      undefined,
    ],
    [
      'GET',
      `/payment/feedback/sandbox?session=sbx_000000000000000000000000&outcome=success&ts=1&sig=${'a'.repeat(64)}`,
      undefined,
    ],
  ];
  it.each(bad)('%s %s %j', async (method, path, payload) => {
    const c = await checkoutCustomer(t);
    const res = await callAs(t.app, c.token, method, api(path), payload === undefined ? {} : { payload });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body.response.status).not.toBe(0);
    expect(await orderCount(c.userId)).toBe(0);
  });

  it('the hosted page refuses a forged or unknown session without a 500', async () => {
    for (const url of [
      '/payment-sandbox/pay/sbx_000000000000000000000000?t=abc.def',
      '/payment-sandbox/pay/sbx_000000000000000000000000?t=',
      '/payment-sandbox/pay/nope?t=x',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: api(url) });
      expect([400, 404]).toContain(res.statusCode);
    }
    const posted = await t.app.inject({
      method: 'POST',
      url: api('/payment-sandbox/pay/sbx_000000000000000000000000'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 't=abc.def&card_number=4242424242424242',
    });
    expect(posted.statusCode).toBe(404);
  });

  it('anonymous calls are refused', async () => {
    for (const path of ['/checkout/buy', '/checkout/prepare', '/order/delete']) {
      const res = await t.app.inject({ method: 'POST', url: api(path), payload: {} });
      expect(res.statusCode).toBe(401);
    }
    const read = await t.app.inject({ method: 'GET', url: api('/checkout/cart') });
    expect(read.statusCode).toBe(401);
  });

  it('leaves no order without lines, status history or authorisation', async () => {
    expect(await halfOrders(t.db)).toEqual([]);
  });
});

// ---------- helpers ----------
/** The order as the customer reads it (GET /order/view). */
async function orderOf(token: string, orderId: number): Promise<OrderWire> {
  const res = await callAs<{ data: OrderWire }>(t.app, token, 'GET', api(`/order/view?order_id=${orderId}`));
  if (res.body.response.status !== 0) throw new Error(`order/view ${orderId}: ${res.body.response.status}`);
  return res.body.data.data;
}

function sessionOf(providerRef: string, data: BuyData) {
  return {
    providerRef,
    orderId: data.orderId,
    attempt: 1,
    amountCents: Math.round(data.order.prebilledAmount * 100),
    description: `Ordine ${data.orderId} - Spesa`,
    feedbackUrl: '/ebsn/api/payment/feedback/sandbox',
  };
}

const postWebhook = (raw: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: api('/payment/webhook/sandbox'),
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
    payload: raw,
  });
