import type { WarehousePromo } from '@spesa/shared/contracts/catalogue';

/**
 * Who a promotion's price is for (decision 032): everyone, holders of a valid loyalty card (the others see
 * the card price as an invitation and pay the list price), or the customers of one CRM segment (a
 * personal offer, applied in their cart only). The cart and the checkout price every line through
 * `promoFor`, so the server never charges a card or segment price to someone it is not for.
 */
export const PROMO_AUDIENCES = ['all', 'card', 'segment'] as const;
export type PromoAudience = (typeof PROMO_AUDIENCES)[number];

/** The buyer as the audiences ask: a valid loyalty card, the CRM segments. */
export interface Buyer {
  card: boolean;
  segments: readonly number[];
}
/** An anonymous visitor, or a customer without card or segment. */
export const NO_PRIVILEGES: Buyer = { card: false, segments: [] };

/** One promotion of a product today, as the cart prices it. */
export interface CartPromo {
  promoId: number;
  priceCents: number;
  /** applies only when the customer chose it in the promo selector */
  selectable: boolean;
  audience: PromoAudience;
  segmentId: number | null;
  /** what the customer reads of it (the line's warehousePromo) */
  view: WarehousePromo | null;
}

export const audienceOf = (raw: string | null): PromoAudience =>
  raw === 'card' || raw === 'segment' ? raw : 'all';

/** Whether the promotion's price is for this buyer. */
export function reaches(promo: CartPromo, buyer: Buyer): boolean {
  if (promo.audience === 'card') return buyer.card;
  if (promo.audience === 'segment')
    return promo.segmentId !== null && buyer.segments.includes(promo.segmentId);
  return true;
}

/**
 * The promotion a line is priced with: the lowest price among the product's promotions of today that reach
 * the buyer, a selectable one only when the line chose it (`chosenPromoId`). Null: the list price.
 */
export function promoFor(
  promos: readonly CartPromo[],
  chosenPromoId: number | null,
  buyer: Buyer,
): CartPromo | null {
  let best: CartPromo | null = null;
  for (const p of promos) {
    if (p.selectable && p.promoId !== chosenPromoId) continue;
    if (!reaches(p, buyer)) continue;
    if (!best || p.priceCents < best.priceCents) best = p;
  }
  return best;
}
