import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { pickers, type PickedProduct } from '../../../test/cart-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, lastMailTo, type TestApp } from '../../../test/helper';
import { FakeProvider, makeStaff, placeOrder } from '../../../test/order-fixtures';
import { captureAmountCents, realAmountCents } from './staff.service';

const API = '/ebsn/api';
let t: TestApp;
const provider = new FakeProvider();
let piece: PickedProduct;
let loose: PickedProduct;
let other: PickedProduct;
let staff: { userId: number; token: string };
let customer: { userId: number; token: string; email: string };

beforeAll(async () => {
  t = await buildTestApp({ paymentProviders: [provider] });
  piece = await pickers.piece(t.db);
  loose = await pickers.loose500by100(t.db);
  other = await pickers.lowStock(t.db);
  staff = await newCustomer(t, { tag: 'staff' });
  await makeStaff(t, staff.userId);
  customer = await newCustomer(t, { tag: 'staff-customer' });
});
afterAll(async () => {
  await t?.close();
});

type StaffOrder = {
  data: {
    orderStatusId: number;
    capturedAmount: number | null;
    deliveredTotal: number | null;
    orderItems: Array<{
      orderItemId: number;
      quantity: number;
      delivered: { quantity: number; weight: number | null; grossTotal: number; substitute: unknown } | null;
    }>;
    statusHistory: Array<{ orderStatusId: number; actor: string }>;
  };
  nextStatuses: number[];
};

const as = <T = StaffOrder>(token: string | null, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `${API}${path}`, payload === undefined ? {} : { payload });

const statusOf = async (orderId: number) =>
  (
    await queryRows<{ s: number }>(
      t.db,
      sql`SELECT order_status_id::int AS s FROM orders WHERE order_id = ${orderId}`,
    )
  )[0]?.s;

describe('staff endpoints refuse customers and anonymous callers', () => {
  const calls: Array<['GET' | 'POST', string, unknown]> = [
    ['GET', '/staff/order/list?date=2030-01-15', undefined],
    ['GET', '/staff/order/view?order_id=1', undefined],
    ['POST', '/staff/order/start-preparation', { orderId: 1 }],
    ['POST', '/staff/order/pick', { orderId: 1, orderItemId: 1, quantity: 1 }],
    ['POST', '/staff/order/prepared', { orderId: 1 }],
    ['POST', '/staff/order/status', { orderId: 1, step: 'delivered' }],
  ];
  it.each(calls)('%s %s', async (method, path, payload) => {
    const anonymous = await as(null, method, path, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.response.status).toBe(401);
    const asCustomer = await as(customer.token, method, path, payload);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.body.response.status).toBe(403);
    expect(asCustomer.body.response.errorsMessage).toEqual(['Funzione riservata al personale del negozio.']);
    expect(asCustomer.body.data).toEqual({});
  });

  it('a staff member limited to other stores sees nothing of this one', async () => {
    const o = await placeOrder(t, { userId: customer.userId, lines: [{ product: piece, quantity: 1 }] });
    const limited = await newCustomer(t, { tag: 'staff-limited' });
    await makeStaff(t, limited.userId, [999_999]);
    const res = await as(limited.token, 'GET', `/staff/order/view?order_id=${o.orderId}`);
    expect(res.body.response.status).toBe(404);
    const start = await as(limited.token, 'POST', '/staff/order/start-preparation', { orderId: o.orderId });
    expect(start.body.response.status).toBe(404);
    expect(await statusOf(o.orderId)).toBe(3);
  });
});

describe('bad input on staff endpoints', () => {
  it.each([
    ['GET', '/staff/order/list', undefined],
    ['GET', '/staff/order/list?date=2030-02-31', undefined],
    ['GET', '/staff/order/list?date=2030-01-15&timeslot_id=x', undefined],
    ['GET', '/staff/order/view?order_id=abc', undefined],
    ['POST', '/staff/order/start-preparation', {}],
    ['POST', '/staff/order/pick', { orderId: 1, orderItemId: 1, quantity: 'tanto' }],
    ['POST', '/staff/order/pick', { orderId: 1, orderItemId: 1, quantity: -1 }],
    ['POST', '/staff/order/pick', { orderId: 1, orderItemId: 1, quantity: 1, weight: 1e9 }],
    ['POST', '/staff/order/status', { orderId: 1, step: 'cancelled' }],
  ] as Array<['GET' | 'POST', string, unknown]>)(
    '%s %s %j answers 400 in the envelope',
    async (method, path, payload) => {
      const res = await as(staff.token, method, path, payload);
      expect(res.statusCode).toBe(400);
      expect(res.body.response.status).toBe(2);
      expect(res.body.response.errorsMessage[0]).toMatch(/^Il (parametro|campo) \w+/);
    },
  );
});

