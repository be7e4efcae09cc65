import { expect, it, vi } from 'vitest';
import { addDays, romeDayOf, romeToday } from './rome';

it.each([
  ['2026-12-30', 3, '2027-01-02'],
  ['2026-03-01', -1, '2026-02-28'],
  ['2028-02-28', 1, '2028-02-29'],
  ['2026-03-28', 1, '2026-03-29'], // the night the clocks go forward
  ['2026-10-25', 1, '2026-10-26'], // and back
  ['2025-12-21', 30, '2026-01-20'],
])('%s plus %i days is %s', (from, days, to) => {
  expect(addDays(from, days)).toBe(to);
});

it.each([
  ['2026-06-30T21:59:59Z', '2026-06-30'], // 23:59:59 in Rome (summer, UTC+2)
  ['2026-06-30T22:00:00Z', '2026-07-01'],
  ['2026-12-31T22:59:59Z', '2026-12-31'], // 23:59:59 in Rome (winter, UTC+1)
  ['2026-12-31T23:00:00Z', '2027-01-01'],
])('the instant %s falls on the Rome day %s', (iso, day) => {
  expect(romeDayOf(iso)).toBe(day);
  expect(romeDayOf(new Date(iso))).toBe(day);
  expect(romeToday(new Date(iso))).toBe(day);
});

it('answers each instant its own day when asked again within the same second and across midnight', () => {
  const beforeMidnight = Date.parse('2026-06-30T21:59:59Z');
  expect(romeDayOf(beforeMidnight)).toBe('2026-06-30');
  expect(romeDayOf(beforeMidnight + 999)).toBe('2026-06-30');
  expect(romeDayOf(beforeMidnight + 1000)).toBe('2026-07-01');
  expect(romeDayOf(beforeMidnight + 999)).toBe('2026-06-30');
  expect(romeDayOf(new Date(beforeMidnight - 86_400_000))).toBe('2026-06-29');
  expect(() => romeDayOf('not a date')).toThrow(RangeError);
  expect(romeDayOf(beforeMidnight)).toBe('2026-06-30');
});

it('loading the module makes no Intl formatter (the web header imports TIME_ZONE on every page)', async () => {
  const Original = Intl.DateTimeFormat;
  let made = 0;
  // counts the formatters made while the module is loaded again and used
  Intl.DateTimeFormat = class extends Original {
    constructor(...args: ConstructorParameters<typeof Original>) {
      super(...args);
      made += 1;
    }
  } as typeof Original;
  try {
    vi.resetModules();
    const rome = await import('./rome');
    expect(rome.TIME_ZONE).toBe('Europe/Rome');
    expect(made).toBe(0);
    expect(rome.romeDayOf('2026-06-30T22:00:00Z')).toBe('2026-07-01');
    rome.romeToday();
    expect(made).toBe(1);
  } finally {
    Intl.DateTimeFormat = Original;
  }
});
