import { TIME_ZONE } from '@spesa/shared/time/rome';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The API's one clock in SQL: how a stored instant is written on the wire, and how it is read as a Rome
 * day or wall-clock time. Nothing else in the API writes `to_char(…)` of a time or `AT TIME ZONE`
 * (the linter refuses it); packages/shared/src/time/rome.ts is the same clock in plain code.
 *
 * Wire instants are UTC ISO 8601 with a `Z`, at the precision each field has always had (docs/glossary.md,
 * "Istante sul filo"): changing one changes the bytes a client reads, so the precision is named at each
 * use, never defaulted.
 * - `seconds`: the platform's customer-facing history fields (wallet, loyalty card, receipts, operators'
 *   trail, price history, the back office's customers), e.g. `2026-11-29T06:27:09Z`;
 * - `milliseconds`: what JavaScript's `toISOString()` writes (orders, notifications, lists, ratings, forms,
 *   self-scanning, gift certificates, identities), e.g. `2026-11-29T06:27:09.123Z`;
 * - `microseconds`: the back office's edit versions (`updatedAt` sent back with an edit and compared with the
 *   stored value), which must round-trip PostgreSQL's timestamp exactly, e.g. `2026-11-29T06:27:09.123456Z`.
 */
export type WirePrecision = 'seconds' | 'milliseconds' | 'microseconds';

const FRACTION: Record<WirePrecision, string> = { seconds: '', milliseconds: '.MS', microseconds: '.US' };

/** a column name (trusted code, never input) or an SQL expression */
type Instant = string | SQL;
const expr = (instant: Instant): SQL => (typeof instant === 'string' ? sql.raw(instant) : instant);
const zone = sql.raw(`'${TIME_ZONE}'`);

/** A timestamptz written on the wire: `2026-11-29T06:27:09Z` at the field's precision. */
export const wireTimestamp = (instant: Instant, precision: WirePrecision): SQL =>
  sql`to_char(${expr(instant)} AT TIME ZONE 'UTC', ${sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS${FRACTION[precision]}"Z"'`)})`;

/** A Date written on the wire in JavaScript, as `wireTimestamp(…, precision)` writes it in SQL. */
export function wireInstant(at: Date, precision: WirePrecision): string {
  const iso = at.toISOString();
  if (precision === 'milliseconds') return iso;
  if (precision === 'seconds') return `${iso.slice(0, 19)}Z`;
  return `${iso.slice(0, 23)}000Z`;
}

/**
 * The WordPress REST API's times (content pages, posts): seconds, no zone designator; `date` and `modified`
 * in Rome's wall-clock time, `date_gmt` in UTC.
 */
export const wordpressTimestamp = (instant: Instant, clock: 'rome' | 'utc'): SQL =>
  sql`to_char(${expr(instant)} AT TIME ZONE ${clock === 'rome' ? zone : sql.raw(`'UTC'`)}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/** The Rome wall-clock time (timestamp without zone) of a stored instant. */
export const romeWallClock = (instant: Instant): SQL => sql`(${expr(instant)} AT TIME ZONE ${zone})`;

/** The instant (timestamptz) of a Rome wall-clock time, e.g. `romeInstant(sql\`${day}::date + time '12:00'\`)`. */
export const romeInstant = (wallClock: SQL): SQL => sql`((${wallClock}) AT TIME ZONE ${zone})`;

/** The Rome day (date) of a stored instant. */
export const romeDay = (instant: Instant): SQL => sql`(${expr(instant)} AT TIME ZONE ${zone})::date`;

/** The Rome day of a stored instant as text, `YYYY-MM-DD`. */
export const romeDayText = (instant: Instant): SQL =>
  sql`to_char(${expr(instant)} AT TIME ZONE ${zone}, 'YYYY-MM-DD')`;
