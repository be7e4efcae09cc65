import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, saveLeccoHome } from '../../../test/customers';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { queryRows } from '../../db/rows';
import { deliveryPartsOf, deliveryPartsSql, WINDOW_CANDIDATES } from './delivery-parts';
import { TimeslotRepository } from './timeslot.repository';
import { TimeslotService, type CalendarTarget } from './timeslot.service';

/**
 * The slot window read with a cart brings only the slots that may be open (`WINDOW_CANDIDATES` at most), and
 * the first available slot found in them is the one the whole window gives: at every clock of a week with lock
 * days, the home zone's cut-offs of the day before and the nights the clocks change, for Drive and home.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 } });
});
afterAll(async () => {
  await t.close();
});

const DRIVE_ADDRESS = 13; // the Drive store's pickup point (its address row)
const LOCKER_ADDRESS = 51; // a locker's: slots on Sundays too, so on the nights the clocks change

async function homeAddress(): Promise<number> {
  const c = await newCustomer(t);
  return saveLeccoHome(t, c.token);
}

/** Every `step` minutes from `from` (an instant) for `hours` hours. */
const clocks = (from: string, hours: number, step: number): Date[] =>
  Array.from(
    { length: Math.floor((hours * 60) / step) },
    (_, i) => new Date(Date.parse(from) + i * step * 60_000),
  );

/** The delivery parts of an address without a chosen slot, with the window asked. */
async function partsOf(addressId: number, service: TimeslotService) {
  const ask = service.windowAsk();
  const [row] = await queryRows<{ parts: unknown }>(
    t.db,
    sql`SELECT ${deliveryPartsSql({
      addressId: sql`${addressId}::int`,
      slotId: sql`NULL::int`,
      slotDate: sql`NULL::date`,
      timeslotId: sql`NULL::int`,
      window: {
        from: sql`${ask.from}`,
        to: sql`${ask.to}`,
        openAfter: sql`${ask.openAfter}`,
        lockDays: sql`${ask.lockDays}`,
      },
    })} AS parts`,
  );
  const parts = deliveryPartsOf(row?.parts);
  if (!parts) throw new Error(`no delivery parts for address ${addressId}`);
  return parts;
}

/**
 * At each instant: the first available slot from the candidates equals the whole window's, and is among them.
 * Answers how many instants had one.
 */
async function check(
  addressId: number,
  instants: readonly Date[],
): Promise<{ target: CalendarTarget; found: number }> {
  let now = instants[0] as Date;
  const service = new TimeslotService(new TimeslotRepository(t.db), () => now);
  const first = await partsOf(addressId, service);
  const target = { calendar: first.calendar, kind: first.kind as CalendarTarget['kind'] };
  let found = 0;
  for (const instant of instants) {
    now = instant;
    // the whole window, as the slot list reads it (and the days generated the first time)
    const whole = await service.firstAvailable(target);
    const rows = (await partsOf(addressId, service)).window ?? [];
    expect(rows.length).toBeLessThanOrEqual(WINDOW_CANDIDATES);
    expect(await service.firstAvailableFrom(target, service.window(), rows)).toEqual(whole);
    if (whole) {
      expect(
        rows.map((r) => r.slotId),
        `${instant.toISOString()} ${target.calendar}`,
      ).toContain(whole.slotId);
      found++;
    }
  }
  return { target, found };
}

describe('the slot window read with the cart: the slots that may be open', () => {
  it('Drive and home, over Christmas week (lock days, cut-offs at 21:00, full and closed slots)', async () => {
    const home = await homeAddress();
    const week = clocks('2026-12-20T22:00:00Z', 5 * 24, 47);
    // full and closed slots, once the days exist
    const drive = await check(DRIVE_ADDRESS, week.slice(0, 1));
    const zone = await check(home, week.slice(0, 1));
    await t.db.execute(
      sql`UPDATE delivery_slots SET booked = capacity
          WHERE calendar IN (${drive.target.calendar}, ${zone.target.calendar}) AND timeslot_id IN (5, 22)`,
    );
    await t.db.execute(
      sql`UPDATE delivery_slots SET active = 0
          WHERE calendar IN (${drive.target.calendar}, ${zone.target.calendar}) AND timeslot_id IN (6, 23)`,
    );
    expect((await check(DRIVE_ADDRESS, week)).found).toBeGreaterThan(100);
    expect((await check(home, week)).found).toBeGreaterThan(100);
  });

  it.each([
    ['spring', '2026-03-28T18:00:00Z'],
    ['autumn', '2026-10-24T18:00:00Z'],
  ])('the night the clocks change and the Sunday after (%s)', async (_name, from) => {
    const home = await homeAddress();
    const night = clocks(from, 22, 13);
    const locker = await check(LOCKER_ADDRESS, night);
    expect(locker.target.kind).toBe('locker');
    expect(locker.found).toBe(night.length);
    expect((await check(DRIVE_ADDRESS, night)).found).toBe(night.length);
    expect((await check(home, night)).found).toBe(night.length);
  });
});
