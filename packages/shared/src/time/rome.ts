/**
 * The shop's clock: slots, cut-offs, "today" and validity days are Italian wall-clock days. The one place
 * that names the time zone for the API, the shop and the back office (plain code: no zod, no date-fns, so a
 * web chunk importing it stays small). SQL times are written by apps/api/src/db/wire-time.ts.
 */
export const TIME_ZONE = 'Europe/Rome';

/**
 * Made on first use, not when the module loads: a formatter with a time zone loads ICU's locale and zone data
 * at creation (30-70 ms of a phone page's first task, docs/benchmarks.md session 40), and the web app's
 * header imports this module for TIME_ZONE on every page without asking for a day.
 */
let romeDayFormat: Intl.DateTimeFormat | undefined;
const romeDays = (): Intl.DateTimeFormat =>
  (romeDayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }));

/**
 * The last day formatted, by its epoch second: the Rome day changes only on a whole second (the zone's offsets
 * are whole hours), and the API asks for "today" several times per request.
 */
let lastDay: { second: number; day: string } | undefined;

/** YYYY-MM-DD: the Rome day of an instant (a Date, epoch milliseconds or an ISO date-time). */
export function romeDayOf(instant: Date | number | string): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  const second = Math.floor(date.getTime() / 1000);
  if (lastDay?.second === second) return lastDay.day;
  const day = romeDays().format(date);
  if (Number.isFinite(second)) lastDay = { second, day };
  return day;
}

/** YYYY-MM-DD: today in Rome, at `now`. */
export const romeToday = (now: Date = new Date()): string => romeDayOf(now);

/** The calendar day `days` after a YYYY-MM-DD (negative: before). Calendar arithmetic: no time zone. */
export function addDays(ymd: string, days: number): string {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}
