import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { pickers, type PickedProduct } from '../../../test/cart-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff, placeOrder } from '../../../test/order-fixtures';
import { csvAmount } from './payment-reports';

const API = '/ebsn/api';
let t: TestApp;
let piece: PickedProduct;
let service: string;
let picker: string;
let customer: { userId: number; token: string };
let otherStoreManager: string;

beforeAll(async () => {
  t = await buildTestApp();
  piece = await pickers.piece(t.db);
  const member = async (
    tag: string,
    role: 'customer_service' | 'picker' | 'store_manager',
    stores: number[] = [],
  ) => makeStaff(t, (await newCustomer(t, { tag })).userId, stores, role);
  service = await member('refund-service', 'customer_service');
  picker = await member('refund-picker', 'picker');
  otherStoreManager = await member('refund-manager', 'store_manager', [999_999]);
  customer = await newCustomer(t, { tag: 'refund-customer' });
});
afterAll(async () => {
  await t?.close();
});

type Money = {
  orderId: number;
  provider: string | null;
  providerRef: string | null;
  held: number;
  captured: number;
  refunded: number;
  refundable: number;
  movements: Array<{
    kind: string;
    source: string;
    amount: number;
    state: string;
    at: string | null;
    reason: string | null;
  }>;
  disputes: unknown[];
};
type RefundAnswer = { data: { refund: { refundId: number; state: string; amount: number }; payment: Money } };

const st = <T>(token: string | null, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `${API}${path}`, {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });
let keys = 0;
const key = () => `test-key-${Date.now()}-${++keys}`;
const refund = (
  orderId: number,
  amount: unknown,
  reason: unknown = 'Prodotto danneggiato',
  k: unknown = key(),
) =>
  st<RefundAnswer>(service, 'POST', `/admin/orders/${orderId}/refunds`, {
    amount,
    reason,
    idempotencyKey: k,
  });

/**
 * An order the sandbox authorised and captured (as staff's 'prepared' leaves it): its authorisation, the
 * sandbox's ledger and the order's history. `ledger: false` leaves the sandbox knowing nothing of it.
 */
async function capturedOrder(o: {
  heldCents?: number;
  capturedCents: number;
  ledger?: boolean;
  slotDate?: string;
  status?: 6 | 8;
}) {
  const placed = await placeOrder(t, {
    userId: customer.userId,
    lines: [{ product: piece, quantity: 2 }],
    provider: 'sandbox',
    status: o.status ?? 6,
    ...(o.slotDate ? { slotDate: o.slotDate } : {}),
  });
  const held = o.heldCents ?? o.capturedCents;
  const [auth] = await queryRows<{ ref: string }>(
    t.db,
    sql`UPDATE payment_authorizations SET status = 'captured', amount_cents = ${held}, captured_cents = ${o.capturedCents}
        WHERE order_id = ${placed.orderId} RETURNING provider_ref AS ref`,
  );
  if (o.ledger !== false)
    await t.db.execute(
      sql`INSERT INTO sandbox_payments (provider_ref, order_id, amount_cents, status, captured_cents)
          VALUES (${auth!.ref}, ${placed.orderId}, ${held}, 'authorized', ${o.capturedCents})`,
    );
  await t.db.execute(
    sql`INSERT INTO order_status_history (order_id, from_status_id, to_status_id, actor) VALUES (${placed.orderId}, 5, 6, 'staff')`,
  );
  return { orderId: placed.orderId, ref: auth!.ref };
}

const ledgerOf = async (ref: string) =>
  (
    await queryRows<{ refunded: number }>(
      t.db,
      sql`SELECT refunded_cents AS refunded FROM sandbox_payments WHERE provider_ref = ${ref}`,
    )
  )[0]?.refunded;
const refundsOf = (orderId: number) =>
  queryRows<{ state: string; amountCents: number; staffUserId: number; reason: string }>(
    t.db,
    sql`SELECT state, amount_cents AS "amountCents", staff_user_id AS "staffUserId", reason FROM payment_refunds
        WHERE order_id = ${orderId} ORDER BY refund_id`,
  );
const authRefunded = async (orderId: number) =>
  (
    await queryRows<{ cents: number }>(
      t.db,
      sql`SELECT refunded_cents AS cents FROM payment_authorizations WHERE order_id = ${orderId}`,
    )
  )[0]?.cents;

