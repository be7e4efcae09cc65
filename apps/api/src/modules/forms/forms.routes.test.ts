import type { AdminSubmission, AdminSubmissionDetail } from '@spesa/shared/contracts/admin-forms';
import type { AdminAjaxAnswer, MailPars, MyTicket } from '@spesa/shared/contracts/forms';
import type { ReceiptSettings } from '@spesa/shared/contracts/receipts';
import { MESSAGES } from '@spesa/shared/account/validation-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProduct } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import {
  buildTestApp,
  callAs,
  DEMO_PASSWORD,
  login,
  type EnvelopeBody,
  type TestApp,
} from '../../../test/helper';
import { makeStaff, placeOrder } from '../../../test/order-fixtures';
import { ensureForms } from '../../db/seed/forms';
import { queryRows } from '../../db/rows';
import { MailService } from '../mail/mail.service';
import { AccountRepository } from '../account/account.repository';
import { FORM_IDS } from './form-definitions';
import { FORMS_TEXT } from './forms.messages';
import { FORMS_RETENTION_JOB } from './forms.service';

/**
 * The content system's forms (decision 051): get_mail_pars with the customer's data, uploads streamed and
 * checked by content, submissions stored, mailed with their files and deleted after the retention period; every
 * bad input refused with nothing stored. Runs on both engines.
 */
let t: TestApp;
let clock = new Date('2027-03-10T09:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock, runJobs: false });
  await ensureForms(t.db);
});
afterAll(async () => t?.close());

const MAIL_PARS = '/p/wp-json/ebsn/v1/get_mail_pars';
const MY_TICKETS = '/p/wp-json/ebsn/v1/my_tickets';
type MyTickets = { tickets: MyTicket[] };
const AJAX = '/p/wp-admin/admin-ajax.php';
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<<>>\nendobj\n'),
  Buffer.alloc(2000, 32),
]);
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  Buffer.alloc(3000),
]);

async function mailPars(formId: number | string, token: string | null = null) {
  return callAs<MailPars>(t.app, token, 'GET', `${MAIL_PARS}?form_id=${formId}`);
}

/** A multipart body as a browser's FormData sends it: text fields, then files. */
function multipart(
  fields: Record<string, string>,
  files: { name: string; data: Buffer; type?: string }[] = [],
) {
  const boundary = '----spesa-forms-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function ajax(
  token: string | null,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = [],
) {
  const body = multipart(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url: AJAX,
    ...body,
    ...(token ? { cookies: { 'x-ebsn-account': token } } : {}),
  });
  return { statusCode: res.statusCode, body: JSON.parse(res.body) as EnvelopeBody<AdminAjaxAnswer> };
}

const upload = (
  token: string | null,
  formId: number,
  fieldId: number,
  nonce: string,
  file: { name: string; data: Buffer },
) =>
  ajax(token, { action: 'nf_fu_upload', form_id: String(formId), field_id: String(fieldId), nonce }, [file]);

const submit = (token: string | null, nonce: string, formId: number, values: Record<number, unknown>) =>
  ajax(token, {
    action: 'nf_ajax_submit',
    security: nonce,
    formData: JSON.stringify({
      form_id: formId,
      fields: Object.entries(values).map(([id, value]) => ({ id: Number(id), value })),
    }),
  });

const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]?.n ?? 0;
/** the forms' files in the file store (PostgreSQL in the tests: decision 090) */
const formKeys = async () =>
  (await queryRows<{ key: string }>(t.db, sql`SELECT key FROM stored_files WHERE key LIKE 'forms/%'`)).map(
    (r) => r.key.slice('forms/'.length),
  );
const storedFiles = async () => (await formKeys()).length;

const workWithUs = (cv: string[], extra: Record<number, unknown> = {}) => ({
  21: 'Giulia',
  22: 'Bianchi',
  23: 'giulia.bianchi@example.it',
  24: '333 1234567',
  25: '1990-05-12',
  26: '22100',
  27: 'logistica',
  28: cv,
  29: '<b>Ciao</b><script>alert(1)</script>',
  30: true,
  ...extra,
});

