import { describe, expect, it } from 'vitest';
import { parseFormat } from './formats';
import { createRng } from './random';
import { decideSelling } from './selling';

const rng = () => createRng('test');

describe('decideSelling', () => {
  it('sells loose fruit by weight with string productInfos', () => {
    const r = decideSelling('Sfuso', 'kg', parseFormat('al kg'), 'Mele Golden', rng());
    expect(r.sellingType).toBe('Sfuso');
    expect(r.pricedPerKg).toBe(true);
    expect(r.productInfos).toMatchObject({
      TIPOLOGIA: 'Sfuso',
      WEIGHT_UNIT_SELLING: 'GR',
      WEIGHT_UNIT_BASE: 'KG',
      MINACQ: '1',
    });
    expect(Number(r.productInfos.WEIGHT_SELLING)).toBeGreaterThan(0);
    expect(Number(r.productInfos.STEP_SELLING)).toBeGreaterThan(0);
    for (const v of Object.values(r.productInfos)) expect(typeof v).toBe('string');
  });

  it('sells a melon per piece, priced per kg', () => {
    const r = decideSelling('Sfuso', 'kg', parseFormat('al kg'), 'Melone retato', rng());
    expect(r.productInfos.WEIGHT_SELLING_SINGLE_UNIT).toMatch(/^\d+$/);
    expect(r.productInfos.STEP_SELLING).toBe(r.productInfos.WEIGHT_SELLING_SINGLE_UNIT);
  });

  it('sells a tray of about 400 g as one weighed piece', () => {
    const r = decideSelling('Sfuso', 'kg', parseFormat('vaschetta ~400 g'), 'Salsiccia', rng());
    expect(r.productInfos).toMatchObject({
      TIPOLOGIA: 'Sfuso',
      WEIGHT_SELLING_SINGLE_UNIT: '400',
      WEIGHT_SELLING: '400',
    });
  });

  it('sells a 6-bottle water pack by 6 single bottles', () => {
    const r = decideSelling('Confezione', 'l', parseFormat('6 x 1,5 l'), 'Acqua minerale naturale', rng());
    expect(r.sellingType).toBe('Confezione');
    expect(r.productInfos).toMatchObject({ TIPOLOGIA: 'Confezione', QTY_MULT: '6', MULTI_PACK: '6' });
    expect(r.netQuantity).toBe(1.5);
    expect(r.unitBase).toBe('l');
  });

  it('sells packaged goods as pieces', () => {
    const r = decideSelling('Pezzo', 'kg', parseFormat('confezione 500 g'), 'Spaghetti', rng());
    expect(r.productInfos).toMatchObject({ TIPOLOGIA: 'Pezzo', UNIT_SELLING: 'PZ' });
    expect(['1', '2']).toContain(r.productInfos.QTY_MULT);
    expect(r.netQuantity).toBe(0.5);
  });
});
