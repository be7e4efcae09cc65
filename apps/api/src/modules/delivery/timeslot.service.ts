import { createRequire } from 'node:module';
import { tz } from '@date-fns/tz';
import { getISODay } from 'date-fns/getISODay';
import { parseISO } from 'date-fns/parseISO';
import type Holidays from 'date-holidays';
import {
  TIMESLOT_DAYS,
  type Timeslot,
  type TimeslotDay,
  type TimeslotStatus,
} from '@spesa/shared/contracts/delivery';
import { failWith, ok, type Result } from '../../lib/result';
import { romeNow, TIME_ZONE } from '../../lib/rome-time';
import { DELIVERY_TEXT } from './delivery.messages';
import type { Db } from '../../db/client';
import { WINDOW_CANDIDATES, type KindedSlotRow, type SlotWindowAsk } from './delivery-parts';
import { takePlaceSql, type SlotRow, type TimeslotRepository } from './timeslot.repository';
import { addDays } from '@spesa/shared/time/rome';

/**
 * Time slots (spec sections 3, 4, 9). A calendar is a store or locker (`w<id>`) or a home-delivery zone
 * (`z<id>`); its kind (drive, home, locker, work) chooses the templates. The coming 7 days are generated on
 * demand, the same way every time (templates decide windows and capacity). Everything a customer sees is
 * derived at read time, in the shop's time zone (Europe/Rome), never stored:
 * - underLeadTime: the window starts sooner than the preparation time (real time: a night when the clocks
 *   change is an hour shorter or longer);
 * - underLockCutoff: orders for the window closed at its cut-off of the day before;
 * - underLockDay: the day is a national holiday (no deliveries, no pickups);
 * - status from the places left: full at 0, almost full at a quarter of the capacity or less;
 * - active 1 only when the slot can be chosen.
 */
export type CalendarKind = 'drive' | 'home' | 'locker' | 'work';
export interface CalendarTarget {
  calendar: string;
  kind: CalendarKind;
}

const inRome = tz(TIME_ZONE);
const romeDay = (dateIso: string) => parseISO(dateIso, { in: inRome });

/**
 * Minutes since the epoch of a Rome wall-clock time (one skipped by the spring change is an hour later).
 * A pure function of its text, remembered: every slot answer asks it for the same few windows.
 */
const romeMinutesKnown = new Map<string, number>();
const romeMinutes = (dateIso: string, time: string): number => {
  const key = `${dateIso}T${time}`;
  let minutes = romeMinutesKnown.get(key);
  if (minutes === undefined) {
    minutes = Math.floor(parseISO(key, { in: inRome }).getTime() / 60_000);
    if (romeMinutesKnown.size >= 10_000) romeMinutesKnown.clear();
    romeMinutesKnown.set(key, minutes);
  }
  return minutes;
};

/** ISO weekday, 1 = Monday ... 7 = Sunday. */
export const isoWeekDay = (dateIso: string): number => getISODay(romeDay(dateIso));

/**
 * Italy's national public holidays (date-holidays: the law's fixed days, Easter, Easter Monday), per year.
 * The package (every country's calendar, about a quarter of a second to load) is read on the first slot shown.
 */
let italy: Holidays | undefined;
const require = createRequire(import.meta.url);
const lockDaysByYear = new Map<number, ReadonlySet<string>>();

/** Italian national holidays: no deliveries nor pickups (the lock days). */
export function isLockDay(dateIso: string): boolean {
  const year = Number(dateIso.slice(0, 4));
  let days = lockDaysByYear.get(year);
  if (!days) {
    italy ??= new (require('date-holidays') as typeof Holidays)('IT');
    days = new Set(
      italy
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => h.date.slice(0, 10)),
    );
    lockDaysByYear.set(year, days);
  }
  return days.has(dateIso);
}

export interface SlotView extends Timeslot {
  slotId: number;
  date: string;
  /** not shown unless show-closed: already past its lead time or cut-off, a lock day, or closed */
  closed: boolean;
}

export function slotStatus(capacity: number, booked: number): { status: TimeslotStatus; available: number } {
  const available = Math.max(0, capacity - booked);
  const status: TimeslotStatus =
    available <= 0 ? 'full' : available <= Math.ceil(capacity / 4) ? 'almost-full' : 'available';
  return { status, available };
}

export class TimeslotService {
  /** the days whose slots this process already generated, per calendar (`calendar|kind|day`) */
  private readonly generated = new Set<string>();

  /** Creates the missing slots of these days once per process (slots are never deleted). */
  private async ensureDays(target: CalendarTarget, days: readonly string[]): Promise<void> {
    const missing = days.filter((d) => !this.generated.has(dayKey(target, d)));
    if (missing.length === 0) return;
    await this.repo.ensureSlots(target.calendar, target.kind, missing);
    if (this.generated.size > 100_000) this.generated.clear();
    for (const d of missing) this.generated.add(dayKey(target, d));
  }

