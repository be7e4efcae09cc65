import { describe, expect, it } from 'vitest';
import { starOf } from './ratings.repository';

describe('the star a rating counts in (spec section 9: half steps)', () => {
  it.each([
    [1, 1],
    [1.5, 2],
    [2, 2],
    [2.5, 3],
    [3, 3],
    [3.5, 4],
    [4, 4],
    [4.5, 5],
    [5, 5],
  ])('%s counts as %s stars', (rating, star) => {
    expect(starOf(rating)).toBe(star);
  });
});
