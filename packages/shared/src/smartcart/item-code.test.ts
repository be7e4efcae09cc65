import { describe, expect, it } from 'vitest';
import { decodeItemCode, gs1CheckDigit, scaleLabel } from './item-code';

describe('GS1 check digit', () => {
  it.each([
    ['800810100902', 3],
    ['9638507', 4],
    ['03600029145', 2],
    ['210004201250', 9],
  ])('%s -> %i', (body, digit) => {
    expect(gs1CheckDigit(body)).toBe(digit);
  });
});

describe('decodeItemCode', () => {
  it.each([
    // product barcodes: EAN-13, EAN-8, UPC-A (as EAN-13), the chain's own prefix 20
    ['8008101009023', { kind: 'barcode', barcode: '8008101009023' }],
    ['96385074', { kind: 'barcode', barcode: '96385074' }],
    ['036000291452', { kind: 'barcode', barcode: '0036000291452' }],
    ['2000000000015', { kind: 'barcode', barcode: '2000000000015' }],
    [' 8008101 009023 ', { kind: 'barcode', barcode: '8008101009023' }],
    // scale labels: 21 weight in grams, 25 price in cents
    ['2100042012509', { kind: 'weight', barcode: '2100042012509', itemRef: 42, grams: 1250 }],
    ['2412345003505', { kind: 'weight', barcode: '2412345003505', itemRef: 12345, grams: 350 }],
    ['2500042003451', { kind: 'price', barcode: '2500042003451', itemRef: 42, priceCents: 345 }],
    ['2999999999991', { kind: 'price', barcode: '2999999999991', itemRef: 99999, priceCents: 99999 }],
  ])('%s decodes', (input, code) => {
    expect(decodeItemCode(input)).toEqual({ ok: true, code });
  });

  it.each([
    ['', 'empty'],
    ['abc', 'letters'],
    ['800810100902', 'EAN-13 without its check digit read as a UPC-A with a wrong one'],
    ['8008101009024', 'wrong check digit'],
    ['2100042012508', 'scale label with a wrong check digit'],
    ['123456789', '9 digits'],
    ['80081010090231', '14 digits'],
    ['2100000012503', 'scale label without item reference'],
    ['2100042000001', 'scale label weighing nothing'],
    ['8008-101009023', 'punctuation'],
  ])('%s is malformed (%s)', (input) => {
    expect(decodeItemCode(input)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('scaleLabel writes labels that decode back', () => {
    expect(scaleLabel('weight', 42, 1250)).toBe('2100042012509');
    expect(scaleLabel('price', 42, 345)).toBe('2500042003451');
    expect(decodeItemCode(scaleLabel('weight', 7, 5))).toMatchObject({ ok: true, code: { grams: 5 } });
  });
});
