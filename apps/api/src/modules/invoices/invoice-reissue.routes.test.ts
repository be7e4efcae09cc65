import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/customers';
import { DEMO_PASSWORD, buildTestApp, callAs, login, type TestApp } from '../../../test/helper';
import {
  COMPANY_INVOICE,
  documentsOf,
  invoicedOrder,
  moveOrder,
  productAt,
} from '../../../test/invoice-fixtures';
import { makeStaff } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { randomToken, sha256 } from '../account/secrets';
import { checkAgainstSchema } from './fatturapa/fatturapa-xsd';
import { INVOICE_DATA_TEXT, INVOICES_TEXT, SDI_ERROR_HINTS } from './invoices.messages';
import type { LocalSdiChannel } from './sdi-exchange';

/**
 * After the SDI rejects a file (decision 094): the staff read what the codes point at, correct the customer's
 * data and issue a corrected document — a new file, never the rejected one edited — with the same number and
 * date within 5 days of the rejection, the next number after; audited; bad data refused with nothing changed.
 */
const API = '/ebsn/api';
let t: TestApp;
let accountant: string;
let accountantId: number;
let picker: string;
let customer: { userId: number; token: string; email: string };
let now = new Date('2034-04-10T09:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ now: () => now, runJobs: false });
  accountantId = (await newCustomer(t, { tag: 'ri-accountant' })).userId;
  accountant = await makeStaff(t, accountantId, [], 'customer_service');
  picker = await makeStaff(t, (await newCustomer(t, { tag: 'ri-picker' })).userId, [], 'picker');
  customer = await newCustomer(t, { tag: 'ri-customer' });
});
afterAll(async () => t?.close());

/** the shop's clock moved: a new back-office session (an idle one would have expired) */
async function at(iso: string) {
  now = new Date(iso);
  accountant = randomToken();
  await t.db.execute(
    sql`INSERT INTO staff_sessions (token_hash, user_id, idle_expires_at, absolute_expires_at)
        VALUES (${sha256(accountant)}, ${accountantId}, '2999-01-01'::timestamptz, '2999-01-01'::timestamptz)`,
  );
}

const st = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `${API}${path}`, {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });

/** an order delivered with its invoice, the invoice sent and rejected by the SDI with `code` */
async function rejectedInvoice(code: string) {
  const product = await productAt(t, 1220, 22);
  const order = await invoicedOrder(t, { userId: customer.userId, lines: [{ product, quantity: 1 }] });
  expect((await moveOrder(t, order.orderId, 7, 8)).ok).toBe(true);
  const [doc] = await documentsOf(t, sql`order_id = ${order.orderId} AND kind = 'TD01'`);
  (t.app.sdiChannel as LocalSdiChannel).rejectNext([{ code, description: 'scarto' }]);
  expect(await t.app.sdiQueue.send({ documentId: doc!.documentId })).toBe('rejected');
  return { order, doc: doc! };
}

const corrected = { ...COMPANY_INVOICE, vatCode: '01234561080', sdiCode: 'M5UXCR1' };

type Correction = {
  sameNumber: boolean;
  hints: string[];
  sameNumberUntil: string;
  invoice: { vatCode: string };
};
type Reissued = { id: number; number: string; issuedOn: string; sdiState: string };

