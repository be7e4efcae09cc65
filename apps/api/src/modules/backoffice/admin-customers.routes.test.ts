import type { AdminCustomer, AdminCustomerSummary } from '@spesa/shared/contracts/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { pickers } from '../../../test/cart-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, DEMO_PASSWORD, login, type TestApp } from '../../../test/helper';
import { makeStaff, placeOrder } from '../../../test/order-fixtures';

/**
 * Customers in the back office (decision 030): search, the record with orders and notes, erasure on request;
 * who may read and change them, bad input, and the audit log (never holding the personal data).
 */
let t: TestApp;
let service: string;
let supervisor: string;
let serviceUserId: number;
let customer: { userId: number; token: string; email: string };

beforeAll(async () => {
  t = await buildTestApp();
  const cs = await newCustomer(t, { tag: 'cust-service' });
  serviceUserId = cs.userId;
  service = await makeStaff(t, cs.userId, [], 'customer_service');
  const sv = await newCustomer(t, { tag: 'cust-supervisor' });
  supervisor = await makeStaff(t, sv.userId, [], 'supervisor');
  customer = await newCustomer(t, { tag: 'cust-target' });
  await t.db.execute(
    sql`UPDATE users SET first_name = 'Ornella', last_name = 'Zanetti', mobile_phone = '+39 333 123 4567',
          fiscal_code = 'ZNTRNL50A41F205X', card_number = NULL
        WHERE user_id = ${customer.userId}`,
  );
});
afterAll(() => t?.close());

const st = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `/ebsn/api${path}`, {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });
const auditOf = (userId: number) =>
  queryRows<{ action: string; staffUserId: number; after: Record<string, unknown> | null }>(
    t.db,
    sql`SELECT action, staff_user_id AS "staffUserId", after FROM admin_audit
        WHERE resource = 'customers' AND resource_id = ${String(userId)} ORDER BY audit_id`,
  );

describe('who may see and change customers', () => {
  it('a picker and a catalogue manager are refused, and the refusal is audited', async () => {
    for (const role of ['picker', 'catalogue_manager'] as const) {
      const someone = await newCustomer(t, { tag: `cust-${role}` });
      const token = await makeStaff(t, someone.userId, [13], role);
      for (const path of ['/admin/customers', `/admin/customers/${customer.userId}`]) {
        const res = await st(token, 'GET', path);
        expect(res.statusCode, `${role} ${path}`).toBe(403);
        expect(res.body.data).toEqual({});
      }
      const refused = await queryRows<{ action: string }>(
        t.db,
        sql`SELECT action FROM admin_audit WHERE staff_user_id = ${someone.userId} AND NOT allowed`,
      );
      expect(refused.map((r) => r.action)).toEqual([
        'GET /ebsn/api/admin/customers',
        'GET /ebsn/api/admin/customers/:id',
      ]);
    }
  });

  it('a supervisor reads but writes no note and erases nothing', async () => {
    expect((await st(supervisor, 'GET', `/admin/customers/${customer.userId}`)).statusCode).toBe(200);
    const note = await st(supervisor, 'POST', `/admin/customers/${customer.userId}/notes`, { text: 'ciao' });
    expect(note.statusCode).toBe(403);
    const erase = await st(supervisor, 'POST', `/admin/customers/${customer.userId}/anonymize`, {
      reason: 'richiesta via e-mail',
      confirm: true,
    });
    expect(erase.statusCode).toBe(403);
    expect((await auditOf(customer.userId)).map((a) => a.action)).not.toContain('note');
  });
});

describe('finding a customer', () => {
  type List = { data: AdminCustomerSummary[]; total: number };
  it.each([
    ['the name', 'ornella zan'],
    ['the surname first', 'Zanetti Orn'],
    ['the e-mail', 'cust-target'],
    ['the mobile phone without prefix', '3331234567'],
    ['the fiscal code', 'zntrnl50a41f205x'],
  ])('by %s', async (_what, q) => {
    const res = await st<List>(service, 'GET', `/admin/customers?q=${encodeURIComponent(q)}`);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.data.map((c) => c.id)).toContain(customer.userId);
  });

  it('by the loyalty card of a demo customer; staff members are not customers', async () => {
    const card = await st<List>(service, 'GET', '/admin/customers?q=2600000000017');
    expect(card.body.data.data.map((c) => c.email)).toEqual(['mario.rossi@spesa.demo']);
    const staffSearch = await st<List>(service, 'GET', '/admin/customers?q=cust-service');
    expect(staffSearch.body.data.data).toEqual([]);
  });

  it.each([
    '/admin/customers?q=a',
    '/admin/customers?perPage=0',
    '/admin/customers?sort=password',
    '/admin/customers/abc',
    '/admin/customers/0',
  ])('bad input %s answers 400 in the envelope', async (path) => {
    const res = await st(service, 'GET', path);
    expect(res.statusCode).toBe(400);
    expect(res.body.response.status).toBe(2);
  });

  it('an unknown customer, or a staff member, is not found', async () => {
    for (const id of [2_000_000_000, serviceUserId]) {
      const res = await st(service, 'GET', `/admin/customers/${id}`);
      expect(res.body.response.errorsMessage).toEqual(['Cliente non trovato.']);
    }
  });
});

