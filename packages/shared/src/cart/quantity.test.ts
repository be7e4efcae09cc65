import { describe, expect, it } from 'vitest';
import {
  boxQuantity,
  capQuantity,
  convertUnit,
  firstQuantity,
  formatQuantity,
  isPackageQuantity,
  lineTotalCents,
  logisticCounts,
  maxShownInPieces,
  minus,
  parseSellingRules,
  plus,
  refusalMessage,
  roundQuantity,
  roundToMultiple,
  typedQuantity,
  unitFactor,
  validateQuantity,
  type QuantityProduct,
} from './quantity';

const piece = (infos: Record<string, string> = {}, extra: Partial<QuantityProduct> = {}) =>
  parseSellingRules({ productInfos: { TIPOLOGIA: 'Pezzo', UNIT_SELLING: 'PZ', ...infos }, ...extra });
const pack6 = (infos: Record<string, string> = {}, extra: Partial<QuantityProduct> = {}) =>
  parseSellingRules({
    productInfos: { TIPOLOGIA: 'Confezione', QTY_MULT: '6', MULTI_PACK: '6', UNIT_SELLING: 'PZ', ...infos },
    ...extra,
  });
/** loose by weight: from 500 g in steps of 100 g (WEIGHT_SELLING / STEP_SELLING in grams, base kg) */
const loose = (ws = '500', step = '100', infos: Record<string, string> = {}) =>
  parseSellingRules({
    productInfos: {
      TIPOLOGIA: 'Sfuso',
      WEIGHT_SELLING: ws,
      STEP_SELLING: step,
      WEIGHT_UNIT_SELLING: 'GR',
      WEIGHT_UNIT_BASE: 'KG',
      ...infos,
    },
  });

describe('unit factors and conversions (spec section 5)', () => {
  it.each([
    ['g', 1000],
    ['gr', 1000],
    ['GR', 1000],
    ['kg', 1],
    ['KG', 1],
    ['hg', 10],
    ['HG', 10],
    ['dag', 100],
    ['ml', 1000],
    ['ML', 1000],
    ['cl', 100],
    ['CL', 100],
    ['lt', 1],
    ['LT', 1],
    ['l', 1],
    [' Kg ', 1],
  ])('%s -> %d selling units per base unit', (code, factor) => {
    expect(unitFactor(code)).toBe(factor);
  });

  it.each([['pz'], ['oz'], [''], [null], [undefined]])('unknown unit %s -> null', (code) => {
    expect(unitFactor(code)).toBeNull();
  });

  it.each([
    [500, 'GR', 'KG', 0.5],
    [0.5, 'kg', 'g', 500],
    [1500, 'gr', 'kg', 1.5],
    [5, 'HG', 'KG', 0.5],
    [25, 'dag', 'kg', 0.25],
    [750, 'ML', 'LT', 0.75],
    [75, 'cl', 'l', 0.75],
    [1, 'l', 'ml', 1000],
    [0.1, 'kg', 'gr', 100],
    [1234.5678, 'g', 'kg', 1.235],
  ])('%d %s = %d %s', (q, from, to, expected) => {
    expect(convertUnit(q, from, to)).toBe(expected);
  });

  it('an unknown unit or a non-number cannot be converted', () => {
    expect(convertUnit(1, 'pz', 'kg')).toBeNull();
    expect(convertUnit(Number.NaN, 'g', 'kg')).toBeNull();
  });
});

describe('rounding to 3 decimals on thousandths', () => {
  it.each([
    [0.1 + 0.2, 0.3],
    [1.5, 1.5],
    [0.0001, 0],
    [0.0005, 0.001],
    [2.3456, 2.346],
    [1.1 * 3, 3.3],
  ])('%d -> %d', (raw, rounded) => {
    expect(roundQuantity(raw)).toBe(rounded);
  });

  it('ten steps of 100 g make exactly 1 kg (no float drift)', () => {
    const r = loose('100', '100');
    let q = 0;
    for (let i = 0; i < 10; i++) q = plus(r, q);
    expect(q).toBe(1);
  });
});

