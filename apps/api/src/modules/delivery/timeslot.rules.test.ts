import { describe, expect, it } from 'vitest';
import type { SlotRow, TimeslotRepository } from './timeslot.repository';
import { addDays, isLockDay, isoWeekDay, romeNow, slotStatus, TimeslotService } from './timeslot.service';

describe('slotStatus (derived from the places left, never stored)', () => {
  it.each([
    [20, 0, 'available', 20],
    [20, 14, 'available', 6],
    [20, 15, 'almost-full', 5],
    [20, 19, 'almost-full', 1],
    [20, 20, 'full', 0],
    [12, 9, 'almost-full', 3],
    [12, 8, 'available', 4],
  ])('capacity %i, booked %i: %s, %i left', (capacity, booked, status, available) => {
    expect(slotStatus(capacity, booked)).toEqual({ status, available });
  });
});

describe('calendar helpers', () => {
  it('lock days: fixed national holidays and Easter Monday', () => {
    expect(isLockDay('2026-12-25')).toBe(true);
    expect(isLockDay('2026-08-15')).toBe(true);
    expect(isLockDay('2026-04-06')).toBe(true); // Easter Monday 2026
    expect(isLockDay('2027-03-29')).toBe(true); // Easter Monday 2027
    expect(isLockDay('2026-12-23')).toBe(false);
  });
  it('ISO weekdays and day arithmetic across months', () => {
    expect(isoWeekDay('2026-12-21')).toBe(1);
    expect(isoWeekDay('2026-12-27')).toBe(7);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('the shop’s day and time are Rome’s, summer and winter', () => {
    expect(romeNow(new Date('2026-12-21T23:30:00Z'))).toMatchObject({ date: '2026-12-22', time: '00:30' });
    expect(romeNow(new Date('2026-07-01T22:30:00Z'))).toMatchObject({ date: '2026-07-02', time: '00:30' });
  });
});

/** An in-memory repository: the rules of the service without a database. */
function fakeRepo(
  rows: Array<Partial<SlotRow> & Pick<SlotRow, 'slotDate' | 'beginTime'>>,
): TimeslotRepository {
  const full: SlotRow[] = rows.map((r, i) => ({
    slotId: i + 1,
    calendar: 'z11',
    timeslotId: 21 + i,
    endTime: '23:59',
    deliveryDayPeriodId: 1,
    capacity: 12,
    booked: 0,
    active: 1,
    leadMinutes: 240,
    cutoffPrevDay: null,
    ...r,
  }));
  return {
    ensureSlots: async () => {},
    listSlots: async () => full,
    findSlot: async (_c: string, _k: string, date: string, id: number) =>
      full.find((r) => r.slotDate === date && r.timeslotId === id) ?? null,
  } as unknown as TimeslotRepository;
}

describe('TimeslotService flags', () => {
  // Monday 21 December 2026, 22:00 in Rome (21:00 UTC)
  const now = () => new Date('2026-12-21T21:00:00Z');
  const target = { calendar: 'z11', kind: 'home' as const };

  it('underLeadTime, underLockCutoff and underLockDay; closed slots only with show-closed', async () => {
    const service = new TimeslotService(
      fakeRepo([
        { slotDate: '2026-12-22', beginTime: '01:00' }, // 3 hours ahead, lead 4 hours
        { slotDate: '2026-12-22', beginTime: '08:00', cutoffPrevDay: '21:00' }, // cut off at 21:00 today
        { slotDate: '2026-12-22', beginTime: '14:00' }, // fine
        { slotDate: '2026-12-25', beginTime: '14:00' }, // Christmas
        { slotDate: '2026-12-23', beginTime: '14:00', booked: 12 }, // full
        { slotDate: '2026-12-23', beginTime: '16:00', active: 0 }, // closed by the chain
      ]),
      now,
    );
    const open = await service.days(target, null, false);
    expect(open.days.map((d) => d.dateIso)).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
      '2026-12-27',
    ]);
    const all = await service.days(target, null, true);
    const slots = all.days.flatMap((d) => d.timeslots.map((t) => ({ ...t, date: d.dateIso })));
    const at = (date: string, begin: string) => slots.find((s) => s.date === date && s.beginTime === begin);
    expect(at('2026-12-22', '01:00')).toMatchObject({ underLeadTime: true, active: 0 });
    expect(at('2026-12-22', '08:00')).toMatchObject({
      underLockCutoff: true,
      underLeadTime: false,
      active: 0,
    });
    expect(at('2026-12-22', '14:00')).toMatchObject({ status: 'available', active: 1 });
    expect(at('2026-12-25', '14:00')).toMatchObject({ underLockDay: true, active: 0 });
    expect(at('2026-12-23', '14:00')).toMatchObject({ status: 'full', active: 0, available: 0 });
    expect(at('2026-12-23', '16:00')).toMatchObject({ active: 0 });
    // without show-closed: the full slot stays (legend "full"), closed ones are hidden
    const shown = open.days.flatMap((d) => d.timeslots.map((t) => `${d.dateIso} ${t.beginTime}`));
    expect(shown).toEqual(['2026-12-22 14:00', '2026-12-23 14:00']);
    expect(open.anyAvailable).toBe(true);
  });

  it('refuses a slot with active below 1 and says so when nothing at all is free', async () => {
    const service = new TimeslotService(
      fakeRepo([{ slotDate: '2026-12-22', beginTime: '14:00', booked: 12 }]),
      now,
    );
    const full = await service.selectable(target, '2026-12-22', 21);
    expect(full).toMatchObject({
      ok: false,
      message: 'Tutte le fasce orarie sono prenotate: controlla i giorni successivi.',
    });
    const outside = await service.selectable(target, '2027-01-15', 21);
    expect(outside).toMatchObject({ ok: false, kind: 'notFound' });
  });
});
