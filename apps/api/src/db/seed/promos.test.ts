import { describe, expect, it } from 'vitest';
import { addDays, romeDate, untilText } from './promos';

describe('promo dates', () => {
  it('uses the date in Rome', () => {
    expect(romeDate(new Date('2025-12-20T23:30:00Z'))).toBe('2025-12-21');
  });
  it('adds days across months and years', () => {
    expect(addDays('2025-12-21', 30)).toBe('2026-01-20');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });
  it('writes the footer in Italian', () => {
    expect(untilText('2025-12-21')).toBe('fino al 21/12');
  });
});
