import type {
  AdminGiftCardOrder,
  AdminGiftCardOrderDetail,
  GiftCardReceipt,
} from '@spesa/shared/contracts/gift-card-orders';
import { GIFT_CARD_TEXT } from '@spesa/shared/contracts/gift-card-orders';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type EnvelopeBody, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { addWorkingDays, isWorkingDay } from '@spesa/shared/calendar/working-days';
import { isLockDay } from '../delivery/timeslot.service';

/**
 * The gift-card partner programme (decision 044): anyone sends a company's request (every field refused in
 * Italian, nothing stored on bad input, one request per key, throttled per address), the totals and the 3 %
 * discount from 1.500 €, the promised dates, the mails; customer service moves it along its states (audited,
 * roles, invalid moves refused) and sees the late ones.
 */
let t: TestApp;
// a Monday in Rome: 7 working days later is the Wednesday of the next week
let clock = new Date('2026-11-23T09:00:00Z');
let cs: string;
let supervisor: string;
let picker: string;
let address = 0;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  cs = await makeStaff(t, (await newCustomer(t, { tag: 'gc-cs' })).userId, [], 'customer_service');
  supervisor = await makeStaff(t, (await newCustomer(t, { tag: 'gc-sup' })).userId, [], 'supervisor');
  picker = await makeStaff(t, (await newCustomer(t, { tag: 'gc-picker' })).userId, [], 'picker');
});
afterAll(async () => t?.close());

const api = (path: string) => `/ebsn/api${path}`;
const valid = () => ({
  companyName: 'Officine Lariane S.r.l.',
  vatNumber: '00743110157',
  fiscalCode: '',
  sdiCode: 'M5UXCR1',
  pec: '',
  contactName: 'Giulia Bianchi',
  email: `hr.${randomUUID().slice(0, 8)}@lariane.example.it`,
  phone: '031 123456',
  address1: 'Via Borgo Vico',
  addressNumber: '12',
  postalCode: '22100',
  city: 'Como',
  province: 'CO',
  lines: [
    { value: 250, quantity: 4 },
    { value: 50, quantity: 10 },
  ],
  notes: '',
  privacyAccepted: true,
  requestKey: randomUUID(),
});
type Body = ReturnType<typeof valid>;

/** every send from its own client address, unless told (the throttle counts per address) */
const send = async (
  payload: unknown,
  remoteAddress = `10.9.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
) => {
  const res = await t.app.inject({
    method: 'POST',
    url: api('/loyalty/gift-card-orders'),
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  return { statusCode: res.statusCode, body: JSON.parse(res.body) as EnvelopeBody<GiftCardReceipt> };
};
const stored = async () =>
  (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM gift_card_orders`))[0]?.n ?? 0;
const mailsTo = async (to: string) =>
  queryRows<{ subject: string; text_body: string }>(
    t.db,
    sql`SELECT subject, text_body FROM mail_outbox WHERE lower(to_address) = lower(${to}) ORDER BY mail_id`,
  );
const staff = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, api(path), { via: 'staff', ...(payload === undefined ? {} : { payload }) });

