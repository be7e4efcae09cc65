import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { TimeslotRepository } from './timeslot.repository';

/**
 * Time slots through the API, on a fixed clock: Monday 21 December 2026, 08:00 in Rome. The window runs to
 * Sunday 27; Christmas (25) and Santo Stefano (26) are lock days; Drive has no Sunday slots.
 */
let t: TestApp;
const NOW = new Date('2026-12-21T07:00:00Z');
beforeAll(async () => {
  t = await buildTestApp({
    now: () => NOW,
    env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 },
  });
});
afterAll(async () => {
  await t.close();
});

const api = (path: string) => `/ebsn/api${path}`;
interface Slot {
  timeslotId: number;
  beginTime: string;
  endTime: string;
  status: string;
  active: number;
  selected: boolean;
  underLeadTime: boolean;
  underLockDay: boolean;
  underLockCutoff: boolean;
  deliveryDayPeriodId: number;
  available: number;
}
interface Days {
  deliveryServiceId: number;
  days: Array<{ dateIso: string; selected: boolean; timeslots: Slot[] }>;
}
interface CartData {
  timeslot: {
    date: string;
    timeslotId: number;
    autoAssigned: boolean;
    beginTime: string;
    endTime: string;
  } | null;
}

const list = (token: string, query = '') => callAs<Days>(t.app, token, 'GET', api(`/timeslot/list${query}`));
const select = (token: string, date: string, id: number | string) =>
  callAs<CartData>(t.app, token, 'GET', api(`/timeslot/select?sel_date=${date}&timeslot_id=${id}`));
const day = (d: Days, date: string) => d.days.find((x) => x.dateIso === date);

async function slotIdOf(calendar: string, date: string, timeslotId: number, kind = 'drive'): Promise<number> {
  const repo = new TimeslotRepository(t.db);
  await repo.ensureSlots(calendar, kind, [date]);
  const slot = await repo.findSlot(calendar, kind, date, timeslotId);
  if (!slot) throw new Error(`no slot ${calendar} ${date} ${timeslotId}`);
  return slot.slotId;
}