describe('who may see an order’s money and refund it', () => {
  it('refuses a customer’s session, a role without payments, and another store’s manager; changes nothing', async () => {
    const { orderId } = await capturedOrder({ capturedCents: 1000 });
    const body = { amount: 1, reason: 'Prova', idempotencyKey: key() };
    const customerCall = await callAs(
      t.app,
      customer.token,
      'POST',
      `${API}/admin/orders/${orderId}/refunds`,
      {
        payload: body,
      },
    );
    expect(customerCall.statusCode).toBe(401);
    expect((await st(picker, 'POST', `/admin/orders/${orderId}/refunds`, body)).statusCode).toBe(403);
    expect((await st(picker, 'GET', `/admin/orders/${orderId}/payment`)).statusCode).toBe(403);
    expect((await st(picker, 'GET', '/admin/payments/stuck')).statusCode).toBe(403);
    const other = await st(otherStoreManager, 'GET', `/admin/orders/${orderId}/payment`);
    expect(other.body.response.status).not.toBe(0);
    expect(other.body.response.errorsMessage).toEqual(['Ordine non trovato.']);
    expect((await st(null, 'GET', '/admin/payments/report?from=2030-01-01&to=2030-01-02')).statusCode).toBe(
      401,
    );
    expect(await refundsOf(orderId)).toEqual([]);
  });
});

