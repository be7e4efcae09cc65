import { sql, type SQL } from 'drizzle-orm';
import { DELIVERY_SERVICE } from '@spesa/shared/contracts/delivery';
import { rowFromJson } from '../../db/json-row';
import { addresses, deliveryZones } from '../../db/schema';
import type { AddressRow, ZoneRow } from './delivery.repository';
import { SLOT_JSON_COLUMNS, type SlotRow } from './timeslot.repository';

/** A slot as the delivery parts answer it: the row and the kind of its template. */
export type KindedSlotRow = SlotRow & { calendarKind: string };

/**
 * What the delivery module knows of a cart's delivery, read inside the cart's own statement (decision 059,
 * session 44): the cart module composes this subquery, keyed by the cart's columns, into its read of the
 * open cart, so one round trip brings the cart, its lines and its delivery part. The delivery module owns
 * the SQL and its decoding (`deliveryPartsOf`); the rules stay in DeliveryService and TimeslotService, which
 * take these rows instead of reading them (`DeliveryService.targetFromParts`, `TimeslotService.*From`).
 */
export interface DeliveryParts {
  /** the cart's address (deleted ones excluded) */
  address: AddressRow;
  /** a customer's address: the active home-delivery zone of its postal code */
  zone: ZoneRow | null;
  /** the calendar and kind the address's slots belong to, as SQL computes them (checked again in JS) */
  calendar: string;
  kind: string;
  /** the cart's chosen slot, when it belongs to that calendar and is the cart's day and window */
  chosen: KindedSlotRow | null;
  /**
   * without a chosen slot: the first of the calendar's slots of the window asked (firstAvailable) that may be
   * open (`WINDOW_CANDIDATES` at most, `windowCandidatesSql`), in slot order
   */
  window: KindedSlotRow[] | null;
  /** the slot asked for (a timeslot/select), in that calendar */
  wanted: KindedSlotRow | null;
}

/**
 * The slot window a read asks for its first available slot (`TimeslotService.windowAsk`): its first and last
 * day (YYYY-MM-DD); `openAfter`, a Rome wall-clock time (YYYY-MM-DD HH:MM) before which a slot's start less its
 * lead time, or its cut-off, has passed for sure; `lockDays`, the window's lock days as an SQL array (`{…}`).
 */
export interface SlotWindowAsk {
  from: string;
  to: string;
  openAfter: string;
  lockDays: string;
}

/** The cart's columns and the request's values the subquery is keyed by (parameters or placeholders). */
export interface DeliveryPartsKeys {
  /** the cart's columns, qualified by their table (an unqualified name would be read as a column in here) */
  addressId: SQL;
  slotId: SQL;
  slotDate: SQL;
  timeslotId: SQL;
  /**
   * the window asked for the first available slot (`SlotWindowAsk`'s values; a null `from`: not wanted);
   * absent: not read by this statement (`window` null)
   */
  window?: { from: SQL; to: SQL; openAfter: SQL; lockDays: SQL };
  /** the slot a timeslot/select asks for (null values: none); absent: not read by this statement */
  wanted?: { date: SQL; timeslotId: SQL };
}

const slotOf = (where: SQL) =>
  sql`SELECT ${SLOT_JSON_COLUMNS}, t.calendar_kind AS "calendarKind"
      FROM delivery_slots s JOIN timeslots t ON t.timeslot_id = s.timeslot_id
      WHERE s.calendar = k.calendar AND t.calendar_kind = k.kind AND ${where}`;

/**
 * How many of the window's slots that may be open a read brings (`DeliveryParts.window`): the API walks them to
 * the first open one (`TimeslotService.firstAvailableFrom`) and reads the whole window when all of them are
 * closed and there may be more.
 */
export const WINDOW_CANDIDATES = 5;

/** A time of day as the templates write it (HH:MM); another text is left to the API's rule to judge. */
const TIME_OF_DAY = sql.raw(`'^([01][0-9]|2[0-3]):[0-5][0-9]$'`);

/**
 * The window's slots that may be open by `TimeslotService.view`'s rule (`SlotWindowAsk`): active, a place
 * left, not a lock day, and neither the start less the lead time nor the cut-off before `windowOpenAfter` (a
 * Rome wall-clock time, hours before now: wall-clock times are compared, not instants). Every slot the rule
 * finds open is among them, in the same order; the rule still judges each one. The values are typed
 * parameters (a timestamp, a date[]), converted once per execution, not per slot.
 *
 * Read per template of the kind (decision 059, session 50): both times are monotonic in the day, so each
 * template's conditions come down to the first day it may be open (`open_from`, a timestamp: the window's
 * first day, the day whose start less the lead time is `openAfter`, the day after the one whose cut-off is
 * `openAfter`; a template time that is not HH:MM sets no bound, as the rule leaves it to the API), computed once
 * per template; then each template's first slots from that day are read by the calendar's index
 * (delivery_slots_uq: calendar, day, template; `slot_date >= open_from` compares the day's midnight with the
 * timestamp, the same as `slot_date + time - lead >= openAfter`: timestamps without a time zone are plain
 * arithmetic). A template's slots come in day order, so the first `WINDOW_CANDIDATES` of the window are among
 * the first `WINDOW_CANDIDATES` of their templates. Keyed by the enclosing statement's `k.calendar` and `k.kind`;
 * exported for its test (delivery-window.test.ts).
 */
