import type {
  ReceiptList,
  ReceiptSettings,
  ReceiptView,
  TaxfreeList,
  TillReceiptAnswer,
  TillReceiptBody,
} from '@spesa/shared/contracts/receipts';
import { makeCardNumber } from '@spesa/shared/loyalty/card-number';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testProduct } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, DEMO_PASSWORD, login, type TestApp } from '../../../test/helper';
import { makeStaff, placeOrder } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { DEMO_TILL_SYSTEMS, ensureReceiptData } from '../../db/seed/receipts';
import { AccountRepository } from '../account/account.repository';
import { RECEIPT_RETENTION_JOB, RECEIPT_SETTINGS_JOB } from './receipts.service';
import { RECEIPTS_TEXT } from './receipts.messages';
import { TILL_FAILURES_MAX } from './receipts.routes';

/**
 * Receipts (decision 046): the customer's receipts (list, filters, detail, PDF), other customers' receipts not
 * found, the tills' ingestion (authenticated, idempotent, throttled on failures, answering paper or not), the
 * digital receipt switch effective at the next midnight (job), digital receipts deleted after 6 months (job on
 * a moved clock), online orders' receipts at delivery, tax-free refunds. Runs on both engines.
 */
let t: TestApp;
// 10:00 in Rome on a Wednesday
let clock = new Date('2027-03-10T09:00:00Z');
const till = DEMO_TILL_SYSTEMS[0];

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock, runJobs: false });
  await ensureReceiptData({ demoAccounts: true, now: clock }, t.db);
});
afterAll(async () => t?.close());

type Customer = { userId: number; token: string; email: string };
let cardSeq = 0;
/** a new customer holding a loyalty card of their own */
async function carded(tag: string): Promise<Customer & { card: string }> {
  const c = await newCustomer(t, { tag });
  const card = `29${String(Date.now() % 1e8).padStart(8, '0')}${String(cardSeq++).padStart(3, '0')}`;
  const accounts = new AccountRepository(t.db);
  await t.db.transaction(async (tx) => {
    await accounts.issueCard({ cardNumber: card, cardType: 'fidelity', holderLastName: 'Cliente' }, tx);
    expect(await accounts.linkCard(c.userId, card, tx)).toBe(true);
  });
  return { ...c, card };
}

/** a new session after the clock moved on (the old one is idle too long) */
async function signInAgain(c: Customer): Promise<void> {
  const res = await login(t.app, c.email, DEMO_PASSWORD);
  if (!res.cookie) throw new Error('sign-in again failed');
  c.token = res.cookie;
}