describe('GET /timeslot/list', () => {
  it('needs an address or a store first', async () => {
    const c = await newCustomer(t);
    const res = await list(c.token);
    expect(res.body.response.errors[0]?.error).toBe('Scegli prima un indirizzo o un punto di ritiro.');
  });

  it('Drive: 7 days from today, lead time, lock days and Sunday, periods 1-3', async () => {
    const c = await newCustomer(t);
    await callAs(t.app, c.token, 'POST', api('/store/select?store_id=13'));
    const open = await list(c.token);
    expect(open.body.response.status).toBe(0);
    expect(open.body.data.deliveryServiceId).toBe(1);
    expect(open.body.data.days.map((d) => d.dateIso)).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
      '2026-12-27',
    ]);
    // 08:00 now, 3 hours of preparation: 09:00 and 10:00 are gone, 11:00 is the first
    expect(day(open.body.data, '2026-12-21')?.timeslots[0]).toMatchObject({ beginTime: '11:00', active: 1 });
    expect(day(open.body.data, '2026-12-25')?.timeslots).toEqual([]);
    expect(day(open.body.data, '2026-12-27')?.timeslots).toEqual([]);
    const tuesday = day(open.body.data, '2026-12-22')?.timeslots ?? [];
    expect(tuesday).toHaveLength(9);
    expect(new Set(tuesday.map((s) => s.deliveryDayPeriodId))).toEqual(new Set([1, 2, 3]));

    const all = await list(c.token, '?show-closed=true');
    expect(day(all.body.data, '2026-12-21')?.timeslots[0]).toMatchObject({
      beginTime: '09:00',
      underLeadTime: true,
      active: 0,
    });
    expect(day(all.body.data, '2026-12-25')?.timeslots.every((s) => s.underLockDay && s.active === 0)).toBe(
      true,
    );
    expect(day(all.body.data, '2026-12-27')?.timeslots).toEqual([]);
  });

  it('home delivery: the zone’s windows (2 hours), morning ones close at 21:00 the day before', async () => {
    const c = await newCustomer(t);
    const saved = await callAs<{ address: { addressId: number } }>(
      t.app,
      c.token,
      'POST',
      api('/user-address/update'),
      {
        payload: {
          addressName: 'Casa',
          receiverName: 'Piero Sala',
          address1: 'Via Roma',
          addressNumber: '3',
          postalcode: '23900',
          city: 'Lecco',
          province: 'LC',
          phone: '3391234567',
        },
      },
    );
    await callAs(
      t.app,
      c.token,
      'POST',
      api(`/user-address/select?address_id=${saved.body.data.address.addressId}`),
    );
    const res = await list(c.token, '?show-closed=1');
    expect(res.body.data.deliveryServiceId).toBe(2);
    const tuesday = day(res.body.data, '2026-12-22')?.timeslots ?? [];
    expect(tuesday.map((s) => `${s.beginTime}-${s.endTime}`)).toEqual([
      '08:00-10:00',
      '10:00-12:00',
      '14:00-16:00',
      '16:00-18:00',
      '18:00-20:00',
      '20:00-22:00',
    ]);
    expect(tuesday.every((s) => !s.underLockCutoff && s.active === 1)).toBe(true);
  });

  it.each(['?show-closed=maybe', '?check-locker=2'])('bad flags are refused: %s', async (q) => {
    const c = await newCustomer(t);
    const res = await list(c.token, q);
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /timeslot/select', () => {
  it('saves an active slot and answers the cart; the list marks it selected', async () => {
    const c = await newCustomer(t);
    await callAs(t.app, c.token, 'POST', api('/store/select?store_id=13'));
    const res = await select(c.token, '2026-12-22', 5);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.timeslot).toEqual({
      date: '2026-12-22',
      timeslotId: 5,
      autoAssigned: false,
      beginTime: '15:00',
      endTime: '16:00',
      deliveryDayPeriodId: 2,
    });
    const days = await list(c.token);
    expect(day(days.body.data, '2026-12-22')?.selected).toBe(true);
    expect(day(days.body.data, '2026-12-22')?.timeslots.find((s) => s.timeslotId === 5)?.selected).toBe(true);
    // the same calendar keeps the slot; another store drops it (auto-assigned proposal instead)
    const same = await callAs<CartData>(t.app, c.token, 'POST', api('/store/select?store_id=13'));
    expect(same.body.data.timeslot).toMatchObject({ timeslotId: 5, autoAssigned: false });
    const other = await callAs<CartData>(t.app, c.token, 'POST', api('/store/select?store_id=14'));
    expect(other.body.data.timeslot?.autoAssigned).toBe(true);
  });

  it('refuses slots that cannot be chosen, unknown ones and bad parameters, never a 500', async () => {
    const c = await newCustomer(t);
    await callAs(t.app, c.token, 'POST', api('/store/select?store_id=13'));
    const cases: Array<[string, number | string, number, string | undefined]> = [
      ['2026-12-21', 1, 200, 'msg.timeslot.notAvailable'], // under lead time
      ['2026-12-25', 5, 200, 'msg.timeslot.notAvailable'], // Christmas
      ['2026-12-22', 999, 200, 'msg.timeslot.notFound'],
      ['2026-12-27', 5, 200, 'msg.timeslot.notFound'], // no Drive on Sunday
      ['2027-01-10', 5, 200, 'msg.timeslot.notFound'], // outside the 7 days
      ['2026-12-20', 5, 200, 'msg.timeslot.notFound'], // yesterday
      ['2026-13-45', 5, 400, undefined],
      ['2026-12-22', 'abc', 400, undefined],
      ["2026-12-22'--", 5, 400, undefined],
      ['x'.repeat(5000), 5, 400, undefined],
    ];
    for (const [date, id, http, code] of cases) {
      const res = await select(c.token, encodeURIComponent(date), id);
      expect(res.statusCode, `${date} ${id}`).toBe(http);
      expect(res.body.response.status, `${date} ${id}`).not.toBe(0);
      if (code) expect(res.body.response.errors[0]?.code, `${date} ${id}`).toBe(code);
    }
  });

  it('status follows the places left: almost full, full (not selectable)', async () => {
    const c = await newCustomer(t);
    await callAs(t.app, c.token, 'POST', api('/store/select?store_id=12'));
    const repo = new TimeslotRepository(t.db);
    await repo.setSlotState(await slotIdOf('w12', '2026-12-23', 6), { capacity: 20, booked: 16 });
    await repo.setSlotState(await slotIdOf('w12', '2026-12-23', 7), { capacity: 20, booked: 20 });
    const res = await list(c.token);
    const wed = day(res.body.data, '2026-12-23')?.timeslots ?? [];
    expect(wed.find((s) => s.timeslotId === 6)).toMatchObject({
      status: 'almost-full',
      available: 4,
      active: 1,
    });
    expect(wed.find((s) => s.timeslotId === 7)).toMatchObject({ status: 'full', available: 0, active: 0 });
    const full = await select(c.token, '2026-12-23', 7);
    expect(full.body.response.errors[0]?.error).toBe(
      "La fascia oraria scelta non è disponibile: scegline un'altra.",
    );
  });

  it('when nothing is free: "Tutte le fasce orarie sono prenotate: controlla i giorni successivi."', async () => {
    const c = await newCustomer(t);
    await callAs(t.app, c.token, 'POST', api('/user-address/select?address_id=53'));
    await list(c.token); // generates the locker's slots
    await t.db.execute(
      sql`UPDATE delivery_slots SET booked = capacity WHERE calendar = 'w53' AND slot_date BETWEEN '2026-12-21' AND '2026-12-27'`,
    );
    const res = await list(c.token);
    expect(res.body.response.status).toBe(0);
    expect(res.body.response.warningsMessage).toEqual([
      'Tutte le fasce orarie sono prenotate: controlla i giorni successivi.',
    ]);
    const refused = await select(c.token, '2026-12-22', 32);
    expect(refused.body.response.errors[0]?.error).toBe(
      'Tutte le fasce orarie sono prenotate: controlla i giorni successivi.',
    );
    const cart = await callAs<CartData>(t.app, c.token, 'GET', api('/cart/view'));
    expect(cart.body.data.timeslot).toBeNull();
  });
});