describe('POST /admin/orders/:id/refunds', () => {
  it('answers bad input field by field in Italian and records nothing', async () => {
    const { orderId, ref } = await capturedOrder({ capturedCents: 1000 });
    const cases: Array<[unknown, unknown, unknown, RegExp]> = [
      [0, 'Motivo valido', key(), /maggiore di zero/],
      [-5, 'Motivo valido', key(), /maggiore di zero/],
      [1.234, 'Motivo valido', key(), /due decimali/],
      ['10', 'Motivo valido', key(), /importo in euro/],
      [1, '', key(), /motivo del rimborso/],
      [1, 'ok', key(), /motivo del rimborso/],
      [1, 'x'.repeat(501), key(), /motivo del rimborso/],
      [1, 'Motivo valido', 'a b', /chiave della richiesta/],
      [1, 'Motivo valido', undefined, /chiave della richiesta/],
    ];
    for (const [amount, reason, k, text] of cases) {
      const res = await st(service, 'POST', `/admin/orders/${orderId}/refunds`, {
        amount,
        reason,
        idempotencyKey: k,
      });
      expect(res.statusCode, JSON.stringify([amount, reason, k])).toBe(400);
      expect(res.body.response.status).not.toBe(0);
      expect(res.body.response.errorsMessage.join(' ')).toMatch(text);
    }
    expect(
      (
        await st(service, 'POST', '/admin/orders/abc/refunds', {
          amount: 1,
          reason: 'Motivo',
          idempotencyKey: key(),
        })
      ).statusCode,
    ).toBe(400);
    expect(await refundsOf(orderId)).toEqual([]);
    expect(await ledgerOf(ref)).toBe(0);
  });

  it('refunds part of what was captured: the sandbox’s ledger, the authorisation, the audit and the movements agree', async () => {
    const { orderId, ref } = await capturedOrder({ heldCents: 5000, capturedCents: 4200 });
    const res = await refund(orderId, 12.5, '  Yogurt scaduto  ');
    expect(res.body.response.status).toBe(0);
    expect(res.body.response.infosMessage).toEqual(['Rimborso di 12,50 € eseguito.']);
    expect(res.body.data.data.refund).toMatchObject({ state: 'succeeded', amount: 12.5 });
    expect(await ledgerOf(ref)).toBe(1250);
    expect(await authRefunded(orderId)).toBe(1250);
    expect(await refundsOf(orderId)).toMatchObject([
      { state: 'succeeded', amountCents: 1250, reason: 'Yogurt scaduto' },
    ]);
    const [audit] = await queryRows<{ action: string; after: { amountCents: number; state: string } }>(
      t.db,
      sql`SELECT action, after FROM admin_audit WHERE resource = 'orders' AND resource_id = ${String(orderId)}`,
    );
    expect(audit).toMatchObject({ action: 'refund', after: { amountCents: 1250, state: 'succeeded' } });
    const money = (await st<{ data: Money }>(service, 'GET', `/admin/orders/${orderId}/payment`)).body.data
      .data;
    expect(money).toMatchObject({
      provider: 'sandbox',
      providerRef: ref,
      held: 50,
      captured: 42,
      refunded: 12.5,
      refundable: 29.5,
    });
    expect(money.movements.map((m) => [m.kind, m.source, m.amount, m.state])).toEqual([
      ['held', 'authorization', 50, 'captured'],
      ['taken', 'capture', 42, 'captured'],
      ['returned', 'void', 8, 'released'],
      ['returned', 'refund', 12.5, 'succeeded'],
    ]);
    expect(money.movements.every((m) => m.at !== null)).toBe(true);
    expect(money.disputes).toEqual([]);
  });

  it('never refunds more than captured less the refunds made', async () => {
    const { orderId, ref } = await capturedOrder({ capturedCents: 1000 });
    expect((await refund(orderId, 6)).body.response.status).toBe(0);
    const over = await refund(orderId, 4.01);
    expect(over.body.response.status).not.toBe(0);
    expect(over.body.response.errorsMessage[0]).toMatch(/al massimo 4,00 €/);
    expect((await refund(orderId, 4)).body.response.status).toBe(0);
    expect(await ledgerOf(ref)).toBe(1000);
    expect((await refund(orderId, 0.01)).body.response.errorsMessage[0]).toMatch(/al massimo 0,00 €/);
  });

  it('refuses an order with nothing captured by a provider (paid on delivery)', async () => {
    const placed = await placeOrder(t, {
      userId: customer.userId,
      lines: [{ product: piece, quantity: 1 }],
      paymentTypeId: 2,
      status: 6,
    });
    const res = await refund(placed.orderId, 1);
    expect(res.body.response.errorsMessage[0]).toMatch(/nulla da rimborsare/);
    const missing = await st(service, 'POST', '/admin/orders/999999999/refunds', {
      amount: 1,
      reason: 'Motivo',
      idempotencyKey: key(),
    });
    expect(missing.body.response.errorsMessage).toEqual(['Ordine non trovato.']);
  });

  it('the same key twice moves money once; with another amount it is refused', async () => {
    const { orderId, ref } = await capturedOrder({ capturedCents: 1000 });
    const k = key();
    const first = await refund(orderId, 3, 'Doppio clic', k);
    const again = await refund(orderId, 3, 'Doppio clic', k);
    expect(again.body.response.status).toBe(0);
    expect(again.body.data.data.refund.refundId).toBe(first.body.data.data.refund.refundId);
    expect(again.body.response.infosMessage[0]).toMatch(/già stato registrato/);
    expect((await refund(orderId, 4, 'Doppio clic', k)).body.response.errorsMessage[0]).toMatch(
      /già stata usata/,
    );
    expect(await ledgerOf(ref)).toBe(300);
    expect(await refundsOf(orderId)).toHaveLength(1);
  });

  it('races: the same key sent twice at once, and two refunds at once that together exceed the capture', async () => {
    const a = await capturedOrder({ capturedCents: 1000 });
    const k = key();
    const same = await Promise.all([
      refund(a.orderId, 5, 'Clic', k),
      refund(a.orderId, 5, 'Clic', k),
      refund(a.orderId, 5, 'Clic', k),
    ]);
    expect(same.map((r) => r.body.response.errorsMessage)).toEqual([[], [], []]);
    expect(new Set(same.map((r) => r.body.data.data.refund.refundId)).size).toBe(1);
    expect(await ledgerOf(a.ref)).toBe(500);
    expect(await authRefunded(a.orderId)).toBe(500);

    const b = await capturedOrder({ capturedCents: 1000 });
    const two = await Promise.all([refund(b.orderId, 6), refund(b.orderId, 6), refund(b.orderId, 6)]);
    expect(two.filter((r) => r.body.response.status === 0)).toHaveLength(1);
    expect(two.filter((r) => /al massimo/.test(r.body.response.errorsMessage[0] ?? ''))).toHaveLength(2);
    expect(await ledgerOf(b.ref)).toBe(600);
    expect(await refundsOf(b.orderId)).toHaveLength(1);
  });

  it('a refund the provider refuses is recorded failed, moves nothing and is listed to check', async () => {
    const { orderId } = await capturedOrder({ capturedCents: 1000, ledger: false });
    const res = await refund(orderId, 2);
    expect(res.body.response.errorsMessage[0]).toMatch(/rifiutato il rimborso/);
    expect(await refundsOf(orderId)).toMatchObject([{ state: 'failed', amountCents: 200 }]);
    expect(await authRefunded(orderId)).toBe(0);
    const stuck = await st<{ data: Array<{ kind: string; orderId: number; amount: number }> }>(
      service,
      'GET',
      '/admin/payments/stuck?kind=refundFailed&perPage=500',
    );
    expect(stuck.body.data.data).toContainEqual(
      expect.objectContaining({ kind: 'refundFailed', orderId, amount: 2 }),
    );
    const money = (await st<{ data: Money }>(service, 'GET', `/admin/orders/${orderId}/payment`)).body.data
      .data;
    expect(money.refundable).toBe(10);
  });
});

