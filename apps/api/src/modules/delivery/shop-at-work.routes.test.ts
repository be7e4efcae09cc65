import { SHOP_AT_WORK_CODE_TEXT } from '@spesa/shared/contracts/delivery';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { queryRows } from '../../db/rows';

/**
 * Shop at work (decision 042): a company code gives the customer a work address at the company's site,
 * delivered in the company day periods (4 and 5) only; bad, unknown or inactive codes change nothing.
 */
let t: TestApp;
const CODE = `UFF${Math.floor(Math.random() * 1e6)}`;
const OFF = `${CODE}X`;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 } });
  await t.db.execute(
    sql`INSERT INTO work_sites (company_name, subscription_code, address1, address_number, postal_code, city, province, active)
        VALUES ('Ufficio Prova S.r.l.', ${CODE}, 'Via Gustavo Fara', '28', '20124', 'Milano', 'MI', true),
               ('Ufficio Chiuso S.r.l.', ${OFF}, 'Via Gustavo Fara', '30', '20124', 'Milano', 'MI', false)`,
  );
});
afterAll(async () => t?.close());

const api = (path: string) => `/ebsn/api${path}`;
interface Subscribed {
  companyName: string;
  address: { addressId: number; addressType: string; deliveryServiceId: number; address1: string };
}
const subscribe = (token: string | null, code: string) =>
  callAs<Subscribed>(
    t.app,
    token,
    'GET',
    api(`/shopatwork/subscribe?subscriptionCode=${encodeURIComponent(code)}`),
  );
const workAddresses = async (userId: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM addresses WHERE user_id = ${userId} AND address_type_id = 3`,
    )
  )[0]?.n ?? 0;

describe('GET /shopatwork/subscribe', () => {
  it('the code gives a work address whose slots are the company periods 4 and 5', async () => {
    const c = await newCustomer(t, { tag: 'work' });
    const res = await subscribe(c.token, CODE.toLowerCase());
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.companyName).toBe('Ufficio Prova S.r.l.');
    expect(res.body.data.address).toMatchObject({ address1: 'Via Gustavo Fara', deliveryServiceId: 3 });
    expect(res.body.response.infosMessage[0]).toContain('Spesa al lavoro con Ufficio Prova S.r.l.');
    const sel = await callAs(
      t.app,
      c.token,
      'POST',
      api(`/user-address/select?address_id=${res.body.data.address.addressId}`),
    );
    expect(sel.body.response.status).toBe(0);
    const slots = await callAs<{
      days: Array<{ timeslots: Array<{ deliveryDayPeriodId?: number; timeslotId: number }> }>;
    }>(t.app, c.token, 'GET', api('/timeslot/list'));
    const ids = new Set(slots.body.data.days.flatMap((d) => d.timeslots.map((s) => s.timeslotId)));
    expect(ids.size).toBeGreaterThan(0);
    // the company windows (41: 12-14 period 4, 42: 17-19 period 5) and nothing else
    expect([...ids].every((id) => id === 41 || id === 42)).toBe(true);

    // again, and twice at once: still one work address
    const again = await Promise.all([subscribe(c.token, CODE), subscribe(c.token, CODE)]);
    expect(again.every((a) => a.body.data.address.addressId === res.body.data.address.addressId)).toBe(true);
    expect(await workAddresses(c.userId)).toBe(1);
  });

  it('two customers subscribing at once each get their own address', async () => {
    const a = await newCustomer(t, { tag: 'worka' });
    const b = await newCustomer(t, { tag: 'workb' });
    const [ra, rb] = await Promise.all([subscribe(a.token, CODE), subscribe(b.token, CODE)]);
    expect(ra.body.data.address.addressId).not.toBe(rb.body.data.address.addressId);
    expect(await workAddresses(a.userId)).toBe(1);
    expect(await workAddresses(b.userId)).toBe(1);
  });

  it.each([
    [
      'an unknown code',
      'NESSUNO99',
      200,
      'Il codice aziendale non è valido o il servizio Spesa al lavoro non è attivo per la tua azienda.',
    ],
    [
      'an inactive site',
      OFF,
      200,
      'Il codice aziendale non è valido o il servizio Spesa al lavoro non è attivo per la tua azienda.',
    ],
    ['a malformed code', 'ab', 400, SHOP_AT_WORK_CODE_TEXT],
    ['a code with symbols', 'UFF<script>', 400, SHOP_AT_WORK_CODE_TEXT],
  ])('%s: refused in Italian, no address', async (_label, code, http, text) => {
    const c = await newCustomer(t, { tag: 'workbad' });
    const res = await subscribe(c.token, code);
    expect(res.statusCode).toBe(http);
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errors[0]?.error).toBe(text);
    expect(await workAddresses(c.userId)).toBe(0);
  });

  it('needs a session', async () => {
    const res = await subscribe(null, CODE);
    expect(res.statusCode).toBe(401);
  });

  it('a work address cannot be edited or deleted by the customer', async () => {
    const c = await newCustomer(t, { tag: 'workedit' });
    const res = await subscribe(c.token, CODE);
    const id = res.body.data.address.addressId;
    const del = await callAs(t.app, c.token, 'GET', api(`/user-address/delete?address_id=${id}`));
    expect(del.body.response.status).not.toBe(0);
    expect(await workAddresses(c.userId)).toBe(1);
  });
});
