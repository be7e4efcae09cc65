import { describe, expect, it } from 'vitest';
import type { SlotRow, TimeslotRepository } from './timeslot.repository';
import { romeNow } from '../../lib/rome-time';
import { addDays } from '@spesa/shared/time/rome';
import { isLockDay, isoWeekDay, slotStatus, TimeslotService } from './timeslot.service';

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

describe('lock days: the Italian national holidays (date-holidays)', () => {
  it.each([
    ['2027-01-01', 'Capodanno'],
    ['2027-01-06', 'Epifania'],
    ['2027-03-28', 'Pasqua'],
    ['2027-03-29', 'Lunedì dell’Angelo'],
    ['2028-04-17', 'Lunedì dell’Angelo'],
    ['2027-04-25', 'Liberazione (a Sunday)'],
    ['2027-05-01', 'Festa del lavoro'],
    ['2027-06-02', 'Festa della Repubblica'],
    ['2027-08-15', 'Ferragosto'],
    ['2027-10-04', 'San Francesco d’Assisi (law 151/2025, from 2026)'],
    ['2027-11-01', 'Ognissanti'],
    ['2027-12-08', 'Immacolata'],
    ['2027-12-25', 'Natale'],
    ['2027-12-26', 'Santo Stefano'],
  ])('%s (%s) is a lock day', (date) => {
    expect(isLockDay(date)).toBe(true);
  });

  it.each([
    ['2025-10-04', 'San Francesco before the law'],
    ['2027-03-19', 'San Giuseppe, no longer a holiday'],
    ['2027-03-30', 'the Tuesday after Easter'],
    ['2027-05-09', 'Festa della mamma, an observance'],
    ['2027-06-29', 'Santi Pietro e Paolo, Rome only'],
    ['2027-11-04', 'Unità nazionale, not a day off'],
    ['2027-12-24', 'Christmas Eve'],
  ])('%s (%s) is an ordinary day', (date) => {
    expect(isLockDay(date)).toBe(false);
  });
});

describe('Rome time on the days the clocks change (last Sunday of March and of October)', () => {
  it.each([
    ['2026-03-29T00:59:00Z', '2026-03-29', '01:59'],
    ['2026-03-29T01:00:00Z', '2026-03-29', '03:00'],
    ['2026-10-25T00:30:00Z', '2026-10-25', '02:30'],
    ['2026-10-25T01:30:00Z', '2026-10-25', '02:30'],
    ['2026-10-25T23:30:00Z', '2026-10-26', '00:30'],
    ['2027-03-28T00:30:00Z', '2027-03-28', '01:30'],
    ['2027-03-28T01:30:00Z', '2027-03-28', '03:30'],
    ['2027-10-30T22:30:00Z', '2027-10-31', '00:30'],
    ['2027-10-31T01:00:00Z', '2027-10-31', '02:00'],
  ])('%s is %s %s in Rome', (instant, date, time) => {
    expect(romeNow(new Date(instant))).toMatchObject({ date, time });
  });

  it.each([
    ['2026-03-28', 1, '2026-03-29', 7],
    ['2026-03-29', 1, '2026-03-30', 1],
    ['2026-10-25', 1, '2026-10-26', 1],
    ['2026-10-26', -1, '2026-10-25', 7],
    ['2027-03-27', 2, '2027-03-29', 1],
    ['2027-10-31', -7, '2027-10-24', 7],
  ])('%s plus %i days is %s (ISO weekday %i)', (from, n, to, weekDay) => {
    expect(addDays(from, n)).toBe(to);
    expect(isoWeekDay(to)).toBe(weekDay);
  });

  const target = { calendar: 'z11', kind: 'home' as const };
  const flagsAt = async (
    now: string,
    rows: Array<Partial<SlotRow> & Pick<SlotRow, 'slotDate' | 'beginTime'>>,
  ) => {
    const service = new TimeslotService(fakeRepo(rows), () => new Date(now));
    const { days } = await service.days(target, null, true);
    return days.flatMap((d) => d.timeslots.map((s) => `${d.dateIso} ${s.beginTime} ${s.underLeadTime}`));
  };

  it('the window starts on Rome’s day, whatever the change', async () => {
    const service = new TimeslotService(fakeRepo([]), () => new Date('2026-03-28T23:30:00Z'));
    expect(service.window()[0]).toBe('2026-03-29');
    const autumn = new TimeslotService(fakeRepo([]), () => new Date('2026-10-24T22:30:00Z'));
    expect(autumn.window()).toEqual([
      '2026-10-25',
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
    ]);
  });

  it('the lead time counts real hours: one fewer over the spring night, one more over the autumn night', async () => {
    // 00:30 in Rome on 29 March 2026: 04:00 is 2 h 30 away (02:00-03:00 does not exist), 05:00 is 3 h 30 away
    expect(
      await flagsAt('2026-03-28T23:30:00Z', [
        { slotDate: '2026-03-29', beginTime: '04:00', leadMinutes: 180 },
        { slotDate: '2026-03-29', beginTime: '05:00', leadMinutes: 180 },
      ]),
    ).toEqual(['2026-03-29 04:00 true', '2026-03-29 05:00 false']);
    // 00:30 in Rome on 25 October 2026: 03:00 is 3 h 30 away (02:00-03:00 happens twice)
    expect(
      await flagsAt('2026-10-24T22:30:00Z', [
        { slotDate: '2026-10-25', beginTime: '02:00', leadMinutes: 180 },
        { slotDate: '2026-10-25', beginTime: '03:00', leadMinutes: 180 },
      ]),
    ).toEqual(['2026-10-25 02:00 true', '2026-10-25 03:00 false']);
  });

  it('the cut-off of the day before is at Rome’s time, summer time begun', async () => {
    const rows = [{ slotDate: '2026-03-30', beginTime: '14:00', cutoffPrevDay: '21:00' }];
    const at = async (now: string) => {
      const service = new TimeslotService(fakeRepo(rows), () => new Date(now));
      const { days } = await service.days(target, null, true);
      return days.flatMap((d) => d.timeslots)[0]?.underLockCutoff;
    };
    expect(await at('2026-03-29T18:59:00Z')).toBe(false); // 20:59 in Rome
    expect(await at('2026-03-29T19:00:00Z')).toBe(true); // 21:00 in Rome
  });
});