describe('parseSellingRules', () => {
  it('reads strings into numbers, with the defaults of spec section 9', () => {
    expect(piece()).toMatchObject({
      sellingType: 'Pezzo',
      qtyMult: 1,
      qtyLocked: false,
      minAcq: 1,
      multiPack: 1,
    });
    expect(pack6({ QTY_LOCKED: 'true' })).toMatchObject({
      sellingType: 'Confezione',
      qtyMult: 6,
      qtyLocked: true,
      multiPack: 6,
    });
    expect(loose('500', '100')).toMatchObject({ sellingType: 'Sfuso', weightSelling: 0.5, stepSelling: 0.1 });
  });

  it('Sfuso with only one of WEIGHT_SELLING / STEP_SELLING uses it for both; garbage is ignored', () => {
    expect(loose('1500', '')).toMatchObject({ weightSelling: 1.5, stepSelling: 1.5 });
    expect(loose('abc', '250')).toMatchObject({ weightSelling: 0.25, stepSelling: 0.25 });
    expect(piece({ QTY_MULT: '-3' }).qtyMult).toBe(1);
    expect(piece({ QTY_MULT: '2.5' }).qtyMult).toBe(1);
  });

  it('Sfuso in hectograms (HG) converts to kg', () => {
    expect(loose('5', '1', { WEIGHT_UNIT_SELLING: 'HG' })).toMatchObject({
      weightSelling: 0.5,
      stepSelling: 0.1,
    });
  });

  it('minAcq from the product, else MINACQ; purchase limit is the smaller of maxAcq and the class rule', () => {
    expect(piece({ MINACQ: '3' }).minAcq).toBe(3);
    expect(piece({ MINACQ: '3' }, { minAcq: 2 }).minAcq).toBe(2);
    expect(piece({}, { maxAcq: 12, productClassRuleMax: { max: 8 } }).purchaseLimit).toBe(8);
    expect(piece({}, { maxAcq: 12 }).purchaseLimit).toBe(12);
    expect(piece().purchaseLimit).toBeNull();
  });
});

describe('plus and minus: pieces and packs step by QTY_MULT, never below minAcq', () => {
  it.each([
    ['piece', piece(), 0, 1],
    ['piece', piece(), 1, 2],
    ['piece QTY_MULT 2', piece({ QTY_MULT: '2' }), 0, 2],
    ['piece minAcq 3', piece({}, { minAcq: 3 }), 0, 3],
    ['piece minAcq 3', piece({}, { minAcq: 3 }), 3, 4],
    ['pack of 6', pack6(), 0, 6],
    ['pack of 6', pack6(), 6, 12],
    ['pack of 6, minAcq 8, locked', pack6({ QTY_LOCKED: 'true' }, { minAcq: 8 }), 0, 12],
  ])('%s: + from %d -> %d', (_name, rules, from, to) => {
    expect(plus(rules, from)).toBe(to);
  });

  it.each([
    ['piece', piece(), 2, 1],
    ['piece', piece(), 1, 0],
    ['pack of 6', pack6(), 12, 6],
    ['pack of 6', pack6(), 6, 0],
    ['piece minAcq 3 at 3 -> removal', piece({}, { minAcq: 3 }), 3, 0],
  ])('%s: - from %d -> %d', (_name, rules, from, to) => {
    expect(minus(rules, from)).toEqual({ quantity: to });
  });

  it('a decrease below minAcq (but not to 0) is refused with errors.minAcq', () => {
    const r = piece({ QTY_MULT: '2' }, { minAcq: 4 });
    const step = minus(r, 4);
    expect(step).toEqual({ quantity: 0 });
    const refused = minus(piece({}, { minAcq: 3 }), 4);
    expect(refused).toEqual({ quantity: 3 });
    const r2 = piece({ QTY_MULT: '2' }, { minAcq: 3 });
    expect(minus(r2, 4)).toEqual({ quantity: 4, refusal: { kind: 'minAcq', min: 3 } });
    expect(refusalMessage(r2, { kind: 'minAcq', min: 3 })).toEqual({
      key: 'errors.minAcq',
      text: 'La quantità minima acquistabile è 3 pz',
    });
  });
});

describe('Sfuso: starts at WEIGHT_SELLING, moves by STEP_SELLING, drops to 0 below WEIGHT_SELLING', () => {
  const r = loose('500', '100');
  it.each([
    [0, 0.5],
    [0.2, 0.5],
    [0.5, 0.6],
    [0.6, 0.7],
    [1.9, 2],
  ])('+ from %d kg -> %d kg', (from, to) => {
    expect(plus(r, from)).toBe(to);
  });
  it.each([
    [0.7, 0.6],
    [0.6, 0.5],
    [0.5, 0],
    [0.55, 0],
    [2, 1.9],
  ])('- from %d kg -> %d kg', (from, to) => {
    expect(minus(r, from).quantity).toBe(to);
  });

  it('a melon of ~1500 g goes 1.5, 3, 4.5 kg and back (1.5 never becomes 2)', () => {
    const melon = loose('1500', '1500');
    expect(plus(melon, 0)).toBe(1.5);
    expect(plus(melon, 1.5)).toBe(3);
    expect(plus(melon, 3)).toBe(4.5);
    expect(minus(melon, 3).quantity).toBe(1.5);
    expect(minus(melon, 1.5).quantity).toBe(0);
  });

  it('from 300 g in steps of 250 g', () => {
    const r2 = loose('300', '250');
    expect([plus(r2, 0), plus(r2, 0.3), plus(r2, 0.55)]).toEqual([0.3, 0.55, 0.8]);
  });

  it('writes quantities in the selling unit', () => {
    expect(formatQuantity(r, 0.5)).toBe('500 g');
    expect(formatQuantity(loose('1500', '1500'), 1.5)).toBe('1500 g');
    expect(formatQuantity(piece(), 6)).toBe('6 pz');
  });
});