describe('picking with a different weight, then capture', () => {
  it('records ordered vs delivered, captures the real amount and tells the customer', async () => {
    const o = await placeOrder(t, {
      userId: customer.userId,
      slotDate: '2030-01-16',
      deliveryFeeCents: 390,
      lines: [
        { product: piece, quantity: 2, acceptAlternatives: true },
        { product: loose, quantity: 1, variableWeight: true },
      ],
    });
    const [pieceLine, looseLine] = o.itemIds as [number, number];
    const list = await as<{ orders: Array<{ orderId: number; nextStatuses: number[] }> }>(
      staff.token,
      'GET',
      '/staff/order/list?date=2030-01-16',
    );
    expect(list.body.data.orders.find((x) => x.orderId === o.orderId)?.nextStatuses).toContain(18);

    // lines are recorded only while the order is in preparation
    const early = await as(staff.token, 'POST', '/staff/order/pick', {
      orderId: o.orderId,
      orderItemId: pieceLine,
      quantity: 2,
    });
    expect(early.body.response.errorsMessage).toEqual([
      'Le quantità si registrano solo mentre l’ordine è in preparazione.',
    ]);

    const started = await as(staff.token, 'POST', '/staff/order/start-preparation', { orderId: o.orderId });
    expect(started.body.response.status).toBe(0);
    expect(started.body.data.data.orderStatusId).toBe(18);
    // the customer can no longer edit nor cancel
    const seen = await as<{ data: { isEditable: boolean; isCancellable: boolean } }>(
      customer.token,
      'GET',
      `/order/view?order_id=${o.orderId}`,
    );
    expect(seen.body.data.data).toMatchObject({ isEditable: false, isCancellable: false });

    const notAll = await as(staff.token, 'POST', '/staff/order/prepared', { orderId: o.orderId });
    expect(notAll.body.response.errorsMessage).toEqual([
      'Registra tutte le righe dell’ordine prima di segnarlo come preparato.',
    ]);

    const tooMuch = await as(staff.token, 'POST', '/staff/order/pick', {
      orderId: o.orderId,
      orderItemId: pieceLine,
      quantity: 3,
    });
    expect(tooMuch.body.response.errorsMessage).toEqual([
      'La quantità preparata non può superare quella ordinata.',
    ]);
    // a substitute: priced at most as the product ordered
    const sub = await as(staff.token, 'POST', '/staff/order/pick', {
      orderId: o.orderId,
      orderItemId: pieceLine,
      quantity: 2,
      substituteProductId: other.productId,
    });
    expect(sub.body.response.status).toBe(0);
    const subUnit = Math.min(piece.priceCents, other.priceCents);
    // a real weight of 1.2 kg instead of 1 kg (still within the 25 % margin)
    const weighed = await as(staff.token, 'POST', '/staff/order/pick', {
      orderId: o.orderId,
      orderItemId: looseLine,
      quantity: '1',
      weight: '1.2',
    });
    expect(weighed.body.response.status).toBe(0);
    const lines = weighed.body.data.data.orderItems;
    expect(lines.map((l) => l.quantity)).toEqual([2, 1]);
    expect(lines[1]?.delivered).toMatchObject({ quantity: 1, weight: 1.2 });
    expect(lines[0]?.delivered?.substitute).toEqual({ productId: other.productId, name: other.name });

    const prepared = await as(staff.token, 'POST', '/staff/order/prepared', { orderId: o.orderId });
    expect(prepared.body.response.status).toBe(0);
    const delivered = 2 * subUnit + Math.round(1.2 * loose.priceCents);
    const real = delivered + 390;
    expect(real).toBeLessThanOrEqual(o.preauthCents);
    expect(prepared.body.data.data.capturedAmount).toBe(real / 100);
    expect(prepared.body.data.data.deliveredTotal).toBe(delivered / 100);
    expect(provider.captures.at(-1)?.amountCents).toBe(real);
    expect(prepared.body.data.data.statusHistory.map((h) => h.orderStatusId)).toEqual([3, 18, 6]);

    const mail = await lastMailTo(t.db, customer.email);
    expect(mail?.subject).toBe(`Ordine n. ${o.orderId} preparato`);
    expect(mail?.textBody).toContain(
      new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(real / 100),
    );

    // the customer sees what was delivered and the amount taken
    const view = await as<{
      data: {
        capturedAmount: number;
        orderItems: Array<{ productId: number; name: string; delivered: unknown }>;
        payment: { amountCaptured: number; status: string };
      };
    }>(customer.token, 'GET', `/order/view?order_id=${o.orderId}`);
    expect(view.body.data.data.capturedAmount).toBe(real / 100);
    expect(view.body.data.data.payment).toMatchObject({ amountCaptured: real / 100, status: 'captured' });
    // the replaced line shows the product delivered, and as ordered with show_replaced
    expect(view.body.data.data.orderItems[0]?.productId).toBe(other.productId);
    const asOrdered = await as<{ data: { orderItems: Array<{ productId: number }> } }>(
      customer.token,
      'GET',
      `/order/view?order_id=${o.orderId}&show_replaced=true`,
    );
    expect(asOrdered.body.data.data.orderItems[0]?.productId).toBe(piece.productId);

    // then out for delivery and delivered
    const out = await as(staff.token, 'POST', '/staff/order/status', {
      orderId: o.orderId,
      step: 'outForDelivery',
    });
    expect(out.body.data.data.orderStatusId).toBe(7);
    expect((await lastMailTo(t.db, customer.email))?.subject).toBe(`Ordine n. ${o.orderId} in consegna`);
    const done = await as(staff.token, 'POST', '/staff/order/status', {
      orderId: o.orderId,
      step: 'delivered',
    });
    expect(done.body.data.data.orderStatusId).toBe(8);
    expect((await lastMailTo(t.db, customer.email))?.subject).toBe(`Ordine n. ${o.orderId} consegnato`);
  });

  it('never captures above the authorisation: the real amount is capped and the cap recorded', async () => {
    const o = await placeOrder(t, {
      userId: customer.userId,
      lines: [{ product: loose, quantity: 1, variableWeight: true }],
    });
    await as(staff.token, 'POST', '/staff/order/start-preparation', { orderId: o.orderId });
    await as(staff.token, 'POST', '/staff/order/pick', {
      orderId: o.orderId,
      orderItemId: o.itemIds[0],
      quantity: 1,
      weight: 3,
    });
    const prepared = await as(staff.token, 'POST', '/staff/order/prepared', { orderId: o.orderId });
    expect(prepared.body.response.status).toBe(0);
    expect(prepared.body.response.infosMessage).toContain(
      'L’importo reale supera l’autorizzazione: addebitato solo l’importo autorizzato.',
    );
    expect(prepared.body.data.data.capturedAmount).toBe(o.preauthCents / 100);
    expect(provider.captures.at(-1)?.amountCents).toBe(o.preauthCents);
    const [auth] = await queryRows<{ captured: number; amount: number }>(
      t.db,
      sql`SELECT captured_cents AS captured, amount_cents AS amount FROM payment_authorizations WHERE order_id = ${o.orderId}`,
    );
    expect(auth?.captured).toBe(auth?.amount);
    const [note] = await queryRows<{ note: string }>(
      t.db,
      sql`SELECT note FROM order_status_history WHERE order_id = ${o.orderId} AND to_status_id = 6`,
    );
    expect(note?.note).toMatch(/limitato all'autorizzazione/);
  });

  it('a refused capture changes nothing', async () => {
    const o = await placeOrder(t, { userId: customer.userId, lines: [{ product: piece, quantity: 1 }] });
    await as(staff.token, 'POST', '/staff/order/start-preparation', { orderId: o.orderId });
    await as(staff.token, 'POST', '/staff/order/pick', {
      orderId: o.orderId,
      orderItemId: o.itemIds[0],
      quantity: 1,
    });
    provider.declineCapture = true;
    try {
      const res = await as(staff.token, 'POST', '/staff/order/prepared', { orderId: o.orderId });
      expect(res.body.response.status).toBe(1);
      expect(res.body.response.errorsMessage[0]).toMatch(/^L’addebito non è riuscito/);
    } finally {
      provider.declineCapture = false;
    }
    expect(await statusOf(o.orderId)).toBe(18);
    const [row] = await queryRows<{ captured: number | null }>(
      t.db,
      sql`SELECT captured_cents AS captured FROM orders WHERE order_id = ${o.orderId}`,
    );
    expect(row?.captured).toBeNull();
  });

  it('pay on delivery: prepared without a capture, the amount due in the mail', async () => {
    const o = await placeOrder(t, {
      userId: customer.userId,
      paymentTypeId: 2,
      lines: [{ product: piece, quantity: 3 }],
    });
    await as(staff.token, 'POST', '/staff/order/start-preparation', { orderId: o.orderId });
    await as(staff.token, 'POST', '/staff/order/pick', {
      orderId: o.orderId,
      orderItemId: o.itemIds[0],
      quantity: 2,
    });
    const before = provider.captures.length;
    const res = await as(staff.token, 'POST', '/staff/order/prepared', { orderId: o.orderId });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.data.capturedAmount).toBeNull();
    expect(res.body.data.data.deliveredTotal).toBe((2 * piece.priceCents) / 100);
    expect(provider.captures.length).toBe(before);
    expect((await lastMailTo(t.db, customer.email))?.textBody).toMatch(/Importo da pagare/);
  });
});

