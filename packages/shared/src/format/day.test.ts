import { expect, it } from 'vitest';
import { longDayText } from './day';

it('writes an Italian calendar day in full', () => {
  expect(longDayText('2026-12-03')).toBe('giovedì 3 dicembre 2026');
  expect(longDayText('2027-01-01')).toBe('venerdì 1 gennaio 2027');
});
