/** ms to add to the real time to reach HH:MM (Italian time) of today's Italian date. */
export function shiftToRomeTime(hhmm: string, now?: number): number;
export function keepServerShift(shiftMs: number): void;
/** The e2e server's time now (the real time when no shift is on record). */
export function serverNow(): number;
/** Today's date in Italy (YYYY-MM-DD) by the e2e server's clock: the day the server's rules read. */
export function serverRomeDay(): string;
