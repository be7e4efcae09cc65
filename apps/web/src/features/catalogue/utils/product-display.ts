import type { Product } from '@spesa/shared/contracts/catalogue';
import { isLooseProduct } from '@spesa/shared/format/price';

/**
 * productInfos (strings on the wire) turned into what the screens show. One place, as the house style asks.
 */
export type SellingFormat =
  | { kind: 'sfuso'; min: string | null; step: string | null }
  | { kind: 'confezione'; pieces: number }
  | { kind: 'pezzo' };

const UNIT_LABELS: Record<string, string> = {
  GR: 'g',
  G: 'g',
  KG: 'kg',
  HG: 'hg',
  DAG: 'dag',
  ML: 'ml',
  CL: 'cl',
  LT: 'l',
  L: 'l',
  PZ: 'pz',
};

/**
 * A non-negative number as Italian writes it, up to three decimals: 1.5 → "1,5", 12500 → "12.500" (what
 * `Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 })` writes). By hand: the page's first Intl formatter
 * loads the locale's data, ≈ 25 ms of the product page's render (decision 063).
 */
export function italianDecimal(value: number): string {
  const [whole = '0', fraction] = String(Math.round(value * 1000) / 1000).split('.');
  // Italian groups thousands only from five digits on (1000, but 10.000)
  const grouped = whole.length >= 5 ? whole.replace(/\B(?=(\d{3})+$)/g, '.') : whole;
  return fraction ? `${grouped},${fraction}` : grouped;
}

/** 500 GR → "500 g"; 1500 GR → "1,5 kg"; 1 KG → "1 kg"; 75 CL → "75 cl". */
export function formatMeasure(value: number, unitCode: string | undefined): string {
  const code = (unitCode ?? 'GR').toUpperCase();
  if ((code === 'GR' || code === 'G') && value >= 1000) return `${italianDecimal(value / 1000)} kg`;
  if (code === 'ML' && value >= 1000) return `${italianDecimal(value / 1000)} l`;
  return `${italianDecimal(value)} ${UNIT_LABELS[code] ?? code.toLowerCase()}`;
}

const num = (s: string | undefined): number | null => {
  if (s == null || s.trim() === '') return null;
  const n = Number(s.replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n : null;
};

export function sellingFormat(infos: Record<string, string> | undefined): SellingFormat {
  const type = (infos?.TIPOLOGIA ?? '').trim().toLowerCase();
  if (type === 'sfuso') {
    const unit = infos?.WEIGHT_UNIT_SELLING;
    const min = num(infos?.WEIGHT_SELLING);
    const step = num(infos?.STEP_SELLING);
    return {
      kind: 'sfuso',
      min: min != null ? formatMeasure(min, unit) : null,
      step: step != null ? formatMeasure(step, unit) : null,
    };
  }
  if (type === 'confezione') {
    const pieces = num(infos?.MULTI_PACK) ?? num(infos?.UNIT_SELLING) ?? num(infos?.QTY_MULT) ?? 1;
    return { kind: 'confezione', pieces };
  }
  return { kind: 'pezzo' };
}

/**
 * Max purchase shown in pieces (spec section 9): the limit divided by MULTI_PACK, using the smaller of
 * maxAcq and the MAXACQ info. null when there is no limit.
 */
export function maxPurchasePieces(product: Pick<Product, 'maxAcq' | 'productInfos'>): number | null {
  const limits = [product.maxAcq, num(product.productInfos?.MAXACQ) ?? undefined].filter(
    (n): n is number => typeof n === 'number' && n > 0,
  );
  if (!limits.length) return null;
  const multiPack = num(product.productInfos?.MULTI_PACK) ?? 1;
  const pieces = Math.floor(Math.min(...limits) / multiPack);
  return pieces > 0 ? pieces : null;
}

export const isAvailable = (product: Pick<Product, 'available'>) => product.available > 0;

export const isSoldByWeight = (product: Pick<Product, 'productInfos'>) => isLooseProduct(product);

/** The struck list price, only when a promotion really lowers the price. */
export function listPriceIfPromo(
  product: Pick<Product, 'priceStandardDisplay' | 'priceDisplay'>,
): number | null {
  const std = product.priceStandardDisplay;
  return typeof std === 'number' && std > product.priceDisplay ? std : null;
}

/**
 * A promotion's last day (`YYYY-MM-DD`, the shop's calendar day) as Italians write it, 29/12/2026; null when
 * it is not such a day. Plain text work: no Date (a customer abroad would see the day before) and no
 * Intl.DateTimeFormat, whose first use on a page costs a phone about 100 ms of loading locale data.
 */
export function promoLastDay(isoDay: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : null;
}
