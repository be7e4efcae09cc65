import type {
  AdminSlotTemplate,
  AdminSlotTemplateUpdate,
  AdminStoreDetail,
  AdminStoreUpdate,
} from '@spesa/shared/contracts/admin';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { TimeslotRepository } from './timeslot.repository';
import type { CalendarTarget } from './timeslot.service';
import { wireTimestamp } from '../../db/wire-time';

/**
 * Stores (name, phone, opening hours) and their slot calendars as the back office manages them (decision
 * 030): the Drive calendar of a
 * store (`w<id>`) and the home-delivery calendars of the zones it serves (`z<id>`, home and work). Closing a
 * day sets every slot of those calendars on that day to closed (active 0) inside the caller's transaction:
 * customers can no longer choose them; orders already booked keep their slot and are listed for rebooking.
 */
export interface AdminStoreRow {
  id: number;
  name: string;
  city: string;
  warehouseType: string;
}

export interface SlotDayRow {
  calendar: string;
  slots: number;
  open: number;
  capacity: number;
  booked: number;
}

const TEMPLATE_COLUMNS = sql`timeslot_id AS id, calendar_kind AS "calendarKind", begin_time AS "beginTime",
  end_time AS "endTime", capacity, week_days AS "weekDays", lead_minutes AS "leadMinutes",
  cutoff_prev_day AS "cutoffPrevDay",
  ${wireTimestamp('updated_at', 'microseconds')} AS "updatedAt"`;

export type StoreEdit =
  | { ok: true; before: AdminStoreDetail; after: AdminStoreDetail }
  | { ok: false; reason: 'notFound' }
  | { ok: false; reason: 'stale'; current: AdminStoreDetail };

export type TemplateEdit =
  | { ok: true; before: AdminSlotTemplate; after: AdminSlotTemplate }
  | { ok: false; reason: 'notFound' }
  | { ok: false; reason: 'stale'; current: AdminSlotTemplate };

export class SlotAdmin {
  constructor(
    private readonly db: Db,
    private readonly slots = new TimeslotRepository(db),
  ) {}

  /** The chain's time windows, by service and start time. */
  async templates(): Promise<AdminSlotTemplate[]> {
    return queryRows<AdminSlotTemplate>(
      this.db,
      sql`SELECT ${TEMPLATE_COLUMNS} FROM timeslots ORDER BY calendar_kind, begin_time, timeslot_id`,
    );
  }