describe('the transition table decides', () => {
  it('refuses steps the table forbids and changes nothing', async () => {
    const o = await placeOrder(t, { userId: customer.userId, lines: [{ product: piece, quantity: 1 }] });
    for (const step of ['delivered', 'outForDelivery', 'notCollected'])
      expect(
        (await as(staff.token, 'POST', '/staff/order/status', { orderId: o.orderId, step })).body.response
          .errorsMessage,
      ).toEqual(["L'operazione non è possibile nello stato attuale dell'ordine."]);
    expect(
      (await as(staff.token, 'POST', '/staff/order/prepared', { orderId: o.orderId })).body.response.status,
    ).toBe(1);
    const cancelled = await placeOrder(t, {
      userId: customer.userId,
      status: 10,
      lines: [{ product: piece, quantity: 1 }],
    });
    expect(
      (await as(staff.token, 'POST', '/staff/order/start-preparation', { orderId: cancelled.orderId })).body
        .response.status,
    ).toBe(1);
    expect(await statusOf(o.orderId)).toBe(3);
    expect(await statusOf(cancelled.orderId)).toBe(10);
    const [h] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM order_status_history WHERE order_id IN (${o.orderId}, ${cancelled.orderId})`,
    );
    expect(h?.n).toBe(2);
  });
});

describe('status e-mails from the one entry point', () => {
  it('cancellation and failed payment land in the outbox, values escaped', async () => {
    const c = await newCustomer(t, { tag: 'staff-mails' });
    await t.db.execute(sql`UPDATE users SET first_name = '<b>Ada</b>' WHERE user_id = ${c.userId}`);
    const o = await placeOrder(t, { userId: c.userId, lines: [{ product: piece, quantity: 1 }] });
    const moved = await t.app.orderStatus.transition(t.db, {
      orderId: o.orderId,
      from: 3,
      to: 10,
      actor: 'customer',
    });
    expect(moved.ok).toBe(true);
    const [mail] = await queryRows<{ subject: string; html: string }>(
      t.db,
      sql`SELECT subject, html_body AS html FROM mail_outbox WHERE lower(to_address) = lower(${c.email}) ORDER BY mail_id DESC LIMIT 1`,
    );
    expect(mail?.subject).toBe(`Ordine n. ${o.orderId} annullato`);
    expect(mail?.html).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(mail?.html).not.toContain('<b>Ada</b>');

    const p = await placeOrder(t, { userId: c.userId, status: 1, lines: [{ product: piece, quantity: 1 }] });
    await t.app.orderStatus.transition(t.db, { orderId: p.orderId, from: 1, to: 11, actor: 'provider' });
    expect((await lastMailTo(t.db, c.email))?.subject).toBe(`Ordine n. ${p.orderId} pagamento non riuscito`);
  });

  it('inside the caller’s transaction: the mail commits with the change, or rolls back with it', async () => {
    const c = await newCustomer(t, { tag: 'staff-txmail' });
    const o = await placeOrder(t, { userId: c.userId, status: 2, lines: [{ product: piece, quantity: 1 }] });
    await expect(
      t.db.transaction(async (tx) => {
        const moved = await t.app.orderStatus.transition(tx, {
          orderId: o.orderId,
          from: 2,
          to: 3,
          actor: 'provider',
        });
        expect(moved.ok).toBe(true);
        throw new Error('rolled back by the caller');
      }),
    ).rejects.toThrow('rolled back by the caller');
    expect(await lastMailTo(t.db, c.email)).toBeNull();
    expect(await statusOf(o.orderId)).toBe(2);
    await t.db.transaction(async (tx) => {
      await t.app.orderStatus.transition(tx, { orderId: o.orderId, from: 2, to: 3, actor: 'provider' });
    });
    expect((await lastMailTo(t.db, c.email))?.subject).toBe(`Conferma ordine n. ${o.orderId}`);
  });

  it('a refused change sends nothing', async () => {
    const c = await newCustomer(t, { tag: 'staff-nomail' });
    const o = await placeOrder(t, { userId: c.userId, status: 8, lines: [{ product: piece, quantity: 1 }] });
    const moved = await t.app.orderStatus.transition(t.db, {
      orderId: o.orderId,
      from: 8,
      to: 10,
      actor: 'customer',
    });
    expect(moved.ok).toBe(false);
    expect(await lastMailTo(t.db, c.email)).toBeNull();
  });
});

describe('capture rules', () => {
  it.each([
    [1000, 1200, 0, { cents: 1000, capped: false }],
    [1200, 1200, 0, { cents: 1200, capped: false }],
    [1500, 1200, 0, { cents: 1200, capped: true }],
    [1000, 1200, 500, { cents: 700, capped: true }],
  ])('real %i, authorised %i, captured %i', (real, amount, captured, expected) => {
    expect(captureAmountCents(real, { amountCents: amount, capturedCents: captured })).toEqual(expected);
  });

  it('the gift discount never makes the lines negative', () => {
    expect(realAmountCents({ giftDiscountCents: 500, deliveryFeeCents: 390, packagingCents: 20 }, 300)).toBe(
      410,
    );
    expect(realAmountCents({ giftDiscountCents: 500, deliveryFeeCents: 0, packagingCents: 0 }, 2000)).toBe(
      1500,
    );
  });
});

describe('the /staff page', () => {
  it('asks to sign in, refuses customers, lets staff drive an order with a different weight', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/staff' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toContain('href="/login"');
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: '/staff',
      cookies: { 'x-ebsn-account': customer.token },
    });
    expect(asCustomer.statusCode).toBe(403);

    const o = await placeOrder(t, {
      userId: customer.userId,
      slotDate: '2030-01-20',
      lines: [{ product: loose, quantity: 1, variableWeight: true }],
    });
    const cookies = { 'x-ebsn-account': staff.token };
    const list = await t.app.inject({ method: 'GET', url: '/staff?date=2030-01-20', cookies });
    expect(list.body).toContain(`href="/staff/ordini/${o.orderId}"`);
    expect(list.body).toMatch(/<html lang="it">/);
    const form = (action: string, body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/staff/ordini/${o.orderId}/${action}`,
        cookies,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        payload: new URLSearchParams(body).toString(),
      });
    expect((await form('inizia', {})).body).toContain('Preparazione iniziata.');
    const bad = await form('riga', { orderItemId: String(o.itemIds[0]), quantity: 'molto' });
    expect(bad.body).toContain('Dati non validi');
    const weighed = await form('riga', { orderItemId: String(o.itemIds[0]), quantity: '1', weight: '1,1' });
    expect(weighed.body).toContain('peso reale 1.1 kg');
    const prepared = await form('preparato', {});
    expect(prepared.body).toContain('Ordine preparato: addebitati');
    expect(await statusOf(o.orderId)).toBe(6);

    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/staff/ordini/${o.orderId}/stato`,
      cookies,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: 'step=delivered',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await statusOf(o.orderId)).toBe(6);
  });
});
