/**
 * Quantity rules of the grocery cart (spec sections 4, 5, 8 and 9; decision 005 and 014), one module for both
 * sides: the web quantity control uses it to step and to explain a refusal before calling, the API uses it to
 * decide (the server's answer wins).
 *
 * Quantities are in the product's base unit: pieces for Pezzo and Confezione (a Confezione counts single
 * items, QTY_MULT of them make the pack), kilograms or litres for Sfuso. They carry at most 3 decimals; all
 * arithmetic is done on integer thousandths ("milli") so that 0.1 + 0.2 is 0.3 and 1.5 stays 1.5.
 */

export type SellingType = 'Pezzo' | 'Confezione' | 'Sfuso';

/** Selling units per base unit (spec section 5): 1 kg = 1000 g. Codes come upper case on the wire. */
export const UNIT_FACTORS: Readonly<Record<string, number>> = {
  g: 1000,
  gr: 1000,
  kg: 1,
  hg: 10,
  dag: 100,
  ml: 1000,
  cl: 100,
  lt: 1,
  l: 1,
};

/** How a unit code is written next to a quantity ("GR" -> "g", "LT" -> "l"). */
const UNIT_LABELS: Readonly<Record<string, string>> = {
  g: 'g',
  gr: 'g',
  kg: 'kg',
  hg: 'hg',
  dag: 'dag',
  ml: 'ml',
  cl: 'cl',
  lt: 'l',
  l: 'l',
  pz: 'pz',
};

/** Decimals a quantity keeps (spec section 9). */
export const QUANTITY_DECIMALS = 3;
const MILLI = 1000;
/** The largest quantity a line can hold (numeric(12,3) columns; no grocery line comes near it). */
export const QUANTITY_MAX = 999_999;
/** Sfuso without WEIGHT_SELLING nor STEP_SELLING (bad data): 100 g, a safe default step. */
const DEFAULT_WEIGHT_STEP_MILLI = 100;

/** A quantity as integer thousandths (0.1 -> 100). NaN and infinities give NaN. */
export const toMilli = (quantity: number): number =>
  Number.isFinite(quantity) ? Math.round(quantity * MILLI) : Number.NaN;
export const fromMilli = (milli: number): number => milli / MILLI;
/** Rounds to 3 decimals through thousandths (0.30000000000000004 -> 0.3). */
export const roundQuantity = (quantity: number): number => fromMilli(toMilli(quantity));

export function unitFactor(code: string | null | undefined): number | null {
  if (!code) return null;
  return UNIT_FACTORS[code.trim().toLowerCase()] ?? null;
}

export function unitLabel(code: string | null | undefined): string {
  const c = (code ?? '').trim().toLowerCase();
  return UNIT_LABELS[c] ?? c;
}

/**
 * Converts between units of the same kind: convertUnit(500, 'GR', 'KG') = 0.5, convertUnit(0.5, 'kg', 'g')
 * = 500. Null for an unknown code. The result is rounded to 3 decimals.
 */
export function convertUnit(quantity: number, from: string, to: string): number | null {
  const f = unitFactor(from);
  const t = unitFactor(to);
  if (f === null || t === null || !Number.isFinite(quantity)) return null;
  return roundQuantity((quantity * t) / f);
}

/** What a product says about its quantities (the wire product's fields; productInfos values are strings). */
export interface QuantityProduct {
  productInfos: Readonly<Record<string, string>>;
  minAcq?: number | undefined;
  maxAcq?: number | undefined;
  productClassRuleMax?: { max: number } | undefined;
  logisticPackagingItems?: number | undefined;
  logisticPalletItems?: number | undefined;
}

/** The parsed rules (parseSellingRules): every quantity here is in the base unit. */
export interface SellingRules {
  sellingType: SellingType;
  /** step of pieces and packs (QTY_MULT, default 1) */
  qtyMult: number;
  /** QTY_LOCKED: only multiples of qtyMult */
  qtyLocked: boolean;
  /** minimum pieces (minAcq / MINACQ, default 1) */
  minAcq: number;
  /** Sfuso: first quantity (WEIGHT_SELLING) and step (STEP_SELLING) in the base unit */
  weightSelling: number;
  stepSelling: number;
  /** Sfuso: unit codes, lower case (selling "gr", base "kg") */
  sellingUnit: string;
  baseUnit: string;
  /** pieces in a pack (MULTI_PACK, default 1) */
  multiPack: number;
  /** MAXACQ: the most one line may hold */
  lineMax: number | null;
  /** the smaller of maxAcq and the class rule max: the most a customer may buy per day */
  purchaseLimit: number | null;
  /** pieces in a logistic box (collo) and on a pallet */
  packagingItems: number | null;
  palletItems: number | null;
  /** ENABLE_ACQ_BOX: the box button is offered */
  boxEnabled: boolean;
}

