import type { AdminSlotTemplate } from '@spesa/shared/contracts/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { romeNow } from '../../lib/rome-time';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';

/**
 * The chain's time windows in the back office (decision 030): capacity, weekdays, lead time and cut-off;
 * the slots already made follow a change (never below their bookings); stale edits, roles, bad input.
 */
let t: TestApp;
let admin: string;
const today = romeNow(new Date()).date;

beforeAll(async () => {
  t = await buildTestApp();
  const a = await newCustomer(t, { tag: 'tpl-admin' });
  admin = await makeStaff(t, a.userId, [], 'administrator');
});
afterAll(() => t?.close());

const st = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `/ebsn/api${path}`, {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });

/** A Drive window and its made slots at store 13 over the next two weeks (the store page makes them). */
async function driveWindow(): Promise<{
  template: AdminSlotTemplate;
  slots: Array<{ slotId: number; dow: number }>;
}> {
  const list = await st<{ data: AdminSlotTemplate[] }>(admin, 'GET', '/admin/slot-templates');
  const template = list.body.data.data.find((w) => w.calendarKind === 'drive' && w.weekDays.length >= 5);
  if (!template) throw new Error('no Drive window in the seed');
  // three weeks: each weekday made at least twice after today, also late in the evening when the first test's
  // cut-off (20:00 the day before) has closed tomorrow
  await st(admin, 'GET', `/admin/stores/13/slot-days?from=${today}&days=21`);
  const slots = await queryRows<{ slotId: number; dow: number }>(
    t.db,
    sql`SELECT slot_id AS "slotId", EXTRACT(ISODOW FROM slot_date)::int AS dow FROM delivery_slots
        WHERE calendar = 'w13' AND timeslot_id = ${template.id} AND slot_date > ${today}::date ORDER BY slot_date`,
  );
  return { template, slots };
}

describe('a time window', () => {
  it('changes capacity: the made slots follow, never below their bookings; audited', async () => {
    const { template, slots } = await driveWindow();
    const [busy, free] = slots;
    if (!busy || !free) throw new Error('two made slots expected');
    await t.db.execute(
      sql`UPDATE delivery_slots SET booked = 2, capacity = GREATEST(capacity, 2) WHERE slot_id = ${busy.slotId}`,
    );
    const res = await st<{ data: AdminSlotTemplate }>(admin, 'POST', `/admin/slot-templates/${template.id}`, {
      updatedAt: template.updatedAt,
      capacity: 1,
      leadMinutes: 180,
      cutoffPrevDay: '20:00',
    });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.data).toMatchObject({ capacity: 1, leadMinutes: 180, cutoffPrevDay: '20:00' });
    const caps = await queryRows<{ slotId: number; capacity: number }>(
      t.db,
      sql`SELECT slot_id AS "slotId", capacity FROM delivery_slots WHERE slot_id IN (${busy.slotId}, ${free.slotId})`,
    );
    expect(Object.fromEntries(caps.map((c) => [c.slotId, c.capacity]))).toEqual({
      [busy.slotId]: 2,
      [free.slotId]: 1,
    });
    const [audit] = await queryRows<{ allowed: boolean; after: { capacity: number } }>(
      t.db,
      sql`SELECT allowed, after FROM admin_audit WHERE resource = 'slot-templates' AND resource_id = ${String(template.id)}
          ORDER BY audit_id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ allowed: true, after: { capacity: 1 } });

    // the same edit again is stale: refused with the window as it is now
    const stale = await st<{ data: AdminSlotTemplate }>(
      admin,
      'POST',
      `/admin/slot-templates/${template.id}`,
      {
        updatedAt: template.updatedAt,
        capacity: 9,
      },
    );
    expect(stale.body.response.errors[0]?.code).toBe('msg.admin.staleEdit');
    expect(stale.body.data.data.capacity).toBe(1);
  });

  it('loses a weekday: its unbooked made slots go, a booked one is closed for its orders', async () => {
    const { template, slots } = await driveWindow();
    const dropped = template.weekDays[0]!;
    const ofDay = slots.filter((s) => s.dow === dropped);
    expect(ofDay.length).toBeGreaterThanOrEqual(2);
    await t.db.execute(
      sql`UPDATE delivery_slots SET booked = 1, capacity = GREATEST(capacity, 1) WHERE slot_id = ${ofDay[0]!.slotId}`,
    );
    const current = await st<{ data: AdminSlotTemplate }>(
      admin,
      'GET',
      `/admin/slot-templates/${template.id}`,
    );
    const res = await st(admin, 'POST', `/admin/slot-templates/${template.id}`, {
      updatedAt: current.body.data.data.updatedAt,
      weekDays: template.weekDays.filter((d) => d !== dropped),
    });
    expect(res.body.response.status).toBe(0);
    const left = await queryRows<{ slotId: number; active: number }>(
      t.db,
      sql`SELECT slot_id AS "slotId", active::int AS active FROM delivery_slots
          WHERE slot_id IN (${sql.join(
            ofDay.map((s) => sql`${s.slotId}`),
            sql`, `,
          )})`,
    );
    expect(left).toEqual([{ slotId: ofDay[0]!.slotId, active: 0 }]);
  });
});

describe('who may, and bad input', () => {
  it('a store manager reads the windows but changes none; a picker reads none', async () => {
    const { template } = await driveWindow();
    const sm = await newCustomer(t, { tag: 'tpl-sm' });
    const smToken = await makeStaff(t, sm.userId, [13], 'store_manager');
    expect((await st(smToken, 'GET', '/admin/slot-templates')).statusCode).toBe(200);
    const refused = await st(smToken, 'POST', `/admin/slot-templates/${template.id}`, {
      updatedAt: template.updatedAt,
      capacity: 50,
    });
    expect(refused.statusCode).toBe(403);
    const pk = await newCustomer(t, { tag: 'tpl-picker' });
    const pkToken = await makeStaff(t, pk.userId, [13], 'picker');
    expect((await st(pkToken, 'GET', '/admin/slot-templates')).statusCode).toBe(403);
  });

  it.each([
    [{ capacity: -1 }],
    [{ capacity: 'tanti' }],
    [{ weekDays: [8] }],
    [{ weekDays: [1, 1] }],
    [{ leadMinutes: 99999 }],
    [{ cutoffPrevDay: '25:00' }],
    [{}],
  ])('%j answers 400 and changes nothing', async (body) => {
    const { template } = await driveWindow();
    const res = await st(admin, 'POST', `/admin/slot-templates/${template.id}`, {
      ...('capacity' in body || 'weekDays' in body || 'leadMinutes' in body || 'cutoffPrevDay' in body
        ? { updatedAt: template.updatedAt }
        : {}),
      ...body,
    });
    expect(res.statusCode).toBe(400);
    const after = await st<{ data: AdminSlotTemplate }>(admin, 'GET', `/admin/slot-templates/${template.id}`);
    expect(after.body.data.data.updatedAt).toBe(template.updatedAt);
  });

  it('an unknown window is not found', async () => {
    const res = await st(admin, 'GET', '/admin/slot-templates/999999');
    expect(res.body.response.errorsMessage).toEqual(['Fascia oraria non trovata.']);
  });
});
