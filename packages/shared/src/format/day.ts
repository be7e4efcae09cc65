/** "giovedì 3 dicembre 2026" from "2026-12-03" (an Italian calendar day, whatever the clock's zone). */
export const longDayText = (day: string): string =>
  new Intl.DateTimeFormat('it-IT', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
