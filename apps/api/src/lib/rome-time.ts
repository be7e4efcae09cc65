import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '@spesa/shared/time/rome';
import { format } from 'date-fns/format';

/** The shop's time zone and Rome days: one file for the API, the shop and the back office. */
export { addDays, romeDayOf, romeToday, TIME_ZONE } from '@spesa/shared/time/rome';
/** The last minute converted: its Rome day and time (a time zone conversion costs tens of microseconds). */
let lastMinute: { minutes: number; date: string; time: string } | null = null;

/** Rome's day and time at an instant, and the instant in minutes since the epoch. */
export function romeNow(now: Date): { date: string; time: string; minutes: number } {
  const minutes = Math.floor(now.getTime() / 60_000);
  if (lastMinute?.minutes === minutes) return { ...lastMinute };
  const rome = new TZDate(now, TIME_ZONE);
  lastMinute = { minutes, date: format(rome, 'yyyy-MM-dd'), time: format(rome, 'HH:mm') };
  return { ...lastMinute };
}
