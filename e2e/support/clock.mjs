// The journeys' clock: the e2e server's time runs from HH:MM in Italy today (serve.mjs, server-clock.mjs), so
// the journeys meet the same day whatever hour CI runs them at: today's Drive slots are still bookable (they
// close 3 hours before they begin) and the parking journey reaches the store on its day. The shift is kept in
// var/e2e-state/server-clock.json for the journeys' "authenticator app", whose codes follow the server's time.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const clockFile = resolve(dirname(fileURLToPath(import.meta.url)), '../../var/e2e-state/server-clock.json');

/** ms to add to the real time to reach HH:MM (Italian time) of today's Italian date, at instant `now`. */
export function shiftToRomeTime(hhmm, now = Date.now()) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Rome',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(now))
      .map((p) => [p.type, p.value]),
  );
  const romeAsUtc = Date.UTC(
    +parts.year,
    +parts.month - 1,
    +parts.day,
    +parts.hour,
    +parts.minute,
    +parts.second,
  );
  const offset = romeAsUtc - (now - (now % 1000));
  const [hh, mm] = hhmm.split(':').map(Number);
  return Date.UTC(+parts.year, +parts.month - 1, +parts.day, hh, mm) - offset - now;
}

export function keepServerShift(shiftMs) {
  mkdirSync(dirname(clockFile), { recursive: true });
  writeFileSync(clockFile, JSON.stringify({ shiftMs }));
}

/** The e2e server's time now (the real time when no shift is on record). */
export function serverNow() {
  try {
    return Date.now() + Number(JSON.parse(readFileSync(clockFile, 'utf8')).shiftMs ?? 0);
  } catch {
    return Date.now();
  }
}

/** Today's date in Italy (YYYY-MM-DD) by the e2e server's clock: the day the server's rules read. */
export function serverRomeDay() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(serverNow()));
}
