/**
 * The product master (decision 092): the fields a chain keeps for each product, and the one set of rules that
 * the back office's product form and the assortment import both apply, with their Italian reasons. A form
 * sends typed values (`ProductMaster`); an import row arrives as text per column and is read by
 * `readMasterRow`, whose every refusal names the column. Selling rules follow the productInfos keys that
 * `cart/quantity.ts` (`parseSellingRules`) reads: Pezzo and Confezione step by QTY_MULT (QTY_LOCKED: only
 * multiples), Sfuso starts at WEIGHT_SELLING grams and steps by STEP_SELLING grams.
 */
import { parseEuroCents } from '../format/price';

export const SELLING_TYPES = ['Pezzo', 'Confezione', 'Sfuso'] as const;
export type MasterSellingType = (typeof SELLING_TYPES)[number];

/** The Italian VAT rates a grocery product may carry (ordinaria 22, ridotte 10 e 5, minima 4). */
export const VAT_RATES = [4, 5, 10, 22] as const;

/** Bounds of the rules, the same for the form and the import. */
export const MASTER_LIMITS = {
  codeMax: 40,
  nameMin: 2,
  nameMax: 200,
  textMax: 100,
  foodTextMax: 5000,
  /** list price, cents: 1 cent to 100,000 euro */
  priceMaxCents: 10_000_000,
  qtyMultMax: 48,
  /** a loose product's first weight and step, grams */
  gramsMin: 10,
  gramsMax: 5000,
  lineMaxMax: 999,
} as const;

export interface ProductMaster {
  /** the chain's internal code (cod_int): the key of an import (an existing code is updated) */
  code: string;
  /** EAN-13 or EAN-8, null when the product has none (e.g. weighed at the counter) */
  ean: string | null;
  name: string;
  /** empty: the brand is not known */
  brand: string;
  /** the pack as the shelf label says it: "500 g", "6 x 1,5 l", "al kg" */
  format: string;
  categoryId: number;
  vatPct: number;
  sellingType: MasterSellingType;
  /** QTY_MULT (Pezzo, Confezione) */
  qtyMult: number;
  /** QTY_LOCKED */
  qtyLocked: boolean;
  /** WEIGHT_SELLING, grams (Sfuso) */
  weightSelling: number | null;
  /** STEP_SELLING, grams (Sfuso) */
  stepSelling: number | null;
  /** MAXACQ: the most one cart line may hold */
  lineMax: number | null;
  /** list price in cents: per piece or pack, per kg for Sfuso */
  priceCents: number;
  ingredients: string | null;
  allergens: string | null;
  storage: string | null;
  active: boolean;
}
export type MasterField = keyof ProductMaster;

/** A refused value: its field and the Italian reason. */
export interface MasterIssue {
  field: MasterField;
  message: string;
}