describe("a customer's record", () => {
  it('shows the orders and the notes; each opening and each note is audited without the data', async () => {
    const piece = await pickers.piece(t.db);
    const o = await placeOrder(t, { userId: customer.userId, lines: [{ product: piece, quantity: 1 }] });
    const added = await st<{ data: AdminCustomer }>(
      service,
      'POST',
      `/admin/customers/${customer.userId}/notes`,
      { text: 'Ha chiamato per la consegna di martedì: preferisce il pomeriggio.' },
    );
    expect(added.body.response.status).toBe(0);
    expect(added.body.data.data.notes[0]).toMatchObject({
      text: 'Ha chiamato per la consegna di martedì: preferisce il pomeriggio.',
    });
    const seen = await st<{ data: AdminCustomer }>(service, 'GET', `/admin/customers/${customer.userId}`);
    expect(seen.body.data.data).toMatchObject({ firstName: 'Ornella', fiscalCode: 'ZNTRNL50A41F205X' });
    expect(seen.body.data.data.orders.map((x) => x.orderId)).toContain(o.orderId);
    const audit = await auditOf(customer.userId);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['note', 'view']));
    expect(JSON.stringify(audit)).not.toContain('pomeriggio');
  });

  it.each([[{ text: '' }], [{ text: 'x'.repeat(2001) }], [{}]])(
    'a bad note %j changes nothing',
    async (body) => {
      const before = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM customer_notes`);
      const res = await st(service, 'POST', `/admin/customers/${customer.userId}/notes`, body);
      expect(res.statusCode).toBe(400);
      const after = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM customer_notes`);
      expect(after).toEqual(before);
    },
  );
});

describe('erasure on request', () => {
  it('is refused while a Drive order awaits pickup, and without the confirmation or the reason', async () => {
    const piece = await pickers.piece(t.db);
    const c = await newCustomer(t, { tag: 'cust-pickup' });
    await placeOrder(t, { userId: c.userId, lines: [{ product: piece, quantity: 1 }] });
    for (const body of [
      { reason: 'richiesta scritta del 24/11' },
      { confirm: true },
      { reason: 'x', confirm: true },
    ]) {
      const bad = await st(service, 'POST', `/admin/customers/${c.userId}/anonymize`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const pending = await st(service, 'POST', `/admin/customers/${c.userId}/anonymize`, {
      reason: 'richiesta scritta del 24/11',
      confirm: true,
    });
    expect(pending.body.response.status).toBe(1);
    expect(pending.body.response.errors[0]?.code).toBe('msg.anonymize.pickupPending');
    const [row] = await queryRows<{ at: string | null }>(
      t.db,
      sql`SELECT anonymized_at AS at FROM users WHERE user_id = ${c.userId}`,
    );
    expect(row?.at).toBeNull();
  });

  it('erases the personal data and the notes: the customer can no longer sign in; once only', async () => {
    const c = await newCustomer(t, { tag: 'cust-erase' });
    await st(service, 'POST', `/admin/customers/${c.userId}/notes`, { text: 'Chiede la cancellazione.' });
    const done = await st<{ data: AdminCustomer }>(
      service,
      'POST',
      `/admin/customers/${c.userId}/anonymize`,
      {
        reason: 'e-mail del 24/11, pratica 1234',
        confirm: true,
      },
    );
    expect(done.body.response.status).toBe(0);
    expect(done.body.data.data).toMatchObject({ firstName: '', lastName: '', notes: [] });
    expect(done.body.data.data.anonymizedAt).not.toBeNull();
    expect(done.body.data.data.email).not.toContain('cust-erase');
    expect((await login(t.app, c.email, DEMO_PASSWORD)).cookie).toBeFalsy();
    const again = await st(service, 'POST', `/admin/customers/${c.userId}/anonymize`, {
      reason: 'e-mail del 24/11, pratica 1234',
      confirm: true,
    });
    expect(again.body.response.errorsMessage).toEqual([
      'I dati personali di questo cliente sono già stati cancellati.',
    ]);
    const audit = await auditOf(c.userId);
    expect(audit.filter((a) => a.action === 'anonymize')).toEqual([
      {
        action: 'anonymize',
        staffUserId: serviceUserId,
        after: { reason: 'e-mail del 24/11, pratica 1234' },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(c.email);
  });
});
