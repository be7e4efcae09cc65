import { TIME_ZONE } from '../time/rome';
/** "giovedì 3 dicembre 2026" from "2026-12-03" (an Italian calendar day, whatever the clock's zone). */
export const longDayText = (day: string): string =>
  new Intl.DateTimeFormat('it-IT', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/** "03/12/2026": the Italian calendar day of an instant (ISO date-time), as the shop's customers read it. */
export const shortDateText = (iso: string): string =>
  new Intl.DateTimeFormat('it-IT', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));
