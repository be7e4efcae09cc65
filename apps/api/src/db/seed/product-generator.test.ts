import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { italianName } from './catalogue-quality';
import { isValidEan13 } from './ean';
import {
  buildProducts,
  MIN_PRODUCTS_PER_LEAF,
  PRIVATE_LABEL,
  UNKNOWN_BRAND,
  type CatalogueDraft,
} from './product-generator';
import { buildPromos } from './promos';
import { loadDemoData, type RawProduct, type Taxonomy } from './taxonomy';

const dataDir = join(dirname(fileURLToPath(import.meta.url)), '../../../../../data/demo');
const now = new Date('2025-12-10T10:00:00Z');
let taxonomy: Taxonomy;
let raw: RawProduct[];
let draft: CatalogueDraft;

beforeAll(async () => {
  ({ taxonomy, products: raw } = await loadDemoData(dataDir));
  draft = buildProducts(taxonomy, raw, { now });
});

describe('buildProducts (default data)', () => {
  it('keeps every real product with an Italian name and fills each leaf to the minimum', () => {
    expect(draft.realCount).toBe(raw.filter((p) => italianName(p.name) !== null).length);
    expect(draft.realCount).toBeGreaterThan(raw.length * 0.99);
    const perLeaf = new Map<number, number>();
    for (const p of draft.products) perLeaf.set(p.categoryId, (perLeaf.get(p.categoryId) ?? 0) + 1);
    for (const leaf of taxonomy.leaves)
      expect(perLeaf.get(leaf.id) ?? 0).toBeGreaterThanOrEqual(MIN_PRODUCTS_PER_LEAF);
  });

  it('gives unique slugs, internal codes and valid unique barcodes', () => {
    const slugs = new Set(draft.products.map((p) => p.slug));
    const codes = new Set(draft.products.map((p) => p.codInt));
    const barcodes = new Set(draft.products.map((p) => p.barcode));
    expect(slugs.size).toBe(draft.products.length);
    expect(codes.size).toBe(draft.products.length);
    expect(barcodes.size).toBe(draft.products.length);
    for (const p of draft.products) {
      expect(p.codInt).toMatch(/^\d{6}$/);
      expect(isValidEan13(p.barcode as string)).toBe(true);
    }
  });

  it('sends productInfos as strings, with the rules of each TIPOLOGIA', () => {
    for (const p of draft.products) {
      for (const v of Object.values(p.productInfos)) expect(typeof v).toBe('string');
      expect(p.productInfos.TIPOLOGIA).toBe(p.sellingType);
      if (p.sellingType === 'Sfuso') expect(Number(p.productInfos.WEIGHT_SELLING)).toBeGreaterThan(0);
      if (p.productInfos.MULTI_PACK) expect(p.productInfos.QTY_MULT).toBe(p.productInfos.MULTI_PACK);
      expect(p.priceCents).toBeGreaterThan(0);
    }
  });

  it('has the fixtures the journeys rely on', () => {
    expect(draft.products.filter((p) => p.name.includes('Mozzarella')).length).toBeGreaterThanOrEqual(3);
    const leafId = (slug: string) => taxonomy.leaves.find((l) => l.slug === slug)?.id;
    expect(
      draft.products.some((p) => p.categoryId === leafId('mele-e-pere') && p.sellingType === 'Sfuso'),
    ).toBe(true);
    expect(
      draft.products.some(
        (p) =>
          p.categoryId === leafId('acqua-naturale') &&
          p.sellingType === 'Confezione' &&
          p.productInfos.QTY_MULT === '6',
      ),
    ).toBe(true);
  });

  it("gives a real product only the brand its data or its name tells, else the chain's label or none", () => {
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
    const real = draft.products.slice(0, draft.realCount);
    const sources = new Map(raw.map((p) => [p.ean, p]));
    for (const p of real) {
      const source = sources.get(p.barcode as string)!;
      if (source.brand) expect(p.brand).toBe(source.brand);
      else if (p.brand !== UNKNOWN_BRAND && p.brand !== PRIVATE_LABEL)
        // the brand as whole words of the name, at its start or later (seed/brands.ts: "Brodo Bauer" → Bauer)
        expect(` ${words(italianName(source.name)!)} `).toContain(` ${words(p.brand)} `);
    }
    // "Trenette al Nero Di seppia": no brand in the data, none known at the start of the name
    expect(real.find((p) => p.name === 'Trenette al Nero di seppia')?.brand).toBe(UNKNOWN_BRAND);
    expect(draft.vendors.filter((v) => v.name === UNKNOWN_BRAND)).toHaveLength(1);
  });

  it('is deterministic', () => {
    const again = buildProducts(taxonomy, raw, { now });
    expect(again.products.map((p) => [p.slug, p.priceCents, p.brand])).toEqual(
      draft.products.map((p) => [p.slug, p.priceCents, p.brand]),
    );
  });

  it('puts about 15 % of the products on promotion, always below the list price', () => {
    const promos = buildPromos(structuredClone(draft.products), now);
    const active = promos.filter((p) => p.validFrom <= '2025-12-10' && p.validTo >= '2025-12-10');
    expect(active.length / draft.products.length).toBeGreaterThan(0.12);
    expect(active.length / draft.products.length).toBeLessThan(0.18);
    expect(promos.some((p) => p.validTo < '2025-12-10')).toBe(true);
    const price = new Map(draft.products.map((p) => [p.productId, p.priceCents]));
    for (const p of promos) expect(p.promoPriceCents).toBeLessThan(price.get(p.productId) as number);
  });

  it('reaches a product target round-robin over the leaves', () => {
    const big = buildProducts(taxonomy, raw, { now, productTarget: 12_000 });
    expect(big.products.length).toBe(12_000);
    expect(new Set(big.products.map((p) => p.slug)).size).toBe(12_000);
  });
});

describe('catalogue quality (decision 034)', () => {
  it('has none of the names, sizes and brands a shopper found wrong', () => {
    const { products } = draft;
    const names = products.map((p) => p.name);
    for (const wrong of [/\buk\b/i, /tomatoe/i, /without/i, /saucisss?on/i, /\bitalian\b/i]) {
      expect(names.filter((n) => wrong.test(n))).toEqual([]);
    }
    const anellini = products.find((p) => /Anellini/.test(p.name) && p.brand === 'Barilla');
    expect(anellini?.format).not.toBe('33 g');
    expect(products.filter((p) => p.brand === 'Zespri' && !/kiwi/i.test(p.name))).toEqual([]);
  });

  it('draws every loose fruit as itself', () => {
    const { products } = draft;
    const avocado = products.find((p) => /^Avocado/.test(p.name));
    expect(avocado?.mediaIcon).toBe('avocado');
    const apples = products.filter((p) => /^Mele\b/.test(p.name));
    expect(apples.length).toBeGreaterThan(0);
    expect(apples.every((p) => p.mediaIcon === 'red-apple')).toBe(true);
  });
});
