import { describe, expect, it } from 'vitest';
import { formatCents, formatPrice, formatPricePerUnit, formatProductPrice } from './price';

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

describe('formatProductPrice: a loose product says its unit', () => {
  const loose = { productInfos: { TIPOLOGIA: 'Sfuso' }, priceUnitDisplay: 'kg' };
  it.each([
    ['a loose product per kg', loose, 3.79, '3,79 €/kg'],
    [
      'a loose product whose unit is missing: kg',
      { productInfos: { TIPOLOGIA: 'sfuso' }, priceUnitDisplay: '' },
      1.49,
      '1,49 €/kg',
    ],
    ['a loose product per hg', { ...loose, priceUnitDisplay: 'hg' }, 2.5, '2,50 €/hg'],
    ['a pack', { productInfos: { TIPOLOGIA: 'Confezione' }, priceUnitDisplay: 'pz' }, 1.49, '1,49 €'],
    ['a piece', { productInfos: { TIPOLOGIA: 'Pezzo' }, priceUnitDisplay: 'kg' }, 6.39, '6,39 €'],
    ['no productInfos', {}, 0.79, '0,79 €'],
  ])('%s', (_, product, amount, expected) => {
    expect(formatProductPrice(amount, product)).toBe(expected);
  });
});

describe('formatPrice writes what Intl writes', () => {
  const intl = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
  const expected = (amount: number) => intl.format(amount).replace(/\u00a0/g, ' ');

  it('for amounts of a shop: cents, rounding halves, thousands, negatives', () => {
    const amounts = [
      0, -0, 0.01, 0.1, 0.005, 1.005, 2.675, 9.995, 99.99, 999.99, 1000, 9999.99, 10000, 123456.78,
    ];
    amounts.push(...amounts.map((a) => -a));
    // a deterministic spread of two- and three-decimal amounts
    let seed = 7;
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 48271) % 2147483647;
      amounts.push(((seed % 2_000_000) - 200_000) / (i % 2 ? 100 : 1000));
    }
    for (const amount of amounts) expect(formatPrice(amount), String(amount)).toBe(expected(amount));
  });
});

describe('formatCents', () => {
  it.each([
    [0, '0,00 €'],
    [5, '0,05 €'],
    [750, '7,50 €'],
    [150000, '1500,00 €'],
    [1234550, '12.345,50 €'],
    [-300, '-3,00 €'],
  ])('%i cents -> %s', (cents, text) => expect(formatCents(cents)).toBe(text));
});
