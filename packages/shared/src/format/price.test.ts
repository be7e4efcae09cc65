import { describe, expect, it } from 'vitest';
import { formatPrice, formatPricePerUnit } from './price';

describe('formatPrice (it-IT, EUR)', () => {
  it.each([
    [1.99, '1,99 €'],
    [0, '0,00 €'],
    [0.5, '0,50 €'],
    [10, '10,00 €'],
    // it-IT groups thousands only from five digits (CLDR minimum grouping digits 2)
    [1234.5, '1234,50 €'],
    [12345.5, '12.345,50 €'],
    [2.005, '2,01 €'],
  ])('%s → %s', (amount, expected) => {
    expect(formatPrice(amount)).toBe(expected);
  });

  it('adds the unit for the price per unit', () => {
    expect(formatPricePerUnit(3.98, 'kg')).toBe('3,98 €/kg');
    expect(formatPricePerUnit(3.98, '')).toBe('3,98 €');
  });
});
