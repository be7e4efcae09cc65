import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookedOf,
  buy,
  driveSlot,
  DRIVE_STORE,
  stageBuyers,
  testProduct,
} from '../../../test/checkout-fixtures';
import { newCustomer, saveLeccoHome } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { queryRows } from '../../db/rows';
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
    const addressId = await saveLeccoHome(t, c.token);
    await callAs(t.app, c.token, 'POST', api(`/user-address/select?address_id=${addressId}`));
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
      ['2026-02-29', 5, 400, undefined], // not a leap year
      ['0001-01-01', 5, 200, 'msg.timeslot.notFound'],
      ['9999-12-31', 5, 200, 'msg.timeslot.notFound'],
      ['2026-12-22', 2_147_483_647, 200, 'msg.timeslot.notFound'],
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

  it("is read with the session's statement: only the caller's cart, and a dead session changes nothing (419)", async () => {
    const a = await newCustomer(t);
    const b = await newCustomer(t);
    await callAs(t.app, a.token, 'POST', api('/store/select?store_id=13'));
    await callAs(t.app, b.token, 'POST', api('/store/select?store_id=13'));
    expect((await select(a.token, '2026-12-22', 5)).body.data.timeslot).toMatchObject({ timeslotId: 5 });
    const chosen = await select(b.token, '2026-12-23', 3);
    expect(chosen.body.data.timeslot).toMatchObject({
      date: '2026-12-23',
      timeslotId: 3,
      autoAssigned: false,
    });
    // a's cart keeps its own slot
    const aDays = await list(a.token);
    expect(day(aDays.body.data, '2026-12-22')?.timeslots.find((s) => s.timeslotId === 5)?.selected).toBe(
      true,
    );
    expect(day(aDays.body.data, '2026-12-23')?.selected).toBe(false);
    await callAs(t.app, a.token, 'POST', api('/auth/logout'));
    const dead = await select(a.token, '2026-12-24', 5);
    expect(dead.statusCode).toBe(419);
    expect(dead.body.response.errors[0]?.code).toBe('msg.session.expired');
    const [row] = await queryRows<{ date: string; timeslotId: number }>(
      t.db,
      sql`SELECT to_char(timeslot_date, 'YYYY-MM-DD') AS date, timeslot_id AS "timeslotId"
          FROM carts WHERE user_id = ${a.userId} AND closed_at IS NULL`,
    );
    expect(row).toEqual({ date: '2026-12-22', timeslotId: 5 });
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

describe('capacity taken by orders (checkout/buy, order/delete)', () => {
  it('100 parallel buyers of a capacity-5 slot: exactly 5 orders, the slot shown full; a cancel gives one place back', async () => {
    const date = '2026-12-22';
    const p = await testProduct(t.db, { stock: 10_000 });
    const slot = await driveSlot(t.db, date, 5);
    const tokens = await stageBuyers(t, 100, {
      productId: p.productId,
      quantity: 1,
      unitCents: p.priceCents,
      slot,
      now: NOW,
    });
    const answers = await Promise.all(tokens.map((token) => buy(t, token)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const won = answers.filter((a) => a.body.response.status === 0);
    const lost = answers.filter((a) => a.body.response.status !== 0);
    expect(won).toHaveLength(5);
    expect(new Set(won.map((a) => a.body.data.orderId)).size).toBe(5);
    expect(lost).toHaveLength(95);
    // refused at the guarded UPDATE, or before it once the slot is seen full
    const refusals = new Set(lost.map((a) => a.body.response.errors.map((e) => e.code).join()));
    expect(
      [...refusals].every((r) => ['msg.checkout.slotFull', 'msg.timeslot.notAvailable'].includes(r)),
    ).toBe(true);
    expect(await bookedOf(t.db, slot.slotId)).toBe(5);
    const ordersOnSlot = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`SELECT count(*)::int AS n FROM orders WHERE slot_id = ${slot.slotId} AND order_status_id <> 10`,
        )
      )[0]?.n;
    expect(await ordersOnSlot()).toBe(5);

    // another customer sees it full and cannot choose it
    const c = await newCustomer(t);
    await callAs(t.app, c.token, 'POST', api(`/store/select?store_id=${DRIVE_STORE}`));
    const shown = async () =>
      day((await list(c.token)).body.data, date)?.timeslots.find((s) => s.timeslotId === slot.timeslotId);
    expect(await shown()).toMatchObject({ status: 'full', available: 0, active: 0 });
    const refused = await select(c.token, date, slot.timeslotId);
    expect(refused.body.response.errors[0]?.error).toBe(
      "La fascia oraria scelta non è disponibile: scegline un'altra.",
    );

    // one buyer cancels, ten times at once: one place given back, once
    const winner = won[0]!;
    const buyer = tokens[answers.indexOf(winner)]!;
    const cancels = await Promise.all(
      Array.from({ length: 10 }, () =>
        callAs(t.app, buyer, 'POST', api('/order/delete'), {
          payload: { order_id: winner.body.data.orderId },
        }),
      ),
    );
    expect(cancels.filter((r) => r.body.response.status === 0)).toHaveLength(1);
    expect(await bookedOf(t.db, slot.slotId)).toBe(4);
    expect(await ordersOnSlot()).toBe(4);
    expect(await shown()).toMatchObject({ status: 'almost-full', available: 1, active: 1 });
    expect((await select(c.token, date, slot.timeslotId)).body.response.status).toBe(0);
  }, 120_000);

  it('a place is never given back below zero', async () => {
    const calendar = `release-${Date.now().toString(36)}`;
    const slotId = await slotIdOf(calendar, '2026-12-22', 5);
    const repo = new TimeslotRepository(t.db);
    await repo.setSlotState(slotId, { capacity: 20, booked: 1 });
    const releases = await Promise.all(Array.from({ length: 50 }, () => repo.release(slotId)));
    expect(releases.filter((r) => r !== null)).toEqual([{ slotId, booked: 0, capacity: 20 }]);
    expect((await repo.findSlotById(slotId))?.booked).toBe(0);
  });
});
