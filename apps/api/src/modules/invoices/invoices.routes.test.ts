import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff, placeOrder } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { checkAgainstSchema } from './fatturapa/fatturapa-xsd';
import { INVOICES_TEXT } from './invoices.messages';
import {
  COMPANY_INVOICE,
  documentsOf,
  invoicedOrder,
  moveOrder,
  productAt,
} from '../../../test/invoice-fixtures';

/**
 * Electronic invoices (decision 087) through the app: issued when an order that asked for one is delivered
 * (what was delivered and charged), none without the request, the data checked before "prepared", the
 * customer's list, PDF and XML (another customer's: not found), bad input. Runs on both engines.
 */
const API = '/ebsn/api';
let t: TestApp;
// 10:00 in Rome
const clock = new Date('2027-03-10T09:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock, runJobs: false });
});
afterAll(async () => t?.close());

type Docs = {
  documents: Array<{
    documentId: number;
    kind: string;
    number: string;
    total: number;
    vat: number;
    relatedNumber: string | null;
    sdiState: string;
  }>;
};
const docsOfOrder = (token: string, orderId: unknown) =>
  callAs<Docs>(t.app, token, 'GET', `${API}/invoices/order?order_id=${String(orderId)}`);

describe('issuing at delivery', () => {
  it('a company’s order picked lighter, with a substitute, fee, bags, a gift code and the wallet: one valid TD01', async () => {
    const c = await newCustomer(t, { tag: 'inv-company' });
    const milk = await productAt(t, 129, 4);
    const pasta = await productAt(t, 89, 10);
    const wine = await productAt(t, 450, 22);
    const yogurt = await productAt(t, 110, 4);
    const order = await invoicedOrder(t, {
      userId: c.userId,
      lines: [
        { product: milk, quantity: 2 },
        { product: pasta, quantity: 3 },
        { product: wine, quantity: 1 },
      ],
      // one milk missing, the pasta replaced by a yogurt (3 at 1,10), the wine as ordered
      delivered: [
        { quantity: 1, totalCents: 129 },
        { quantity: 3, totalCents: 330, substitute: { productId: yogurt.productId, name: 'Yogurt bianco' } },
        { quantity: 1, totalCents: 450 },
      ],
      deliveryFeeCents: 390,
      packagingCents: 30,
      giftDiscountCents: 100,
      walletCents: 200,
    });
    expect((await moveOrder(t, order.orderId, 7, 8)).ok).toBe(true);

    const [doc, ...more] = await documentsOf(t, sql`order_id = ${order.orderId}`);
    expect(more).toHaveLength(0);
    // 129 + 330 + 450 − 100 + 390 + 30
    expect(doc).toMatchObject({ kind: 'TD01', totalCents: 1229, sdiState: 'ready' });
    const check = await checkAgainstSchema(doc!.xml);
    expect(check.errors).toEqual([]);
    expect(doc!.xml).toContain('<Descrizione>Yogurt bianco (in sostituzione)</Descrizione>');
    expect(doc!.xml).toContain('<IdCodice>00743110157</IdCodice>');
    expect(doc!.xml).toContain('<CodiceDestinatario>ABC1234</CodiceDestinatario>');
    expect(doc!.xml).toContain('<ImportoTotaleDocumento>12.29</ImportoTotaleDocumento>');
    // the wallet as a payment detail, the card the rest
    expect(doc!.xml).toMatch(
      /<ModalitaPagamento>MP22<\/ModalitaPagamento>\s*<ImportoPagamento>2.00<\/ImportoPagamento>/,
    );
    expect(doc!.xml).toMatch(
      /<ModalitaPagamento>MP08<\/ModalitaPagamento>\s*<ImportoPagamento>10.29<\/ImportoPagamento>/,
    );
    for (const rate of ['4.00', '10.00', '22.00'])
      expect(doc!.xml).not.toContain(`<AliquotaIVA>${rate}</AliquotaIVA>\n        <ImponibileImporto>-`);

    const answer = await docsOfOrder(c.token, order.orderId);
    expect(answer.body.data.documents).toEqual([
      expect.objectContaining({ kind: 'TD01', number: doc!.numberText, total: 12.29, sdiState: 'ready' }),
    ]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `${API}/invoices/pdf?document_id=${doc!.documentId}`,
      cookies: { 'X-Ebsn-Account': c.token },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = await t.app.inject({
      method: 'GET',
      url: `${API}/invoices/xml?document_id=${doc!.documentId}`,
      cookies: { 'X-Ebsn-Account': c.token },
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toBe(doc!.xml);

    // the customer's e-mail says it was issued and where to find it
    const [mail] = await queryRows<{ subject: string; textBody: string }>(
      t.db,
      sql`SELECT subject, text_body AS "textBody" FROM mail_outbox WHERE to_address = ${c.email} AND template = 'invoice-issued'`,
    );
    expect(mail?.subject).toBe(`Fattura n. ${doc!.numberText} per il tuo ordine ${order.orderId}`);
    expect(mail?.textBody).toContain('12,29');
    expect(mail?.textBody).toContain(`/profile/orders/${order.orderId}`);

    // delivered again (a repeated notification) issues nothing more
    await t.app.invoices.issueOnDelivery({ orderId: order.orderId }, t.db);
    expect(await documentsOf(t, sql`order_id = ${order.orderId}`)).toHaveLength(1);
  });

  it('a partial delivery of weighed goods invoices the real weight', async () => {
    const c = await newCustomer(t, { tag: 'inv-partial' });
    const pears = await productAt(t, 250, 4, 'Sfuso');
    const order = await invoicedOrder(t, {
      userId: c.userId,
      lines: [{ product: pears, quantity: 1, variableWeight: true }],
      delivered: [{ quantity: 1, totalCents: 211, realWeight: 0.842 }],
    });
    expect((await moveOrder(t, order.orderId, 7, 9)).ok).toBe(true);
    const [doc] = await documentsOf(t, sql`order_id = ${order.orderId}`);
    expect(doc?.totalCents).toBe(211);
    expect(doc?.xml).toContain('<Quantita>0.842</Quantita>');
    expect(doc?.xml).toContain('<UnitaMisura>KG</UnitaMisura>');
  });

  it('an order that did not ask for an invoice gets none', async () => {
    const c = await newCustomer(t, { tag: 'inv-none' });
    const order = await invoicedOrder(t, {
      userId: c.userId,
      lines: [{ product: await productAt(t, 300, 4), quantity: 1 }],
      invoice: null,
    });
    expect((await moveOrder(t, order.orderId, 7, 8)).ok).toBe(true);
    expect(await documentsOf(t, sql`order_id = ${order.orderId}`)).toHaveLength(0);
    expect((await docsOfOrder(c.token, order.orderId)).body.data.documents).toEqual([]);
  });
});

describe('the invoice data checked before "prepared"', () => {
  const preparing = async (tag: string, invoice: typeof COMPANY_INVOICE) => {
    const c = await newCustomer(t, { tag });
    const placed = await placeOrder(t, {
      userId: c.userId,
      lines: [{ product: await productAt(t, 300, 4), quantity: 1 }],
      status: 18,
    });
    await t.db.execute(
      sql`UPDATE orders SET infos = ${JSON.stringify({ invoice })}::jsonb WHERE order_id = ${placed.orderId}`,
    );
    return placed.orderId;
  };
  const statusOf = async (orderId: number) =>
    (
      await queryRows<{ s: number }>(
        t.db,
        sql`SELECT order_status_id AS s FROM orders WHERE order_id = ${orderId}`,
      )
    )[0]?.s;

  const refused: Array<[string, Partial<typeof COMPANY_INVOICE>, RegExp]> = [
    ['a partita IVA whose check digit is wrong', { vatCode: '00743110158' }, /partita IVA non è valida/],
    ['an SDI code of 6 characters', { sdiCode: 'ABC123' }, /codice destinatario SDI/],
    ['a PEC that is not an e-mail', { sdiCode: '', pec: 'non-una-pec' }, /\(PEC\)/],
    ['a public administration without IPA code', { personTypeId: 3, ipaCode: '' }, /codice IPA/],
    [
      'a private person with a wrong codice fiscale',
      { personTypeId: 1, vatCode: '', fiscalCode: 'RSSMRA80A01H501X' },
      /codice fiscale/,
    ],
  ];
  for (const [name, change, message] of refused)
    it(`refuses ${name}, with an Italian message, and the order stays where it was`, async () => {
      const orderId = await preparing('inv-bad', { ...COMPANY_INVOICE, ...change });
      const moved = await moveOrder(t, orderId, 18, 6);
      expect(moved.ok).toBe(false);
      if (!moved.ok) {
        expect(moved.code).toBe(INVOICES_TEXT.invoiceData.code);
        expect(moved.message).toMatch(message);
        expect(moved.message).toMatch(/prima della preparazione/);
      }
      expect(await statusOf(orderId)).toBe(18);
    });

  it('answers the back office’s "prepared" with the message (not an error page), the order unchanged', async () => {
    const c = await newCustomer(t, { tag: 'inv-staff' });
    const placed = await placeOrder(t, {
      userId: c.userId,
      lines: [{ product: await productAt(t, 300, 4), quantity: 1 }],
      status: 18,
      paymentTypeId: 2, // on delivery: no capture before the listeners
    });
    const invoice = { ...COMPANY_INVOICE, vatCode: '00743110158' };
    await t.db.execute(
      sql`UPDATE orders SET infos = ${JSON.stringify({ invoice })}::jsonb WHERE order_id = ${placed.orderId}`,
    );
    await t.db.execute(
      sql`UPDATE order_items SET delivered_quantity = quantity WHERE order_id = ${placed.orderId}`,
    );
    const member = await newCustomer(t, { tag: 'inv-picker' });
    const token = await makeStaff(t, member.userId);
    const res = await callAs(t.app, token, 'POST', `${API}/admin/orders/${placed.orderId}/prepared`, {
      via: 'staff',
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errorsMessage.join(' ')).toMatch(/partita IVA non è valida/);
    expect(await statusOf(placed.orderId)).toBe(18);
  });

  it('lets valid data through', async () => {
    const orderId = await preparing('inv-good', COMPANY_INVOICE);
    expect((await moveOrder(t, orderId, 18, 6)).ok).toBe(true);
  });
});

describe('the customer’s documents: bad input and other customers', () => {
  it('answers another customer’s order and documents as not found', async () => {
    const owner = await newCustomer(t, { tag: 'inv-owner' });
    const other = await newCustomer(t, { tag: 'inv-other' });
    const order = await invoicedOrder(t, {
      userId: owner.userId,
      lines: [{ product: await productAt(t, 500, 22), quantity: 1 }],
    });
    await moveOrder(t, order.orderId, 7, 8);
    const [doc] = await documentsOf(t, sql`order_id = ${order.orderId}`);
    const list = await docsOfOrder(other.token, order.orderId);
    expect(list.body.response.status).not.toBe(0);
    expect(list.body.response.errorsMessage).toEqual([INVOICES_TEXT.orderNotFound.text]);
    for (const format of ['pdf', 'xml']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/invoices/${format}?document_id=${doc!.documentId}`,
        cookies: { 'X-Ebsn-Account': other.token },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('FatturaElettronica');
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `${API}/invoices/xml?document_id=${doc!.documentId}`,
    });
    expect(anonymous.body).not.toContain('FatturaElettronica');
  });

  it('refuses a malformed order id with an Italian message', async () => {
    const c = await newCustomer(t, { tag: 'inv-bad-input' });
    const res = await docsOfOrder(c.token, 'abc');
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errorsMessage).toEqual(['Il parametro order_id non è valido.']);
  });
});