describe('get_mail_pars', () => {
  it('answers the form with its fields sorted by order and a fresh nonce each view', async () => {
    const a = await mailPars(FORM_IDS.workWithUs);
    expect(a.statusCode).toBe(200);
    expect(a.body.response.status).toBe(0);
    const orders = a.body.data.fields.map((f) => f.order);
    expect(orders).toEqual([...orders].sort((x, y) => x - y));
    expect(a.body.data.fields.find((f) => f.key === 'area')?.options.map((o) => o.label)).toEqual([
      'Punti vendita',
      'Sede',
      'Logistica',
    ]);
    // anonymous: the $ defaults are empty
    expect(a.body.data.fields.find((f) => f.key === 'email')?.default).toBe('');
    const b = await mailPars(FORM_IDS.workWithUs);
    expect(b.body.data.nonce).not.toBe(a.body.data.nonce);
  });

  it('refuses bad input with the envelope and unknown forms as not found', async () => {
    for (const bad of ['abc', '0', '-1', '1e99', '']) expect((await mailPars(bad)).statusCode, bad).toBe(400);
    const unknown = await mailPars(999);
    expect(unknown.body.response.errors[0]).toMatchObject({ code: FORMS_TEXT.notFound.code });
  });

  it('a form for signed-in customers: refused anonymously; $ defaults and $ordersList are the customer own', async () => {
    const anon = await mailPars(FORM_IDS.complaint);
    expect(anon.body.response.errors[0]).toMatchObject({ code: FORMS_TEXT.loginRequired.code });
    const a = await newCustomer(t, { tag: 'forms-a' });
    const b = await newCustomer(t, { tag: 'forms-b' });
    const product = await testProduct(t.db, { stock: 10 });
    const order = await placeOrder(t, {
      userId: a.userId,
      lines: [{ product, quantity: 1 }],
      status: 8,
    });
    const forA = await mailPars(FORM_IDS.complaint, a.token);
    const ordine = forA.body.data.fields.find((f) => f.key === 'ordine');
    expect(ordine?.options.map((o) => o.value)).toEqual([String(order.orderId)]);
    expect(forA.body.data.fields.find((f) => f.key === 'email')?.default).toBe(a.email);
    const forB = await mailPars(FORM_IDS.complaint, b.token);
    expect(forB.body.data.fields.find((f) => f.key === 'ordine')?.options).toEqual([]);
    // B cannot complain about A's order: it is not among B's options
    const sent = await submit(b.token, forB.body.data.nonce, FORM_IDS.complaint, {
      41: String(order.orderId),
      42: 'mancante',
      43: 'Manca il latte',
      45: b.email,
      46: true,
    });
    expect(sent.body.response.errors[0]).toMatchObject({ code: FORMS_TEXT.invalid.code });
  });
});