describe('a corrected document after a rejection', () => {
  it('within 5 days: a new file with the same number and date, the rejected one kept as replaced', async () => {
    const { order, doc } = await rejectedInvoice('00305');
    const view = await st<{ data: Correction }>(
      accountant,
      'GET',
      `/admin/invoices/${doc.documentId}/correction`,
    );
    expect(view.body.response.errorsMessage).toEqual([]);
    expect(view.body.data.data).toMatchObject({
      sameNumber: true,
      sameNumberUntil: '2034-04-15',
      hints: [SDI_ERROR_HINTS['00305']],
      invoice: { vatCode: COMPANY_INVOICE.vatCode },
    });
    await at('2034-04-14T20:00:00Z');
    const res = await st<{ data: Reissued }>(
      accountant,
      'POST',
      `/admin/invoices/${doc.documentId}/reissue`,
      {
        invoice: corrected,
      },
    );
    expect(res.body.response.status).toBe(0);
    const made = res.body.data.data;
    expect(made).toMatchObject({ number: doc.numberText, issuedOn: '2034-04-10', sdiState: 'ready' });
    expect(made.id).not.toBe(doc.documentId);
    const docs = await documentsOf(t, sql`order_id = ${order.orderId}`);
    expect(docs.map((d) => [d.documentId, d.numberText, d.sdiState])).toEqual([
      [doc.documentId, doc.numberText, 'replaced'],
      [made.id, doc.numberText, 'ready'],
    ]);
    // the rejected file untouched; the new one valid, with the corrected partita IVA and its own transmission id
    expect(docs[0]?.xml).toBe(doc.xml);
    const xml = docs[1]!.xml;
    expect((await checkAgainstSchema(xml)).errors).toEqual([]);
    expect(xml).toContain('<IdCodice>01234561080</IdCodice>');
    expect(xml).toContain('<CodiceDestinatario>M5UXCR1</CodiceDestinatario>');
    expect(xml).toContain(`<Numero>${doc.numberText}</Numero>`);
    expect(xml).toContain('<Data>2034-04-10</Data>');
    expect(xml).toMatch(/<ProgressivoInvio>F34\w{5}R1<\/ProgressivoInvio>/);
    // the customer sees the corrected one only (signed in again: the clock moved)
    const { cookie } = await login(t.app, customer.email, DEMO_PASSWORD);
    const mine = await callAs<{ documents: Array<{ documentId: number }> }>(
      t.app,
      cookie ?? '',
      'GET',
      `${API}/invoices/order?order_id=${order.orderId}`,
    );
    expect(mine.body.data.documents.map((d) => d.documentId)).toEqual([made.id]);
    // sent, delivered; a second correction finds nothing to correct
    expect(await t.app.sdiQueue.send({ documentId: made.id })).toBe('delivered');
    const again = await st(accountant, 'POST', `/admin/invoices/${doc.documentId}/reissue`, {
      invoice: corrected,
    });
    expect(again.body.response.errorsMessage).toEqual([INVOICES_TEXT.notRejectedForCorrection.text]);
    const audit = await queryRows<{ action: string; after: { documentId: number; sameNumber: boolean } }>(
      t.db,
      sql`SELECT action, after FROM admin_audit WHERE resource = 'invoices' AND resource_id = ${String(doc.documentId)}`,
    );
    expect(audit).toEqual([
      { action: 'reissue', after: expect.objectContaining({ documentId: made.id, sameNumber: true }) },
    ]);
    // the accountant's export: one file for the number, the corrected one
    const zip = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/invoices/export.zip?from=2034-04-01&to=2034-04-30`,
      cookies: { 'spesa-staff': accountant },
    });
    const register = strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['registro.csv']!);
    expect(register.split('\r\n').filter((l) => l.startsWith(`${doc.numberText};`))).toHaveLength(1);
  });

  it('after 5 days: the next number, dated today, naming the rejected one', async () => {
    await at('2034-04-20T09:00:00Z');
    const { doc } = await rejectedInvoice('00311');
    await at('2034-04-26T09:00:00Z');
    const view = await st<{ data: Correction }>(
      accountant,
      'GET',
      `/admin/invoices/${doc.documentId}/correction`,
    );
    expect(view.body.data.data).toMatchObject({ sameNumber: false, hints: [SDI_ERROR_HINTS['00311']] });
    const res = await st<{ data: Reissued }>(
      accountant,
      'POST',
      `/admin/invoices/${doc.documentId}/reissue`,
      {
        invoice: corrected,
      },
    );
    const made = res.body.data.data;
    expect(made.number).not.toBe(doc.numberText);
    expect(made.issuedOn).toBe('2034-04-26');
    expect(res.body.response.infosMessage?.[0] ?? '').toContain('nuovo numero');
    const [stored] = await documentsOf(t, sql`document_id = ${made.id}`);
    expect(stored?.number).toBe(doc.number + 1);
    expect(stored!.xml).toContain(
      `In luogo del documento n. ${doc.numberText} del 2034-04-20 scartato dal SdI`,
    );
    expect((await checkAgainstSchema(stored!.xml)).errors).toEqual([]);
  });

  it('bad data, a document not rejected, an unknown one and a picker: refused, nothing changed', async () => {
    await at('2034-05-02T09:00:00Z');
    const { doc } = await rejectedInvoice('00305');
    const reissue = (token: string, id: number, invoice: unknown) =>
      st(token, 'POST', `/admin/invoices/${id}/reissue`, { invoice });
    // the form's rules (a 6-character SDI code), the partita IVA's check digit, a missing field
    const short = await reissue(accountant, doc.documentId, { ...corrected, sdiCode: 'ABC12' });
    expect(short.body.response.status).not.toBe(0);
    const digit = await reissue(accountant, doc.documentId, { ...corrected, vatCode: '01234561081' });
    expect(digit.body.response.errorsMessage.join(' ')).toContain('partita IVA');
    const missing = await reissue(accountant, doc.documentId, { ...corrected, city: undefined });
    expect(missing.body.response.status).not.toBe(0);
    const fiscal = await reissue(accountant, doc.documentId, {
      ...corrected,
      personTypeId: 1,
      companyName: '',
      vatCode: '',
      fiscalCode: 'RSSMRA80A01H501X',
    });
    expect(fiscal.body.response.errorsMessage.join(' ')).toContain(INVOICE_DATA_TEXT.fiscalCode.slice(0, 40));
    expect((await reissue(picker, doc.documentId, corrected)).statusCode).toBe(403);
    const unknown = await reissue(accountant, 2_000_000_000, corrected);
    expect(unknown.body.response.errorsMessage).toEqual([INVOICES_TEXT.documentNotFound.text]);
    const [state] = await documentsOf(t, sql`order_id = ${doc.orderId}`);
    expect(state?.sdiState).toBe('rejected');
    expect(await documentsOf(t, sql`order_id = ${doc.orderId}`)).toHaveLength(1);
    // a delivered invoice is corrected with a credit note, not re-issued
    const delivered = await rejectedInvoice('00305');
    await st(accountant, 'POST', `/admin/invoices/${delivered.doc.documentId}/reissue`, {
      invoice: corrected,
    });
    const [fresh] = (await documentsOf(t, sql`order_id = ${delivered.order.orderId}`)).filter(
      (d) => d.sdiState === 'ready',
    );
    await t.app.sdiQueue.send({ documentId: fresh!.documentId });
    const notRejected = await reissue(accountant, fresh!.documentId, corrected);
    expect(notRejected.body.response.errorsMessage).toEqual([INVOICES_TEXT.notRejectedForCorrection.text]);
    const view = await st(accountant, 'GET', `/admin/invoices/${fresh!.documentId}/correction`);
    expect(view.body.response.errorsMessage).toEqual([INVOICES_TEXT.notRejectedForCorrection.text]);
  });

  it('two corrections at once: one document, the other told it is replaced', async () => {
    await at('2034-05-03T09:00:00Z');
    const { order, doc } = await rejectedInvoice('00305');
    const both = await Promise.all([
      st(accountant, 'POST', `/admin/invoices/${doc.documentId}/reissue`, { invoice: corrected }),
      st(accountant, 'POST', `/admin/invoices/${doc.documentId}/reissue`, { invoice: corrected }),
    ]);
    expect(both.map((r) => r.body.response.status).sort()).toEqual([0, expect.any(Number)].sort());
    expect(both.filter((r) => r.body.response.status === 0)).toHaveLength(1);
    expect((await documentsOf(t, sql`order_id = ${order.orderId}`)).map((d) => d.sdiState)).toEqual([
      'replaced',
      'ready',
    ]);
  });
});
