import { REFUND_TEXT } from '@spesa/shared/contracts/admin-payments';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { documentsOf, invoicedOrder, moveOrder, productAt } from '../../../test/invoice-fixtures';
import { makeStaff } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { LOYALTY_TEXT } from '../loyalty/loyalty.messages';
import { REFUND_REFUSAL } from '../payment/payment.messages';
import { checkAgainstSchema } from './fatturapa/fatturapa-xsd';
import { INVOICES_TEXT } from './invoices.messages';

/**
 * Credit notes through the back office (decision 094): a refunded line named on its TD04 (pieces and a
 * weighed line's kg), an amount over the invoice's rates, a goodwill credit on the wallet tied to an invoiced
 * order; bad input and another customer's order refused in Italian with nothing changed.
 */
const API = '/ebsn/api';
let t: TestApp;
let care: string;
let customer: { userId: number; token: string };
let other: { userId: number; token: string };
const clock = new Date('2033-03-10T09:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock, runJobs: false });
  care = await makeStaff(t, (await newCustomer(t, { tag: 'cn-care' })).userId, [], 'customer_service');
  customer = await newCustomer(t, { tag: 'cn-customer' });
  other = await newCustomer(t, { tag: 'cn-other' });
});
afterAll(async () => t?.close());

const st = <T>(method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, care, method, `${API}${path}`, {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });

type Line = { price: number; rate: number; quantity?: number; weighed?: { kg: number; cents: number } };

/** an invoiced order delivered, its card payment captured by the sandbox */
async function deliveredAndCaptured(lines: Line[], userId = customer.userId) {
  const products = [];
  for (const l of lines) products.push(await productAt(t, l.price, l.rate, l.weighed ? 'Sfuso' : 'Pezzo'));
  const order = await invoicedOrder(t, {
    userId,
    lines: products.map((product, i) => ({
      product,
      quantity: lines[i]?.quantity ?? 1,
      ...(lines[i]?.weighed ? { variableWeight: true } : {}),
    })),
    delivered: lines.map((l) => ({
      quantity: l.quantity ?? 1,
      totalCents: l.weighed?.cents ?? l.price * (l.quantity ?? 1),
      ...(l.weighed ? { realWeight: l.weighed.kg } : {}),
    })),
  });
  const [charged] = await queryRows<{ cents: number }>(
    t.db,
    sql`SELECT sum(coalesce(delivered_total_cents, line_total_cents))::int AS cents FROM order_items
        WHERE order_id = ${order.orderId}`,
  );
  const [auth] = await queryRows<{ ref: string }>(
    t.db,
    sql`UPDATE payment_authorizations SET provider = 'sandbox', status = 'captured', amount_cents = ${charged!.cents},
          captured_cents = ${charged!.cents}
        WHERE order_id = ${order.orderId} RETURNING provider_ref AS ref`,
  );
  await t.db.execute(
    sql`INSERT INTO sandbox_payments (provider_ref, order_id, amount_cents, status, captured_cents)
        VALUES (${auth!.ref}, ${order.orderId}, ${charged!.cents}, 'authorized', ${charged!.cents})`,
  );
  expect((await moveOrder(t, order.orderId, 7, 8)).ok).toBe(true);
  const items = await queryRows<{ id: number }>(
    t.db,
    sql`SELECT order_item_id AS id FROM order_items WHERE order_id = ${order.orderId} ORDER BY position`,
  );
  return { ...order, items: items.map((i) => i.id) };
}

let keys = 0;
const refund = (orderId: number, body: { amount: number; line?: unknown; reason?: string }) =>
  st<{ data: { refund: { state: string; line: unknown } } }>('POST', `/admin/orders/${orderId}/refunds`, {
    reason: 'Prodotto danneggiato',
    idempotencyKey: `cn-refund-${Date.now()}-${++keys}`,
    ...body,
  });

const notesOf = async (orderId: number) =>
  (await documentsOf(t, sql`order_id = ${orderId}`)).filter((d) => d.kind === 'TD04');