describe('what the customer reads of the order (GET /order/view)', () => {
  it('held, taken and returned with their dates, without staff’s reasons; another customer reads nothing', async () => {
    const { orderId } = await capturedOrder({ heldCents: 3000, capturedCents: 2500 });
    await refund(orderId, 5, 'Nota interna del servizio clienti');
    type View = {
      data: { payment: { amountRefunded?: number; movements?: Array<Record<string, unknown>> } };
    };
    const view = await callAs<View>(t.app, customer.token, 'GET', `${API}/order/view?order_id=${orderId}`);
    const payment = view.body.data.data.payment;
    expect(payment.amountRefunded).toBe(5);
    expect(payment.movements?.map((m) => [m.kind, m.amount])).toEqual([
      ['held', 30],
      ['taken', 25],
      ['returned', 5],
      ['returned', 5],
    ]);
    expect(payment.movements?.every((m) => typeof m.at === 'string' && Object.keys(m).length === 3)).toBe(
      true,
    );
    expect(JSON.stringify(view.body)).not.toContain('Nota interna');
    const stranger = await newCustomer(t, { tag: 'refund-stranger' });
    const other = await callAs<View>(t.app, stranger.token, 'GET', `${API}/order/view?order_id=${orderId}`);
    expect(other.body.response.status).not.toBe(0);
    expect(JSON.stringify(other.body)).not.toContain('movements');
  });
});

describe('GET /admin/payments/stuck', () => {
  it('lists held but not captured two days after the slot, and taken but not delivered', async () => {
    const held = await placeOrder(t, {
      userId: customer.userId,
      lines: [{ product: piece, quantity: 1 }],
      provider: 'sandbox',
      slotDate: '2020-03-01',
    });
    const recent = await placeOrder(t, {
      userId: customer.userId,
      lines: [{ product: piece, quantity: 1 }],
      provider: 'sandbox',
      slotDate: '2099-03-01',
    });
    const taken = await capturedOrder({ capturedCents: 900, slotDate: '2020-03-02' });
    const delivered = await capturedOrder({ capturedCents: 900, slotDate: '2020-03-02', status: 8 });
    const res = await st<{
      data: Array<{ kind: string; orderId: number; amount: number; orderStatusDescr: string }>;
      total: number;
    }>(service, 'GET', '/admin/payments/stuck?perPage=500');
    const rows = res.body.data.data;
    expect(rows).toContainEqual(expect.objectContaining({ kind: 'notCaptured', orderId: held.orderId }));
    expect(rows).toContainEqual(
      expect.objectContaining({ kind: 'notDelivered', orderId: taken.orderId, amount: 9 }),
    );
    expect(rows.map((r) => r.orderId)).not.toContain(recent.orderId);
    expect(rows.map((r) => r.orderId)).not.toContain(delivered.orderId);
    expect(res.body.data.total).toBe(rows.length);
    expect((await st(service, 'GET', '/admin/payments/stuck?kind=nothing')).statusCode).toBe(400);
    const onlyOther = await st<{ data: unknown[] }>(otherStoreManager, 'GET', '/admin/payments/stuck');
    expect(onlyOther.body.data.data).toEqual([]);
  });
});

