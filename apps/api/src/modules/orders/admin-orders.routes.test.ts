import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { pickers, type PickedProduct } from '../../../test/cart-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, lastMailTo, type TestApp } from '../../../test/helper';
import { FakeProvider, makeStaff, placeOrder } from '../../../test/order-fixtures';
import { captureAmountCents, realAmountCents, settleWithWallet } from './staff.service';

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
  const member = await newCustomer(t, { tag: 'staff' });
  staff = { userId: member.userId, token: await makeStaff(t, member.userId) };
  customer = await newCustomer(t, { tag: 'staff-customer' });
});
afterAll(async () => {
  await t?.close();
});

type StaffOrder = {
  data: {
    id: number;
    orderStatusId: number;
    capturedAmount: number | null;
    deliveredTotal: number | null;
    orderItems: Array<{
      orderItemId: number;
      quantity: number;
      delivered: { quantity: number; weight: number | null; grossTotal: number; substitute: unknown } | null;
    }>;
    statusHistory: Array<{ orderStatusId: number; actor: string }>;
    nextStatuses: number[];
  };
};

/** a customer's call (the shop's session) */
const as = <T = StaffOrder>(token: string | null, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `${API}${path}`, payload === undefined ? {} : { payload });
/** a staff member's call (the back office's session) */
const st = <T = StaffOrder>(token: string | null, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `${API}${path}`, {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });

const statusOf = async (orderId: number) =>
  (
    await queryRows<{ s: number }>(
      t.db,
      sql`SELECT order_status_id::int AS s FROM orders WHERE order_id = ${orderId}`,
    )
  )[0]?.s;

/** the audit log's entries of an order */
const auditOf = (orderId: number) =>
  queryRows<{ action: string; staffUserId: number; before: unknown; after: Record<string, unknown> }>(
    t.db,
    sql`SELECT action, staff_user_id AS "staffUserId", before, after FROM admin_audit
        WHERE resource = 'orders' AND resource_id = ${String(orderId)} ORDER BY audit_id`,
  );