describe('QTY_LOCKED rounds to the nearest multiple, at least one', () => {
  it.each([
    [7, 6, 6],
    [9, 6, 12],
    [8.9, 6, 6],
    [1, 6, 6],
    [0, 6, 6],
    [-4, 6, 6],
    [17, 6, 18],
    [5, 1, 5],
  ])('roundToMultiple(%d, %d) = %d', (q, m, expected) => {
    expect(roundToMultiple(q, m)).toBe(expected);
  });

  it.each([
    ['locked pack: 7 -> 6', pack6({ QTY_LOCKED: 'true' }), 7, 6],
    ['locked pack: 2 -> 6 (at least one multiple)', pack6({ QTY_LOCKED: 'true' }), 2, 6],
    ['unlocked pack keeps 7', pack6(), 7, 7],
    ['locked pack capped at MAXACQ 24', pack6({ QTY_LOCKED: 'true', MAXACQ: '24' }), 40, 24],
    ['piece capped at MAXACQ 5', piece({ MAXACQ: '5' }), 9, 5],
    ['negative typed -> 0', piece(), -3, 0],
    ['NaN typed -> 0', piece(), Number.NaN, 0],
  ])('typedQuantity %s', (_name, rules, typed, expected) => {
    expect(typedQuantity(rules, typed)).toBe(expected);
  });
});

describe('caps and the limit shown in pieces', () => {
  it('caps at MAXACQ and at the smaller of maxAcq and the class rule max', () => {
    expect(capQuantity(piece({ MAXACQ: '10' }, { maxAcq: 20, productClassRuleMax: { max: 8 } }), 50)).toBe(8);
    expect(capQuantity(piece({ MAXACQ: '10' }, { maxAcq: 20 }), 50)).toBe(10);
    expect(capQuantity(piece(), 50)).toBe(50);
  });

  it.each([
    [{ maxAcq: 60 }, 6, 10],
    [{ maxAcq: 60, productClassRuleMax: { max: 36 } }, 6, 6],
    [{ maxAcq: 65 }, 6, 10],
    [{ maxAcq: 5 }, 1, 5],
    [{}, 6, null],
  ])('limit %o with MULTI_PACK %d shows %s pieces', (extra, multiPack, shown) => {
    const r = parseSellingRules({
      productInfos: { TIPOLOGIA: 'Confezione', MULTI_PACK: String(multiPack), QTY_MULT: String(multiPack) },
      ...extra,
    });
    expect(maxShownInPieces(r)).toBe(shown);
  });
});

describe('box button, package mode, colli and pallets', () => {
  const boxed = pack6({ ENABLE_ACQ_BOX: 'true' }, { logisticPackagingItems: 18, logisticPalletItems: 540 });

  it('the box button adds logisticPackagingItems pieces when the quantity is 0 only', () => {
    expect(boxQuantity(boxed, 0)).toBe(18);
    expect(boxQuantity(boxed, 6)).toBeNull();
    expect(boxQuantity(pack6(), 0)).toBeNull();
    expect(boxQuantity(loose(), 0)).toBeNull();
  });

  it.each([
    [18, true],
    [36, true],
    [24, false],
    [0, false],
  ])('%d pieces: package-flagged item = %s', (q, pkg) => {
    expect(isPackageQuantity(boxed, q)).toBe(pkg);
  });

  it('package mode needs ENABLE_ACQ_BOX', () => {
    expect(isPackageQuantity(pack6({}, { logisticPackagingItems: 18 }), 18)).toBe(false);
  });

  it.each([
    [18, 1, null],
    [36, 2, null],
    [540, 30, 1],
    [1080, 60, 2],
    [24, null, null],
    [0, null, null],
  ])('%d pieces: %s colli, %s pallets (exact multiples only)', (q, colli, pallets) => {
    expect(logisticCounts(boxed, q)).toEqual({ colli, pallets });
  });
});

