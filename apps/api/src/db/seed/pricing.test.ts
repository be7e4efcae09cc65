import { describe, expect, it } from 'vitest';
import { discountedCents, shelfPriceCents, unitPriceCents } from './pricing';

describe('shelfPriceCents', () => {
  it.each([
    [0.21, 19],
    [0.83, 79],
    [1.96, 199],
    [2.52, 249],
    [14.2, 1390],
    [14.7, 1449],
    [39.9, 3990],
  ])('%f EUR -> %i cents', (euro, cents) => {
    expect(shelfPriceCents(euro)).toBe(cents);
  });
  it('always ends in 9 or 0 and stays close to the input', () => {
    for (let e = 0.2; e < 60; e += 0.137) {
      const c = shelfPriceCents(e);
      expect([9, 0]).toContain(c % 10);
      expect(Math.abs(c / 100 - e)).toBeLessThan(Math.max(0.1, e * 0.05));
    }
  });
});

describe('discountedCents', () => {
  it('is always below the list price', () => {
    for (const price of [19, 59, 99, 149, 199, 1299, 3990]) {
      for (const perc of [10, 20, 30, 50]) {
        const p = discountedCents(price, perc);
        expect(p).toBeLessThan(price);
        expect(p).toBeGreaterThan(0);
      }
    }
    expect(discountedCents(199, 30)).toBe(139);
  });
});

describe('unitPriceCents', () => {
  it('divides by the net quantity', () => {
    expect(unitPriceCents(99, 0.5)).toBe(198);
    expect(unitPriceCents(99, null)).toBeNull();
  });
});