  async template(id: number, lock = false, db: Db = this.db): Promise<AdminSlotTemplate | null> {
    const [row] = await queryRows<AdminSlotTemplate>(
      db,
      sql`SELECT ${TEMPLATE_COLUMNS} FROM timeslots WHERE timeslot_id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    return row ?? null;
  }

  /**
   * Changes a time window in the caller's transaction, unless someone saved it after `updatedAt`. The slots
   * already made from today on follow it: their capacity becomes the new one, never below the places booked;
   * on a weekday taken away, a slot nobody booked goes, one with bookings is closed (its orders keep it).
   */
  async updateTemplate(
    id: number,
    edit: AdminSlotTemplateUpdate,
    today: string,
    tx: Db,
  ): Promise<TemplateEdit> {
    const before = await this.template(id, true, tx);
    if (!before) return { ok: false, reason: 'notFound' };
    if (before.updatedAt !== edit.updatedAt) return { ok: false, reason: 'stale', current: before };
    const set: SQL[] = [];
    if (edit.capacity !== undefined) set.push(sql`capacity = ${edit.capacity}`);
    if (edit.weekDays !== undefined)
      set.push(sql`week_days = string_to_array(${[...edit.weekDays].sort().join(',')}, ',')::int[]`);
    if (edit.leadMinutes !== undefined) set.push(sql`lead_minutes = ${edit.leadMinutes}`);
    if (edit.cutoffPrevDay !== undefined) set.push(sql`cutoff_prev_day = ${edit.cutoffPrevDay}`);
    if (set.length > 0) {
      set.push(sql`updated_at = clock_timestamp()`);
      await tx.execute(sql`UPDATE timeslots SET ${sql.join(set, sql`, `)} WHERE timeslot_id = ${id}`);
      if (edit.capacity !== undefined)
        await tx.execute(
          sql`UPDATE delivery_slots SET capacity = GREATEST(booked, ${edit.capacity})
              WHERE timeslot_id = ${id} AND slot_date >= ${today}::date`,
        );
      if (edit.weekDays !== undefined) {
        const days = edit.weekDays.length > 0 ? edit.weekDays.join(',') : '0';
        const gone = sql`timeslot_id = ${id} AND slot_date >= ${today}::date
          AND NOT (EXTRACT(ISODOW FROM slot_date)::int = ANY(string_to_array(${days}, ',')::int[]))`;
        await tx.execute(sql`DELETE FROM delivery_slots WHERE ${gone} AND booked = 0`);
        await tx.execute(sql`UPDATE delivery_slots SET active = 0 WHERE ${gone}`);
      }
    }
    const after = await this.template(id, false, tx);
    if (!after) throw new Error('the time window vanished inside its transaction');
    return { ok: true, before, after };
  }

  /** The stores (not the catalogue, not lockers), those of `only` when given. */
  async stores(only: readonly number[] | null): Promise<AdminStoreRow[]> {
    return queryRows<AdminStoreRow>(
      this.db,
      sql`SELECT w.warehouse_id AS id, w.name, w.warehouse_type AS "warehouseType",
            COALESCE((SELECT a.city FROM addresses a WHERE a.warehouse_id = w.warehouse_id AND a.user_id IS NULL
              ORDER BY a.address_id LIMIT 1), '') AS city
          FROM warehouses w WHERE w.warehouse_type = 'store'
          ${only ? sql`AND w.warehouse_id = ANY(string_to_array(${only.join(',')}, ',')::int[])` : sql``}
          ORDER BY w.name`,
    );
  }

  /** A store with its phone and opening hours (null: not a store). */
  async store(id: number, lock = false, db: Db = this.db): Promise<AdminStoreDetail | null> {
    const [row] = await queryRows<AdminStoreDetail>(
      db,
      sql`SELECT w.warehouse_id AS id, w.name, w.phone, w.service_hours AS "serviceHours",
            COALESCE((SELECT a.city FROM addresses a WHERE a.warehouse_id = w.warehouse_id AND a.user_id IS NULL
              ORDER BY a.address_id LIMIT 1), '') AS city,
            ${wireTimestamp('w.updated_at', 'microseconds')} AS "updatedAt"
          FROM warehouses w WHERE w.warehouse_id = ${id} AND w.warehouse_type = 'store'
          ${lock ? sql`FOR UPDATE OF w` : sql``}`,
    );
    return row ?? null;
  }

  /**
   * Changes a store's name, phone or opening hours in the caller's transaction, unless someone saved it
   * after `updatedAt`. The shop shows the change within the delivery module's cache time (30 s).
   */
  async updateStore(id: number, edit: AdminStoreUpdate, tx: Db): Promise<StoreEdit> {
    const before = await this.store(id, true, tx);
    if (!before) return { ok: false, reason: 'notFound' };
    if (before.updatedAt !== edit.updatedAt) return { ok: false, reason: 'stale', current: before };
    const set: SQL[] = [sql`updated_at = clock_timestamp()`];
    if (edit.name !== undefined) set.push(sql`name = ${edit.name}`);
    if (edit.phone !== undefined) set.push(sql`phone = ${edit.phone}`);
    if (edit.serviceHours !== undefined) {
      const hours = [...edit.serviceHours].sort(
        (a, b) => a.beginWeekDay - b.beginWeekDay || a.beginHour.localeCompare(b.beginHour),
      );
      set.push(sql`service_hours = ${JSON.stringify(hours)}::jsonb`);
    }
    await tx.execute(sql`UPDATE warehouses SET ${sql.join(set, sql`, `)} WHERE warehouse_id = ${id}`);
    const after = await this.store(id, false, tx);
    if (!after) throw new Error('the store vanished inside its transaction');
    return { ok: true, before, after };
  }

  /** The calendars a store's slots live in: its Drive, and its zones' home and work deliveries. */
  async calendarsOf(storeId: number, db: Db = this.db): Promise<CalendarTarget[]> {
    const zones = await queryRows<{ zoneId: number }>(
      db,
      sql`SELECT zone_id AS "zoneId" FROM delivery_zones WHERE warehouse_id = ${storeId} ORDER BY zone_id`,
    );
    return [
      { calendar: `w${storeId}`, kind: 'drive' },
      ...zones.flatMap((z) => [
        { calendar: `z${z.zoneId}`, kind: 'home' as const },
        { calendar: `z${z.zoneId}`, kind: 'work' as const },
      ]),
    ];
  }

  /** A store's slots on a day, per calendar (generated from the templates when not yet). */
  async day(storeId: number, date: string, db: Db = this.db): Promise<SlotDayRow[]> {
    const calendars = await this.calendarsOf(storeId, db);
    for (const c of calendars) await this.slots.ensureSlots(c.calendar, c.kind, [date], db);
    return queryRows<SlotDayRow>(
      db,
      sql`SELECT s.calendar, count(*)::int AS slots, count(*) FILTER (WHERE s.active >= 1)::int AS open,
            COALESCE(sum(s.capacity), 0)::int AS capacity, COALESCE(sum(s.booked), 0)::int AS booked
          FROM delivery_slots s
          WHERE s.calendar = ANY(string_to_array(${calendars.map((c) => c.calendar).join(',')}, ','))
            AND s.slot_date = ${date}::date
          GROUP BY s.calendar ORDER BY s.calendar`,
    );
  }

  /** Closes (or opens again) every slot of the store's calendars on the day, in the caller's transaction. */
  async setDay(storeId: number, date: string, open: boolean, tx: Db): Promise<void> {
    const calendars = await this.calendarsOf(storeId, tx);
    for (const c of calendars) await this.slots.ensureSlots(c.calendar, c.kind, [date], tx);
    await tx.execute(
      sql`UPDATE delivery_slots SET active = ${open ? 1 : 0}
          WHERE calendar = ANY(string_to_array(${calendars.map((c) => c.calendar).join(',')}, ','))
            AND slot_date = ${date}::date`,
    );
  }
}
