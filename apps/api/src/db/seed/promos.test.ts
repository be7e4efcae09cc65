import { describe, expect, it } from 'vitest';
import { untilText } from './promos';

describe('promo dates', () => {
  it('writes the footer in Italian', () => {
    expect(untilText('2025-12-21')).toBe('fino al 21/12');
  });
});
