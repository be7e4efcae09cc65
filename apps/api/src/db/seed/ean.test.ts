import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, isValidEan13, privateEan13 } from './ean';

describe('EAN-13', () => {
  it('computes the check digit of real codes', () => {
    expect(ean13CheckDigit('800112083657')).toBe(1); // 8001120836571 from products-it.json
    expect(isValidEan13('8001120836571')).toBe(true);
    expect(isValidEan13('8001120836572')).toBe(false);
  });
  it('makes unique, valid private codes with the in-store prefix 20', () => {
    const codes = Array.from({ length: 1000 }, (_, i) => privateEan13(i * 97));
    expect(new Set(codes).size).toBe(1000);
    for (const c of codes) {
      expect(c).toMatch(/^20\d{11}$/);
      expect(isValidEan13(c)).toBe(true);
    }
  });
});
