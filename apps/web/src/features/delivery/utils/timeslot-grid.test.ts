import { describe, expect, it } from 'vitest';
import { slotsOfPeriod, slotState } from './timeslot-grid';

const slots = [1, 1, 2, 3, 4, 5].map((p, i) => ({ deliveryDayPeriodId: p, id: i }));

describe('time-slot grid', () => {
  it.each([
    ['all', [0, 1, 2, 3, 4, 5]],
    ['morning', [0, 1, 4]],
    ['afternoon', [2, 3, 5]],
  ] as const)('the %s filter', (period, ids) => {
    expect(slotsOfPeriod(slots, period).map((s) => s.id)).toEqual(ids);
  });

  it.each([
    [{ selected: true, status: 'available', active: 1 }, 'selected'],
    [{ selected: false, status: 'available', active: 1 }, 'available'],
    [{ selected: false, status: 'almost-full', active: 1 }, 'almost-full'],
    [{ selected: false, status: 'full', active: 0 }, 'full'],
    // closed by lead time or cut-off: not selectable, shown as full
    [{ selected: false, status: 'available', active: 0 }, 'full'],
  ] as const)('state of %o is %s', (slot, expected) => {
    expect(slotState(slot)).toBe(expected);
  });
});