describe('validateQuantity: typed refusals with Italian messages', () => {
  const locked = pack6({ QTY_LOCKED: 'true', MAXACQ: '60' }, { maxAcq: 60 });
  it.each([
    ['piece 1', piece(), 1, {}, null],
    ['negative', piece(), -1, {}, 'invalid'],
    ['zero', piece(), 0, {}, 'invalid'],
    ['NaN', piece(), Number.NaN, {}, 'invalid'],
    ['Infinity', piece(), Number.POSITIVE_INFINITY, {}, 'invalid'],
    ['1e9', piece(), 1e9, {}, 'invalid'],
    ['just over QUANTITY_MAX', piece(), 1_000_000, {}, 'invalid'],
    ['half a piece', piece(), 1.5, {}, 'invalid'],
    ['below minAcq', piece({}, { minAcq: 3 }), 2, {}, 'minAcq'],
    ['locked non-multiple', locked, 7, {}, 'multiple'],
    ['locked multiple', locked, 12, {}, null],
    ['unlocked non-multiple is fine', pack6(), 7, {}, null],
    ['over MAXACQ', locked, 66, {}, 'maximum'],
    ['not available', piece(), 1, { available: 0 }, 'notAvailable'],
    ['more than available', piece(), 5, { available: 4 }, 'notEnough'],
    ['exactly available', piece(), 4, { available: 4 }, null],
    ['daily limit with today', locked, 24, { alreadyToday: 42 }, 'dailyMaximum'],
    ['daily limit reached exactly', locked, 18, { alreadyToday: 42 }, null],
    ['Sfuso 0.5 kg', loose(), 0.5, {}, null],
    ['Sfuso 0.1 kg below WEIGHT_SELLING', loose(), 0.1, {}, 'minAcq'],
    ['Sfuso 0.0001 kg', loose(), 0.0001, {}, 'invalid'],
    ['Sfuso off the step grid', loose('300', '250'), 0.6, {}, 'step'],
    ['Sfuso on the grid', loose('300', '250'), 0.8, {}, null],
    ['Sfuso float drift 0.30000000000000004', loose('100', '100'), 0.1 + 0.2, {}, null],
    ['Sfuso 1.5 kg melon', loose('1500', '1500'), 1.5, {}, null],
    ['Sfuso 2 kg melon is off the grid', loose('1500', '1500'), 2, {}, 'step'],
  ])('%s', (_name, rules, q, ctx, kind) => {
    const check = validateQuantity(rules, q, ctx);
    if (kind === null) expect(check).toEqual({ ok: true, quantity: roundQuantity(q) });
    else expect(check.ok ? null : check.refusal.kind).toBe(kind);
  });

  it.each([
    [piece({}, { minAcq: 3 }), 2, {}, 'errors.minAcq', 'La quantità minima acquistabile è 3 pz'],
    [loose(), 0.1, {}, 'errors.minAcq', 'La quantità minima acquistabile è 500 g'],
    [locked, 7, {}, 'errors.qtyMultiple', 'La quantità deve essere un multiplo di 6'],
    [
      loose('300', '250'),
      0.6,
      {},
      'errors.qtyStep',
      'La quantità deve partire da 300 g e variare di 250 g alla volta',
    ],
    [locked, 66, {}, 'errors.maxAcq', 'La quantità massima acquistabile è 60 pz'],
    [
      locked,
      24,
      { alreadyToday: 42 },
      'errors.maxDailyAcq',
      'Hai superato la quantità massima giornaliera acquistabile per questo articolo',
    ],
    [piece(), 1, { available: 0 }, 'product.notAvailable', 'Prodotto non disponibile'],
    [
      piece(),
      9,
      { available: 4 },
      'errors.notEnoughAvailable',
      'La quantità richiesta non è disponibile: al massimo 4 pz',
    ],
    [piece(), -1, {}, 'errors.quantityInvalid', 'La quantità indicata non è valida.'],
  ])('message of refusal %#: %s', (rules, q, ctx, key, text) => {
    const check = validateQuantity(rules, q, ctx);
    if (check.ok) throw new Error('expected a refusal');
    expect(refusalMessage(rules, check.refusal)).toEqual({ key, text });
  });

  it('firstQuantity: what the first + gives', () => {
    expect(firstQuantity(piece())).toBe(1);
    expect(firstQuantity(pack6())).toBe(6);
    expect(firstQuantity(loose())).toBe(0.5);
  });
});

describe('line totals in cents on thousandths', () => {
  it.each([
    [0.1, 1299, 130],
    [1.5, 1299, 1949],
    [0.3, 999, 300],
    [6, 79, 474],
    [0.001, 1, 0],
    [0.1 + 0.2, 1000, 300],
  ])('%d x %d cents = %d cents', (q, cents, total) => {
    expect(lineTotalCents(q, cents)).toBe(total);
  });
});
