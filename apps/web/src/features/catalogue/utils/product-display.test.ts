import { describe, expect, it } from 'vitest';
import {
  formatMeasure,
  italianDecimal,
  listPriceIfPromo,
  maxPurchasePieces,
  promoLastDay,
  sellingFormat,
} from './product-display';

describe('sellingFormat (productInfos)', () => {
  it.each([
    [
      { TIPOLOGIA: 'Sfuso', WEIGHT_SELLING: '500', STEP_SELLING: '100', WEIGHT_UNIT_SELLING: 'GR' },
      { kind: 'sfuso', min: '500 g', step: '100 g' },
    ],
    [
      { TIPOLOGIA: 'Sfuso', WEIGHT_SELLING: '1000', WEIGHT_UNIT_SELLING: 'GR' },
      { kind: 'sfuso', min: '1 kg', step: null },
    ],
    [
      { TIPOLOGIA: 'Confezione', MULTI_PACK: '6' },
      { kind: 'confezione', pieces: 6 },
    ],
    [{ TIPOLOGIA: 'Pezzo' }, { kind: 'pezzo' }],
    [{}, { kind: 'pezzo' }],
  ])('%j', (infos, expected) => {
    expect(sellingFormat(infos)).toEqual(expected);
  });

  it('formats measures the Italian way', () => {
    expect(formatMeasure(1500, 'GR')).toBe('1,5 kg');
    expect(formatMeasure(75, 'CL')).toBe('75 cl');
    expect(formatMeasure(1, 'KG')).toBe('1 kg');
  });
});

describe('maxPurchasePieces', () => {
  it.each([
    [{ maxAcq: undefined, productInfos: {} }, null],
    [{ maxAcq: 10, productInfos: {} }, 10],
    [{ maxAcq: 12, productInfos: { MULTI_PACK: '6' } }, 2],
    [{ maxAcq: 12, productInfos: { MAXACQ: '4' } }, 4],
  ])('%j → %s', (product, expected) => {
    expect(maxPurchasePieces(product)).toBe(expected);
  });
});

describe('listPriceIfPromo', () => {
  it('shows the struck price only when it is higher', () => {
    expect(listPriceIfPromo({ priceDisplay: 1.5, priceStandardDisplay: 1.99 })).toBe(1.99);
    expect(listPriceIfPromo({ priceDisplay: 1.99, priceStandardDisplay: 1.99 })).toBeNull();
    expect(listPriceIfPromo({ priceDisplay: 1.99 })).toBeNull();
  });
});

describe('promoLastDay', () => {
  it.each([
    ['2026-12-29', '29/12/2026'],
    ['2027-01-06', '06/01/2027'],
    ['2026-12-29T00:00:00Z', null],
    ['29/12/2026', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%s → %s', (day, shown) => {
    expect(promoLastDay(day)).toBe(shown);
  });
});

describe('italianDecimal', () => {
  const intl = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 });
  it.each([0, 1, 1.5, 0.25, 0.1 + 0.2, 2.0005, 75, 999, 1000, 9999.999, 10000, 12345.678, 1234567, 0.0004])(
    '%s as Intl it-IT writes it',
    (n) => {
      expect(italianDecimal(n)).toBe(intl.format(n));
    },
  );
});