/** The GS1 check digit of an EAN-13 or EAN-8 body (weights 3 and 1 from the right). */
export function eanCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - i;
    sum += Number(body[i]) * (fromRight % 2 === 1 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Why an EAN is refused, or null when it is a valid EAN-13 or EAN-8. */
export function eanIssue(ean: string): string | null {
  if (!/^(\d{8}|\d{13})$/.test(ean)) return 'EAN non valido: servono 13 cifre (EAN-13) o 8 (EAN-8).';
  if (eanCheckDigit(ean.slice(0, -1)) !== Number(ean.at(-1)))
    return 'EAN non valido: la cifra di controllo non corrisponde.';
  return null;
}

const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Every rule a product breaks, in field order (empty: the product may be saved). */
export function masterIssues(p: ProductMaster): MasterIssue[] {
  const out: MasterIssue[] = [];
  const L = MASTER_LIMITS;
  const add = (field: MasterField, message: string) => out.push({ field, message });
  if (p.code.length === 0) add('code', 'Il codice è obbligatorio.');
  else if (p.code.length > L.codeMax || !CODE_PATTERN.test(p.code))
    add('code', `Codice non valido: lettere, cifre, punto, trattino (al massimo ${L.codeMax}).`);
  if (p.ean !== null) {
    const e = eanIssue(p.ean);
    if (e) add('ean', e);
  }
  if (p.name.length < L.nameMin || p.name.length > L.nameMax)
    add('name', `Il nome va da ${L.nameMin} a ${L.nameMax} caratteri.`);
  if (p.brand.length > L.textMax) add('brand', `La marca ha al massimo ${L.textMax} caratteri.`);
  if (p.format.length > L.textMax) add('format', `Il formato ha al massimo ${L.textMax} caratteri.`);
  if (!Number.isInteger(p.categoryId) || p.categoryId < 1) add('categoryId', 'Categoria sconosciuta.');
  if (!(VAT_RATES as readonly number[]).includes(p.vatPct))
    add('vatPct', `Aliquota IVA non valida: ${VAT_RATES.join(', ')}%.`);
  if (!SELLING_TYPES.includes(p.sellingType))
    add('sellingType', 'Tipologia non valida: Pezzo, Confezione o Sfuso.');
  out.push(...sellingRuleIssues(p));
  if (!Number.isInteger(p.priceCents) || p.priceCents < 1 || p.priceCents > L.priceMaxCents)
    add('priceCents', 'Il prezzo deve essere un importo positivo (fino a 100.000 €).');
  for (const field of ['ingredients', 'allergens', 'storage'] as const) {
    const v = p[field];
    if (v !== null && v.length > L.foodTextMax) add(field, `Al massimo ${L.foodTextMax} caratteri.`);
  }
  return out;
}

/** The selling rules that do not fit the selling type (the back office's editor refuses the same). */
function sellingRuleIssues(p: ProductMaster): MasterIssue[] {
  const out: MasterIssue[] = [];
  const L = MASTER_LIMITS;
  const grams = (v: number | null) =>
    v === null || (Number.isInteger(v) && v >= L.gramsMin && v <= L.gramsMax);
  if (!Number.isInteger(p.qtyMult) || p.qtyMult < 1 || p.qtyMult > L.qtyMultMax)
    out.push({ field: 'qtyMult', message: `Il multiplo va da 1 a ${L.qtyMultMax} pezzi.` });
  if (p.sellingType === 'Sfuso') {
    if (p.qtyMult > 1 || p.qtyLocked)
      out.push({ field: 'qtyMult', message: 'Un prodotto sfuso si vende a peso, non a multipli di pezzi.' });
    if (p.weightSelling === null && p.stepSelling === null)
      out.push({
        field: 'weightSelling',
        message: 'Un prodotto sfuso ha il peso minimo o il passo in grammi.',
      });
  } else if (p.weightSelling !== null || p.stepSelling !== null)
    out.push({ field: 'weightSelling', message: 'Peso minimo e passo valgono solo per i prodotti sfusi.' });
  if (!grams(p.weightSelling))
    out.push({ field: 'weightSelling', message: `Il peso va da ${L.gramsMin} a ${L.gramsMax} grammi.` });
  if (!grams(p.stepSelling))
    out.push({ field: 'stepSelling', message: `Il passo va da ${L.gramsMin} a ${L.gramsMax} grammi.` });
  if (p.lineMax !== null && (!Number.isInteger(p.lineMax) || p.lineMax < 1 || p.lineMax > L.lineMaxMax))
    out.push({ field: 'lineMax', message: `La quantità massima per riga va da 1 a ${L.lineMaxMax}.` });
  else if (p.lineMax !== null && p.qtyLocked && p.lineMax % p.qtyMult !== 0)
    out.push({
      field: 'lineMax',
      message: 'La quantità massima per riga è un multiplo del multiplo di vendita.',
    });
  return out;
}

/** The productInfos keys a product master writes (the keys parseSellingRules reads). */
export function masterProductInfos(p: ProductMaster): Record<string, string> {
  const infos: Record<string, string> = { TIPOLOGIA: p.sellingType, MINACQ: '1' };
  if (p.sellingType === 'Sfuso') {
    infos.WEIGHT_UNIT_SELLING = 'GR';
    infos.WEIGHT_UNIT_BASE = 'KG';
    if (p.weightSelling !== null) infos.WEIGHT_SELLING = String(p.weightSelling);
    if (p.stepSelling !== null) infos.STEP_SELLING = String(p.stepSelling);
  } else {
    infos.UNIT_SELLING = 'PZ';
    infos.QTY_MULT = String(p.qtyMult);
    if (p.qtyLocked) infos.QTY_LOCKED = 'true';
    if (p.sellingType === 'Confezione' && p.qtyMult > 1) infos.MULTI_PACK = String(p.qtyMult);
  }
  if (p.lineMax !== null) infos.MAXACQ = String(p.lineMax);
  return infos;
}

/**
 * The unit of the price per kg / l and the net content of one selling unit in it, read from the format
 * ("500 g" -> kg 0.5; "6 x 1,5 l" -> l 1.5 per bottle; Sfuso -> kg 1); pz and null when it says no weight.
 */
export function netContentOf(p: Pick<ProductMaster, 'format' | 'sellingType' | 'qtyMult'>): {
  unitBase: 'kg' | 'l' | 'pz';
  netQuantity: number | null;
} {
  if (p.sellingType === 'Sfuso') return { unitBase: 'kg', netQuantity: 1 };
  const f = p.format.toLowerCase().replace(/,/g, '.');
  const m = /(?:(\d+)\s*x\s*)?(\d+(?:\.\d+)?)\s*(kg|hg|gr|g|ml|cl|lt|l)\b/.exec(f);
  if (!m) return { unitBase: 'pz', netQuantity: null };
  const factor: Record<string, [number, 'kg' | 'l']> = {
    kg: [1, 'kg'],
    hg: [0.1, 'kg'],
    gr: [0.001, 'kg'],
    g: [0.001, 'kg'],
    ml: [0.001, 'l'],
    cl: [0.01, 'l'],
    lt: [1, 'l'],
    l: [1, 'l'],
  };
  const [k, unitBase] = factor[m[3] as string] ?? [1, 'kg'];
  const pieces = m[1] ? Number(m[1]) : 1;
  const total = Number(m[2]) * k * (m[1] ? pieces : 1);
  // a multipack sold by the piece (QTY_MULT = pieces) is priced per piece
  const perUnit = p.qtyMult > 1 && pieces === p.qtyMult ? total / pieces : total;
  const netQuantity = Math.round(perUnit * 1000) / 1000;
  return netQuantity > 0 ? { unitBase, netQuantity } : { unitBase: 'pz', netQuantity: null };
}

// ---------- an import row: text per column ----------

/** The columns of an import file, as its header row names them (Italian, lower case; order free). */
export const MASTER_COLUMNS = {
  codice: 'code',
  ean: 'ean',
  nome: 'name',
  marca: 'brand',
  formato: 'format',
  categoria: 'categoryId',
  iva: 'vatPct',
  tipologia: 'sellingType',
  multiplo: 'qtyMult',
  solo_multipli: 'qtyLocked',
  peso_minimo_g: 'weightSelling',
  passo_g: 'stepSelling',
  max_per_riga: 'lineMax',
  prezzo: 'priceCents',
  ingredienti: 'ingredients',
  allergeni: 'allergens',
  conservazione: 'storage',
  attivo: 'active',
} as const satisfies Record<string, MasterField>;
export type MasterColumn = keyof typeof MASTER_COLUMNS;
export const REQUIRED_COLUMNS: readonly MasterColumn[] = [
  'codice',
  'nome',
  'categoria',
  'iva',
  'tipologia',
  'prezzo',
];
const COLUMN_OF = Object.fromEntries(
  Object.entries(MASTER_COLUMNS).map(([column, field]) => [field, column]),
) as Record<MasterField, MasterColumn>;
/** The file's column of a field (the report names the column the user sees). */
export const columnOf = (field: MasterField): MasterColumn => COLUMN_OF[field];

/** A header as the file writes it, compared as a column name ("Peso minimo (g)" stays unknown). */
export const columnKey = (header: string): string =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_');

/** A refused cell of an import row. */
export interface RowIssue {
  column: MasterColumn;
  message: string;
}

const YES = new Set(['1', 'si', 'sì', 'true', 'vero', 'x', 's']);
const NO = new Set(['0', 'no', 'false', 'falso', 'n', '']);

/**
 * Reads one import row (column -> text) into a product master, with the category given as the caller
 * resolves it (id or slug of a product category; null: unknown). Every reason names its column.
 */
export function readMasterRow(
  cells: Readonly<Record<string, string>>,
  categoryOf: (text: string) => number | null,
): { ok: true; product: ProductMaster } | { ok: false; issues: RowIssue[] } {
  const issues: RowIssue[] = [];
  const text = (c: MasterColumn) => (cells[c] ?? '').trim();
  const optional = (c: MasterColumn) => (text(c) === '' ? null : text(c));
  const integer = (c: MasterColumn, fallback: number | null): number | null => {
    const t = text(c);
    if (t === '') return fallback;
    if (!/^\d+$/.test(t)) {
      issues.push({ column: c, message: `"${t}" non è un numero intero.` });
      return fallback;
    }
    return Number(t);
  };
  const flag = (c: MasterColumn, fallback: boolean): boolean => {
    const t = text(c).toLowerCase();
    if (t === '') return fallback;
    if (YES.has(t)) return true;
    if (NO.has(t)) return false;
    issues.push({ column: c, message: `"${text(c)}" non è sì o no.` });
    return fallback;
  };
  const sellingText = text('tipologia').toLowerCase();
  const sellingType =
    SELLING_TYPES.find((t) => t.toLowerCase() === sellingText) ?? (text('tipologia') as MasterSellingType);
  const priceText = text('prezzo');
  const priceCents = parseEuroCents(priceText);
  if (priceText !== '' && priceCents === null)
    issues.push({
      column: 'prezzo',
      message: `Prezzo non valido: "${priceText}" non è un importo (es. 1,99).`,
    });
  const vatText = text('iva').replace(/%$/, '').replace(',', '.');
  const vatPct = vatText === '' || !/^\d+(\.\d+)?$/.test(vatText) ? Number.NaN : Number(vatText);
  const categoryText = text('categoria');
  const categoryId = categoryText === '' ? null : categoryOf(categoryText);
  if (categoryText !== '' && categoryId === null)
    issues.push({ column: 'categoria', message: `Categoria sconosciuta: "${categoryText}".` });
  const product: ProductMaster = {
    code: text('codice'),
    ean: optional('ean'),
    name: text('nome'),
    brand: text('marca'),
    format: text('formato'),
    categoryId: categoryId ?? 0,
    vatPct,
    sellingType,
    qtyMult: integer('multiplo', 1) ?? 1,
    qtyLocked: flag('solo_multipli', false),
    weightSelling: integer('peso_minimo_g', null),
    stepSelling: integer('passo_g', null),
    lineMax: integer('max_per_riga', null),
    priceCents: priceCents ?? 0,
    ingredients: optional('ingredienti'),
    allergens: optional('allergeni'),
    storage: optional('conservazione'),
    active: flag('attivo', true),
  };
  for (const issue of masterIssues(product)) {
    const column = columnOf(issue.field);
    // a value already refused as text is not refused twice
    if (issues.some((i) => i.column === column)) continue;
    if (column === 'prezzo' && priceText === '')
      issues.push({ column, message: 'Il prezzo è obbligatorio.' });
    else if (column === 'categoria' && categoryText === '')
      issues.push({ column, message: 'La categoria è obbligatoria.' });
    else issues.push({ column, message: issue.message });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, product };
}