describe('disputes (payment_disputes, reported by a provider)', () => {
  it('an open dispute shows on the order’s money, in the payments to check and in the day’s report', async () => {
    const { orderId } = await capturedOrder({ capturedCents: 4200 });
    const ref = `dp_test_${orderId}`;
    await t.db.execute(
      sql`INSERT INTO payment_disputes (provider, dispute_ref, provider_ref, order_id, amount_cents, reason, status, last_event_id)
          VALUES ('sandbox', ${ref}, NULL, ${orderId}, 4200, 'fraudulent', 'needs_response', ${`evt_${ref}`})`,
    );
    const money = await st<{ data: { disputes: Array<{ amount: number; state: string; reference: string }> } }>(
      service,
      'GET',
      `/admin/orders/${orderId}/payment`,
    );
    expect(money.body.data.data.disputes).toEqual([
      expect.objectContaining({ amount: 42, state: 'needs_response', reference: ref }),
    ]);
    const stuck = await st<{ data: Array<{ kind: string; orderId: number }> }>(
      service,
      'GET',
      '/admin/payments/stuck?kind=dispute&perPage=500',
    );
    expect(stuck.body.data.data).toContainEqual(expect.objectContaining({ kind: 'dispute', orderId }));
    const [today] = await queryRows<{ day: string }>(
      t.db,
      sql`SELECT to_char(now() AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD') AS day`,
    );
    const report = await st<{ data: Array<{ provider: string; disputed: number; disputedCount: number }> }>(
      service,
      'GET',
      `/admin/payments/report?from=${today!.day}&to=${today!.day}`,
    );
    const row = report.body.data.data.find((r) => r.provider === 'sandbox');
    expect(row?.disputed).toBeGreaterThanOrEqual(42);
    expect(row?.disputedCount).toBeGreaterThanOrEqual(1);
    // a dispute won is no longer to check
    await t.db.execute(sql`UPDATE payment_disputes SET status = 'won' WHERE dispute_ref = ${ref}`);
    const after = await st<{ data: Array<{ orderId: number }> }>(
      service,
      'GET',
      '/admin/payments/stuck?kind=dispute&perPage=500',
    );
    expect(after.body.data.data.map((r) => r.orderId)).not.toContain(orderId);
  });
});

describe('GET /admin/payments/report and report.csv', () => {
  it('sums captured and refunded per Rome day and provider, in JSON and as an Italian CSV', async () => {
    const { orderId } = await capturedOrder({ capturedCents: 123456 });
    await refund(orderId, 0.5);
    const [today] = await queryRows<{ day: string }>(
      t.db,
      sql`SELECT to_char(now() AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD') AS day`,
    );
    const day = today!.day;
    const json = await st<{
      data: Array<{
        day: string;
        provider: string;
        captured: number;
        refunded: number;
        capturedCount: number;
      }>;
    }>(service, 'GET', `/admin/payments/report?from=${day}&to=${day}`);
    const row = json.body.data.data.find((r) => r.provider === 'sandbox');
    expect(row?.day).toBe(day);
    expect(row!.captured).toBeGreaterThanOrEqual(1234.56);
    expect(row!.refunded).toBeGreaterThanOrEqual(0.5);
    const csv = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/payments/report.csv?from=${day}&to=${day}`,
      cookies: { 'spesa-staff': service },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="pagamenti-${day}-${day}.csv"`);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFGiorno;Fornitore;Incassato (EUR);Incassi;Rimborsato (EUR);Rimborsi;Contestato (EUR);Contestazioni',
    );
    const sandboxLine = lines.find((l) => l.startsWith(`${day};sandbox;`));
    expect(sandboxLine?.split(';')[2]).toBe(csvAmount(row!.captured * 100));
    expect(sandboxLine?.split(';')[2]).toMatch(/^\d+,\d\d$/);
  });

  it('refuses a period backwards or too long, and a day that does not exist, in Italian', async () => {
    const bad: Array<[string, RegExp]> = [
      ['from=2030-02-10&to=2030-02-01', /viene dopo/],
      ['from=2030-01-01&to=2031-06-01', /al massimo di 366 giorni/],
      ['from=2030-02-30&to=2030-03-01', /giorno esistente/],
      ['to=2030-03-01', /Indica un giorno/],
    ];
    for (const [q, text] of bad) {
      const res = await st(service, 'GET', `/admin/payments/report?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.body.response.errorsMessage.join(' '), q).toMatch(text);
      const csv = await t.app.inject({
        method: 'GET',
        url: `${API}/admin/payments/report.csv?${q}`,
        cookies: { 'spesa-staff': service },
      });
      expect(csv.statusCode, q).toBe(400);
    }
  });

  it('writes cents with a decimal comma and no thousands separator', () => {
    expect([csvAmount(0), csvAmount(5), csvAmount(123456), csvAmount(-1050)]).toEqual([
      '0,00',
      '0,05',
      '1234,56',
      '-10,50',
    ]);
  });
});
