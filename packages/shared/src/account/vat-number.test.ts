import { describe, expect, it } from 'vitest';
import { isVatNumberValid, normaliseVatNumber, vatCheckDigit } from './vat-number';

describe('the partita IVA check digit', () => {
  it.each([
    ['0074311015', 7],
    ['1234567001', 7],
    ['0449130015', 0],
  ] as const)('the check digit of %s is %i', (first10, digit) => {
    expect(vatCheckDigit(first10)).toBe(digit);
  });

  it.each([
    ['00743110157', true],
    ['IT00743110157', true],
    ['it 007 431 101 57', true],
    ['12345670017', true],
    ['04491300150', true],
    ['00743110158', false], // wrong check digit
    ['00743110175', false], // two digits swapped
    ['0074311015', false], // 10 digits
    ['007431101570', false], // 12 digits
    ['0074311015A', false],
    ['00000000000', false],
    ['12345670009', false], // office code 000
    ['', false],
  ] as const)('%s is valid: %s', (text, valid) => {
    expect(isVatNumberValid(text)).toBe(valid);
  });

  it('drops spaces, dots and the IT prefix', () => {
    expect(normaliseVatNumber(' IT 00743.110157 ')).toBe('00743110157');
  });
});
