import { describe, expect, it } from 'vitest';
import { dayTabLabel, longDay, slotRange, todayIso } from './format-slot';

describe('slot formatting', () => {
  it("reads 'OGGI' on today's tab and the short weekday on the others", () => {
    expect(dayTabLabel('2026-05-12', '2026-05-12', 'OGGI')).toBe('OGGI');
    expect(dayTabLabel('2026-05-13', '2026-05-12', 'OGGI')).toBe('MER 13');
  });
  it('writes days and ranges in Italian', () => {
    expect(longDay('2026-05-12')).toBe('martedì 12 maggio');
    expect(slotRange('09:00:00', '10:00')).toBe('09:00–10:00');
  });
  it('takes today in Europe/Rome', () => {
    // 23:30 UTC on 11 May is already 12 May in Rome (summer time)
    expect(todayIso(new Date('2026-05-11T23:30:00Z'))).toBe('2026-05-12');
  });
});
