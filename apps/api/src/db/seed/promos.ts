/**
 * Promotions (warehousePromo): about 15 % of the products, valid from a few days ago to 30-40 days ahead,
 * plus a few expired ones that must not show. Italian view texts; promo_price_cents < price_cents.
 */
import type { productPromos } from '../schema';
import { discountedCents } from './pricing';
import type { ProductRow } from './product-generator';
import { createRng } from './random';
import { addDays, romeDayOf } from '@spesa/shared/time/rome';

export type PromoRow = typeof productPromos.$inferInsert & { promoId: number };

export const PROMO_SHARE = 0.15;
/** acqua-naturale, acqua-frizzante: promoted water gets a purchase limit (MAXACQ) */
const WATER_LEAVES = new Set([130101, 130102]);
export const EXPIRED_SHARE = 0.01;

/** "fino al 21/12" */
export function untilText(isoDate: string): string {
  return `fino al ${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}`;
}

const euro = (cents: number): string =>
  (cents / 100).toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface PromoKind {
  promoTypeId: number;
  promoType: string;
}
const KINDS: PromoKind[] = [
  { promoTypeId: 1, promoType: 'SCONTO_PERC' },
  { promoTypeId: 2, promoType: 'TAGLIO_PREZZO' },
  { promoTypeId: 3, promoType: '3X2' },
  { promoTypeId: 4, promoType: 'SOTTOCOSTO' },
];

function promoFor(p: ProductRow, kind: PromoKind, pick: <T>(xs: readonly T[]) => T) {
  const price = p.priceCents;
  switch (kind.promoType) {
    case 'SCONTO_PERC': {
      const perc = pick([20, 20, 25, 30, 30, 40, 50]);
      return {
        promoPriceCents: discountedCents(price, perc),
        header: 'PROMO',
        body: `-${perc}%`,
        bubble: 'Sconto',
        cssClass: 'promo-sconto',
      };
    }
    case 'TAGLIO_PREZZO': {
      const promo = discountedCents(price, pick([10, 15, 20, 25]));
      return {
        promoPriceCents: promo,
        header: 'TAGLIO PREZZO',
        body: `-${euro(price - promo)} €`,
        bubble: 'Prezzo tagliato',
        cssClass: 'promo-taglio',
      };
    }
    case '3X2': {
      // shown as "3x2"; the unit price is the average when buying three
      return {
        promoPriceCents: Math.min(price - 1, Math.round((price * 2) / 3)),
        header: '3X2',
        body: 'Prendi 3 paghi 2',
        bubble: '3x2',
        cssClass: 'promo-3x2',
      };
    }
    default: {
      const promo = discountedCents(price, 35);
      return {
        promoPriceCents: promo,
        header: 'SOTTOCOSTO',
        body: `${euro(promo)} €`,
        bubble: 'Sottocosto',
        cssClass: 'promo-sottocosto',
      };
    }
  }
}

export function buildPromos(rows: ProductRow[], now: Date): PromoRow[] {
  const rng = createRng().fork('promos');
  const today = romeDayOf(now);
  const out: PromoRow[] = [];
  for (const p of rows) {
    const r = rng.next();
    const active = r < PROMO_SHARE;
    const expired = !active && r < PROMO_SHARE + EXPIRED_SHARE;
    if (!active && !expired) continue;
    // Sfuso products (priced per kg) only get percentage discounts; 3x2 only on pieces
    const kind =
      p.sellingType === 'Sfuso'
        ? (KINDS[0] as PromoKind)
        : rng.weighted(KINDS, p.sellingType === 'Pezzo' ? [55, 25, 15, 5] : [60, 30, 0, 10]);
    const view = promoFor(p, kind, rng.pick);
    if (view.promoPriceCents >= p.priceCents || view.promoPriceCents <= 0) continue;
    const validFrom = expired ? addDays(today, -rng.int(35, 50)) : addDays(today, -rng.int(0, 6));
    const validTo = expired ? addDays(today, -rng.int(1, 10)) : addDays(today, rng.int(30, 40));
    out.push({
      promoId: out.length + 1,
      productId: p.productId,
      promoTypeId: kind.promoTypeId,
      promoType: kind.promoType,
      promoPriceCents: view.promoPriceCents,
      discountPerc: (Math.round((1 - view.promoPriceCents / p.priceCents) * 10000) / 100).toFixed(2),
      validFrom,
      validTo,
      header: view.header,
      body: view.body,
      footer: untilText(validTo),
      bubble: view.bubble,
      cssClass: view.cssClass,
      selectable: false,
    });
    // limited quantities on promoted water (MAXACQ counts single bottles: 10 packs)
    if (active && WATER_LEAVES.has(p.categoryId)) {
      const pieces = Number(p.productInfos.MULTI_PACK ?? '1');
      p.maxAcq = 10 * pieces;
      p.productInfos.MAXACQ = String(p.maxAcq);
    }
  }
  return [...out, ...buildSelectablePromos(rows, out, today)];
}

export const SELECTABLE_SHARE = 0.02;
export const SELECTABLE_PROMO_TYPE = { promoTypeId: 5, promoType: 'CARTA_FEDELTA' } as const;

/**
 * Selectable promotions (warehousePromo.selectable): about 2 % of the pieces that have no other promotion
 * offer "-20% con la carta fedeltà", which applies only when the customer chooses it in the promo selector
 * (spec section 2, decision 015). A random stream of their own, so the other promotions stay as they were.
 */
function buildSelectablePromos(rows: ProductRow[], taken: PromoRow[], today: string): PromoRow[] {
  const rng = createRng().fork('selectable-promos');
  const promoted = new Set(taken.map((t) => t.productId));
  const out: PromoRow[] = [];
  for (const p of rows) {
    if (rng.next() >= SELECTABLE_SHARE || p.sellingType !== 'Pezzo' || promoted.has(p.productId)) continue;
    const promoPriceCents = discountedCents(p.priceCents, 20);
    if (promoPriceCents >= p.priceCents || promoPriceCents <= 0) continue;
    const validTo = addDays(today, 30);
    out.push({
      promoId: taken.length + out.length + 1,
      productId: p.productId,
      ...SELECTABLE_PROMO_TYPE,
      promoPriceCents,
      discountPerc: (Math.round((1 - promoPriceCents / p.priceCents) * 10000) / 100).toFixed(2),
      validFrom: addDays(today, -1),
      validTo,
      header: 'CARTA FEDELTÀ',
      body: '-20% con la carta fedeltà',
      footer: untilText(validTo),
      bubble: 'Scegli lo sconto',
      cssClass: 'promo-carta',
      selectable: true,
      audience: 'card',
    });
  }
  return out;
}