export function windowCandidatesSql(window: NonNullable<DeliveryPartsKeys['window']>): SQL {
  const openAfter = sql`${window.openAfter}::timestamp`;
  const limit = sql.raw(String(WINDOW_CANDIDATES));
  return sql`SELECT ${SLOT_JSON_COLUMNS}, t.calendar_kind AS "calendarKind"
    FROM (
      SELECT t.*, GREATEST(${window.from}::date::timestamp,
          CASE WHEN t.begin_time ~ ${TIME_OF_DAY}
            THEN ${openAfter} - t.begin_time::time::interval + t.lead_minutes * interval '1 minute' END,
          CASE WHEN t.cutoff_prev_day ~ ${TIME_OF_DAY}
            THEN ${openAfter} - t.cutoff_prev_day::time::interval + interval '1 day' END) AS open_from
      FROM timeslots t WHERE t.calendar_kind = k.kind
    ) t
    CROSS JOIN LATERAL (
      SELECT * FROM delivery_slots s
      WHERE s.calendar = k.calendar AND s.timeslot_id = t.timeslot_id
        AND s.slot_date >= t.open_from AND s.slot_date <= ${window.to}::date
        AND s.active >= 1 AND s.booked < s.capacity
        AND s.slot_date <> ALL (${window.lockDays}::date[])
      ORDER BY s.slot_date LIMIT ${limit}
    ) s
    ORDER BY s.slot_date, t.begin_time, s.timeslot_id LIMIT ${limit}`;
}

/**
 * The subquery (one json value, null without an address) of a cart's delivery parts. A pickup point's kind
 * reads its warehouse by key in a lateral subquery with a LIMIT, which the planner keeps apart: joined, the
 * generic plan hashed every warehouse at each execution to find one; as a scalar subquery of the kind, it ran
 * again wherever the kind was compared (decision 059, session 52). The rows are json
 *  (`row_to_json`), not jsonb: the API only parses the value, and jsonb would convert every integer to numeric
 * and sort every row's keys for nothing (a quarter of the session read's CPU in PostgreSQL, session 47).
 */
export function deliveryPartsSql(keys: DeliveryPartsKeys): SQL<DeliveryParts | null> {
  const { window, wanted } = keys;
  const windowSql = window
    ? sql`CASE WHEN ch."slotId" IS NULL AND ${window.from}::date IS NOT NULL THEN (
        SELECT COALESCE(json_agg(x ORDER BY x."slotDate", x."beginTime", x."timeslotId"), '[]'::json)
        FROM (${windowCandidatesSql(window)}) x) END`
    : sql`NULL`;
  const wantedSql = wanted
    ? sql`(SELECT row_to_json(x) FROM (${slotOf(
        sql`s.slot_date = ${wanted.date}::date AND s.timeslot_id = ${wanted.timeslotId}::int`,
      )}) x)`
    : sql`NULL`;
  return sql`(SELECT json_build_object(
      'address', row_to_json(a), 'zone', row_to_json(z), 'calendar', k.calendar, 'kind', k.kind,
      'chosen', row_to_json(ch), 'window', ${windowSql}, 'wanted', ${wantedSql})
    FROM addresses a
    LEFT JOIN LATERAL (
      SELECT w.warehouse_type FROM warehouses w
      WHERE a.user_id IS NULL AND w.warehouse_id = a.warehouse_id LIMIT 1
    ) w ON true
    LEFT JOIN LATERAL (
      SELECT dz.* FROM delivery_zone_caps zc JOIN delivery_zones dz ON dz.zone_id = zc.zone_id AND dz.active
      WHERE a.user_id IS NOT NULL AND zc.postal_code = a.postal_code LIMIT 1
    ) z ON true
    CROSS JOIN LATERAL (
      SELECT CASE WHEN a.user_id IS NULL THEN 'w' || a.warehouse_id ELSE 'z' || z.zone_id END AS calendar,
        CASE WHEN a.user_id IS NULL THEN (CASE WHEN w.warehouse_type = 'locker' THEN 'locker' ELSE 'drive' END)
             WHEN a.delivery_service_id = ${sql.raw(String(DELIVERY_SERVICE.homeWork))} THEN 'work' ELSE 'home' END AS kind
    ) k
    LEFT JOIN LATERAL (${slotOf(
      sql`s.slot_id = ${keys.slotId} AND s.slot_date = ${keys.slotDate} AND s.timeslot_id = ${keys.timeslotId}`,
    )}) ch ON true
    WHERE a.address_id = ${keys.addressId} AND a.deleted_at IS NULL)`.mapWith(deliveryPartsOf);
}

/** The subquery's json decoded into the delivery module's row types. */
export function deliveryPartsOf(value: unknown): DeliveryParts | null {
  if (value === null || value === undefined) return null;
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as {
    address: Record<string, unknown>;
    zone: Record<string, unknown> | null;
    calendar: string;
    kind: string;
    chosen: KindedSlotRow | null;
    window: KindedSlotRow[] | null;
    wanted: KindedSlotRow | null;
  };
  return {
    address: rowFromJson(addresses, json.address),
    zone: json.zone ? rowFromJson(deliveryZones, json.zone) : null,
    calendar: json.calendar,
    kind: json.kind,
    chosen: json.chosen,
    window: json.window,
    wanted: json.wanted,
  };
}
