import { describe, expect, it } from 'vitest';
import { addWorkingDays, easterSunday, isItalianHoliday, isWorkingDay } from './working-days';

describe('Italian working days', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2038, '2038-04-25'],
  ] as const)('Easter %i is on %s', (year, day) => {
    expect(easterSunday(year)).toBe(day);
  });

  it.each([
    ['2026-04-06', true], // Easter Monday
    ['2027-03-29', true], // Easter Monday
    ['2026-04-25', true],
    ['2026-06-02', true],
    ['2026-10-04', true], // San Francesco, national again from 2026
    ['2025-10-04', false],
    ['2026-12-26', true],
    ['2026-12-24', false],
    ['2026-04-07', false],
  ] as const)('%s is a national holiday: %s', (day, holiday) => {
    expect(isItalianHoliday(day)).toBe(holiday);
  });

  it.each([
    ['2026-11-27', true], // a Friday
    ['2026-11-28', false], // Saturday
    ['2026-11-29', false], // Sunday
    ['2026-12-08', false], // Immacolata, a Tuesday
  ] as const)('%s is a working day: %s', (day, working) => {
    expect(isWorkingDay(day)).toBe(working);
  });

  it.each([
    // from a Monday: the next Wednesday (a plain week and two days)
    ['2026-11-23', 7, '2026-12-02'],
    // across the Easter Monday
    ['2026-03-31', 7, '2026-04-10'],
    // across Christmas, Santo Stefano (a Saturday) and the weekend
    ['2026-12-21', 7, '2026-12-31'],
    // across New Year's Day and the Epiphany
    ['2026-12-30', 7, '2027-01-12'],
    // a request on a Saturday counts from Monday
    ['2026-11-28', 1, '2026-11-30'],
    ['2026-11-28', 0, '2026-11-28'],
  ] as const)('%s plus %i working days is %s', (day, n, expected) => {
    expect(addWorkingDays(day, n)).toBe(expected);
  });
});