describe('POST /loyalty/gift-card-orders', () => {
  it('answers the request number, the totals and the dates, and mails the company and the desk', async () => {
    const body = valid();
    const res = await send(body);
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data).toMatchObject({
      state: 'received',
      companyName: 'Officine Lariane S.r.l.',
      cards: 14,
      goodsTotal: 1500,
      discount: 45,
      invoiceTotal: 1455,
      discountPercent: 3,
      deliveryInfoBy: '2026-11-25T09:00:00.000Z',
      expectedDeliveryDate: '2026-12-02',
    });
    expect(res.body.data.requestNumber).toMatch(/^GC-2026-\d{6}$/);
    expect(res.body.data.lines).toEqual([
      { value: 50, quantity: 10, total: 500 },
      { value: 250, quantity: 4, total: 1000 },
    ]);
    expect(res.body.response.infosMessage[0]).toContain('entro 48 ore');
    const [mail] = await mailsTo(body.email);
    expect(mail?.subject).toContain(res.body.data.requestNumber);
    expect(mail?.text_body).toContain('Sconto in fattura del 3%: -45,00 €');
    expect(mail?.text_body).toContain('mercoledì 2 dicembre 2026');
    const desk = await mailsTo('aziende@spesa.example.it');
    expect(desk.at(-1)?.subject).toContain('Officine Lariane S.r.l.');
  });

  it('gives no discount below 1.500 € (1.490 €), and accepts a PEC instead of the SDI code', async () => {
    const res = await send({
      ...valid(),
      sdiCode: '',
      pec: 'amministrazione@pec.lariane.example.it',
      lines: [
        { value: 250, quantity: 5 },
        { value: 100, quantity: 2 },
        { value: 25, quantity: 1 },
        { value: 10, quantity: 1 },
        { value: 50, quantity: 0 },
      ],
    });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data).toMatchObject({ goodsTotal: 1485, discount: 0, invoiceTotal: 1485, cards: 9 });
    expect(res.body.data.lines).toHaveLength(4);
  });

  it('the same request key twice makes one request; with other data it is refused', async () => {
    const body = valid();
    const before = await stored();
    const [a, b] = await Promise.all([send(body), send(body)]);
    expect(a.body.response.status).toBe(0);
    expect(b.body.response.status).toBe(0);
    expect(b.body.data.requestNumber).toBe(a.body.data.requestNumber);
    const again = await send(body);
    expect(again.body.data.requestNumber).toBe(a.body.data.requestNumber);
    expect(await stored()).toBe(before + 1);
    expect(await mailsTo(body.email)).toHaveLength(1);
    // another company cannot read a request by its key
    const other = await send({ ...body, companyName: 'Altra Azienda S.p.A.' });
    expect(other.body.response.status).not.toBe(0);
    expect(other.body.data).toEqual({});
    expect(JSON.stringify(other.body)).not.toContain('Officine Lariane');
    expect(await stored()).toBe(before + 1);
  });

  const BAD: Array<[string, (b: Body) => unknown, string, string]> = [
    ['companyName', (b) => ({ ...b, companyName: ' ' }), 'companyName', GIFT_CARD_TEXT.companyName],
    [
      'companyName',
      (b) => ({ ...b, companyName: 'x'.repeat(121) }),
      'companyName',
      GIFT_CARD_TEXT.companyName,
    ],
    ['vatNumber', (b) => ({ ...b, vatNumber: '00743110158' }), 'vatNumber', GIFT_CARD_TEXT.vatNumber],
    ['vatNumber', (b) => ({ ...b, vatNumber: '0074311015' }), 'vatNumber', GIFT_CARD_TEXT.vatNumber],
    ['vatNumber', (b) => ({ ...b, vatNumber: 743110157 }), 'vatNumber', GIFT_CARD_TEXT.vatNumber],
    [
      'fiscalCode',
      (b) => ({ ...b, fiscalCode: 'RSSMRA80A01F205Y' }),
      'fiscalCode',
      GIFT_CARD_TEXT.fiscalCode,
    ],
    ['sdiCode', (b) => ({ ...b, sdiCode: 'ABC' }), 'sdiCode', GIFT_CARD_TEXT.sdiCode],
    ['sdi or pec', (b) => ({ ...b, sdiCode: '', pec: '' }), 'sdiCode', GIFT_CARD_TEXT.sdiOrPec],
    ['pec', (b) => ({ ...b, pec: 'non-una-pec' }), 'pec', GIFT_CARD_TEXT.pec],
    ['contactName', (b) => ({ ...b, contactName: '' }), 'contactName', GIFT_CARD_TEXT.contactName],
    ['email', (b) => ({ ...b, email: 'hr@' }), 'email', GIFT_CARD_TEXT.email],
    ['phone', (b) => ({ ...b, phone: '12' }), 'phone', GIFT_CARD_TEXT.phone],
    ['address1', (b) => ({ ...b, address1: '' }), 'address1', GIFT_CARD_TEXT.address1],
    ['addressNumber', (b) => ({ ...b, addressNumber: '' }), 'addressNumber', GIFT_CARD_TEXT.addressNumber],
    ['postalCode', (b) => ({ ...b, postalCode: '2210' }), 'postalCode', GIFT_CARD_TEXT.postalCode],
    ['city', (b) => ({ ...b, city: '' }), 'city', GIFT_CARD_TEXT.city],
    ['province outside the chain', (b) => ({ ...b, province: 'TO' }), 'province', GIFT_CARD_TEXT.province],
    [
      'denomination',
      (b) => ({ ...b, lines: [{ value: 20, quantity: 5 }] }),
      'lines.0.value',
      GIFT_CARD_TEXT.denomination,
    ],
    [
      'quantity',
      (b) => ({ ...b, lines: [{ value: 50, quantity: -1 }] }),
      'lines.0.quantity',
      GIFT_CARD_TEXT.quantity,
    ],
    [
      'quantity',
      (b) => ({ ...b, lines: [{ value: 50, quantity: 1.5 }] }),
      'lines.0.quantity',
      GIFT_CARD_TEXT.quantity,
    ],
    [
      'quantity',
      (b) => ({ ...b, lines: [{ value: 50, quantity: 2001 }] }),
      'lines.0.quantity',
      GIFT_CARD_TEXT.quantity,
    ],
    ['no cards', (b) => ({ ...b, lines: [{ value: 50, quantity: 0 }] }), 'lines', GIFT_CARD_TEXT.noCards],
    ['no lines', (b) => ({ ...b, lines: [] }), 'lines', GIFT_CARD_TEXT.noCards],
    [
      'duplicate denomination',
      (b) => ({
        ...b,
        lines: [
          { value: 50, quantity: 1 },
          { value: 50, quantity: 2 },
        ],
      }),
      'lines',
      GIFT_CARD_TEXT.duplicateDenomination,
    ],
    ['notes', (b) => ({ ...b, notes: 'n'.repeat(501) }), 'notes', GIFT_CARD_TEXT.notes],
    ['privacy', (b) => ({ ...b, privacyAccepted: false }), 'privacyAccepted', GIFT_CARD_TEXT.privacy],
    ['privacy missing', ({ privacyAccepted: _p, ...b }) => b, 'privacyAccepted', GIFT_CARD_TEXT.privacy],
    ['requestKey', (b) => ({ ...b, requestKey: 'short' }), 'requestKey', GIFT_CARD_TEXT.requestKey],
  ];
  it.each(BAD)('refuses a bad %s in Italian and stores nothing', async (_name, make, field, text) => {
    const before = await stored();
    const res = await send(make(valid()));
    expect(res.statusCode).toBe(400);
    expect(res.body.response.status).not.toBe(0);
    const errors = res.body.response.errors as Array<{ error?: string; field?: string }>;
    expect(errors).toContainEqual(expect.objectContaining({ field, error: text }));
    expect(await stored()).toBe(before);
  });

  it.each([
    ['not JSON', '{"companyName":'],
    ['an array', '[]'],
    ['null', 'null'],
    ['lines as text', JSON.stringify({ ...valid(), lines: 'tante' })],
    ['a huge quantity', JSON.stringify({ ...valid(), lines: [{ value: 250, quantity: 1e300 }] })],
  ])('answers %s with an Italian refusal, never a 500', async (_name, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('/loyalty/gift-card-orders'),
      remoteAddress: '10.8.0.1',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toMatch(/stack|\.ts:\d+|postgres|drizzle/i);
  });

  it('throttles a client address after 10 requests in the window', async () => {
    const ip = '10.7.0.1';
    for (let i = 0; i < 10; i += 1) expect((await send(valid(), ip)).statusCode).toBe(200);
    const eleventh = await send(valid(), ip);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.body.response.errors[0]?.error).toContain('Troppi tentativi');
    expect((await send(valid(), '10.7.0.2')).statusCode).toBe(200);
  });
});

