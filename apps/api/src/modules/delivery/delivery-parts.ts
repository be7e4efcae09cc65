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
  /** without a chosen slot: the calendar's slots of the window asked (firstAvailable), in slot order */
  window: KindedSlotRow[] | null;
  /** the slot asked for (a timeslot/select), in that calendar */
  wanted: KindedSlotRow | null;
}

/** The cart's columns and the request's values the subquery is keyed by (parameters or placeholders). */
export interface DeliveryPartsKeys {
  /** the cart's columns, qualified by their table (an unqualified name would be read as a column in here) */
  addressId: SQL;
  slotId: SQL;
  slotDate: SQL;
  timeslotId: SQL;
  /** the window's first and last day (YYYY-MM-DD) for the first available slot; null: not wanted */
  windowFrom: SQL;
  windowTo: SQL;
  /** the slot a timeslot/select asks for (null: none) */
  wantedDate: SQL;
  wantedTimeslotId: SQL;
}

const slotOf = (where: SQL) =>
  sql`SELECT ${SLOT_JSON_COLUMNS}, t.calendar_kind AS "calendarKind"
      FROM delivery_slots s JOIN timeslots t ON t.timeslot_id = s.timeslot_id
      WHERE s.calendar = k.calendar AND t.calendar_kind = k.kind AND ${where}`;

/**
 * The subquery (one json value, null without an address) of a cart's delivery parts. The rows are json
 *  (`row_to_json`), not jsonb: the API only parses the value, and jsonb would convert every integer to numeric
 * and sort every row's keys for nothing (a quarter of the session read's CPU in PostgreSQL, session 47).
 */
export function deliveryPartsSql(keys: DeliveryPartsKeys): SQL<DeliveryParts | null> {
  return sql`(SELECT json_build_object(
      'address', row_to_json(a), 'zone', row_to_json(z), 'calendar', k.calendar, 'kind', k.kind,
      'chosen', row_to_json(ch),
      'window', CASE WHEN ch."slotId" IS NULL AND ${keys.windowFrom}::date IS NOT NULL THEN (
        SELECT json_agg(x ORDER BY x."slotDate", x."beginTime", x."timeslotId") FROM (${slotOf(
          sql`s.slot_date BETWEEN ${keys.windowFrom}::date AND ${keys.windowTo}::date`,
        )}) x) END,
      'wanted', (SELECT row_to_json(x) FROM (${slotOf(
        sql`s.slot_date = ${keys.wantedDate}::date AND s.timeslot_id = ${keys.wantedTimeslotId}::int`,
      )}) x))
    FROM addresses a
    LEFT JOIN warehouses w ON a.user_id IS NULL AND w.warehouse_id = a.warehouse_id
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
