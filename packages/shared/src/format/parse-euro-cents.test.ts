import { describe, expect, it } from 'vitest';
import { parseEuroCents } from './price';

describe('parseEuroCents (money typed in a form)', () => {
  it.each([
    ['5', 500],
    ['5,5', 550],
    ['5,05', 505],
    ['5.25', 525],
    [' 7,50 € ', 750],
    ['0', 0],
    ['1234,56', 123456],
  ])('%j is %i cents', (text, cents) => {
    expect(parseEuroCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '5,555', '-3', '5,', ',5', '1e3', '1.000,00'])('%j is not an amount', (text) => {
    expect(parseEuroCents(text)).toBeNull();
  });
});
