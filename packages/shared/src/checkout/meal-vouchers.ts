/**
 * Electronic meal vouchers (buoni pasto) declared at checkout (spec sections 5 and 9; decision 047).
 *
 * In Italy an electronic meal voucher is read at the POS when the goods change hands (delivery or pickup):
 * online the customer only declares how many vouchers of which kind and face value will be handed over. The
 * declaration lowers the card's pre-authorisation by the amount they cover and adds the service cost (4.2 %
 * for unlimited vouchers, 4 % for multi-use ones) as a line of its own. Integer cents only.
 *
 * Rules (DM 122/2017 art. 4: at most 8 vouchers per purchase, for food products only): at most 8 vouchers;
 * goods of at least 100 €; the vouchers' value may not exceed the food part of the goods; no invoice; no
 * delivery discounts (the full delivery fee applies).
 */
export const MEAL_VOUCHER_KINDS = ['unlimited', 'multi_use'] as const;
export type MealVoucherKind = (typeof MEAL_VOUCHER_KINDS)[number];

export const MEAL_VOUCHERS = {
  /** vouchers per order (DM 122/2017 art. 4, spec section 9) */
  maxCount: 8,
  /** the goods (lines after promotions, before gift codes, fee and bags) must reach this, cents */
  minSpendCents: 100_00,
  /** service cost in basis points (1/100 of a percent) of the amount the vouchers cover */
  serviceCostBasisPoints: { unlimited: 420, multi_use: 400 } as Record<MealVoucherKind, number>,
  /** a voucher's face value, cents */
  minFaceValueCents: 1_00,
  maxFaceValueCents: 20_00,
} as const;

/**
 * The departments and categories that are not food (catalogue ids, data/demo/categories-it.json): home care,
 * personal care, the baby department's hygiene, pets. Wine and beer are food and drink (Reg. CE 178/2002
 * art. 2: "alimento" includes beverages) and DM 122/2017 excludes none of them.
 */
export const NON_FOOD_CATEGORY_IDS: readonly number[] = [160000, 170000, 180200, 190000];

/** A product is food unless one of its categories (department, category, subcategory) is non-food. */
export function isFoodProduct(categoryIds: readonly number[]): boolean {
  return !categoryIds.some((id) => NON_FOOD_CATEGORY_IDS.includes(id));
}

export interface MealVoucherDeclaration {
  count: number;
  kind: MealVoucherKind;
  faceValueCents: number;
}

/** The service cost of an amount covered by vouchers of a kind, rounded half up to the cent. */
export function mealVoucherServiceCostCents(kind: MealVoucherKind, coveredCents: number): number {
  if (!Number.isSafeInteger(coveredCents) || coveredCents < 0)
    throw new RangeError('coveredCents must be a non-negative integer of cents');
  return Math.round((coveredCents * MEAL_VOUCHERS.serviceCostBasisPoints[kind]) / 10_000);
}

/** What a declaration's vouchers are worth: count × face value, cents. */
export const mealVoucherValueCents = (d: MealVoucherDeclaration): number => d.count * d.faceValueCents;

/** Why a declaration cannot be used with a cart (null: it can). */
export type MealVoucherRefusal = 'tooMany' | 'none' | 'faceValue' | 'minSpend' | 'noFood' | 'aboveFood';

export function mealVoucherRefusal(
  d: MealVoucherDeclaration,
  cart: { itemsCents: number; foodCents: number },
): MealVoucherRefusal | null {
  if (!Number.isInteger(d.count) || d.count < 1) return 'none';
  if (d.count > MEAL_VOUCHERS.maxCount) return 'tooMany';
  if (
    !Number.isInteger(d.faceValueCents) ||
    d.faceValueCents < MEAL_VOUCHERS.minFaceValueCents ||
    d.faceValueCents > MEAL_VOUCHERS.maxFaceValueCents
  )
    return 'faceValue';
  if (cart.itemsCents < MEAL_VOUCHERS.minSpendCents) return 'minSpend';
  if (cart.foodCents <= 0) return 'noFood';
  if (mealVoucherValueCents(d) > cart.foodCents) return 'aboveFood';
  return null;
}

/** The figures of an accepted declaration: the amount covered and its service cost, cents. */
export function mealVoucherFigures(d: MealVoucherDeclaration): {
  coveredCents: number;
  serviceCostCents: number;
} {
  const coveredCents = mealVoucherValueCents(d);
  return { coveredCents, serviceCostCents: mealVoucherServiceCostCents(d.kind, coveredCents) };
}

/**
 * At capture (the order prepared): an electronic voucher is spent whole, so the staff collect as many of the
 * declared vouchers as the real amount (goods, fee and bags, without the service cost) can take, and the
 * service cost follows what they cover.
 */
export function settleMealVouchers(
  realCents: number,
  d: MealVoucherDeclaration | null,
): { count: number; collectCents: number; serviceCostCents: number } {
  if (!d || d.count <= 0 || d.faceValueCents <= 0) return { count: 0, collectCents: 0, serviceCostCents: 0 };
  const count = Math.min(d.count, Math.floor(Math.max(0, realCents) / d.faceValueCents));
  const collectCents = count * d.faceValueCents;
  return { count, collectCents, serviceCostCents: mealVoucherServiceCostCents(d.kind, collectCents) };
}

/** A declaration kept as JSON (an order's infos.mealVouchers): null when absent or not of this shape. */
export function mealVoucherDeclarationOf(value: unknown): MealVoucherDeclaration | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const kind = MEAL_VOUCHER_KINDS.find((k) => k === v.kind);
  if (!kind || typeof v.count !== 'number' || typeof v.faceValueCents !== 'number') return null;
  return { count: v.count, kind, faceValueCents: v.faceValueCents };
}

/** The service cost's percentage of a kind (4.2, 4). */
export const mealVoucherServiceCostPercent = (kind: MealVoucherKind): number =>
  MEAL_VOUCHERS.serviceCostBasisPoints[kind] / 100;