describe('capacity booking (bookSlot / releaseSlot)', () => {
  it('500 parallel bookings of a capacity-20 slot: exactly 20 succeed, booked = 20, never oversold', async () => {
    const calendar = `race-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const slotId = await slotIdOf(calendar, '2026-12-22', 5);
    const repo = new TimeslotRepository(t.db);
    await repo.setSlotState(slotId, { capacity: 20, booked: 0 });
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 500 }, () => t.app.timeslots.bookSlot(slotId)));
    const ms = Math.round(performance.now() - started);
    const won = results.filter((r) => r.ok);
    const lost = results.filter((r) => !r.ok);
    const slot = await repo.findSlotById(slotId);
    console.log(
      `[race] ${t.kind}: 500 parallel bookings, ${won.length} booked, ${lost.length} refused, booked=${slot?.booked}/${slot?.capacity}, ${ms} ms`,
    );
    expect(won).toHaveLength(20);
    expect(lost).toHaveLength(480);
    expect(lost.every((r) => !r.ok && r.code === 'msg.timeslot.notAvailable')).toBe(true);
    expect(slot).toMatchObject({ booked: 20, capacity: 20 });
    // each success saw a distinct count: 1..20
    expect(won.map((r) => (r.ok ? r.data.booked : 0)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );

    // giving places back: never below zero
    expect((await t.app.timeslots.releaseSlot(slotId)).ok).toBe(true);
    expect((await t.app.timeslots.bookSlot(slotId)).ok).toBe(true);
    await repo.setSlotState(slotId, { booked: 0 });
    const releases = await Promise.all(Array.from({ length: 50 }, () => t.app.timeslots.releaseSlot(slotId)));
    expect(releases.every((r) => !r.ok)).toBe(true);
    expect((await repo.findSlotById(slotId))?.booked).toBe(0);
    expect((await t.app.timeslots.bookSlot(2_000_000_000)).ok).toBe(false);
  });
});
