/**
 * Dates of slots: YYYY-MM-DD in Europe/Rome, shown in Italian at display time only. The formatters are made
 * on first use: the header imports this module on every page, and an Intl formatter costs its locale data
 * at creation, on the first render's main thread.
 */
import { TIME_ZONE } from '@spesa/shared/time/rome';
const makeFormats = () => ({
  day: new Intl.DateTimeFormat('it-IT', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }),
  longDay: new Intl.DateTimeFormat('it-IT', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }),
  tabWeekday: new Intl.DateTimeFormat('it-IT', { weekday: 'short', timeZone: 'UTC' }),
  isoInRome: new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }),
});
let formats: ReturnType<typeof makeFormats> | undefined;
const slotFormats = () => (formats ??= makeFormats());

const asUtc = (dateIso: string) => new Date(`${dateIso}T00:00:00Z`);

/** Today in the shop's time zone (the slots' calendar is Europe/Rome). */
export function todayIso(now: Date = new Date()): string {
  return slotFormats().isoInRome.format(now);
}

/** "mar 12 mag" */
export const shortDay = (dateIso: string) => slotFormats().day.format(asUtc(dateIso));
/** "martedì 12 maggio" */
export const longDay = (dateIso: string) => slotFormats().longDay.format(asUtc(dateIso));

/** The day tab: 'OGGI' for today (spec section 2), otherwise "MAR 12". */
export function dayTabLabel(dateIso: string, today: string, todayText: string): string {
  if (dateIso === today) return todayText;
  return `${slotFormats().tabWeekday.format(asUtc(dateIso)).replace('.', '')} ${Number(dateIso.slice(8, 10))}`.toUpperCase();
}

/** "10:00–11:00" (times as the server writes them, HH:MM or HH:MM:SS) */
export const slotRange = (begin: string, end: string) => `${begin.slice(0, 5)}–${end.slice(0, 5)}`;