describe('nf_fu_upload and nf_ajax_submit', () => {
  it('stores a PDF CV, files the ticket, mails the chain with the attachment; HTML stays text; no replay', async () => {
    const view = (await mailPars(FORM_IDS.workWithUs)).body.data;
    const up = await upload(null, FORM_IDS.workWithUs, 28, view.nonce, {
      name: 'Curriculum Giulia.pdf',
      data: PDF,
    });
    expect(up.body.response.status).toBe(0);
    const file = up.body.data.files[0];
    expect(file).toMatchObject({ name: 'Curriculum Giulia.pdf', size: PDF.length });
    const sent = await submit(null, view.nonce, FORM_IDS.workWithUs, workWithUs([file?.token ?? '']));
    expect(sent.body.response.status).toBe(0);
    expect(sent.body.data.submission?.ticket).toMatch(/^T19-\d{6}$/);
    const mails = new MailService(t.db, { from: 'test' });
    const [mail] = await mails.list({ to: 'lavora.con.noi@spesa.example', limit: 1 });
    expect(mail?.subject).toContain(sent.body.data.submission?.ticket ?? 'x');
    expect(mail?.textBody).toContain('Area in cui vorresti lavorare: Logistica');
    expect(mail?.textBody).toContain('<b>Ciao</b><script>alert(1)</script>');
    expect(mail?.htmlBody).not.toContain('<script>');
    expect(mail?.htmlBody).toContain('&lt;script&gt;');
    const attachments = await mails.attachmentsOf(mail?.mailId ?? 0);
    expect(attachments).toMatchObject([
      { fileName: 'Curriculum Giulia.pdf', contentType: 'application/pdf' },
    ]);
    const [row] = await queryRows<{ answers: { key: string; value: string }[] }>(
      t.db,
      sql`SELECT answers FROM form_submissions ORDER BY submission_id DESC LIMIT 1`,
    );
    expect(row?.answers.find((a) => a.key === 'presentazione')?.value).toBe(
      '<b>Ciao</b><script>alert(1)</script>',
    );
    // the same nonce again
    const again = await submit(null, view.nonce, FORM_IDS.workWithUs, workWithUs([]));
    expect(again.body.response.errors[0]).toMatchObject({ code: FORMS_TEXT.nonceUsed.code });
    const late = await upload(null, FORM_IDS.workWithUs, 28, view.nonce, { name: 'altro.pdf', data: PDF });
    expect(late.body.response.errors[0]).toMatchObject({ code: FORMS_TEXT.nonceUsed.code });
  });

  it('a file name with bidi overrides or zero-width characters is kept, mailed and shown without them', async () => {
    const view = (await mailPars(FORM_IDS.workWithUs)).body.data;
    const up = await upload(null, FORM_IDS.workWithUs, 28, view.nonce, {
      name: 'cv\u202Egpj\u200B.pdf',
      data: PDF,
    });
    expect(up.body.data.files[0]?.name).toBe('cvgpj.pdf');
    const sent = await submit(
      null,
      view.nonce,
      FORM_IDS.workWithUs,
      workWithUs([up.body.data.files[0]?.token ?? '']),
    );
    const mails = new MailService(t.db, { from: 'test' });
    const [mail] = await mails.list({ to: 'lavora.con.noi@spesa.example', limit: 1 });
    expect(mail?.subject).toContain(sent.body.data.submission?.ticket ?? 'x');
    expect(mail?.textBody).toContain('cvgpj.pdf');
    expect(`${mail?.textBody}${mail?.htmlBody}`).not.toMatch(/\p{Cf}/u);
    expect((await mails.attachmentsOf(mail?.mailId ?? 0)).map((a) => a.fileName)).toEqual(['cvgpj.pdf']);
  });

  it('refuses bad files and stores nothing: over 2 MB, an .exe named .pdf, path tricks, a field without files', async () => {
    const view = (await mailPars(FORM_IDS.workWithUs)).body.data;
    const before = { rows: await count('form_uploads'), files: await storedFiles() };
    const big = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]);
    const cases: [string, Awaited<ReturnType<typeof upload>>][] = [
      ['big', await upload(null, FORM_IDS.workWithUs, 28, view.nonce, { name: 'cv.pdf', data: big })],
      ['exe', await upload(null, FORM_IDS.workWithUs, 28, view.nonce, { name: 'cv.pdf', data: EXE })],
      [
        'path',
        await upload(null, FORM_IDS.workWithUs, 28, view.nonce, { name: '../../etc/cv.pdf', data: PDF }),
      ],
      [
        'backslash',
        await upload(null, FORM_IDS.workWithUs, 28, view.nonce, { name: '..\\cv.pdf', data: PDF }),
      ],
      ['field', await upload(null, FORM_IDS.workWithUs, 21, view.nonce, { name: 'cv.pdf', data: PDF })],
      ['nonce', await upload(null, FORM_IDS.workWithUs, 28, 'inventato', { name: 'cv.pdf', data: PDF })],
    ];
    const codes = Object.fromEntries(cases.map(([k, r]) => [k, r.body.response.errors[0]?.code]));
    expect(codes).toEqual({
      big: FORMS_TEXT.fileTooLarge.code,
      exe: FORMS_TEXT.fileType.code,
      path: FORMS_TEXT.fileName.code,
      backslash: FORMS_TEXT.fileName.code,
      field: FORMS_TEXT.fieldNotUpload.code,
      nonce: FORMS_TEXT.nonceInvalid.code,
    });
    for (const [, r] of cases) expect(r.statusCode).toBe(200);
    expect({ rows: await count('form_uploads'), files: await storedFiles() }).toEqual(before);
  });

  it('refuses expired nonces, forms over their limits, bad formData and another view files; nothing stored', async () => {
    const before = await count('form_submissions');
    const view = (await mailPars(FORM_IDS.workWithUs)).body.data;
    const other = (await mailPars(FORM_IDS.workWithUs)).body.data;
    const otherFile = (
      await upload(null, FORM_IDS.workWithUs, 28, other.nonce, { name: 'cv.pdf', data: PDF })
    ).body.data.files[0];
    const stolen = await submit(null, view.nonce, FORM_IDS.workWithUs, workWithUs([otherFile?.token ?? '']));
    expect(stolen.body.response.errors[0]).toMatchObject({ code: FORMS_TEXT.fileUnknown.code });
    const long = await submit(null, view.nonce, FORM_IDS.workWithUs, workWithUs([], { 21: 'x'.repeat(51) }));
    expect(long.body.response.errors[0]?.error).toContain(MESSAGES.maxLength(50));
    const badMail = await submit(
      null,
      view.nonce,
      FORM_IDS.workWithUs,
      workWithUs([], { 23: 'non-una-mail' }),
    );
    expect(badMail.body.response.errors[0]?.error).toContain(MESSAGES.email);
    const contact = (await mailPars(FORM_IDS.contact)).body.data;
    const noConsent = await submit(null, contact.nonce, FORM_IDS.contact, {
      11: 'A',
      12: 'a@b.it',
      14: 'altro',
      15: 'x',
      16: false,
    });
    expect(noConsent.body.response.errors[0]?.error).toContain(MESSAGES.consentRequired);
    const noCv = await submit(null, view.nonce, FORM_IDS.workWithUs, workWithUs([]));
    expect(noCv.body.response.errors[0]?.error).toContain(MESSAGES.required);
    const oldDate = await submit(null, view.nonce, FORM_IDS.workWithUs, workWithUs([], { 25: '1909-12-31' }));
    expect(oldDate.body.response.errors[0]?.code).toBe(FORMS_TEXT.invalid.code);
    const unknownField = await submit(null, view.nonce, FORM_IDS.workWithUs, {
      ...workWithUs([]),
      9999: 'x',
    });
    expect(unknownField.body.response.errors[0]?.code).toBe(FORMS_TEXT.invalid.code);
    const notJson = await ajax(null, { action: 'nf_ajax_submit', security: view.nonce, formData: '{nope' });
    expect(notJson.body.response.errors[0]?.code).toBe(FORMS_TEXT.invalid.code);
    const huge = await ajax(null, {
      action: 'nf_ajax_submit',
      security: view.nonce,
      formData: 'x'.repeat(70_000),
    });
    expect(huge.body.response.errors[0]?.code).toBe(FORMS_TEXT.tooLong.code);
    const noAction = await ajax(null, { action: 'delete_everything' });
    expect(noAction.body.response.errors[0]?.code).toBe(FORMS_TEXT.badAction.code);
    const json = await callAs(t.app, null, 'POST', AJAX, { payload: { action: 'nf_ajax_submit' } });
    expect(json.body.response.errors[0]?.code).toBe(FORMS_TEXT.notMultipart.code);
    // two hours and a minute later the view's nonce is dead
    const saved = clock;
    clock = new Date(clock.getTime() + 121 * 60_000);
    const expired = await submit(null, view.nonce, FORM_IDS.workWithUs, workWithUs([]));
    expect(expired.body.response.errors[0]).toMatchObject({ code: FORMS_TEXT.nonceExpired.code });
    clock = saved;
    expect(await count('form_submissions')).toBe(before);
  });

  it("another customer's nonce is refused", async () => {
    const a = await newCustomer(t, { tag: 'forms-n1' });
    const b = await newCustomer(t, { tag: 'forms-n2' });
    const view = (await mailPars(FORM_IDS.contact, a.token)).body.data;
    expect(view.fields.find((f) => f.key === 'nome')?.default).toBe('Test Cliente');
    const values = { 11: 'Test', 12: b.email, 14: 'altro', 15: 'Ciao', 16: true };
    const asB = await submit(b.token, view.nonce, FORM_IDS.contact, values);
    expect(asB.body.response.errors[0]).toMatchObject({ code: FORMS_TEXT.nonceInvalid.code });
    const asAnon = await submit(null, view.nonce, FORM_IDS.contact, values);
    expect(asAnon.body.response.errors[0]).toMatchObject({ code: FORMS_TEXT.nonceInvalid.code });
    expect((await submit(a.token, view.nonce, FORM_IDS.contact, values)).body.response.status).toBe(0);
  });

  it('one nonce sent twice at once files one request', async () => {
    const view = (await mailPars(FORM_IDS.contact)).body.data;
    const before = await count('form_submissions');
    const values = { 11: 'Doppio', 12: 'doppio@example.it', 14: 'altro', 15: 'Ciao', 16: true };
    const both = await Promise.all([
      submit(null, view.nonce, FORM_IDS.contact, values),
      submit(null, view.nonce, FORM_IDS.contact, values),
    ]);
    expect(both.map((r) => r.body.response.status).sort()).toEqual([0, 1]);
    expect(both.find((r) => r.body.response.status !== 0)?.body.response.errors[0]).toMatchObject({
      code: FORMS_TEXT.nonceUsed.code,
    });
    expect(await count('form_submissions')).toBe(before + 1);
  });
});

