import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';

/** The shop's time zone: slots, cut-offs and "today" are Italian wall-clock times. */
export const TIME_ZONE = 'Europe/Rome';

/** Rome's day and time at an instant, and the instant in minutes since the epoch. */
export function romeNow(now: Date): { date: string; time: string; minutes: number } {
  const rome = new TZDate(now, TIME_ZONE);
  return {
    date: format(rome, 'yyyy-MM-dd'),
    time: format(rome, 'HH:mm'),
    minutes: Math.floor(now.getTime() / 60_000),
  };
}
