import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { documentsOf, invoicedOrder, moveOrder, productAt } from '../../../test/invoice-fixtures';
import { makeStaff } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { checkAgainstSchema } from './fatturapa/fatturapa-xsd';
import { INVOICES_TEXT } from './invoices.messages';
import type { LocalSdiChannel } from './sdi-exchange';
import { HttpSdiChannel, SDI_SEND_JOB } from './sdi-exchange';

/**
 * Credit notes for refunds made through the payment module, the exchange system's queue (sent, delivered,
 * rejected with its codes, resent), and the back office's list and the accountant's export (decision 087).
 */
const API = '/ebsn/api';
let t: TestApp;
let accountant: string;
let picker: string;
let customer: { userId: number; token: string };
const clock = new Date('2032-02-10T09:00:00Z');
const SDI_TOKEN = 'sdi-intermediary-token-0123456789abcdef';

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock, runJobs: false, env: { INVOICE_SDI_TOKEN: SDI_TOKEN } });
  accountant = await makeStaff(
    t,
    (await newCustomer(t, { tag: 'inv-accountant' })).userId,
    [],
    'customer_service',
  );
  picker = await makeStaff(t, (await newCustomer(t, { tag: 'inv-picker' })).userId, [], 'picker');
  customer = await newCustomer(t, { tag: 'inv-refund' });
});
afterAll(async () => t?.close());

const st = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `${API}${path}`, {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });

/** an invoiced order delivered, its card payment captured by the sandbox */
async function deliveredAndCaptured(lines: Array<{ price: number; rate: number }>) {
  const products = [];
  for (const l of lines) products.push(await productAt(t, l.price, l.rate));
  const order = await invoicedOrder(t, {
    userId: customer.userId,
    lines: products.map((product) => ({ product, quantity: 1 })),
  });
  const [auth] = await queryRows<{ ref: string }>(
    t.db,
    sql`UPDATE payment_authorizations SET provider = 'sandbox', status = 'captured', amount_cents = ${order.totalCents},
          captured_cents = ${order.totalCents}
        WHERE order_id = ${order.orderId} RETURNING provider_ref AS ref`,
  );
  await t.db.execute(
    sql`INSERT INTO sandbox_payments (provider_ref, order_id, amount_cents, status, captured_cents)
        VALUES (${auth!.ref}, ${order.orderId}, ${order.totalCents}, 'authorized', ${order.totalCents})`,
  );
  expect((await moveOrder(t, order.orderId, 7, 8)).ok).toBe(true);
  return order;
}

let keys = 0;
const refund = (orderId: number, amount: number) =>
  st<{ data: { refund: { state: string } } }>(accountant, 'POST', `/admin/orders/${orderId}/refunds`, {
    amount,
    reason: 'Prodotto danneggiato',
    idempotencyKey: `inv-refund-${Date.now()}-${++keys}`,
  });

describe('credit notes', () => {
  it('a refund after the invoice: a TD04 referring to it, spread over its rates, the invoice untouched', async () => {
    const order = await deliveredAndCaptured([
      { price: 1000, rate: 4 },
      { price: 3000, rate: 22 },
    ]);
    const [invoice] = await documentsOf(t, sql`order_id = ${order.orderId}`);
    const res = await refund(order.orderId, 10.01);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.data.refund.state).toBe('succeeded');
    const docs = await documentsOf(t, sql`order_id = ${order.orderId}`);
    expect(docs.map((d) => [d.kind, d.totalCents])).toEqual([
      ['TD01', 4000],
      ['TD04', 1001],
    ]);
    expect(docs[0]?.xml).toBe(invoice?.xml);
    const note = docs[1]!;
    expect(note.relatedDocumentId).toBe(invoice?.documentId);
    expect(note.number).toBe(invoice!.number + 1);
    expect((await checkAgainstSchema(note.xml)).errors).toEqual([]);
    expect(note.xml).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect(note.xml).toContain(`<IdDocumento>${invoice!.numberText}</IdDocumento>`);
    // 2.50 at 4 %, 7.51 at 22 %
    expect(note.xml).toMatch(
      /<AliquotaIVA>4.00<\/AliquotaIVA>\s*<ImponibileImporto>2.40<\/ImponibileImporto>/,
    );

    const list = await callAs<{ documents: Array<{ kind: string; relatedNumber: string | null }> }>(
      t.app,
      customer.token,
      'GET',
      `${API}/invoices/order?order_id=${order.orderId}`,
    );
    expect(list.body.data.documents.map((d) => [d.kind, d.relatedNumber])).toEqual([
      ['TD01', null],
      ['TD04', invoice!.numberText],
    ]);
  });

  it('never credits more than the invoice holds', async () => {
    const order = await deliveredAndCaptured([{ price: 500, rate: 10 }]);
    await t.app.invoices.creditRefund(
      { refundId: 900_001, orderId: order.orderId, amountCents: 300, reason: 'a' },
      t.db,
    );
    await t.app.invoices.creditRefund(
      { refundId: 900_002, orderId: order.orderId, amountCents: 300, reason: 'b' },
      t.db,
    );
    // the same refund told twice
    await t.app.invoices.creditRefund(
      { refundId: 900_002, orderId: order.orderId, amountCents: 300, reason: 'b' },
      t.db,
    );
    const notes = (await documentsOf(t, sql`order_id = ${order.orderId}`)).filter((d) => d.kind === 'TD04');
    expect(notes.map((d) => d.totalCents)).toEqual([300, 200]);
  });
});