let docSeq = 0;
const doc = (over: Partial<TillReceiptBody> = {}): TillReceiptBody => ({
  tillCode: '3',
  documentNumber: `T-${Date.now()}-${docSeq++}`,
  issuedAt: clock.toISOString(),
  paymentMethod: 'card',
  totalCents: 1085,
  lines: [
    {
      description: 'Pane comune',
      productId: null,
      quantity: 1,
      unitPriceCents: 185,
      amountCents: 185,
      vatRate: 4,
    },
    {
      description: 'Detersivo piatti',
      productId: null,
      quantity: 2,
      unitPriceCents: 450,
      amountCents: 900,
      vatRate: 22,
    },
  ],
  ...over,
});
const ingest = (
  body: unknown,
  headers: Record<string, string> = { 'x-till-system': till.systemId, 'x-till-secret': till.secret },
  remoteAddress?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: api('/receipts/till/ingest'),
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const ingestOk = async (body: TillReceiptBody) => {
  const res = await ingest(body);
  const env = JSON.parse(res.body) as { response: { status: number }; data: TillReceiptAnswer };
  expect(res.statusCode, res.body).toBe(200);
  expect(env.response.status, res.body).toBe(0);
  return env.data;
};
const list = (c: Customer, query = '') =>
  callAs<ReceiptList>(t.app, c.token, 'GET', api(`/receipts/list${query}`));
const view = (c: Customer, id: unknown) =>
  callAs<ReceiptView>(t.app, c.token, 'GET', api(`/receipts/view?receipt_id=${String(id)}`));
const settings = (c: Customer) => callAs<ReceiptSettings>(t.app, c.token, 'GET', api('/receipts/settings'));
const change = (c: Customer, payload: unknown) =>
  callAs<ReceiptSettings>(t.app, c.token, 'POST', api('/receipts/settings'), { payload });
const countReceipts = async (where: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM receipts WHERE ${where}`))[0]?.n ??
  0;

describe('the tills’ ingestion', () => {
  it('writes a receipt once per till and document number, linked through the card', async () => {
    const c = await carded('rc-ingest');
    const body = doc({ cardNumber: c.card });
    const first = await ingestOk(body);
    expect(first).toMatchObject({
      duplicate: false,
      printPaper: true,
      voucherMode: 'paper',
      customerLinked: true,
    });
    const again = await ingestOk(body);
    expect(again).toMatchObject({ receiptId: first.receiptId, duplicate: true, printPaper: true });
    // two tills replaying at once still write one
    const both = await Promise.all([
      ingestOk(doc({ documentNumber: 'RACE-1', cardNumber: c.card })),
      ingestOk(doc({ documentNumber: 'RACE-1', cardNumber: c.card })),
    ]);
    expect(both[0].receiptId).toBe(both[1].receiptId);
    expect(await countReceipts(sql`user_id = ${c.userId}`)).toBe(2);
    const mine = await list(c);
    expect(mine.body.data.receipts.map((r) => r.documentNumber).sort()).toEqual(
      [body.documentNumber, 'RACE-1'].sort(),
    );
    const detail = (await view(c, first.receiptId)).body.data.receipt;
    expect(detail).toMatchObject({
      storeName: 'Spesa Milano Città Studi',
      storeVatNumber: '12345678903',
      total: 10.85,
      paymentMethod: 'card',
      cardNumber: `•••• ${c.card.slice(-4)}`,
      digital: false,
      keptUntil: null,
    });
    expect(detail.vat).toEqual([
      { rate: 4, taxable: 1.78, tax: 0.07 },
      { rate: 22, taxable: 7.38, tax: 1.62 },
    ]);
    expect(detail.vatTotal).toBe(1.69);
  });

  it('a card no customer holds is kept unlinked; the same number with another total is refused', async () => {
    const body = doc({ cardNumber: '2999999999999' });
    expect(await ingestOk(body)).toMatchObject({ customerLinked: false, printPaper: true });
    const res = await ingest({ ...body, totalCents: 999, lines: [{ ...body.lines[0], amountCents: 999 }] });
    expect(JSON.parse(res.body).response.errors[0].code).toBe(RECEIPTS_TEXT.documentConflict.code);
  });

  it('a card linked later brings its earlier receipts to the customer, not to another', async () => {
    const card = makeCardNumber('fidelity', 7_100_000_000 + Math.floor(Math.random() * 1_000_000));
    await new AccountRepository(t.db).issueCard(
      {
        cardNumber: card,
        cardType: 'fidelity',
        holderLastName: 'Tardivo',
      },
      t.db,
    );
    const before = await ingestOk(doc({ cardNumber: card }));
    expect(before.customerLinked).toBe(false);
    const c = await newCustomer(t, { tag: 'rc-late' });
    const other = await newCustomer(t, { tag: 'rc-late-other' });
    expect((await list(c)).body.data.receipts).toEqual([]);
    const link = (who: Customer) =>
      callAs(t.app, who.token, 'POST', api('/loyalty/card/link'), {
        payload: { cardNumber: card, lastName: 'Tardivo' },
      });
    expect((await link(c)).body.response.status).toBe(0);
    const mine = (await list(c)).body.data.receipts;
    expect(mine.map((r) => r.receiptId)).toEqual([before.receiptId]);
    // the card is taken: another account neither links it nor sees its receipts
    expect((await link(other)).body.response.status).not.toBe(0);
    expect((await list(other)).body.data.receipts).toEqual([]);
    expect((await view(other, before.receiptId)).body.data).toEqual({});
    // later receipts of the card go straight to its holder
    expect((await ingestOk(doc({ cardNumber: card }))).customerLinked).toBe(true);
    expect(await countReceipts(sql`card_number = ${card} AND user_id = ${c.userId}`)).toBe(2);
  });

  it('refuses bad input with Italian messages and writes nothing', async () => {
    const before = await countReceipts(sql`system_id = ${till.systemId}`);
    for (const body of [
      { ...doc(), totalCents: 1 },
      { ...doc(), lines: [] },
      { ...doc(), issuedAt: 'ieri' },
      { ...doc(), cardNumber: '12' },
      { ...doc(), lines: [{ ...doc().lines[0], vatRate: 7 }] },
      'not json at all',
    ]) {
      const res = await ingest(body);
      expect(res.statusCode).toBeLessThan(500);
      const env = JSON.parse(res.body) as { response: { status: number; errorsMessage: string[] } };
      expect(env.response.status).not.toBe(0);
      expect(env.response.errorsMessage.join(' ')).toMatch(/[àèéìòù]|non|Il parametro|totale/i);
    }
    expect(await countReceipts(sql`system_id = ${till.systemId}`)).toBe(before);
  });

  it('refuses an unknown system or a wrong secret, and throttles repeated failures', async () => {
    const wrong = await ingest(
      doc(),
      { 'x-till-system': till.systemId, 'x-till-secret': 'nope' },
      '10.9.9.1',
    );
    expect(wrong.statusCode).toBe(401);
    expect(JSON.parse(wrong.body).response.errors[0].code).toBe(RECEIPTS_TEXT.tillUnknown.code);
    expect((await ingest(doc(), {}, '10.9.9.2')).statusCode).toBe(401);
    for (let i = 0; i < TILL_FAILURES_MAX; i++)
      await ingest(doc(), { 'x-till-system': 'CASSE-XX', 'x-till-secret': 'nope' }, '10.9.9.3');
    const blocked = await ingest(
      doc(),
      { 'x-till-system': till.systemId, 'x-till-secret': till.secret },
      '10.9.9.3',
    );
    expect(blocked.statusCode).toBe(429);
    // another address with the right secret still gets through
    expect((await ingest(doc(), undefined, '10.9.9.4')).statusCode).toBe(200);
  });
});

describe('the customer’s receipts', () => {
  it('lists the demo customer’s months of receipts, newest first, paged and filtered by day', async () => {
    const [mario] = await queryRows<{ userId: number }>(
      t.db,
      sql`SELECT user_id AS "userId" FROM users WHERE email = 'mario.rossi@spesa.demo'`,
    );
    expect(mario).toBeDefined();
    const total = await countReceipts(sql`user_id = ${mario?.userId ?? 0}`);
    expect(total).toBeGreaterThan(20);
    const c = await carded('rc-list');
    for (const [i, day] of ['2027-01-05', '2027-02-05', '2027-03-05'].entries())
      await ingestOk(
        doc({ cardNumber: c.card, issuedAt: `${day}T10:00:00+01:00`, documentNumber: `L-${c.userId}-${i}` }),
      );
    const all = await list(c, '?page_size=2');
    expect(all.body.data.page).toEqual({ selPage: 1, totPages: 2, totItems: 3, itemsPerPage: 2 });
    expect(all.body.data.receipts.map((r) => r.issuedAt.slice(0, 10))).toEqual(['2027-03-05', '2027-02-05']);
    const feb = await list(c, '?from_date=2027-02-01&to_date=2027-02-28');
    expect(feb.body.data.receipts.map((r) => r.documentNumber)).toEqual([`L-${c.userId}-1`]);
  });

  it('refuses dates out of range with Italian messages', async () => {
    const c = await carded('rc-dates');
    const cases: Array<[string, string]> = [
      ['?from_date=2027-03-01&to_date=2027-02-01', RECEIPTS_TEXT.datesReversed.text],
      ['?from_date=2025-01-01&to_date=2026-12-31', RECEIPTS_TEXT.rangeTooLong.text],
      ['?from_date=1999-12-31', RECEIPTS_TEXT.dateTooOld.text],
      ['?from_date=2027-04-01', RECEIPTS_TEXT.dateInFuture.text],
      ['?from_date=2027-02-30', 'from_date'],
      ['?page=0', 'page'],
    ];
    for (const [query, text] of cases) {
      const res = await list(c, query);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body.response.status).not.toBe(0);
      expect(res.body.response.errorsMessage.join(' ')).toContain(text);
    }
  });

  it('another customer’s receipt is not found, in the detail and the PDF', async () => {
    const owner = await carded('rc-owner');
    const other = await carded('rc-other');
    const { receiptId } = await ingestOk(doc({ cardNumber: owner.card }));
    const seen = await view(other, receiptId);
    expect(seen.body.response.errors[0]?.code).toBe(RECEIPTS_TEXT.notFound.code);
    const pdf = await t.app.inject({
      method: 'GET',
      url: api(`/receipts/pdf?receipt_id=${receiptId}`),
      cookies: { 'x-ebsn-account': other.token },
    });
    expect(pdf.statusCode).toBe(404);
    expect(JSON.parse(pdf.body).response.errors[0].code).toBe(RECEIPTS_TEXT.notFound.code);
    for (const bad of ['abc', '0', '-1', '99999999999'])
      expect((await view(owner, bad)).body.response.status).not.toBe(0);
    expect((await list(owner)).body.data.receipts).toHaveLength(1);
    expect((await list(other)).body.data.receipts).toHaveLength(0);
  });

  it('draws the PDF of one’s receipt', async () => {
    const c = await carded('rc-pdf');
    const { receiptId } = await ingestOk(doc({ cardNumber: c.card, documentNumber: 'PDF-0001' }));
    const res = await t.app.inject({
      method: 'GET',
      url: api(`/receipts/pdf?receipt_id=${receiptId}`),
      cookies: { 'x-ebsn-account': c.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="scontrino-PDF-0001.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { PDFDocument } = await import('pdf-lib');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getTitle()).toBe('Documento commerciale PDF-0001');
  });

  it('answers 401 to a visitor', async () => {
    for (const path of [
      '/receipts/list',
      '/receipts/settings',
      '/taxfree/list',
      '/receipts/view?receipt_id=1',
      '/receipts/pdf?receipt_id=1',
    ])
      expect((await callAs(t.app, null, 'GET', api(path))).statusCode).toBe(401);
  });
});

describe('the digital receipt service and voucher mode', () => {
  it('needs a loyalty card', async () => {
    const c = await newCustomer(t, { tag: 'rc-nocard' });
    const res = await change(c, { digitalReceipt: true });
    expect(res.body.response.errors[0]?.code).toBe(RECEIPTS_TEXT.noCard.code);
    expect((await settings(c)).body.data).toEqual({
      digitalReceipt: false,
      voucherMode: 'paper',
      pending: null,
      cardNumber: null,
    });
    expect((await change(c, {})).body.response.status).not.toBe(0);
    expect((await change(c, { voucherMode: 'email' })).body.response.status).not.toBe(0);
  });

  it('takes effect at the next Italian midnight: the tills print paper until then; the job applies it', async () => {
    const start = clock;
    try {
      const c = await carded('rc-switch');
      const asked = await change(c, { digitalReceipt: true, voucherMode: 'digital' });
      expect(asked.body.response.status, JSON.stringify(asked.body.response)).toBe(0);
      expect(asked.body.data).toEqual({
        digitalReceipt: false,
        voucherMode: 'paper',
        pending: { digitalReceipt: true, voucherMode: 'digital', effectiveAt: '2027-03-10T23:00:00.000Z' },
        cardNumber: `•••• ${c.card.slice(-4)}`,
      });
      expect(await ingestOk(doc({ cardNumber: c.card }))).toMatchObject({
        printPaper: true,
        voucherMode: 'paper',
      });
      // past midnight in Rome: in force at once (reads use the effective state), the job writes it down
      clock = new Date('2027-03-10T23:00:01Z');
      await signInAgain(c);
      expect((await settings(c)).body.data).toMatchObject({
        digitalReceipt: true,
        voucherMode: 'digital',
        pending: null,
      });
      const digital = await ingestOk(doc({ cardNumber: c.card, issuedAt: clock.toISOString() }));
      expect(digital).toMatchObject({ printPaper: false, voucherMode: 'digital' });
      await t.app.jobs.enqueue(RECEIPT_SETTINGS_JOB, {});
      await t.app.jobs.runDue();
      const [row] = await queryRows<{ on: boolean; pending: string | null }>(
        t.db,
        sql`SELECT digital_receipt AS on, pending_from AS pending FROM receipt_settings WHERE user_id = ${c.userId}`,
      );
      expect(row).toEqual({ on: true, pending: null });
      expect((await view(c, digital.receiptId)).body.data.receipt).toMatchObject({
        digital: true,
        keptUntil: '2027-09-11',
      });
      // the digital receipt is also a message in the customer's history (decision 048)
      const history = await callAs<{
        notifications: Array<{ messageTypeId: number; receiptId: number | null }>;
      }>(t.app, c.token, 'GET', api('/notification/history?message_type_id=6'));
      expect(history.body.data.notifications.map((n) => n.receiptId)).toContain(digital.receiptId);
      // switched off, then back on before midnight: nothing pending
      await change(c, { digitalReceipt: false });
      expect((await settings(c)).body.data.pending).toMatchObject({
        digitalReceipt: false,
        voucherMode: 'digital',
      });
      await change(c, { digitalReceipt: true });
      expect((await settings(c)).body.data.pending).toBeNull();
    } finally {
      clock = start;
    }
  });
});

describe('digital receipts are kept 6 months', () => {
  it('the daily job deletes digital receipts older than 6 months, never a paper one', async () => {
    const start = clock;
    try {
      const c = await carded('rc-retention');
      await t.db.execute(
        sql`INSERT INTO receipt_settings (user_id, digital_receipt, voucher_mode) VALUES (${c.userId}, true, 'paper')`,
      );
      const digital = await ingestOk(doc({ cardNumber: c.card, issuedAt: '2027-03-10T10:00:00+01:00' }));
      expect(digital.printPaper).toBe(false);
      await t.db.execute(
        sql`UPDATE receipt_settings SET digital_receipt = false WHERE user_id = ${c.userId}`,
      );
      const paper = await ingestOk(doc({ cardNumber: c.card, issuedAt: '2027-03-09T10:00:00+01:00' }));
      expect(paper.printPaper).toBe(true);
      // five months on: both kept
      clock = new Date('2027-08-10T09:00:00Z');
      await signInAgain(c);
      await t.app.jobs.enqueue(RECEIPT_RETENTION_JOB, {});
      await t.app.jobs.runDue();
      expect((await list(c)).body.data.page.totItems).toBe(2);
      // six months and a day on: the digital one is gone
      clock = new Date('2027-09-11T09:00:00Z');
      await signInAgain(c);
      await t.app.jobs.enqueue(RECEIPT_RETENTION_JOB, {});
      await t.app.jobs.runDue();
      const left = (await list(c)).body.data.receipts;
      expect(left.map((r) => r.receiptId)).toEqual([paper.receiptId]);
      expect((await view(c, digital.receiptId)).body.response.errors[0]?.code).toBe(
        RECEIPTS_TEXT.notFound.code,
      );
    } finally {
      clock = start;
    }
  });
});

describe('online orders’ receipts', () => {
  it('a delivered order gets one receipt, with each product’s VAT rate and the delivery fee', async () => {
    const c = await newCustomer(t, { tag: 'rc-online' });
    const product = await testProduct(t.db, { stock: 50, priceCents: 250 });
    const order = await placeOrder(t, {
      userId: c.userId,
      status: 7,
      lines: [{ product, quantity: 2 }],
      deliveryFeeCents: 390,
    });
    const moved = await t.app.orderStatus.transition(
      {
        orderId: order.orderId,
        from: 7,
        to: 8,
        actor: 'staff',
      },
      t.db,
    );
    expect(moved.ok).toBe(true);
    const receipts = (await list(c)).body.data.receipts;
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      source: 'online',
      orderId: order.orderId,
      documentNumber: `W-${order.orderId}`,
      total: 8.9,
      // one product (2 pieces); the delivery fee is a line, not an article
      itemCount: 1,
    });
    const detail = (await view(c, receipts[0]?.receiptId)).body.data.receipt;
    expect(detail.lines.map((l) => [l.amount, l.vatRate])).toEqual([
      [5, expect.any(Number)],
      [3.9, 22],
    ]);
    expect(await countReceipts(sql`order_id = ${order.orderId}`)).toBe(1);
  });

  it('the meal vouchers’ service cost is a line of its own, at 22 % VAT', async () => {
    const c = await newCustomer(t, { tag: 'rc-vouchers' });
    const product = await testProduct(t.db, { stock: 50, priceCents: 250 });
    const order = await placeOrder(t, { userId: c.userId, status: 7, lines: [{ product, quantity: 2 }] });
    // two unlimited vouchers of 2 € (decision 047): 4.2 % of 4 € is 0,17 € inside the total, the card the rest
    await t.db.execute(
      sql`UPDATE orders SET meal_voucher_cents = 400, meal_voucher_fee_cents = 17, total_cents = 517,
            preauth_cents = 117
          WHERE order_id = ${order.orderId}`,
    );
    const moved = await t.app.orderStatus.transition(
      {
        orderId: order.orderId,
        from: 7,
        to: 8,
        actor: 'staff',
      },
      t.db,
    );
    expect(moved.ok).toBe(true);
    const [receipt] = (await list(c)).body.data.receipts;
    const detail = (await view(c, receipt?.receiptId)).body.data.receipt;
    expect(detail.lines.map((l) => [l.description, l.amount, l.vatRate])).toContainEqual([
      'Costo del servizio buoni pasto',
      0.17,
      22,
    ]);
    expect(detail.total).toBe(5.17);
    expect(receipt?.itemCount).toBe(1);
  });
});

describe('tax-free refunds', () => {
  it('lists the demo refunds in a period, and refuses bad dates', async () => {
    const [mario] = await queryRows<{ userId: number }>(
      t.db,
      sql`SELECT user_id AS "userId" FROM users WHERE email = 'mario.rossi@spesa.demo'`,
    );
    const signed = await login(t.app, 'mario.rossi@spesa.demo', DEMO_PASSWORD);
    const token = signed.cookie ?? '';
    const all = await callAs<TaxfreeList>(t.app, token, 'GET', api('/taxfree/list'));
    expect(all.body.data.refunds.map((r) => r.status)).toEqual(['pending', 'approved', 'approved']);
    expect(all.body.data.refunds[0]).toMatchObject({
      amount: 18.4,
      invoiceNumber: expect.stringMatching(/^TF-2026-/),
      date: '2027-02-18',
    });
    const narrow = await callAs<TaxfreeList>(
      t.app,
      token,
      'GET',
      api('/taxfree/list?start_date=2027-02-01&end_date=2027-02-28'),
    );
    expect(narrow.body.data.refunds).toHaveLength(1);
    expect(mario).toBeDefined();
    for (const [q, text] of [
      ['?start_date=2027-03-01&end_date=2027-01-01', RECEIPTS_TEXT.datesReversed.text],
      ['?start_date=2020-01-01&end_date=2027-01-01', RECEIPTS_TEXT.rangeTooLong.text],
      ['?start_date=oggi', 'start_date'],
      ['?end_date=2027-13-01', 'end_date'],
    ] as const) {
      const res = await callAs<TaxfreeList>(t.app, token, 'GET', api(`/taxfree/list${q}`));
      expect(res.body.response.status).not.toBe(0);
      expect(res.body.response.errorsMessage.join(' ')).toContain(text);
    }
    // another customer sees none of them
    const other = await carded('rc-taxfree');
    expect(
      (await callAs<TaxfreeList>(t.app, other.token, 'GET', api('/taxfree/list'))).body.data.refunds,
    ).toEqual([]);
  });
});

describe("a customer's receipts in the back office", () => {
  it('customer service reads one customer at a time; bad input answers 400 in Italian, unknown ids not found', async () => {
    const a = await carded('rc-admin-a');
    const b = await carded('rc-admin-b');
    const mine = await ingestOk(doc({ cardNumber: a.card }));
    const staff = await makeStaff(
      t,
      (await newCustomer(t, { tag: 'rc-admin-cs' })).userId,
      [],
      'customer_service',
    );
    const get = <T>(path: string) => callAs<T>(t.app, staff, 'GET', api(path), { via: 'staff' });

    const ofA = await get<{ data: Array<{ id: number }>; total: number }>(
      `/admin/receipts?userId=${a.userId}`,
    );
    expect(ofA.body.data.data.map((r) => r.id)).toContain(mine.receiptId);
    const ofB = await get<{ data: Array<{ id: number }>; total: number }>(
      `/admin/receipts?userId=${b.userId}`,
    );
    expect(ofB.body.data.data.map((r) => r.id)).not.toContain(mine.receiptId);
    expect((await get<{ data: { id: number } }>(`/admin/receipts/${mine.receiptId}`)).body.data.data.id).toBe(
      mine.receiptId,
    );

    for (const path of [
      '/admin/receipts',
      '/admin/receipts?userId=abc',
      '/admin/receipts?userId=-1',
      `/admin/receipts?userId=${a.userId}&perPage=100000`,
      `/admin/receipts?userId=${a.userId}&page=0`,
      '/admin/receipts/abc',
      '/admin/receipts/1e99',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.body.response.errors[0]?.error, path).toMatch(/[a-zà-ù]/);
    }
    const unknown = await get('/admin/receipts/2000000000');
    expect(unknown.statusCode).toBeLessThan(500);
    expect(unknown.body.response.status).not.toBe(0);
  });
});
