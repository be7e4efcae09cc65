/**
 * The amount an online payment holds (spec section 9): the order total plus 25 % of the variable-weight
 * items plus the shopping bags. Integer cents only.
 *
 * "Order total" here is what the customer is shown to pay for goods and delivery: the lines (after
 * promotions) minus the gift discount plus the delivery fee. The bags are estimated at checkout (the
 * picker decides the real number) and are added on top, as the spec lists them; the 25 % margin covers a
 * loose product weighing more than asked (a 1 kg melon that weighs 1.2 kg). The margin is rounded up to
 * the cent so the hold always covers the rule.
 */
export const VARIABLE_WEIGHT_MARGIN_PERCENT = 25;

export interface PrebilledParts {
  /** the lines after promotions, cents */
  itemsCents: number;
  /** the part of itemsCents sold by weight, cents */
  variableWeightCents: number;
  /** the gift discount, cents (never more than the items) */
  giftDiscountCents: number;
  deliveryFeeCents: number;
  /** the estimated bags, cents */
  packagingCents: number;
}

function assertCents(name: string, n: number): void {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`${name} must be a non-negative integer of cents`);
}

/** The order total without the bags: items - gift discount (never below 0) + delivery fee. */
export function orderTotalCents(p: Omit<PrebilledParts, 'variableWeightCents' | 'packagingCents'>): number {
  assertCents('itemsCents', p.itemsCents);
  assertCents('giftDiscountCents', p.giftDiscountCents);
  assertCents('deliveryFeeCents', p.deliveryFeeCents);
  return Math.max(0, p.itemsCents - p.giftDiscountCents) + p.deliveryFeeCents;
}

/** 25 % of the variable-weight items, rounded up to the cent. */
export function variableWeightMarginCents(variableWeightCents: number): number {
  assertCents('variableWeightCents', variableWeightCents);
  return Math.ceil((variableWeightCents * VARIABLE_WEIGHT_MARGIN_PERCENT) / 100);
}

/** The pre-authorised amount in cents: total + 25 % of the variable-weight items + bags. */
export function prebilledAmountCents(p: PrebilledParts): number {
  assertCents('packagingCents', p.packagingCents);
  if (p.variableWeightCents > p.itemsCents)
    throw new RangeError('variableWeightCents cannot exceed itemsCents');
  return orderTotalCents(p) + variableWeightMarginCents(p.variableWeightCents) + p.packagingCents;
}

/** How many bags an order needs: one per `itemsPerBag` pieces (a loose line counts as one piece). */
export function estimateBags(pieces: number, itemsPerBag: number): number {
  if (!(itemsPerBag > 0) || !(pieces > 0)) return 0;
  return Math.ceil(pieces / itemsPerBag);
}