const positive = (raw: string | number | undefined | null): number | null => {
  if (raw === undefined || raw === null || raw === '') return null;
  const n = typeof raw === 'number' ? raw : Number(String(raw).trim().replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n : null;
};
const positiveInt = (raw: string | number | undefined | null): number | null => {
  const n = positive(raw);
  return n !== null && Number.isInteger(n) ? n : null;
};
const minOf = (...values: Array<number | null>): number | null => {
  const defined = values.filter((v): v is number => v !== null);
  return defined.length > 0 ? Math.min(...defined) : null;
};

export function sellingTypeOf(infos: Readonly<Record<string, string>>): SellingType {
  const t = (infos.TIPOLOGIA ?? '').trim().toLowerCase();
  return t === 'sfuso' ? 'Sfuso' : t === 'confezione' ? 'Confezione' : 'Pezzo';
}

/** Reads the selling rules from a product (the one translation of productInfos, house style). */
export function parseSellingRules(product: QuantityProduct): SellingRules {
  const infos = product.productInfos;
  const sellingType = sellingTypeOf(infos);
  const sellingUnit = (infos.WEIGHT_UNIT_SELLING ?? 'gr').trim().toLowerCase();
  const baseUnit = (infos.WEIGHT_UNIT_BASE ?? 'kg').trim().toLowerCase();
  // WEIGHT_SELLING and STEP_SELLING are in the selling unit (grams): to base-unit thousandths
  const fs = unitFactor(sellingUnit) ?? 1000;
  const fb = unitFactor(baseUnit) ?? 1;
  const toBaseMilli = (raw: string | undefined): number | null => {
    const n = positive(raw);
    if (n === null) return null;
    const milli = Math.round((n * MILLI * fb) / fs);
    return milli > 0 ? milli : null;
  };
  const weightMilli = toBaseMilli(infos.WEIGHT_SELLING);
  const stepMilli = toBaseMilli(infos.STEP_SELLING);
  const qtyMult = positiveInt(infos.QTY_MULT) ?? 1;
  return {
    sellingType,
    qtyMult,
    qtyLocked: (infos.QTY_LOCKED ?? '').trim().toLowerCase() === 'true',
    minAcq: positiveInt(product.minAcq) ?? positiveInt(infos.MINACQ) ?? 1,
    weightSelling: fromMilli(weightMilli ?? stepMilli ?? DEFAULT_WEIGHT_STEP_MILLI),
    stepSelling: fromMilli(stepMilli ?? weightMilli ?? DEFAULT_WEIGHT_STEP_MILLI),
    sellingUnit,
    baseUnit,
    multiPack: positiveInt(infos.MULTI_PACK) ?? 1,
    lineMax: positive(infos.MAXACQ),
    purchaseLimit: minOf(positive(product.maxAcq), positive(product.productClassRuleMax?.max)),
    packagingItems:
      positiveInt(product.logisticPackagingItems) ?? positiveInt(infos.LOGISTIC_PACKAGING_ITEMS),
    palletItems: positiveInt(product.logisticPalletItems),
    boxEnabled: (infos.ENABLE_ACQ_BOX ?? '').trim().toLowerCase() === 'true',
  };
}

const isLoose = (r: SellingRules) => r.sellingType === 'Sfuso';

/** The smallest multiple of `mult` that is >= n (n, mult > 0, integers). */
const ceilMultiple = (n: number, mult: number) => Math.ceil(n / mult) * mult;

/** Smallest quantity of pieces a line may hold: minAcq, on the QTY_MULT grid when locked. */
export function firstQuantity(rules: SellingRules): number {
  if (isLoose(rules)) return rules.weightSelling;
  return rules.qtyLocked
    ? ceilMultiple(Math.max(rules.minAcq, rules.qtyMult), rules.qtyMult)
    : Math.max(rules.minAcq, rules.qtyMult);
}

/** "+" (spec section 9): pieces and packs by QTY_MULT never below minAcq; Sfuso starts at WEIGHT_SELLING. */
export function plus(rules: SellingRules, quantity: number): number {
  const q = toMilli(Math.max(0, quantity || 0));
  if (isLoose(rules)) {
    const ws = toMilli(rules.weightSelling);
    return fromMilli(q < ws ? ws : q + toMilli(rules.stepSelling));
  }
  const next = fromMilli(q) + rules.qtyMult;
  return next < rules.minAcq ? firstQuantity(rules) : next;
}

/** The quantity a refusal talks about, with its typed reason (see QUANTITY_MESSAGES). */
export type QuantityRefusal =
  | { kind: 'invalid' }
  | { kind: 'notAvailable' }
  | { kind: 'minAcq'; min: number }
  | { kind: 'multiple'; multiple: number }
  | { kind: 'step'; min: number; step: number }
  | { kind: 'maximum'; max: number }
  | { kind: 'notEnough'; available: number }
  | { kind: 'dailyMaximum'; limit: number };

export interface QuantityStep {
  quantity: number;
  /** set when the step was refused: `quantity` is then the unchanged one */
  refusal?: QuantityRefusal;
}

/**
 * "-": Sfuso moves back by STEP_SELLING and drops to 0 below WEIGHT_SELLING; pieces move by QTY_MULT: from
 * minAcq or less the line goes to 0, from above a result between 0 and minAcq is refused (errors.minAcq).
 * 0 means "remove" (the control asks confirmation).
 */
export function minus(rules: SellingRules, quantity: number): QuantityStep {
  const q = toMilli(Math.max(0, quantity || 0));
  if (isLoose(rules)) {
    const next = q - toMilli(rules.stepSelling);
    return { quantity: next < toMilli(rules.weightSelling) ? 0 : fromMilli(next) };
  }
  // at (or under) the minimum, "-" removes the line
  if (q <= toMilli(rules.minAcq)) return { quantity: 0 };
  const next = Math.max(0, fromMilli(q) - rules.qtyMult);
  if (next > 0 && next < rules.minAcq)
    return { quantity: fromMilli(q), refusal: { kind: 'minAcq', min: rules.minAcq } };
  return { quantity: next };
}

/** The nearest multiple of `multiple`, at least one multiple (QTY_LOCKED, spec section 5). */
export function roundToMultiple(quantity: number, multiple: number): number {
  if (!(multiple > 0)) return quantity;
  const q = toMilli(quantity);
  const m = toMilli(multiple);
  if (!Number.isFinite(q) || q <= 0) return fromMilli(m);
  return fromMilli(Math.max(1, Math.round(q / m)) * m);
}

/** The largest quantity allowed by MAXACQ and by the daily purchase limit (null: no cap). */
export function maxQuantity(rules: SellingRules): number | null {
  return minOf(rules.lineMax, rules.purchaseLimit);
}

/** Caps at MAXACQ and at the smaller of maxAcq and the class rule max. */
export function capQuantity(rules: SellingRules, quantity: number): number {
  const max = maxQuantity(rules);
  return max === null ? quantity : Math.min(quantity, max);
}

/** The purchase limit shown on the card, in pieces (spec section 9): limit / MULTI_PACK; null without one. */
export function maxShownInPieces(rules: SellingRules): number | null {
  if (rules.purchaseLimit === null) return null;
  return Math.floor(rules.purchaseLimit / rules.multiPack);
}

/**
 * Manual entry (Pezzo and Confezione only, spec section 4): rounded to 3 decimals, to the nearest multiple
 * (at least one) when locked, then capped at the maximum. Sfuso quantities are not typed: returned rounded.
 */
export function typedQuantity(rules: SellingRules, typed: number): number {
  if (!Number.isFinite(typed) || typed < 0) return 0;
  const q = roundQuantity(typed);
  if (isLoose(rules)) return q;
  const stepped = rules.qtyLocked ? roundToMultiple(q, rules.qtyMult) : q;
  return capQuantity(rules, stepped);
}

/** The box button: a full box (logisticPackagingItems pieces) when the quantity is 0; null when not offered. */
export function boxQuantity(rules: SellingRules, quantity: number): number | null {
  if (rules.packagingItems === null || isLoose(rules)) return null;
  return toMilli(quantity) === 0 ? rules.packagingItems : null;
}

/** Package mode: once a line holds an exact multiple of a box it becomes a package-flagged item. */
export function isPackageQuantity(rules: SellingRules, quantity: number): boolean {
  const p = rules.packagingItems;
  const q = toMilli(quantity);
  return p !== null && rules.boxEnabled && q > 0 && q % toMilli(p) === 0;
}

/** Boxes (colli) and pallets a quantity makes, each only on an exact multiple (spec section 4). */
export function logisticCounts(
  rules: SellingRules,
  quantity: number,
): { colli: number | null; pallets: number | null } {
  const q = toMilli(quantity);
  const count = (per: number | null) =>
    per !== null && q > 0 && q % toMilli(per) === 0 ? q / toMilli(per) : null;
  return { colli: count(rules.packagingItems), pallets: count(rules.palletItems) };
}

export interface QuantityContext {
  /** the product's `available` (stock in the base unit): 0 or less = not available */
  available?: number;
  /** already bought today in other carts and orders (daily purchase limit) */
  alreadyToday?: number;
}

export type QuantityCheck = { ok: true; quantity: number } | { ok: false; refusal: QuantityRefusal };

/**
 * Decides whether a line may hold `quantity` (> 0), in this order: a number with at most 3 decimals; the
 * product available; pieces whole, at least minAcq and on the QTY_MULT grid when locked; Sfuso at least
 * WEIGHT_SELLING and on its STEP_SELLING grid; at most MAXACQ; within the stock; within the daily limit.
 */
export function validateQuantity(
  rules: SellingRules,
  quantity: number,
  ctx: QuantityContext = {},
): QuantityCheck {
  const refuse = (refusal: QuantityRefusal): QuantityCheck => ({ ok: false, refusal });
  const q = toMilli(quantity);
  if (!Number.isFinite(q) || q <= 0 || quantity > QUANTITY_MAX) return refuse({ kind: 'invalid' });
  if (ctx.available !== undefined && !(ctx.available > 0)) return refuse({ kind: 'notAvailable' });
  if (isLoose(rules)) {
    const ws = toMilli(rules.weightSelling);
    const step = toMilli(rules.stepSelling);
    if (q < ws) return refuse({ kind: 'minAcq', min: rules.weightSelling });
    if ((q - ws) % step !== 0)
      return refuse({ kind: 'step', min: rules.weightSelling, step: rules.stepSelling });
  } else {
    if (q % MILLI !== 0) return refuse({ kind: 'invalid' });
    const pieces = q / MILLI;
    if (pieces < rules.minAcq) return refuse({ kind: 'minAcq', min: rules.minAcq });
    if (rules.qtyLocked && pieces % rules.qtyMult !== 0)
      return refuse({ kind: 'multiple', multiple: rules.qtyMult });
  }
  if (rules.lineMax !== null && q > toMilli(rules.lineMax))
    return refuse({ kind: 'maximum', max: rules.lineMax });
  if (ctx.available !== undefined && q > toMilli(ctx.available))
    return refuse({ kind: 'notEnough', available: ctx.available });
  if (rules.purchaseLimit !== null && q + toMilli(ctx.alreadyToday ?? 0) > toMilli(rules.purchaseLimit))
    return refuse({ kind: 'dailyMaximum', limit: rules.purchaseLimit });
  return { ok: true, quantity: fromMilli(q) };
}

// ---------- messages ----------
const itNumber = (n: number) => String(roundQuantity(n)).replace('.', ',');

/** A quantity as the customer reads it: "6 pz", "500 g" (Sfuso in its selling unit), "1,5 kg". */
export function formatQuantity(rules: SellingRules, quantity: number): string {
  if (!isLoose(rules)) return `${itNumber(quantity)} pz`;
  const selling = convertUnit(quantity, rules.baseUnit, rules.sellingUnit);
  return selling === null
    ? `${itNumber(quantity)} ${unitLabel(rules.baseUnit)}`
    : `${itNumber(selling)} ${unitLabel(rules.sellingUnit)}`;
}

/** Message key (sent as the envelope's error code, translated by the web app) and Italian text per refusal. */
export const QUANTITY_MESSAGES = {
  invalid: { key: 'errors.quantityInvalid', text: 'La quantità indicata non è valida.' },
  notAvailable: { key: 'product.notAvailable', text: 'Prodotto non disponibile' },
  minAcq: { key: 'errors.minAcq', text: 'La quantità minima acquistabile è {min}' },
  multiple: { key: 'errors.qtyMultiple', text: 'La quantità deve essere un multiplo di {multiple}' },
  step: { key: 'errors.qtyStep', text: 'La quantità deve partire da {min} e variare di {step} alla volta' },
  maximum: { key: 'errors.maxAcq', text: 'La quantità massima acquistabile è {max}' },
  notEnough: {
    key: 'errors.notEnoughAvailable',
    text: 'La quantità richiesta non è disponibile: al massimo {available}',
  },
  dailyMaximum: {
    key: 'errors.maxDailyAcq',
    text: 'Hai superato la quantità massima giornaliera acquistabile per questo articolo',
  },
} as const satisfies Record<QuantityRefusal['kind'], { key: string; text: string }>;

/** The key and the Italian text of a refusal, quantities written in the product's unit. */
export function refusalMessage(rules: SellingRules, refusal: QuantityRefusal): { key: string; text: string } {
  const { key, text } = QUANTITY_MESSAGES[refusal.kind];
  const fmt = (n: number) => formatQuantity(rules, n);
  const values: Record<string, string> = {};
  if ('min' in refusal) values.min = fmt(refusal.min);
  if ('step' in refusal) values.step = fmt(refusal.step);
  if ('multiple' in refusal) values.multiple = String(refusal.multiple);
  if ('max' in refusal) values.max = fmt(refusal.max);
  if ('available' in refusal) values.available = fmt(refusal.available);
  if ('limit' in refusal) values.limit = fmt(refusal.limit);
  return { key, text: text.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? '') };
}

// ---------- money ----------
/** A line's total in cents: quantity (base unit, 3 decimals) x unit price in cents, rounded half up once. */
export function lineTotalCents(quantity: number, unitPriceCents: number): number {
  return Math.round((toMilli(quantity) * unitPriceCents) / MILLI);
}