describe('order endpoints of the back office refuse customers, other roles and other stores', () => {
  const calls: Array<['GET' | 'POST', string, unknown]> = [
    ['GET', '/admin/orders?date=2030-01-15', undefined],
    ['GET', '/admin/orders/1', undefined],
    ['GET', '/admin/orders/1/substitutes?orderItemId=1', undefined],
    ['POST', '/admin/orders/1/start', {}],
    ['POST', '/admin/orders/1/pick', { orderItemId: 1, quantity: 1 }],
    ['POST', '/admin/orders/1/prepared', {}],
    ['POST', '/admin/orders/1/status', { step: 'delivered' }],
  ];
  it.each(calls)('%s %s', async (method, path, payload) => {
    const anonymous = await st(null, method, path, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.response.status).toBe(401);
    // a customer's session is not a back-office session
    const asCustomer = await as(customer.token, method, path, payload);
    expect(asCustomer.statusCode).toBe(401);
    expect(asCustomer.body.response.errors[0]?.code).toBe('msg.admin.signInRequired');
    expect(asCustomer.body.data).toEqual({});
  });

  it('a catalogue manager may not read orders; customer service reads but does not pick (refusals audited)', async () => {
    const o = await placeOrder(t, { userId: customer.userId, lines: [{ product: piece, quantity: 1 }] });
    const cm = await newCustomer(t, { tag: 'staff-cm' });
    const cmToken = await makeStaff(t, cm.userId, [], 'catalogue_manager');
    const refused = await st(cmToken, 'GET', `/admin/orders/${o.orderId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body.response.errors[0]?.code).toBe('msg.admin.notAllowed');
    const cs = await newCustomer(t, { tag: 'staff-cs' });
    const csToken = await makeStaff(t, cs.userId, [], 'customer_service');
    expect((await st(csToken, 'GET', `/admin/orders/${o.orderId}`)).body.data.data.id).toBe(o.orderId);
    expect((await st(csToken, 'POST', `/admin/orders/${o.orderId}/start`, {})).statusCode).toBe(403);
    expect(await statusOf(o.orderId)).toBe(3);
    const refusals = await queryRows<{ staffUserId: number; action: string }>(
      t.db,
      sql`SELECT staff_user_id AS "staffUserId", action FROM admin_audit
          WHERE resource = 'access' AND NOT allowed AND staff_user_id IN (${cm.userId}, ${cs.userId})`,
    );
    expect(refusals).toEqual(
      expect.arrayContaining([
        { staffUserId: cm.userId, action: 'GET /ebsn/api/admin/orders/:id' },
        { staffUserId: cs.userId, action: 'POST /ebsn/api/admin/orders/:id/start' },
      ]),
    );
  });

  it('a staff member limited to other stores sees nothing of this one', async () => {
    const o = await placeOrder(t, { userId: customer.userId, lines: [{ product: piece, quantity: 1 }] });
    const limited = await newCustomer(t, { tag: 'staff-limited' });
    const token = await makeStaff(t, limited.userId, [999_999]);
    const res = await st(token, 'GET', `/admin/orders/${o.orderId}`);
    expect(res.body.response.status).toBe(404);
    const start = await st(token, 'POST', `/admin/orders/${o.orderId}/start`, {});
    expect(start.body.response.status).toBe(404);
    expect(await statusOf(o.orderId)).toBe(3);
    const list = await st<{ data: Array<{ orderId: number }> }>(
      token,
      'GET',
      '/admin/orders?date=2030-01-15',
    );
    expect(list.body.data.data).toEqual([]);
  });
});

describe('bad input on the order endpoints', () => {
  it.each([
    ['GET', '/admin/orders?date=2030-02-31', undefined],
    ['GET', '/admin/orders?date=2030-01-15&timeslotId=x', undefined],
    ['GET', '/admin/orders?perPage=0', undefined],
    ['GET', '/admin/orders/abc', undefined],
    ['GET', '/admin/orders/1/substitutes', undefined],
    ['POST', '/admin/orders/1/pick', { orderItemId: 1, quantity: 'tanto' }],
    ['POST', '/admin/orders/1/pick', { orderItemId: 1, quantity: -1 }],
    ['POST', '/admin/orders/1/pick', { orderItemId: 1, quantity: 1, weight: 1e9 }],
    ['POST', '/admin/orders/1/status', { step: 'cancelled' }],
  ] as Array<['GET' | 'POST', string, unknown]>)(
    '%s %s %j answers 400 in the envelope',
    async (method, path, payload) => {
      const res = await st(staff.token, method, path, payload);
      expect(res.statusCode).toBe(400);
      expect(res.body.response.status).toBe(2);
      expect(res.body.response.errorsMessage[0]).toMatch(/^Il (parametro|campo) \w+/);
    },
  );
});

describe('the orders list without a day', () => {
  it('opens on the first day with orders from today on, not on an empty today', async () => {
    const later = await placeOrder(t, {
      userId: customer.userId,
      slotDate: '2030-01-14',
      lines: [{ product: piece, quantity: 1 }],
    });
    const [first] = await queryRows<{ day: string }>(
      t.db,
      sql`SELECT to_char(min(slot_date), 'YYYY-MM-DD') AS day FROM orders
          WHERE slot_date >= (now() AT TIME ZONE 'Europe/Rome')::date`,
    );
    const list = await st<{
      data: Array<{ orderId: number; timeslot: { date: string } }>;
      total: number;
    }>(staff.token, 'GET', '/admin/orders');
    expect(list.body.response.status).toBe(0);
    expect(list.body.data.data.length).toBeGreaterThan(0);
    expect(new Set(list.body.data.data.map((o) => o.timeslot.date))).toEqual(new Set([first?.day]));
    if (first?.day === '2030-01-14')
      expect(list.body.data.data.map((o) => o.orderId)).toContain(later.orderId);
    // a day asked for is that day, even without orders
    const today = await st<{ data: unknown[]; total: number }>(
      staff.token,
      'GET',
      '/admin/orders?date=2029-12-31',
    );
    expect(today.body.data).toEqual({ data: [], total: 0 });
  });
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
    const list = await st<{
      data: Array<{ id: number; orderId: number; nextStatuses: number[] }>;
      total: number;
    }>(staff.token, 'GET', '/admin/orders?date=2030-01-16');
    const listed = list.body.data.data.find((x) => x.orderId === o.orderId);
    expect(listed?.nextStatuses).toContain(18);
    expect(listed?.id).toBe(o.orderId);
    expect(list.body.data.total).toBe(list.body.data.data.length);

    // lines are recorded only while the order is in preparation
    const early = await st(staff.token, 'POST', `/admin/orders/${o.orderId}/pick`, {
      orderItemId: pieceLine,
      quantity: 2,
    });
    expect(early.body.response.errorsMessage).toEqual([
      'Le quantità si registrano solo mentre l’ordine è in preparazione.',
    ]);

    const started = await st(staff.token, 'POST', `/admin/orders/${o.orderId}/start`, {});
    expect(started.body.response.status).toBe(0);
    expect(started.body.data.data.orderStatusId).toBe(18);
    // the customer can no longer edit nor cancel
    const seen = await as<{ data: { isEditable: boolean; isCancellable: boolean } }>(
      customer.token,
      'GET',
      `/order/view?order_id=${o.orderId}`,
    );
    expect(seen.body.data.data).toMatchObject({ isEditable: false, isCancellable: false });

    const notAll = await st(staff.token, 'POST', `/admin/orders/${o.orderId}/prepared`, {});
    expect(notAll.body.response.errorsMessage).toEqual([
      'Registra tutte le righe dell’ordine prima di segnarlo come preparato.',
    ]);

    const tooMuch = await st(staff.token, 'POST', `/admin/orders/${o.orderId}/pick`, {
      orderItemId: pieceLine,
      quantity: 3,
    });
    expect(tooMuch.body.response.errorsMessage).toEqual([
      'La quantità preparata non può superare quella ordinata.',
    ]);
    // the substitutes offered: the line's category, never the product itself, priced at most as it
    const offered = await st<{ data: Array<{ productId: number; price: number }> }>(
      staff.token,
      'GET',
      `/admin/orders/${o.orderId}/substitutes?orderItemId=${pieceLine}`,
    );
    expect(offered.body.data.data.length).toBeGreaterThan(0);
    expect(offered.body.data.data.map((p) => p.productId)).not.toContain(piece.productId);
    for (const p of offered.body.data.data) expect(p.price).toBeLessThanOrEqual(piece.priceCents / 100);
    const word = (other.name.split(/\s+/).find((w) => w.length > 3) ?? other.name).toLowerCase();
    const searched = await st<{ data: Array<{ name: string; brand: string }> }>(
      staff.token,
      'GET',
      `/admin/orders/${o.orderId}/substitutes?orderItemId=${pieceLine}&q=${encodeURIComponent(word)}`,
    );
    expect(searched.body.data.data.length).toBeGreaterThan(0);
    for (const p of searched.body.data.data) expect(`${p.name} ${p.brand}`.toLowerCase()).toContain(word);
    // the substitute the customer named for a line comes first, marked (issue 20)
    const named = await placeOrder(t, {
      userId: customer.userId,
      slotDate: '2030-01-16',
      lines: [
        {
          product: piece,
          quantity: 1,
          acceptAlternatives: true,
          infos: { preferred_substitute: String(other.productId) },
        },
      ],
    });
    await st(staff.token, 'POST', `/admin/orders/${named.orderId}/start`, {});
    const offeredFirst = await st<{ data: Array<{ productId: number; preferred?: boolean }> }>(
      staff.token,
      'GET',
      `/admin/orders/${named.orderId}/substitutes?orderItemId=${named.itemIds[0]}`,
    );
    expect(offeredFirst.body.data.data[0]).toMatchObject({ productId: other.productId, preferred: true });
    expect(offeredFirst.body.data.data.filter((p) => p.productId === other.productId)).toHaveLength(1);
    expect(offeredFirst.body.data.data.slice(1).every((p) => !p.preferred)).toBe(true);
    // the weighed line was ordered without alternatives
    const none = await st(
      staff.token,
      'GET',
      `/admin/orders/${o.orderId}/substitutes?orderItemId=${looseLine}`,
    );
    expect(none.body.response.status).toBe(1);
    // a substitute: priced at most as the product ordered
    const sub = await st(staff.token, 'POST', `/admin/orders/${o.orderId}/pick`, {
      orderItemId: pieceLine,
      quantity: 2,
      substituteProductId: other.productId,
    });
    expect(sub.body.response.status).toBe(0);
    const subUnit = Math.min(piece.priceCents, other.priceCents);
    // a real weight of 1.2 kg instead of 1 kg (still within the 25 % margin)
    const weighed = await st(staff.token, 'POST', `/admin/orders/${o.orderId}/pick`, {
      orderItemId: looseLine,
      quantity: '1',
      weight: '1.2',
    });
    expect(weighed.body.response.status).toBe(0);
    const lines = weighed.body.data.data.orderItems;
    expect(lines.map((l) => l.quantity)).toEqual([2, 1]);
    expect(lines[1]?.delivered).toMatchObject({ quantity: 1, weight: 1.2 });
    expect(lines[0]?.delivered?.substitute).toEqual({ productId: other.productId, name: other.name });

    const prepared = await st(staff.token, 'POST', `/admin/orders/${o.orderId}/prepared`, {});
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
    const out = await st(staff.token, 'POST', `/admin/orders/${o.orderId}/status`, {
      step: 'outForDelivery',
    });
    expect(out.body.data.data.orderStatusId).toBe(7);
    expect((await lastMailTo(t.db, customer.email))?.subject).toBe(`Ordine n. ${o.orderId} in consegna`);
    const done = await st(staff.token, 'POST', `/admin/orders/${o.orderId}/status`, {
      step: 'delivered',
    });
    expect(done.body.data.data.orderStatusId).toBe(8);
    expect((await lastMailTo(t.db, customer.email))?.subject).toBe(`Ordine n. ${o.orderId} consegnato`);

    // every write is in the audit log: who, what, before, after
    const audit = await auditOf(o.orderId);
    expect(audit.map((a) => a.action)).toEqual(['status', 'pick', 'pick', 'prepared', 'status', 'status']);
    expect(new Set(audit.map((a) => a.staffUserId))).toEqual(new Set([staff.userId]));
    expect(audit[2]?.after).toMatchObject({ orderItemId: looseLine, delivered: 1, weight: 1.2 });
    expect(audit[3]?.after).toMatchObject({ orderStatusId: 6, capturedCents: real });
  });

  it('never captures above the authorisation: the real amount is capped and the cap recorded', async () => {
    const o = await placeOrder(t, {
      userId: customer.userId,
      lines: [{ product: loose, quantity: 1, variableWeight: true }],
    });
    await st(staff.token, 'POST', `/admin/orders/${o.orderId}/start`, {});
    await st(staff.token, 'POST', `/admin/orders/${o.orderId}/pick`, {
      orderItemId: o.itemIds[0],
      quantity: 1,
      weight: 3,
    });
    const prepared = await st(staff.token, 'POST', `/admin/orders/${o.orderId}/prepared`, {});
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
    await st(staff.token, 'POST', `/admin/orders/${o.orderId}/start`, {});
    await st(staff.token, 'POST', `/admin/orders/${o.orderId}/pick`, {
      orderItemId: o.itemIds[0],
      quantity: 1,
    });
    provider.declineCapture = true;
    try {
      const res = await st(staff.token, 'POST', `/admin/orders/${o.orderId}/prepared`, {});
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
    await st(staff.token, 'POST', `/admin/orders/${o.orderId}/start`, {});
    await st(staff.token, 'POST', `/admin/orders/${o.orderId}/pick`, {
      orderItemId: o.itemIds[0],
      quantity: 2,
    });
    const before = provider.captures.length;
    const res = await st(staff.token, 'POST', `/admin/orders/${o.orderId}/prepared`, {});
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
        (await st(staff.token, 'POST', `/admin/orders/${o.orderId}/status`, { step })).body.response
          .errorsMessage,
      ).toEqual(["L'operazione non è possibile nello stato attuale dell'ordine."]);
    expect(
      (await st(staff.token, 'POST', `/admin/orders/${o.orderId}/prepared`, {})).body.response.status,
    ).toBe(1);
    const cancelled = await placeOrder(t, {
      userId: customer.userId,
      status: 10,
      lines: [{ product: piece, quantity: 1 }],
    });
    expect(
      (await st(staff.token, 'POST', `/admin/orders/${cancelled.orderId}/start`, {})).body.response.status,
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
    const moved = await t.app.orderStatus.transition(
      {
        orderId: o.orderId,
        from: 3,
        to: 10,
        actor: 'customer',
      },
      t.db,
    );
    expect(moved.ok).toBe(true);
    const [mail] = await queryRows<{ subject: string; html: string }>(
      t.db,
      sql`SELECT subject, html_body AS html FROM mail_outbox WHERE lower(to_address) = lower(${c.email}) ORDER BY mail_id DESC LIMIT 1`,
    );
    expect(mail?.subject).toBe(`Ordine n. ${o.orderId} annullato`);
    expect(mail?.html).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(mail?.html).not.toContain('<b>Ada</b>');

    const p = await placeOrder(t, { userId: c.userId, status: 1, lines: [{ product: piece, quantity: 1 }] });
    await t.app.orderStatus.transition({ orderId: p.orderId, from: 1, to: 11, actor: 'provider' }, t.db);
    expect((await lastMailTo(t.db, c.email))?.subject).toBe(`Ordine n. ${p.orderId} pagamento non riuscito`);
  });

  it('inside the caller’s transaction: the mail commits with the change, or rolls back with it', async () => {
    const c = await newCustomer(t, { tag: 'staff-txmail' });
    const o = await placeOrder(t, { userId: c.userId, status: 2, lines: [{ product: piece, quantity: 1 }] });
    await expect(
      t.db.transaction(async (tx) => {
        const moved = await t.app.orderStatus.transition(
          {
            orderId: o.orderId,
            from: 2,
            to: 3,
            actor: 'provider',
          },
          tx,
        );
        expect(moved.ok).toBe(true);
        throw new Error('rolled back by the caller');
      }),
    ).rejects.toThrow('rolled back by the caller');
    expect(await lastMailTo(t.db, c.email)).toBeNull();
    expect(await statusOf(o.orderId)).toBe(2);
    await t.db.transaction(async (tx) => {
      await t.app.orderStatus.transition({ orderId: o.orderId, from: 2, to: 3, actor: 'provider' }, tx);
    });
    expect((await lastMailTo(t.db, c.email))?.subject).toBe(`Conferma ordine n. ${o.orderId}`);
  });

  it('a refused change sends nothing', async () => {
    const c = await newCustomer(t, { tag: 'staff-nomail' });
    const o = await placeOrder(t, { userId: c.userId, status: 8, lines: [{ product: piece, quantity: 1 }] });
    const moved = await t.app.orderStatus.transition(
      {
        orderId: o.orderId,
        from: 8,
        to: 10,
        actor: 'customer',
      },
      t.db,
    );
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

describe('settling the wallet part when prepared (decision 039)', () => {
  it.each([
    // real, wallet part -> kept by the wallet, given back to it, left for the payment type
    [1000, 0, { walletKeptCents: 0, walletBackCents: 0, restCents: 1000 }],
    [1000, 400, { walletKeptCents: 400, walletBackCents: 0, restCents: 600 }],
    [1000, 1000, { walletKeptCents: 1000, walletBackCents: 0, restCents: 0 }],
    [750, 1000, { walletKeptCents: 750, walletBackCents: 250, restCents: 0 }],
    [0, 500, { walletKeptCents: 0, walletBackCents: 500, restCents: 0 }],
  ])('real %i with %i from the wallet', (real, wallet, expected) => {
    expect(settleWithWallet(real, wallet)).toEqual(expected);
  });
});

describe('the former /staff page', () => {
  it('sends pickers to the back office', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/staff' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/admin/orders');
  });
});
