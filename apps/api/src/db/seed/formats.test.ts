import { describe, expect, it } from 'vitest';
import { parseFormat } from './formats';

describe('parseFormat', () => {
  it.each([
    ['confezione 500 g', { pieces: 1, perPiece: 0.5, total: 0.5, unit: 'kg' }],
    ['g 500', { pieces: 1, total: 0.5, unit: 'kg' }],
    ['6 x 1,5 l', { pieces: 6, perPiece: 1.5, total: 9, unit: 'l' }],
    ['confezione 10 x 100 ml', { pieces: 10, perPiece: 0.1, total: 1, unit: 'l' }],
    ['bustine 3 x 16 g', { pieces: 3, perPiece: 0.016, total: 0.048, unit: 'kg' }],
    ['33 cl', { total: 0.33, unit: 'l' }],
    ['0,18 kg', { total: 0.18, unit: 'kg' }],
    ['flacone 1,5 l (30 lavaggi)', { total: 1.5, unit: 'l' }],
    ['vaschetta ~400 g', { approximate: true, total: 0.4, unit: 'kg' }],
    ['al kg', { perKg: true, total: 1, unit: 'kg' }],
    ['4 rotoli', { count: 4, unit: 'pz', total: null }],
    ['confezione 8 pezzi', { count: 8, unit: 'pz' }],
    ['3 x 64 pezzi', { pieces: 3, count: 192, unit: 'pz' }],
    ['mazzo', { unit: null, total: null, count: null }],
  ])('%s', (format, expected) => {
    expect(parseFormat(format)).toMatchObject(expected);
  });
});
