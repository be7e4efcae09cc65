import { describe, expect, it } from 'vitest';
import {
  cardTypeOfNumber,
  checkCardNumber,
  ean13CheckDigit,
  groupedCardNumber,
  holderNameKey,
  isValidEan13,
  issuedPremiumCardNumber,
  makeCardNumber,
} from './card-number';

describe('loyalty-card numbers (decision 038: 26… fidelity, 27… premium, EAN-13)', () => {
  it.each([
    // [typed, answer]
    ['2600000000017', { ok: true, type: 'fidelity' }],
    ['2600000001014', { ok: true, type: 'fidelity' }],
    ['2700000000021', { ok: true, type: 'premium' }],
    [' 2600 0000 0001 7 ', { ok: true, type: 'fidelity' }],
    ['2600000000018', { ok: false, problem: 'checkDigit' }],
    ['2700000000022', { ok: false, problem: 'checkDigit' }],
    ['8001234567880', { ok: false, problem: 'notOurs' }],
    ['2000000000015', { ok: false, problem: 'notOurs' }],
    ['260000000001', { ok: false, problem: 'format' }],
    ['26000000000171', { ok: false, problem: 'format' }],
    ['26000000000AB', { ok: false, problem: 'format' }],
    ['', { ok: false, problem: 'format' }],
  ] as const)('%j → %j', (typed, answer) => {
    expect(checkCardNumber(typed)).toEqual(answer);
  });

  it.each([
    ['2600000000017', 'fidelity'],
    ['2700000000021', 'premium'],
    ['2600000000018', null],
    ['8001234567880', null],
  ] as const)('the type of %s is %s', (n, type) => {
    expect(cardTypeOfNumber(n)).toBe(type);
  });

  it('computes the EAN-13 check digit (GS1 examples)', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('800123456788')).toBe(0);
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(() => ean13CheckDigit('12')).toThrow();
  });

  it('makes numbers in the range of their type, every one valid', () => {
    expect(makeCardNumber('fidelity', 1)).toBe('2600000000017');
    expect(makeCardNumber('premium', 2)).toBe('2700000000021');
    for (const serial of [0, 7, 123456, 9_999_999_999]) {
      expect(cardTypeOfNumber(makeCardNumber('fidelity', serial))).toBe('fidelity');
      expect(cardTypeOfNumber(makeCardNumber('premium', serial))).toBe('premium');
    }
    expect(() => makeCardNumber('premium', 1e10)).toThrow();
    expect(issuedPremiumCardNumber(42)).toMatch(/^279000000042\d$/);
    expect(cardTypeOfNumber(issuedPremiumCardNumber(42))).toBe('premium');
  });

  it('groups the digits for reading', () => {
    expect(groupedCardNumber('2600000000017')).toBe('2600 0000 0001 7');
  });

  it.each([
    ["D'Angelò", 'dangelo'],
    ['  ROSSI ', 'rossi'],
    ['De Luca-Bianchi', 'delucabianchi'],
    ['Citrò', 'citro'],
  ])('compares the holder %j as %j', (name, key) => {
    expect(holderNameKey(name)).toBe(key);
  });
});
