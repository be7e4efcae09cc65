import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  discountedCents,
  priceFromUnitRange,
  shelfPriceCents,
  UNIT_PRICE_RANGES,
  unitPriceCents,
} from './pricing';
import { buildProducts, type CatalogueDraft } from './product-generator';
import { loadDemoData, type Taxonomy } from './taxonomy';

describe('shelfPriceCents', () => {
  it.each([
    [0.21, 19],
    [0.83, 79],
    [1.96, 199],
    [2.52, 249],
    [14.2, 1390],
    [14.7, 1449],
    [39.9, 3990],
  ])('%f EUR -> %i cents', (euro, cents) => {
    expect(shelfPriceCents(euro)).toBe(cents);
  });
  it('always ends in 9 or 0 and stays close to the input', () => {
    for (let e = 0.2; e < 60; e += 0.137) {
      const c = shelfPriceCents(e);
      expect([9, 0]).toContain(c % 10);
      expect(Math.abs(c / 100 - e)).toBeLessThan(Math.max(0.1, e * 0.05));
    }
  });
});

describe('discountedCents', () => {
  it('is always below the list price', () => {
    for (const price of [19, 59, 99, 149, 199, 1299, 3990]) {
      for (const perc of [10, 20, 30, 50]) {
        const p = discountedCents(price, perc);
        expect(p).toBeLessThan(price);
        expect(p).toBeGreaterThan(0);
      }
    }
    expect(discountedCents(199, 30)).toBe(139);
  });
});

describe('unitPriceCents', () => {
  it('divides by the net quantity', () => {
    expect(unitPriceCents(99, 0.5)).toBe(198);
    expect(unitPriceCents(99, null)).toBeNull();
  });
});

describe('priceFromUnitRange', () => {
  it.each([
    // shelf, content (kg or l), position in the range, shelf price in cents
    ['acqua-naturale', 0.5, 1, 49],
    ['acqua-naturale', 1.5, 0, 29],
    ['latte-a-lunga-conservazione', 1, 0, 89],
    ['olio-extravergine-di-oliva', 1, 0.5, 1140],
    ['pasta-di-semola', 0.5, 0.5, 129],
    ['prosciutto-crudo', 0.1, 0.5, 379],
    ['spezie-ed-erbe-secche', 0.02, 0, 49],
    ['sale', 0.5, 0, 19],
  ] as const)('%s, %f, at %f -> %i cents', (shelf, content, position, cents) => {
    expect(priceFromUnitRange(UNIT_PRICE_RANGES[shelf]!, content, position)).toBe(cents);
  });
});

describe('the demo catalogue’s prices per kg and per litre', () => {
  const dataDir = join(dirname(fileURLToPath(import.meta.url)), '../../../../../data/demo');
  let taxonomy: Taxonomy;
  let draft: CatalogueDraft;
  beforeAll(async () => {
    const data = await loadDemoData(dataDir);
    taxonomy = data.taxonomy;
    draft = buildProducts(taxonomy, data.products, { now: new Date('2025-12-10T10:00:00Z') });
  });

  it('names only shelves of the taxonomy, each range from low to high', () => {
    const leaves = new Set(taxonomy.leaves.map((l) => l.slug));
    for (const [slug, range] of Object.entries(UNIT_PRICE_RANGES)) {
      expect(leaves.has(slug), slug).toBe(true);
      expect(range.min).toBeGreaterThan(0);
      expect(range.max).toBeGreaterThan(range.min);
    }
  });

  it('keeps every product of a listed shelf inside its range (give or take the shelf price’s rounding)', () => {
    const slugOf = new Map(taxonomy.leaves.map((l) => [l.id, l.slug]));
    let checked = 0;
    const outside: string[] = [];
    for (const p of draft.products) {
      const range = UNIT_PRICE_RANGES[slugOf.get(p.categoryId) ?? ''];
      const content = Number(p.netQuantity);
      if (!range || !(content > 0) || (p.unitBase !== 'kg' && p.unitBase !== 'l')) continue;
      if (p.productInfos.TIPOLOGIA === 'Sfuso') continue;
      checked++;
      // the shelf price moves the pack by at most 10 cents (3 % from 10 euro on), and never goes below 19
      const euro = p.priceCents / 100;
      const slack = Math.max(0.1, euro * 0.03);
      const low = range.min * content - slack;
      const high = Math.max(range.max * content + slack, 0.19);
      if (euro < low || euro > high)
        outside.push(`${p.name} ${p.format}: ${euro} € (${(euro / content).toFixed(2)} €/${p.unitBase})`);
    }
    expect(checked).toBeGreaterThan(3000);
    expect(outside).toEqual([]);
  });

  it('prices a bottle of a 6 x 500 ml water pack and a litre of UHT milk as a shop would', () => {
    const water = draft.products.filter((p) => /^acqua/i.test(p.name) && /6 x 500 ml/.test(p.format));
    expect(water.length).toBeGreaterThan(0);
    for (const p of water) expect(p.priceCents).toBeGreaterThanOrEqual(25);
    const milk = draft.products.filter((p) => /latte/i.test(p.name) && p.unitBase === 'l');
    for (const p of milk) expect(p.priceCents / Number(p.netQuantity) / 100).toBeGreaterThanOrEqual(0.8);
  });
});
