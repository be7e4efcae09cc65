/**
 * Builds the product rows in memory: the real Open Food Facts products first (file order), then generated
 * ones so that every leaf has at least `minPerLeaf` products, then (for benchmarks) more generated ones,
 * round-robin over the leaves, until `productTarget` is reached. Pure: same input, same rows.
 */
import type { products } from '../schema';
import {
  brandMakes,
  illustrationFor,
  italianName,
  looseBrandFits,
  plausibleFormat,
} from './catalogue-quality';
import { brandsInNames } from './brands';
import { privateEan13 } from './ean';
import { parseFormat } from './formats';
import { brandCasingMap, detectLeadingBrand, kebab, tidyName } from './names';
import { freeFromOf } from '../../modules/catalogue/food-info';
import { priceFromUnitRange, shelfPriceCents, UNIT_PRICE_RANGES, unitPriceCents } from './pricing';
import {
  cleanIngredients,
  extendedDescription,
  isGlutenFree,
  isLombard,
  isNonFood,
  isOrganic,
  nutritionText,
  storageText,
} from './product-text';
import { createRng, hashString, type Rng } from './random';
import { decideSelling } from './selling';
import { stripIconPrefix, type Leaf, type RawNutrition, type RawProduct, type Taxonomy } from './taxonomy';

/** Cured meats sold loose are sliced to order: the customer picks the cut when adding to the cart. */
const SLICED_TO_ORDER = /prosciutto|salame|mortadella|bresaola|speck|coppa/i;
const SLICE_OPTIONS = [
  {
    name: 'Taglio',
    parameterName: 'TAGLIO',
    options: [
      { key: 'sottile', value: 'Affettato sottile' },
      { key: 'medio', value: 'Affettato medio' },
      { key: 'intero', value: 'Trancio intero' },
    ],
  },
];

/** selectOptions of a product (no random draw: the rest of the catalogue stays the same). */
export function selectOptionsFor(name: string, sellingType: string): typeof SLICE_OPTIONS {
  return sellingType === 'Sfuso' && SLICED_TO_ORDER.test(name) ? SLICE_OPTIONS : [];
}

export type ProductRow = typeof products.$inferInsert & {
  productId: number;
  /** the product's typical stock on a store's shelf (seed/store-stock.ts spreads it over the stores) */
  stock: string;
  vendorId: number;
  productInfos: Record<string, string>;
};
export interface VendorRow {
  vendorId: number;
  name: string;
}
export interface CatalogueDraft {
  vendors: VendorRow[];
  products: ProductRow[];
  /** how many of the products come from products-it.json */
  realCount: number;
}

/** The chain's private label: loose goods, fresh counters and the generated unbranded goods. */
export const PRIVATE_LABEL = 'Spesa';
/** The brand (and vendor name) of a real packaged product whose brand the data does not tell: shown as none. */
export const UNKNOWN_BRAND = '';
const PRIVATE_LABELS = [PRIVATE_LABEL, 'Spesa Bio', 'Spesa Selezione'] as const;

export const MIN_PRODUCTS_PER_LEAF = 8;

// Qualifiers that tell generated variants apart. Only words that agree with any noun ("Zucchine classico"
// would not): nouns and invariable phrases.
const FOOD_QUALIFIERS = [
  'Bio',
  'Selezione',
  'Gran Gusto',
  'Formato famiglia',
  'Premium',
  '100% italiano',
  'Extra',
  'Convenienza',
  'Linea Oro',
  'Qualità superiore',
];
const NON_FOOD_QUALIFIERS = [
  'Eco',
  'Maxi',
  'Convenienza',
  'Plus',
  'Extra',
  'Sensitive',
  'Pro',
  'Formato famiglia',
];

/** Leaves whose products sell the most: the top-seller sliders should show milk, pasta, bananas, water. */
const STAPLE_LEAVES = new Set([
  'latte-fresco',
  'latte-a-lunga-conservazione',
  'pasta-di-semola',
  'banane-e-frutta-esotica',
  'acqua-naturale',
  'acqua-frizzante',
  'passata-di-pomodoro',
  'uova-fresche',
  'pane-comune',
  'mozzarella',
  'biscotti',
  'caffe-macinato-e-in-grani',
  'mele-e-pere',
  'olio-extravergine-di-oliva',
  'carta-igienica',
  'yogurt-bianco-e-greco',
  'grana-padano-e-parmigiano-reggiano',
  'pomodori',
  'patate-cipolle-e-aglio',
  'zucchero',
  'farine',
  'burro',
]);
const STAPLE_NAMES =
  /^(banan|latte|spaghetti|penne|acqua|mozzarella|passata|uova|biscott|pane|caff[eè]|mele|zucchero|burro)/i;