describe("the customer's tickets", () => {
  it('lists the customer own tickets newest first; not another customer, nor a visitor', async () => {
    const a = await newCustomer(t, { tag: 'tickets-a' });
    const b = await newCustomer(t, { tag: 'tickets-b' });
    const values = (who: string) => ({
      11: who,
      12: `${who}@example.it`,
      14: 'ordini',
      15: 'Ciao',
      16: true,
    });
    const sendAs = async (token: string | null, who: string) => {
      const view = (await mailPars(FORM_IDS.contact, token)).body.data;
      const sent = await submit(token, view.nonce, FORM_IDS.contact, values(who));
      expect(sent.body.response.status).toBe(0);
      return sent.body.data.submission?.ticket;
    };
    const first = await sendAs(a.token, 'Anna');
    clock = new Date(clock.getTime() + 60_000);
    const second = await sendAs(a.token, 'Anna');
    await sendAs(b.token, 'Bruno');
    await sendAs(null, 'Visitatore');

    const mine = await callAs<MyTickets>(t.app, a.token, 'GET', MY_TICKETS);
    expect(mine.body.response.status).toBe(0);
    expect(mine.body.data.tickets).toEqual([
      {
        ticket: second,
        ticket_type: 18,
        form_title: 'Contatta il servizio clienti',
        created_at: clock.toISOString(),
      },
      expect.objectContaining({ ticket: first, ticket_type: 18 }),
    ]);
    const theirs = await callAs<MyTickets>(t.app, b.token, 'GET', MY_TICKETS);
    expect(theirs.body.data.tickets.map((x) => x.ticket)).not.toContain(first);
    expect(theirs.body.data.tickets).toHaveLength(1);
    const anonymous = await callAs<MyTickets>(t.app, null, 'GET', MY_TICKETS);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the card data update', () => {
  it("files a ticket 21 for the customer's own card and switches the voucher mode through receipts", async () => {
    const c = await newCustomer(t, { tag: 'forms-card' });
    const card = `29${String(Date.now() % 1e8).padStart(8, '0')}777`;
    const accounts = new AccountRepository(t.db);
    await t.db.transaction(async (tx) => {
      await accounts.issueCard({ cardNumber: card, cardType: 'fidelity', holderLastName: 'Cliente' }, tx);
      await accounts.linkCard(c.userId, card, tx);
    });
    const view = (await mailPars(FORM_IDS.cardUpdate, c.token)).body.data;
    expect(view.settings.steps).toHaveLength(5);
    expect(view.fields.find((f) => f.key === 'card_number')).toMatchObject({
      default: card,
      disable_input: true,
    });
    const values = { 51: '2900000000000', 53: c.email, 54: '3331234567', 58: true, 59: 'digital', 60: true };
    const sent = await submit(c.token, view.nonce, FORM_IDS.cardUpdate, values);
    expect(sent.body.response.status).toBe(0);
    expect(sent.body.data.submission).toMatchObject({ ticket_type: 21 });
    const settings = await callAs<ReceiptSettings>(t.app, c.token, 'GET', '/ebsn/api/receipts/settings');
    expect(settings.body.data.pending?.voucherMode ?? settings.body.data.voucherMode).toBe('digital');
    // without the rules accepted nothing is filed
    const next = (await mailPars(FORM_IDS.cardUpdate, c.token)).body.data;
    const refused = await submit(c.token, next.nonce, FORM_IDS.cardUpdate, { ...values, 58: false });
    expect(refused.body.response.errors[0]?.error).toContain(MESSAGES.consentRequired);
  });

  it('a customer without a card is told so', async () => {
    const c = await newCustomer(t, { tag: 'forms-nocard' });
    const view = (await mailPars(FORM_IDS.cardUpdate, c.token)).body.data;
    const sent = await submit(c.token, view.nonce, FORM_IDS.cardUpdate, {
      51: '',
      53: c.email,
      54: '3331234567',
      58: true,
      59: 'paper',
      60: true,
    });
    expect(sent.body.response.errors[0]?.code).toBeDefined();
  });
});

describe('the back office', () => {
  it('customer service lists the tickets, reads one and downloads its file; others are refused', async () => {
    const view = (await mailPars(FORM_IDS.workWithUs)).body.data;
    const file = (
      await upload(null, FORM_IDS.workWithUs, 28, view.nonce, { name: 'cv giulia.pdf', data: PDF })
    ).body.data.files[0];
    const sent = await submit(null, view.nonce, FORM_IDS.workWithUs, workWithUs([file?.token ?? '']));
    const ticket = sent.body.data.submission?.ticket ?? '';
    const id = Number(ticket.split('-')[1]);
    const cs = await makeStaff(t, (await newCustomer(t, { tag: 'forms-cs' })).userId, [], 'customer_service');
    const staff = <T>(token: string, path: string) =>
      callAs<T>(t.app, token, 'GET', `/ebsn/api${path}`, { via: 'staff' });

    const list = await staff<{ data: AdminSubmission[]; total: number }>(
      cs,
      `/admin/form-submissions?formId=${FORM_IDS.workWithUs}`,
    );
    const row = list.body.data.data.find((r) => r.id === id);
    expect(row).toMatchObject({ ticket, formTitle: 'Lavora con noi', userId: null, files: 1 });
    const one = await staff<{ data: AdminSubmissionDetail }>(cs, `/admin/form-submissions/${id}`);
    expect(one.body.data.data.answers).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: expect.any(String), value: 'Giulia' })]),
    );
    const attachment = one.body.data.data.attachments[0];
    expect(attachment).toMatchObject({ name: 'cv giulia.pdf', contentType: 'application/pdf' });
    expect(JSON.stringify(one.body)).not.toMatch(/[a-f0-9]{32}/); // the stored name stays on the server

    const download = await t.app.inject({
      method: 'GET',
      url: `/ebsn/api/admin/form-submissions/${id}/files/${attachment?.uploadId}`,
      cookies: { 'spesa-staff': cs },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="cv_giulia.pdf"');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    // a file of another submission, an unknown ticket: not found
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/ebsn/api/admin/form-submissions/${id - 1}/files/${attachment?.uploadId}`,
      cookies: { 'spesa-staff': cs },
    });
    expect(wrong.statusCode).toBe(404);
    const unknown = await staff(cs, '/admin/form-submissions/999999');
    expect(unknown.body.response.errors[0]?.error).toBe(FORMS_TEXT.submissionNotFound.text);
    expect((await staff(cs, '/admin/form-submissions?formId=abc')).statusCode).toBe(400);

    const picker = await makeStaff(t, (await newCustomer(t, { tag: 'forms-pk' })).userId, [], 'picker');
    expect((await staff(picker, '/admin/form-submissions')).statusCode).toBe(403);
    const customer = (await newCustomer(t, { tag: 'forms-cust' })).token;
    expect((await callAs(t.app, customer, 'GET', '/ebsn/api/admin/form-submissions')).statusCode).toBe(401);
    const anonymousFile = await t.app.inject({
      method: 'GET',
      url: `/ebsn/api/admin/form-submissions/${id}/files/${attachment?.uploadId}`,
    });
    expect(anonymousFile.statusCode).toBe(401);
  });
});

describe('throttle', () => {
  it('refuses a client address after 60 calls in the window, with the Italian message; others go on', async () => {
    const call = async (ip: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: AJAX,
        remoteAddress: ip,
        ...multipart({ action: 'nf_unknown' }),
      });
      return { statusCode: res.statusCode, body: JSON.parse(res.body) as EnvelopeBody<AdminAjaxAnswer> };
    };
    for (let i = 0; i < 60; i += 1) expect((await call('10.9.0.1')).statusCode).toBe(200);
    const over = await call('10.9.0.1');
    expect(over.statusCode).toBe(429);
    expect(over.body.response.errors[0]?.error).toContain('Troppi tentativi');
    expect((await call('10.9.0.2')).body.response.errors[0]?.error).toBe(FORMS_TEXT.badAction.text);
  });
});

describe('retention', () => {
  it('the daily job deletes submissions and their files after 180 days, not before', async () => {
    const view = (await mailPars(FORM_IDS.workWithUs)).body.data;
    const file = (await upload(null, FORM_IDS.workWithUs, 28, view.nonce, { name: 'cv.pdf', data: PDF })).body
      .data.files[0];
    const sent = await submit(null, view.nonce, FORM_IDS.workWithUs, workWithUs([file?.token ?? '']));
    const ticket = sent.body.data.submission?.ticket ?? '';
    const id = Number(ticket.split('-')[1]);
    const [stored] = await queryRows<{ storedName: string }>(
      t.db,
      sql`SELECT stored_name AS "storedName" FROM form_uploads WHERE submission_id = ${id}`,
    );
    expect(await formKeys()).toContain(stored?.storedName);
    const saved = clock;
    clock = new Date(saved.getTime() + 179 * 86_400_000);
    await t.app.jobs.enqueue(FORMS_RETENTION_JOB, {});
    await t.app.jobs.runDue();
    expect(await count(`form_submissions WHERE submission_id = ${id}`)).toBe(1);
    clock = new Date(saved.getTime() + 181 * 86_400_000);
    await t.app.jobs.enqueue(FORMS_RETENTION_JOB, {});
    await t.app.jobs.runDue();
    expect(await count(`form_submissions WHERE submission_id = ${id}`)).toBe(0);
    expect(await formKeys()).not.toContain(stored?.storedName);
    clock = saved;
  });
});

void DEMO_PASSWORD;
void login;
