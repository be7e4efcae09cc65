import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

/**
 * SQL of the time slots: per-day slots generated from the templates on demand (idempotent: the unique
 * (calendar, day, window) index and ON CONFLICT DO NOTHING make concurrent generation harmless), and the
 * capacity moves, which are single guarded UPDATEs so that capacity can never be oversold.
 */
/**
 * One place of a slot taken inside one data-modifying statement that another module composes (decision 059,
 * session 46: checkout's one-statement purchase), with the guard of `book`: `lock(when)` locks the slot's row
 * when `when` holds and a place is left (a CTE body, answering the slot's id); `take(locked)` takes the place
 * of the slot `locked` answered. The lock is FOR NO KEY UPDATE, the lock the UPDATE of `booked` takes anyway: it
 * serialises the slot's buyers as FOR UPDATE did, but leaves alone the foreign keys' checks of the carts and
 * orders that choose the slot meanwhile (FOR KEY SHARE), which FOR UPDATE made wait for each buyer's commit.
 */
export function takePlaceSql(slotId: number) {
  return {
    lock: (when: SQL) =>
      sql`SELECT slot_id FROM delivery_slots
          WHERE slot_id = ${slotId} AND booked < capacity AND active >= 1 AND ${when}
          FOR NO KEY UPDATE`,
    take: (locked: SQL) =>
      sql`UPDATE delivery_slots SET booked = booked + 1
          WHERE slot_id = (SELECT slot_id FROM ${locked}) AND booked < capacity AND active >= 1
          RETURNING slot_id`,
  };
}

export interface SlotRow {
  slotId: number;
  calendar: string;
  slotDate: string;
  timeslotId: number;
  beginTime: string;
  endTime: string;
  deliveryDayPeriodId: number;
  capacity: number;
  booked: number;
  active: number;
  leadMinutes: number;
  cutoffPrevDay: string | null;
}

export interface BookedSlot {
  slotId: number;
  booked: number;
  capacity: number;
}

/** A slot's columns as SlotRow names them (s: delivery_slots, t: timeslots). */
export const SLOT_COLUMNS = sql`s.slot_id AS "slotId", s.calendar, to_char(s.slot_date, 'YYYY-MM-DD') AS "slotDate",
  s.timeslot_id AS "timeslotId", t.begin_time AS "beginTime", t.end_time AS "endTime",
  t.delivery_day_period_id::int AS "deliveryDayPeriodId", s.capacity, s.booked, s.active::int AS active,
  t.lead_minutes AS "leadMinutes", t.cutoff_prev_day AS "cutoffPrevDay"`;

/**
 * `SLOT_COLUMNS` for a row PostgreSQL turns into JSON (delivery-parts.ts): there a date is written YYYY-MM-DD
 * whatever the DateStyle, so the day is the column itself, without `to_char`'s conversion of each slot's day to
 * a timestamp with time zone (a window of a week is some fifty slots per read).
 */
export const SLOT_JSON_COLUMNS = sql`s.slot_id AS "slotId", s.calendar, s.slot_date AS "slotDate",
  s.timeslot_id AS "timeslotId", t.begin_time AS "beginTime", t.end_time AS "endTime",
  t.delivery_day_period_id::int AS "deliveryDayPeriodId", s.capacity, s.booked, s.active::int AS active,
  t.lead_minutes AS "leadMinutes", t.cutoff_prev_day AS "cutoffPrevDay"`;

export class TimeslotRepository {
  constructor(private readonly db: Db) {}

  /** Creates the missing slots of a calendar for these days from the templates of its kind. */
  async ensureSlots(
    calendar: string,
    kind: string,
    dates: readonly string[],
    db: Db = this.db,
  ): Promise<void> {
    if (dates.length === 0) return;
    const days = sql.join(
      dates.map((d) => sql`${d}::date`),
      sql`, `,
    );
    await db.execute(
      sql`INSERT INTO delivery_slots (calendar, slot_date, timeslot_id, capacity)
          SELECT ${calendar}, d.day, t.timeslot_id, t.capacity
          FROM timeslots t CROSS JOIN unnest(ARRAY[${days}]) AS d(day)
          WHERE t.calendar_kind = ${kind} AND EXTRACT(ISODOW FROM d.day)::int = ANY(t.week_days)
          ON CONFLICT (calendar, slot_date, timeslot_id) DO NOTHING`,
    );
  }

  async listSlots(calendar: string, kind: string, from: string, to: string): Promise<SlotRow[]> {
    return queryRows<SlotRow>(
      this.db,
      sql`SELECT ${SLOT_COLUMNS} FROM delivery_slots s JOIN timeslots t ON t.timeslot_id = s.timeslot_id
          WHERE s.calendar = ${calendar} AND t.calendar_kind = ${kind}
            AND s.slot_date BETWEEN ${from}::date AND ${to}::date
          ORDER BY s.slot_date, t.begin_time, s.timeslot_id`,
    );
  }

  async findSlot(calendar: string, kind: string, date: string, timeslotId: number): Promise<SlotRow | null> {
    const [row] = await queryRows<SlotRow>(
      this.db,
      sql`SELECT ${SLOT_COLUMNS} FROM delivery_slots s JOIN timeslots t ON t.timeslot_id = s.timeslot_id
          WHERE s.calendar = ${calendar} AND t.calendar_kind = ${kind}
            AND s.slot_date = ${date}::date AND s.timeslot_id = ${timeslotId}`,
    );
    return row ?? null;
  }

  async findSlotById(slotId: number): Promise<SlotRow | null> {
    const [row] = await queryRows<SlotRow>(
      this.db,
      sql`SELECT ${SLOT_COLUMNS} FROM delivery_slots s JOIN timeslots t ON t.timeslot_id = s.timeslot_id
          WHERE s.slot_id = ${slotId}`,
    );
    return row ?? null;
  }

  /** One place taken, only while one is left: the row lock serialises concurrent bookings. */
  async book(slotId: number, db: Db = this.db): Promise<BookedSlot | null> {
    const [row] = await queryRows<BookedSlot>(
      db,
      sql`UPDATE delivery_slots SET booked = booked + 1
          WHERE slot_id = ${slotId} AND booked < capacity AND active >= 1
          RETURNING slot_id AS "slotId", booked, capacity`,
    );
    return row ?? null;
  }

  /** One place given back (never below zero). */
  async release(slotId: number, db: Db = this.db): Promise<BookedSlot | null> {
    const [row] = await queryRows<BookedSlot>(
      db,
      sql`UPDATE delivery_slots SET booked = booked - 1 WHERE slot_id = ${slotId} AND booked > 0
          RETURNING slot_id AS "slotId", booked, capacity`,
    );
    return row ?? null;
  }

  /** Test and back-office helper: a slot's capacity, booked places and state. */
  async setSlotState(
    slotId: number,
    state: { capacity?: number; booked?: number; active?: number },
  ): Promise<void> {
    await this.db.execute(
      sql`UPDATE delivery_slots SET capacity = COALESCE(${state.capacity ?? null}::int, capacity),
            booked = COALESCE(${state.booked ?? null}::int, booked), active = COALESCE(${state.active ?? null}::int, active)
          WHERE slot_id = ${slotId}`,
    );
  }
}