/** IVA: 4 % basic food, 22 % non-food, drinks and alcohol, coffee; 10 % the rest of the food. */
const IVA_22_DEPARTMENTS = new Set([
  'cura-della-casa',
  'cura-della-persona',
  'animali',
  'vini-e-birre',
  'bevande',
]);
const IVA_22_CATEGORIES = new Set(['igiene-infanzia', 'caffe-te-e-tisane']);
const IVA_4_CATEGORIES = new Set([
  'frutta',
  'verdura',
  'latte-e-bevande-vegetali',
  'burro-panna-e-margarina',
  'formaggi',
  'formaggi-freschi',
  'pane-fresco',
  'pane-confezionato',
  'sostituti-del-pane',
  'pasta-secca',
  'pasta-fresca-e-gnocchi',
  'riso-e-cereali',
  'farine-e-preparati',
  'olio',
  'pomodoro',
]);
export function ivaPctFor(leaf: Leaf): number {
  if (IVA_22_DEPARTMENTS.has(leaf.department.slug) || IVA_22_CATEGORIES.has(leaf.category.slug)) return 22;
  if (IVA_4_CATEGORIES.has(leaf.category.slug)) return 4;
  return 10;
}

interface ProductSpec {
  leaf: Leaf;
  name: string;
  brand: string;
  format: string;
  barcode: string;
  real?: RawProduct;
}

/** Price position inside the leaf's range from the pack size: bigger packs cost more. */
function sizeScale(leaf: Leaf): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const f of leaf.typicalFormats) {
    const p = parseFormat(f);
    const v = p.total ?? p.count;
    if (v !== null && !p.perKg) {
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
  }
  return { min, max };
}

function priceFor(
  spec: ProductSpec,
  rules: ReturnType<typeof decideSelling>,
  rng: Rng,
  scale: { min: number; max: number },
): number {
  const { min, max, per } = spec.leaf.priceRangeEur;
  const lerp = (t: number) => min + (max - min) * Math.min(1, Math.max(0, t));
  if (per === 'kg') {
    const perKg = lerp(rng.next());
    if (rules.pricedPerKg) return shelfPriceCents(perKg);
    // a fixed-weight bag of loose produce ("rete 2 kg"): sold per piece
    const fmt = parseFormat(spec.format);
    const kg = fmt.unit === 'kg' && fmt.total ? fmt.total : rng.pick([0.3, 0.5, 0.8, 1]);
    return shelfPriceCents(perKg * kg);
  }
  const fmt = parseFormat(spec.format);
  const size = fmt.total ?? fmt.count;
  let t = rng.next();
  if (size !== null && Number.isFinite(scale.min) && scale.max > scale.min) {
    t = 0.1 + 0.75 * ((size - scale.min) / (scale.max - scale.min)) + (rng.next() - 0.5) * 0.3;
  } else if (size !== null && Number.isFinite(scale.min)) {
    t = 0.2 + 0.6 * rng.next();
  }
  // a shelf with a price per kg or litre: the content decides, the bigger packs cheaper per unit
  const range = UNIT_PRICE_RANGES[spec.leaf.slug];
  const content = rules.netQuantity;
  if (range && content !== null && content > 0 && (rules.unitBase === 'kg' || rules.unitBase === 'l'))
    return priceFromUnitRange(range, content, 1 - t);
  const packEuro = lerp(t);
  if (rules.pieces > 1) return Math.max(19, shelfPriceCents(packEuro / rules.pieces));
  if (rules.sellingType === 'Sfuso') return shelfPriceCents(packEuro);
  return shelfPriceCents(packEuro);
}

function salesRankFor(leaf: Leaf, name: string, rng: Rng): number {
  // most products sell little (power law); staples sell a lot, whatever their brand
  const base = Math.floor(2 + 600 * Math.pow(rng.next(), 4));
  const staple = STAPLE_LEAVES.has(leaf.slug) || STAPLE_NAMES.test(name);
  return staple ? base * 2 + 400 + rng.int(0, 1500) : base;
}

function round3(n: number | null): string | null {
  return n === null || !Number.isFinite(n) ? null : n.toFixed(3);
}