describe('the requests in the back office', () => {
  it('customer service confirms with the delivery information (mailed), then delivers; each move audited', async () => {
    const body = valid();
    const sent = await send(body);
    const list = await staff<{ data: AdminGiftCardOrder[] }>(
      cs,
      'GET',
      '/admin/gift-card-orders?state=received',
    );
    const row = list.body.data.data.find((r) => r.requestNumber === sent.body.data.requestNumber);
    expect(row).toMatchObject({ state: 'received', late: false, goodsTotal: 1500, invoiceTotal: 1455 });
    const id = row?.id ?? 0;

    const noInfo = await staff(cs, 'POST', `/admin/gift-card-orders/${id}/state`, { state: 'confirmed' });
    expect(noInfo.body.response.status).not.toBe(0);
    const skip = await staff(cs, 'POST', `/admin/gift-card-orders/${id}/state`, { state: 'delivered' });
    expect(skip.body.response.status).not.toBe(0);
    expect(skip.body.response.errorsMessage[0]).toContain('non può passare');

    const confirmed = await staff<{ data: AdminGiftCardOrderDetail }>(
      cs,
      'POST',
      `/admin/gift-card-orders/${id}/state`,
      {
        state: 'confirmed',
        note: 'Consegna mercoledì 2 dicembre tra le 9 e le 12, alla reception.',
      },
    );
    expect(confirmed.body.response.status).toBe(0);
    expect(confirmed.body.data.data).toMatchObject({
      state: 'confirmed',
      nextStates: ['delivered', 'cancelled'],
    });
    const mails = await mailsTo(body.email);
    expect(mails.at(-1)?.text_body).toContain('alla reception');

    const delivered = await staff<{ data: AdminGiftCardOrderDetail }>(
      cs,
      'POST',
      `/admin/gift-card-orders/${id}/state`,
      {
        state: 'delivered',
      },
    );
    expect(delivered.body.data.data).toMatchObject({ state: 'delivered', nextStates: [] });
    const back = await staff(cs, 'POST', `/admin/gift-card-orders/${id}/state`, { state: 'cancelled' });
    expect(back.body.response.status).not.toBe(0);

    const audit = await queryRows<{ action: string; allowed: boolean }>(
      t.db,
      sql`SELECT action, allowed FROM admin_audit WHERE resource = 'gift-card-orders' AND resource_id = ${String(id)}
          ORDER BY audit_id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['confirmed', 'delivered']);
  });

  it('flags a request still received after 48 hours as late', async () => {
    const sent = await send(valid());
    clock = new Date(clock.getTime() + 49 * 3_600_000);
    try {
      const late = await staff<{ data: AdminGiftCardOrder[] }>(
        supervisor,
        'GET',
        '/admin/gift-card-orders?late=true',
      );
      expect(late.body.data.data.map((r) => r.requestNumber)).toContain(sent.body.data.requestNumber);
      expect(late.body.data.data.every((r) => r.late && r.state === 'received')).toBe(true);
      const id = late.body.data.data.find((r) => r.requestNumber === sent.body.data.requestNumber)?.id ?? 0;
      const detail = await staff<{ data: AdminGiftCardOrderDetail }>(
        supervisor,
        'GET',
        `/admin/gift-card-orders/${id}`,
      );
      expect(detail.body.data.data).toMatchObject({
        late: true,
        sdiCode: 'M5UXCR1',
        address1: 'Via Borgo Vico',
      });
    } finally {
      clock = new Date(clock.getTime() - 49 * 3_600_000);
    }
  });

  it('a role without the grant is refused (and the refusal audited); a supervisor reads but does not move', async () => {
    const res = await staff(picker, 'GET', '/admin/gift-card-orders');
    expect(res.statusCode).toBe(403);
    const sent = await send(valid());
    const list = await staff<{ data: AdminGiftCardOrder[] }>(
      supervisor,
      'GET',
      '/admin/gift-card-orders?state=received',
    );
    const id = list.body.data.data.find((r) => r.requestNumber === sent.body.data.requestNumber)?.id ?? 0;
    const move = await staff(supervisor, 'POST', `/admin/gift-card-orders/${id}/state`, {
      state: 'cancelled',
    });
    expect(move.statusCode).toBe(403);
    expect((await staff(picker, 'GET', `/admin/gift-card-orders/${id}`)).statusCode).toBe(403);
    const anonymous = await callAs(t.app, null, 'GET', api('/admin/gift-card-orders'));
    expect(anonymous.statusCode).toBe(401);
    const refused = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM admin_audit WHERE resource = 'access' AND allowed = false
          AND action LIKE '%gift-card-orders%'`,
    );
    expect(refused[0]?.n).toBeGreaterThanOrEqual(3);
  });

  it('refuses an unknown request and a bad state in Italian', async () => {
    const unknown = await staff(cs, 'GET', '/admin/gift-card-orders/999999');
    expect(unknown.body.response.errorsMessage[0]).toBe('Richiesta di gift card non trovata.');
    const bad = await staff(cs, 'POST', '/admin/gift-card-orders/1/state', { state: 'received' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.response.errorsMessage[0]).toContain('Scegli il nuovo stato');
  });
});

describe('the working days agree with the delivery calendar', () => {
  it('every day of 2026-2030: a shared working day is a weekday that is not a lock day', () => {
    for (let day = '2026-01-01'; day < '2031-01-01'; day = addWorkingDays(day, 0) === day ? next(day) : day) {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      const expected = weekday !== 0 && weekday !== 6 && !isLockDay(day);
      expect(isWorkingDay(day), day).toBe(expected);
    }
  });
});
const next = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