const refundsOf = async (orderId: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM payment_refunds WHERE order_id = ${orderId}`,
    )
  )[0]?.n;

describe('a refunded line on its credit note', () => {
  it('one piece of three: the line as invoiced, its quantity, unit price and VAT rate', async () => {
    const order = await deliveredAndCaptured([
      { price: 129, rate: 4 },
      { price: 150, rate: 22, quantity: 3 },
    ]);
    const res = await refund(order.orderId, {
      amount: 1.5,
      line: { orderItemId: order.items[1], quantity: 1 },
    });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.data.refund.line).toEqual({ orderItemId: order.items[1], quantity: 1 });
    const [note] = await notesOf(order.orderId);
    expect(note?.totalCents).toBe(150);
    expect((await checkAgainstSchema(note!.xml)).errors).toEqual([]);
    const [name] = await queryRows<{ name: string }>(
      t.db,
      sql`SELECT name FROM order_items WHERE order_item_id = ${order.items[1]}`,
    );
    // 1,50 at 22 %: net 1,23
    expect(note!.xml).toMatch(
      new RegExp(
        `<Descrizione>${name!.name}</Descrizione>\\s*<Quantita>1.00</Quantita>\\s*<UnitaMisura>PZ</UnitaMisura>\\s*<PrezzoUnitario>1.23</PrezzoUnitario>\\s*<PrezzoTotale>1.23</PrezzoTotale>\\s*<AliquotaIVA>22.00</AliquotaIVA>`,
      ),
    );
    expect(note!.xml).not.toContain('<AliquotaIVA>4.00</AliquotaIVA>');
  });

  it('a weighed line: 0,3 kg of the 0,8 kg delivered', async () => {
    const order = await deliveredAndCaptured([
      { price: 250, rate: 4, weighed: { kg: 0.8, cents: 200 } },
      { price: 300, rate: 10 },
    ]);
    const res = await refund(order.orderId, {
      amount: 0.75,
      line: { orderItemId: order.items[0], quantity: 0.3 },
    });
    expect(res.body.response.status).toBe(0);
    const [note] = await notesOf(order.orderId);
    expect(note?.totalCents).toBe(75);
    expect((await checkAgainstSchema(note!.xml)).errors).toEqual([]);
    // 0,75 at 4 %: net 0,72, 2,40 a kg
    expect(note!.xml).toMatch(
      /<Quantita>0.30<\/Quantita>\s*<UnitaMisura>KG<\/UnitaMisura>\s*<PrezzoUnitario>2.40<\/PrezzoUnitario>\s*<PrezzoTotale>0.72<\/PrezzoTotale>\s*<AliquotaIVA>4.00/,
    );
    // then an amount tied to no line: over what the invoice still holds (1,25 at 4 %, 3,00 at 10 %)
    expect((await refund(order.orderId, { amount: 4.25 })).body.response.status).toBe(0);
    const notes = await notesOf(order.orderId);
    expect(notes.map((n) => n.totalCents)).toEqual([75, 425]);
    expect(notes[1]!.xml).toMatch(
      /<AliquotaIVA>4.00<\/AliquotaIVA>\s*<ImponibileImporto>1.20<\/ImponibileImporto>/,
    );
    expect(notes[1]!.xml).toMatch(
      /<AliquotaIVA>10.00<\/AliquotaIVA>\s*<ImponibileImporto>2.73<\/ImponibileImporto>/,
    );
  });

  it('bad lines are refused in Italian and nothing moves', async () => {
    const order = await deliveredAndCaptured([{ price: 200, rate: 10, quantity: 2 }]);
    const orderItemId = order.items[0]!;
    const cases: Array<[unknown, number, string]> = [
      [{ orderItemId: 2_000_000_000, quantity: 1 }, 1, REFUND_REFUSAL.lineNotFound.text],
      [{ orderItemId, quantity: 3 }, 2, 'Di «'],
      [{ orderItemId, quantity: 1 }, 2.01, 'si può rimborsare al massimo 2,00'],
      [{ orderItemId, quantity: -1 }, 1, REFUND_TEXT.lineQuantity],
      [{ orderItemId, quantity: 0.0001 }, 1, REFUND_TEXT.lineQuantity],
      [{ orderItemId: 'a', quantity: 1 }, 1, REFUND_TEXT.line],
    ];
    for (const [line, amount, text] of cases) {
      const res = await refund(order.orderId, { amount, line });
      expect(res.body.response.status, JSON.stringify(line)).not.toBe(0);
      expect(res.body.response.errorsMessage.join(' ')).toContain(text);
    }
    expect(await refundsOf(order.orderId)).toBe(0);
    expect(await notesOf(order.orderId)).toEqual([]);
    // two pieces refunded one at a time, then nothing left of the line
    expect(
      (await refund(order.orderId, { amount: 2, line: { orderItemId, quantity: 1 } })).body.response.status,
    ).toBe(0);
    expect(
      (await refund(order.orderId, { amount: 2, line: { orderItemId, quantity: 1 } })).body.response.status,
    ).toBe(0);
    const more = await refund(order.orderId, { amount: 0.01, line: { orderItemId, quantity: 0.001 } });
    expect(more.body.response.errorsMessage.join(' ')).toContain('al massimo 0');
    expect((await notesOf(order.orderId)).map((n) => n.totalCents)).toEqual([200, 200]);
  });
});

describe('a goodwill credit on the wallet', () => {
  const credit = (userId: number, body: Record<string, unknown>) =>
    st<{ data: { balance: number } }>('POST', `/admin/customers/${userId}/wallet-credit`, body);
  const balanceOf = async (userId: number) =>
    (
      await queryRows<{ cents: number }>(
        t.db,
        sql`SELECT coalesce((SELECT balance_cents FROM wallet_movements WHERE user_id = ${userId} ORDER BY seq DESC LIMIT 1), 0)::int AS cents`,
      )
    )[0]?.cents;

  it('tied to an invoiced order: a credit note over its rates, the movement naming the order', async () => {
    const order = await deliveredAndCaptured([
      { price: 1000, rate: 4 },
      { price: 1000, rate: 22 },
    ]);
    const res = await credit(customer.userId, {
      amount: 3,
      reason: 'Consegna in ritardo',
      orderId: order.orderId,
    });
    expect(res.body.response.status).toBe(0);
    const [note] = await notesOf(order.orderId);
    expect(note?.totalCents).toBe(300);
    expect((await checkAgainstSchema(note!.xml)).errors).toEqual([]);
    expect(note!.xml).toContain('Abbuono accreditato sul portafoglio: Consegna in ritardo (IVA 4%)');
    expect(note!.xml).toContain('<ImportoTotaleDocumento>3.00</ImportoTotaleDocumento>');
    const [movement] = await queryRows<{ orderId: number; documents: number }>(
      t.db,
      sql`SELECT m.order_id AS "orderId",
            (SELECT count(*)::int FROM invoice_documents d WHERE d.wallet_movement_id = m.movement_id) AS documents
          FROM wallet_movements m WHERE m.user_id = ${customer.userId} AND m.cause = 'goodwill' ORDER BY m.movement_id DESC LIMIT 1`,
    );
    expect(movement).toEqual({ orderId: order.orderId, documents: 1 });
  });

  it('another customer’s order, an unknown one or an order still to invoice: refused, nothing moves', async () => {
    const theirs = await deliveredAndCaptured([{ price: 500, rate: 10 }], other.userId);
    const before = await balanceOf(customer.userId);
    const foreign = await credit(customer.userId, { amount: 2, reason: 'Reclamo', orderId: theirs.orderId });
    expect(foreign.body.response.errorsMessage).toEqual([LOYALTY_TEXT.orderNotFound.text]);
    const unknown = await credit(customer.userId, { amount: 2, reason: 'Reclamo', orderId: 2_000_000_000 });
    expect(unknown.body.response.errorsMessage).toEqual([LOYALTY_TEXT.orderNotFound.text]);
    const bad = await credit(customer.userId, { amount: 2, reason: 'Reclamo', orderId: 'abc' });
    expect(bad.body.response.status).not.toBe(0);
    // asked for an invoice, out for delivery: the invoice is not issued yet
    const product = await productAt(t, 400, 22);
    const pending = await invoicedOrder(t, { userId: customer.userId, lines: [{ product, quantity: 1 }] });
    const early = await credit(customer.userId, { amount: 2, reason: 'Reclamo', orderId: pending.orderId });
    expect(early.body.response.errorsMessage).toEqual([INVOICES_TEXT.notInvoicedYet.text]);
    expect(await balanceOf(customer.userId)).toBe(before);
    expect(await notesOf(theirs.orderId)).toEqual([]);
    expect(await documentsOf(t, sql`order_id = ${pending.orderId}`)).toEqual([]);
  });

  it('tied to no order, or to an order without an invoice: credited, no document', async () => {
    const product = await productAt(t, 400, 22);
    const plain = await invoicedOrder(t, {
      userId: customer.userId,
      lines: [{ product, quantity: 1 }],
      invoice: null,
    });
    const count = async () => (await documentsOf(t)).length;
    const docs = await count();
    expect((await credit(customer.userId, { amount: 1, reason: 'Gentilezza' })).body.response.status).toBe(0);
    const tied = await credit(customer.userId, { amount: 1, reason: 'Reclamo', orderId: plain.orderId });
    expect(tied.body.response.status).toBe(0);
    expect(await count()).toBe(docs);
  });
});
