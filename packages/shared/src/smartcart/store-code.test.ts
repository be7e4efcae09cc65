import { describe, expect, it } from 'vitest';
import { storeCodeOf, storeIdOfCode } from './store-code';

describe('store entrance codes', () => {
  it.each([
    ['SPESA-NEGOZIO-13', 13],
    [' spesa-negozio-14 ', 14],
    ['SPESA-NEGOZIO-', null],
    ['SPESA-NEGOZIO-1A', null],
    ['SPESA-NEGOZIO-1234567890', null],
    ['8001234567890', null],
  ])('%j names store %j', (code, id) => expect(storeIdOfCode(code)).toBe(id));

  it('the printed code reads back as its store', () => {
    for (const id of [1, 13, 999_999_999]) expect(storeIdOfCode(storeCodeOf(id))).toBe(id);
  });
});