describe('the exchange system’s queue and the back office', () => {
  it('sends a ready document, records a rejection with its codes, and a resend delivers it', async () => {
    const order = await deliveredAndCaptured([{ price: 700, rate: 22 }]);
    const [doc] = await documentsOf(t, sql`order_id = ${order.orderId} AND kind = 'TD01'`);
    const local = t.app.sdiChannel as LocalSdiChannel;
    local.rejectNext([{ code: '00305', description: 'IdFiscaleIVA del cessionario non valido' }]);
    const jobs = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM scheduled_jobs WHERE kind = ${SDI_SEND_JOB} AND payload->>'documentId' = ${String(doc!.documentId)}`,
    );
    expect(jobs[0]?.n).toBe(1);
    await t.app.sdiQueue.send({ documentId: doc!.documentId });

    const rejected = await st<{
      data: Array<{ id: number; sdiState: string; sdiErrors: Array<{ code: string }> }>;
      total: number;
    }>(accountant, 'GET', `/admin/invoices?sdiState=rejected&orderId=${order.orderId}`);
    expect(rejected.body.data.total).toBe(1);
    expect(rejected.body.data.data[0]).toMatchObject({
      id: doc!.documentId,
      sdiState: 'rejected',
      sdiErrors: [{ code: '00305' }],
    });

    // a picker may not resend; a document not rejected cannot be resent
    expect((await st(picker, 'POST', `/admin/invoices/${doc!.documentId}/resend`)).statusCode).toBe(403);
    const resent = await st<{ data: { sdiState: string } }>(
      accountant,
      'POST',
      `/admin/invoices/${doc!.documentId}/resend`,
    );
    expect(resent.body.data.data.sdiState).toBe('ready');
    const again = await st(accountant, 'POST', `/admin/invoices/${doc!.documentId}/resend`);
    expect(again.body.response.errorsMessage).toEqual([INVOICES_TEXT.notRejected.text]);
    await t.app.sdiQueue.send({ documentId: doc!.documentId });
    const [after] = await documentsOf(t, sql`document_id = ${doc!.documentId}`);
    expect(after?.sdiState).toBe('delivered');
    expect(local.files.at(-1)?.xml).toBe(doc!.xml);
    const audit = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM admin_audit WHERE resource = 'invoices' AND resource_id = ${String(doc!.documentId)}`,
    );
    expect(audit.map((a) => a.action)).toEqual(['resend']);
  });

  it('bad filters and unknown documents are refused in Italian', async () => {
    const bad = await st(accountant, 'GET', '/admin/invoices?kind=TD99');
    expect(bad.body.response.status).not.toBe(0);
    const unknown = await st(accountant, 'POST', '/admin/invoices/2000000000/resend');
    expect(unknown.body.response.errorsMessage).toEqual([INVOICES_TEXT.documentNotFound.text]);
    const period = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/invoices/export.zip?from=2032-03-01&to=2032-02-01`,
      cookies: { 'spesa-staff': accountant },
    });
    expect(period.statusCode).not.toBe(200);
    expect(period.body).toContain('Il primo giorno viene dopo l’ultimo.');
  });

  it('the accountant’s export: every document’s XML and a register by VAT rate', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/invoices/export.zip?from=2032-02-01&to=2032-02-29`,
      cookies: { 'spesa-staff': accountant },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const docs = await documentsOf(t, sql`year = 2032`);
    expect(Object.keys(files).filter((f) => f.endsWith('.xml'))).toHaveLength(docs.length);
    const register = strFromU8(files['registro.csv']!);
    // UTF-8 with a byte order mark (the decoder drops it from the text)
    expect([...files['registro.csv']!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(register.startsWith('numero;data;tipo;ordine;cliente')).toBe(true);
    expect(register).toContain('imponibile_22;iva_22');
    // the credit note's amounts negative
    expect(register).toMatch(/TD04;.*;-10,01;/);
    const audit = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM admin_audit WHERE resource = 'invoices' AND action = 'export'`,
    );
    expect(audit[0]?.n).toBe(1);
  });
});

describe('the intermediary’s notifications and its HTTP channel', () => {
  const notice = (token: string | null, payload: unknown) =>
    callAs<{ recorded: boolean }>(t.app, null, 'POST', `${API}/invoices/sdi/notifications`, {
      payload,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });

  it('records the SDI’s rejection of a file sent, only with the intermediary’s token', async () => {
    const order = await deliveredAndCaptured([{ price: 900, rate: 10 }]);
    const [doc] = await documentsOf(t, sql`order_id = ${order.orderId} AND kind = 'TD01'`);
    await t.db.execute(
      sql`UPDATE invoice_documents SET sdi_state = 'sent', sdi_id = ${`HTTP-${doc!.documentId}`} WHERE document_id = ${doc!.documentId}`,
    );
    const body = {
      id: `HTTP-${doc!.documentId}`,
      outcome: 'rejected',
      errors: [{ code: '00404', description: 'Fattura duplicata' }],
    };
    expect((await notice(null, body)).statusCode).toBe(401);
    expect((await notice('wrong-token-of-the-same-length-0000000', body)).statusCode).toBe(401);
    expect((await documentsOf(t, sql`document_id = ${doc!.documentId}`))[0]?.sdiState).toBe('sent');
    const bad = await notice(SDI_TOKEN, { id: '', outcome: 'lost' });
    expect(bad.body.response.status).not.toBe(0);
    const done = await notice(SDI_TOKEN, body);
    expect(done.body.data.recorded).toBe(true);
    expect((await documentsOf(t, sql`document_id = ${doc!.documentId}`))[0]?.sdiState).toBe('rejected');
  });

  it('the HTTP channel: an id when taken, retried on 5xx and network errors, rejected with the codes on 4xx', async () => {
    const answers: Response[] = [
      Response.json({ id: 'SDI-1' }, { status: 201 }),
      Response.json({}, { status: 503 }),
      Response.json(
        { errors: [{ code: '00200', description: 'File non conforme al formato' }] },
        { status: 422 },
      ),
    ];
    const seen: Array<{ url: string; auth: string | null; name: string }> = [];
    const fetchStub = (async (url: URL | string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      seen.push({
        url: String(url),
        auth: headers.get('authorization'),
        name: (JSON.parse(String(init?.body)) as { name: string }).name,
      });
      const next = answers.shift();
      if (!next) throw new Error('network down');
      return next;
    }) as typeof fetch;
    const channel = new HttpSdiChannel('https://sdi.example.it/api', 'k3y', fetchStub);
    const file = { fileName: 'IT01234560587_00001.xml', xml: '<x/>' };
    expect(await channel.send(file)).toEqual({ ok: true, sdiId: 'SDI-1' });
    expect(await channel.send(file)).toMatchObject({ ok: false, retry: true });
    expect(await channel.send(file)).toEqual({
      ok: false,
      retry: false,
      errors: [{ code: '00200', description: 'File non conforme al formato' }],
    });
    expect(await channel.send(file)).toMatchObject({ ok: false, retry: true });
    expect(seen[0]).toEqual({
      url: 'https://sdi.example.it/api/files',
      auth: 'Bearer k3y',
      name: 'IT01234560587_00001.xml',
    });
  });
});
