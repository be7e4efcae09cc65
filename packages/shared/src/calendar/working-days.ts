/**
 * Italian working days: Monday to Friday except the national public holidays (legge 260/1949 and its
 * changes): 1 and 6 January, Easter Sunday and Monday, 25 April, 1 May, 2 June, 15 August, 4 October (from
 * 2026, legge 151/2025), 1 November, 8, 25 and 26 December. The API's delivery calendar reads the same days
 * from date-holidays (`isLockDay`); a test checks that both agree. Days are ISO dates (YYYY-MM-DD), Italian.
 */

const FIXED_HOLIDAYS = [
  '01-01',
  '01-06',
  '04-25',
  '05-01',
  '06-02',
  '08-15',
  '11-01',
  '12-08',
  '12-25',
  '12-26',
];
/** San Francesco d'Assisi, a national holiday again from this year */
const SAINT_FRANCIS_FROM = 2026;

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

/** `day` plus `n` calendar days (n may be negative). */
export function addCalendarDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

const holidaysByYear = new Map<number, ReadonlySet<string>>();

/** The national public holidays of `year`, as ISO dates. */
export function italianHolidays(year: number): ReadonlySet<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    const easter = easterSunday(year);
    days = new Set([
      ...FIXED_HOLIDAYS.map((md) => `${String(year).padStart(4, '0')}-${md}`),
      ...(year >= SAINT_FRANCIS_FROM ? [iso(year, 10, 4)] : []),
      easter,
      addCalendarDays(easter, 1),
    ]);
    holidaysByYear.set(year, days);
  }
  return days;
}

export const isItalianHoliday = (day: string): boolean => italianHolidays(Number(day.slice(0, 4))).has(day);

/** ISO weekday of a date: 1 Monday ... 7 Sunday */
const weekDay = (day: string): number => {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

export const isWorkingDay = (day: string): boolean => weekDay(day) <= 5 && !isItalianHoliday(day);

/** The `n`-th working day after `day` (`day` itself never counts, whatever it is). */
export function addWorkingDays(day: string, n: number): string {
  let current = day;
  for (let left = n; left > 0;) {
    current = addCalendarDays(current, 1);
    if (isWorkingDay(current)) left -= 1;
  }
  return current;
}