  constructor(
    private readonly repo: TimeslotRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * One place of a slot taken inside the caller's transaction (a purchase), only while one is left: false
   * when the slot is full or closed. The row lock serialises concurrent buyers.
   */
  async takePlace(slotId: number, tx: Db): Promise<boolean> {
    return (await this.repo.book(slotId, tx)) !== null;
  }

  /** `takePlace` as parts of one statement another module composes (takePlaceSql: checkout's purchase). */
  takePlaceSql(slotId: number) {
    return takePlaceSql(slotId);
  }

  /** One place given back inside the caller's transaction (a cancelled order, an order moved to another slot). */
  async givePlaceBack(slotId: number, tx: Db): Promise<void> {
    await this.repo.release(slotId, tx);
  }

  /** the last window made, by its first day (the days change only when the Rome day does) */
  private lastWindow: { today: string; days: readonly string[] } | null = null;

  /** The window's days: today (Rome) and the 6 after it. */
  window(): string[] {
    const today = romeNow(this.now()).date;
    if (this.lastWindow?.today !== today)
      this.lastWindow = { today, days: Array.from({ length: TIMESLOT_DAYS }, (_, i) => addDays(today, i)) };
    return [...this.lastWindow.days];
  }

  /**
   * The window as a read of its first available slot asks for it (delivery-parts.ts): its days, the lock days,
   * and the wall-clock time two hours before now. Rome's wall clock is one or two hours ahead of UTC, so a slot
   * whose start less its lead time, or whose cut-off, is before that time on the wall clock has passed by more
   * than an hour: `view` finds it closed (underLeadTime, underLockCutoff).
   */
  windowAsk(): SlotWindowAsk {
    const days = this.window();
    const { date, time } = romeNow(this.now());
    const openAfter = new Date(Date.parse(`${date}T${time}:00Z`) - 2 * 3_600_000).toISOString();
    return {
      from: days[0] as string,
      to: days[days.length - 1] as string,
      openAfter: `${openAfter.slice(0, 10)} ${openAfter.slice(11, 16)}`,
      lockDays: `{${days.filter(isLockDay).join(',')}}`,
    };
  }

  private view(
    row: SlotRow,
    nowMinutes: number,
    selected: { date: string; timeslotId: number } | null,
  ): SlotView {
    const begin = romeMinutes(row.slotDate, row.beginTime);
    const underLeadTime = begin - nowMinutes < row.leadMinutes;
    const underLockCutoff =
      row.cutoffPrevDay !== null && nowMinutes >= romeMinutes(addDays(row.slotDate, -1), row.cutoffPrevDay);
    const underLockDay = isLockDay(row.slotDate);
    const { status, available } = slotStatus(row.capacity, row.booked);
    const closed = underLeadTime || underLockCutoff || underLockDay || row.active < 1;
    return {
      slotId: row.slotId,
      date: row.slotDate,
      timeslotId: row.timeslotId,
      beginTime: row.beginTime,
      endTime: row.endTime,
      status,
      active: !closed && available > 0 ? 1 : 0,
      selected: selected !== null && selected.date === row.slotDate && selected.timeslotId === row.timeslotId,
      underLeadTime,
      underLockDay,
      underLockCutoff,
      deliveryDayPeriodId: row.deliveryDayPeriodId,
      available,
      closed,
    };
  }

  private async slots(target: CalendarTarget): Promise<SlotRow[]> {
    const days = this.window();
    await this.ensureDays(target, days);
    return this.repo.listSlots(
      target.calendar,
      target.kind,
      days[0] as string,
      days[days.length - 1] as string,
    );
  }

  /** The 7 days of a calendar with their slots (closed ones only with show-closed). */
  async days(
    target: CalendarTarget,
    selected: { date: string; timeslotId: number } | null,
    showClosed: boolean,
  ): Promise<{ days: TimeslotDay[]; anyAvailable: boolean }> {
    const nowMinutes = romeNow(this.now()).minutes;
    const rows = await this.slots(target);
    const byDay = new Map<string, SlotView[]>(this.window().map((d) => [d, []]));
    let anyAvailable = false;
    for (const row of rows) {
      const v = this.view(row, nowMinutes, selected);
      if (v.active === 1) anyAvailable = true;
      if (v.closed && !showClosed && !v.selected) continue;
      byDay.get(row.slotDate)?.push(v);
    }
    const days = [...byDay].map(([dateIso, list]) => ({
      dateIso,
      weekDay: isoWeekDay(dateIso),
      selected: selected?.date === dateIso,
      timeslots: list.map(({ slotId: _s, date: _d, closed: _c, ...t }) => t),
    }));
    return { days, anyAvailable };
  }

  /** The first slot a customer could choose now, or null when every slot of the 7 days is taken. */
  async firstAvailable(target: CalendarTarget): Promise<SlotView | null> {
    const nowMinutes = romeNow(this.now()).minutes;
    for (const row of await this.slots(target)) {
      const v = this.view(row, nowMinutes, null);
      if (v.active === 1) return v;
    }
    return null;
  }

  /** A slot the customer may choose (active 1): inside the 7 days, open and with a place left. */
  async selectable(target: CalendarTarget, date: string, timeslotId: number): Promise<Result<SlotView>> {
    const days = this.window();
    if (!days.includes(date)) return failWith(DELIVERY_TEXT.timeslotNotFound, 'notFound');
    await this.ensureDays(target, [date]);
    const row = await this.repo.findSlot(target.calendar, target.kind, date, timeslotId);
    if (!row) return failWith(DELIVERY_TEXT.timeslotNotFound, 'notFound');
    return this.selectableView(target, row);
  }

  // ---------- from the rows a cart's own statement read (delivery-parts.ts) ----------
  /** A row read for `target` belongs to its calendar (the SQL computed it from the same address). */
  private ofCalendar(target: CalendarTarget, row: KindedSlotRow): boolean {
    return row.calendar === target.calendar && row.calendarKind === target.kind;
  }

  /** The cart's chosen slot as `describe` shows it, from the row read with the cart (null: none valid). */
  chosenFrom(
    target: CalendarTarget,
    cart: { slotId: number | null; timeslotDate: string | null; timeslotId: number | null },
    row: KindedSlotRow | null,
  ): SlotView | null {
    if (!row || !this.ofCalendar(target, row) || cart.timeslotDate === null || cart.timeslotId === null)
      return null;
    if (
      row.slotId !== cart.slotId ||
      row.slotDate !== cart.timeslotDate ||
      row.timeslotId !== cart.timeslotId
    )
      return null;
    return this.view(row, romeNow(this.now()).minutes, { date: row.slotDate, timeslotId: row.timeslotId });
  }

  /**
   * `firstAvailable` from the window's rows read with the cart for the days `days` (the `window()` asked
   * then): the slots that may be open (delivery-parts.ts, `WINDOW_CANDIDATES` at most), in slot order. Read as
   * `firstAvailable` does when this process has not generated those days yet, the rows are not the
   * calendar's, or all of them are closed and there may be more.
   */
  async firstAvailableFrom(
    target: CalendarTarget,
    days: readonly string[],
    rows: readonly KindedSlotRow[] | null,
  ): Promise<SlotView | null> {
    const generated = days.every((d) => this.generated.has(dayKey(target, d)));
    const today = this.window();
    if (!rows || !generated || today[0] !== days[0] || !rows.every((r) => this.ofCalendar(target, r)))
      return this.firstAvailable(target);
    const nowMinutes = romeNow(this.now()).minutes;
    for (const row of rows) {
      const v = this.view(row, nowMinutes, null);
      if (v.active === 1) return v;
    }
    return rows.length < WINDOW_CANDIDATES ? null : this.firstAvailable(target);
  }

  /** `selectable` with the slot asked for read with the cart (`row`; null: not found there). */
  async selectableFrom(
    target: CalendarTarget,
    date: string,
    timeslotId: number,
    row: KindedSlotRow | null,
  ): Promise<Result<SlotView>> {
    if (!this.generated.has(dayKey(target, date)) || (row && !this.ofCalendar(target, row)))
      return this.selectable(target, date, timeslotId);
    if (!this.window().includes(date)) return failWith(DELIVERY_TEXT.timeslotNotFound, 'notFound');
    if (!row) return failWith(DELIVERY_TEXT.timeslotNotFound, 'notFound');
    return this.selectableView(target, row);
  }

  /** A slot row that exists: chosen only when active, else why not. */
  private async selectableView(target: CalendarTarget, row: SlotRow): Promise<Result<SlotView>> {
    const v = this.view(row, romeNow(this.now()).minutes, null);
    if (v.active < 1) {
      const none = (await this.firstAvailable(target)) === null;
      return failWith(none ? DELIVERY_TEXT.noTimeslotAvailable : DELIVERY_TEXT.timeslotNotAvailable);
    }
    return ok(v);
  }

  /** The slot of a calendar, day and window, as the cart shows it (null when it does not exist). */
  async describe(target: CalendarTarget, date: string, timeslotId: number): Promise<SlotView | null> {
    const row = await this.repo.findSlot(target.calendar, target.kind, date, timeslotId);
    return row ? this.view(row, romeNow(this.now()).minutes, { date, timeslotId }) : null;
  }
}

function dayKey(target: CalendarTarget, day: string): string {
  return `${target.calendar}|${target.kind}|${day}`;
}