export function buildProducts(
  taxonomy: Taxonomy,
  rawProducts: readonly RawProduct[],
  opts: { now: Date; productTarget?: number; minPerLeaf?: number },
): CatalogueDraft {
  const rng = createRng().fork('products');
  const minPerLeaf = opts.minPerLeaf ?? MIN_PRODUCTS_PER_LEAF;
  const nowMs = opts.now.getTime();
  const DAY = 86_400_000;

  const allBrands = new Set<string>();
  for (const l of taxonomy.leaves) for (const b of l.brands) allBrands.add(b);
  for (const p of rawProducts) if (p.brand) allBrands.add(p.brand);
  const brandCasing = brandCasingMap(allBrands);
  const brandsLongestFirst = [...allBrands].sort((a, b) => b.length - a.length || a.localeCompare(b));
  const brandInName = brandsInNames(
    allBrands,
    rawProducts.map((p) => p.name),
  );

  const vendors: VendorRow[] = [];
  const vendorIds = new Map<string, number>();
  const vendorId = (brand: string): number => {
    let id = vendorIds.get(brand);
    if (id === undefined) {
      id = vendors.length + 1;
      vendorIds.set(brand, id);
      vendors.push({ vendorId: id, name: brand });
    }
    return id;
  };
  const scales = new Map<number, { min: number; max: number }>();
  const scaleOf = (leaf: Leaf) => {
    let s = scales.get(leaf.id);
    if (!s) scales.set(leaf.id, (s = sizeScale(leaf)));
    return s;
  };

  const rows: ProductRow[] = [];
  const perLeaf = new Map<number, number>();

  const makeRow = (spec: ProductSpec): ProductRow => {
    const productId = rows.length + 1;
    const r = rng; // one sequence, in row order: deterministic
    const { leaf, name, brand, format, real } = spec;
    const parsed = parseFormat(format);
    const rules = decideSelling(leaf.sellingType, leaf.unit, parsed, name, r);
    const priceCents = priceFor(spec, rules, r, scaleOf(leaf));
    const isNew = r.chance(0.05);
    const createdAt = new Date(nowMs - (isNew ? r.int(0, 20) : r.int(45, 720)) * DAY - r.int(0, DAY - 1));
    const nonFood = isNonFood(leaf.department.slug);
    let badgeLabel: string | null = null;
    let badgeCssClass: string | null = null;
    if (isNew && r.chance(0.6)) [badgeLabel, badgeCssClass] = ['Novità', 'badge-new'];
    else if (!nonFood && isGlutenFree(name))
      [badgeLabel, badgeCssClass] = ['Senza glutine', 'badge-gluten-free'];
    else if (isOrganic(name, brand)) [badgeLabel, badgeCssClass] = ['Bio', 'badge-bio'];
    else if (isLombard(name, leaf.slug)) [badgeLabel, badgeCssClass] = ['Lombardia', 'badge-local'];
    const infos = rules.productInfos;
    if (r.chance(0.12)) infos.EXTENDED_DESCRIPTION = extendedDescription(name, brand, leaf.department.slug);
    let logisticPackagingItems: number | null = null;
    let logisticPalletItems: number | null = null;
    if (rules.sellingType === 'Confezione' && rules.pieces > 1 && r.chance(0.35)) {
      logisticPackagingItems = rules.pieces * r.pick([2, 3, 4]);
      logisticPalletItems = logisticPackagingItems * r.pick([20, 30, 40]);
      infos.ENABLE_ACQ_BOX = 'true';
      infos.LOGISTIC_PACKAGING_ITEMS = String(logisticPackagingItems);
    }
    let maxAcq: number | null = null;
    if (r.chance(0.03)) maxAcq = rules.pieces * r.pick([5, 10, 20]);
    if (maxAcq !== null) infos.MAXACQ = String(maxAcq);
    const stock = r.chance(0.02)
      ? 0
      : rules.sellingType === 'Sfuso'
        ? Math.round(r.int(5_000, 80_000)) / 1000
        : r.int(4, 300) * rules.pieces;
    const nutrition: RawNutrition | null = real?.nutritionPer100g ?? null;
    const features: string[] = [];
    if (badgeLabel === 'Bio' || isOrganic(name, brand)) features.push('Da agricoltura biologica.');
    if (isLombard(name, leaf.slug)) features.push('Prodotto tipico lombardo.');
    if (!nonFood && isGlutenFree(name)) features.push('Senza glutine.');
    const codInt = String(100000 + productId);
    const ingredients = cleanIngredients(real?.ingredients);
    const allergens = real?.allergens && real.allergens.length > 0 ? real.allergens.join(', ') : null;
    return {
      productId,
      codInt,
      codVar: '1',
      name,
      slug: `${kebab(name)}-${codInt}`,
      barcode: spec.barcode,
      brand,
      format,
      vendorId: vendorId(brand),
      categoryId: leaf.id,
      ivaPct: ivaPctFor(leaf).toFixed(2),
      sellingType: rules.sellingType,
      unitBase: rules.unitBase,
      productInfos: infos,
      priceCents,
      unitPriceCents: rules.pricedPerKg ? priceCents : unitPriceCents(priceCents, rules.netQuantity),
      netQuantity: round3(rules.netQuantity),
      stock: stock.toFixed(3),
      minAcq: 1,
      maxAcq,
      isNew,
      highlight: r.chance(0.03),
      badgeLabel,
      badgeCssClass,
      ingredients,
      allergens,
      freeFrom: freeFromOf({ name, allergens, ingredients }),
      storage: real
        ? real.ingredients
          ? storageText(leaf.department.slug, leaf.category.slug, rules.sellingType)
          : null
        : storageText(leaf.department.slug, leaf.category.slug, rules.sellingType),
      nutritionalValues: nutritionText(nutrition),
      features: features.length > 0 ? features.join(' ') : null,
      nutriScoreEstimate: real?.nutriScoreEstimate ?? null,
      sourceUrl: real?.offUrl ?? null,
      mediaIcon: illustrationFor(
        name,
        nonFood,
        stripIconPrefix(leaf.icon) ?? stripIconPrefix(leaf.department.icon) ?? 'shopping-cart',
      ),
      logisticPackagingItems,
      logisticPalletItems,
      selectOptions: selectOptionsFor(name, rules.sellingType),
      salesRank: salesRankFor(leaf, name, r),
      active: true,
      createdAt,
      updatedAt: createdAt,
    };
  };

  const push = (spec: ProductSpec) => {
    rows.push(makeRow(spec));
    perLeaf.set(spec.leaf.id, (perLeaf.get(spec.leaf.id) ?? 0) + 1);
  };

  // 1. real products
  for (const p of rawProducts) {
    const leaf = taxonomy.leafById.get(p.categoryId);
    if (!leaf) continue;
    const h = hashString(p.ean);
    const italian = italianName(p.name);
    if (italian === null) continue; // a name with no Italian form: left out (decision 034)
    const detected = p.brand ?? detectLeadingBrand(italian, brandsLongestFirst) ?? brandInName.find(p.name);
    // a real product's brand is shown only when known: the data gives one, or the name writes one. Loose
    // goods and fresh counters sell under the chain's label; a packaged product of unknown brand gets none
    // (decision 025) rather than a brand of its category that may belong to a competitor of its maker.
    const fresh = leaf.sellingType === 'Sfuso' || leaf.brands.length === 0;
    const brand = detected ?? (fresh ? PRIVATE_LABEL : UNKNOWN_BRAND);
    const name = tidyName(italian, brand, brandCasing);
    const format =
      plausibleFormat(p.quantity, leaf.typicalFormats) ??
      leaf.typicalFormats[h % Math.max(1, leaf.typicalFormats.length)] ??
      'pezzo';
    push({ leaf, name, brand, format, barcode: p.ean, real: p });
  }
  const realCount = rows.length;

  // 2. generated products: at least minPerLeaf per leaf, then round-robin up to productTarget
  let generated = 0;
  const generatedInLeaf = new Map<number, number>();
  const generate = (leaf: Leaf) => {
    const i = generatedInLeaf.get(leaf.id) ?? 0;
    generatedInLeaf.set(leaf.id, i + 1);
    const examples = leaf.exampleProducts.length > 0 ? leaf.exampleProducts : [leaf.name];
    const base = examples[i % examples.length] as string;
    const round = Math.floor(i / examples.length);
    const nonFood = isNonFood(leaf.department.slug);
    const qualifiers = nonFood ? NON_FOOD_QUALIFIERS : FOOD_QUALIFIERS;
    const q =
      round === 0 ? '' : (qualifiers[(round - 1 + hashString(leaf.slug)) % qualifiers.length] as string);
    // a shelf brand that makes this product (a loose one only from a brand known to grow it), else the chain's
    const loose = leaf.sellingType === 'Sfuso';
    const makers = leaf.brands.filter((b) => (loose ? looseBrandFits(b, base) : brandMakes(b, base)));
    let brand: string;
    if (makers.length > 0 && !(loose && i % 3 !== 1)) {
      brand = makers[(i + round) % makers.length] as string;
    } else {
      brand = PRIVATE_LABELS[(i + round) % PRIVATE_LABELS.length] as string;
    }
    let name = q && !base.toLowerCase().includes(q.toLowerCase()) ? `${base} ${q.toLowerCase()}` : base;
    if (brand === 'Spesa Bio' && !/\bbio\b/i.test(name)) name = `${name} bio`;
    const formats = leaf.typicalFormats.length > 0 ? leaf.typicalFormats : ['pezzo'];
    const format = formats[(i + round) % formats.length] as string;
    push({ leaf, name, brand, format, barcode: privateEan13(generated) });
    generated++;
  };
  for (const leaf of taxonomy.leaves) {
    while ((perLeaf.get(leaf.id) ?? 0) < minPerLeaf) generate(leaf);
  }
  const target = opts.productTarget ?? 0;
  for (let k = 0; rows.length < target; k++) {
    generate(taxonomy.leaves[k % taxonomy.leaves.length] as Leaf);
  }
  return { vendors, products: rows, realCount };
}
