import type { Timeslot } from '@spesa/shared/contracts/delivery';

/** The picker's morning/afternoon filter (day periods of spec section 9: 1 morning, 2 afternoon, 3 evening). */
export type PeriodFilter = 'all' | 'morning' | 'afternoon';

/** Morning: period 1 (and the company morning window 4); afternoon: 2, 3 and the company window 5. */
const MORNING_PERIODS: readonly number[] = [1, 4];

export function slotsOfPeriod<T extends Pick<Timeslot, 'deliveryDayPeriodId'>>(
  slots: readonly T[],
  period: PeriodFilter,
): T[] {
  if (period === 'all') return [...slots];
  const morning = period === 'morning';
  return slots.filter((s) => MORNING_PERIODS.includes(s.deliveryDayPeriodId) === morning);
}

export type SlotState = 'available' | 'almost-full' | 'full' | 'selected';

/** What the grid and the legend show: the chosen slot, or its capacity state (not selectable = full). */
export function slotState(slot: Pick<Timeslot, 'selected' | 'status' | 'active'>): SlotState {
  if (slot.selected) return 'selected';
  if (slot.active < 1) return 'full';
  return slot.status;
}
