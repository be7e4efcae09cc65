/**
 * The premium card (spec sections 2 and 9; decision 038): its perks as the chain configures them, how a
 * customer becomes premium, and the states of a physical card sent by post, as a table.
 */
export const PREMIUM_PERKS = {
  /** one product of the customer's choice always 20 % off, until this Italian day (inclusive) */
  productDiscountPercent: 20,
  productDiscountUntil: '2025-12-31',
  /**
   * the perk is renewed for each calendar year after productDiscountUntil (decision 043): it runs to 31/12 of
   * the current year, up to this last year; null: renewed every year until the chain sets one
   */
  productDiscountLastYear: null as number | null,
  /** the birthday cake: a cake of this price range, in cents */
  birthdayCakeMinCents: 590,
  birthdayCakeMaxCents: 850,
  /** gift products a year */
  giftProducts: 3,
  /** the extra discount of the stickers */
  stickerDiscountPercent: 40,
  /** home deliveries free of charge */
  freeDeliveries: 2,
} as const;

/** the perks in the order the benefits page lists them */
export const PREMIUM_PERK_KEYS = [
  'birthdayCake',
  'holidayGifts',
  'giftProducts',
  'stickers',
  'freeDeliveries',
  'productDiscount',
] as const;
export type PremiumPerkKey = (typeof PREMIUM_PERK_KEYS)[number];

/** digital: premium at once, the card in the app; physical: premium at once too, a plastic card by post */
export const PREMIUM_CHANNELS = ['digital', 'physical'] as const;
export type PremiumChannel = (typeof PREMIUM_CHANNELS)[number];

/** a physical card is sent by post within this many days of the request ("entro un mese") */
export const PHYSICAL_CARD_DAYS = 30;

export const PHYSICAL_CARD_STATES = ['requested', 'shipped', 'delivered'] as const;
export type PhysicalCardState = (typeof PHYSICAL_CARD_STATES)[number];

/** Who may move a physical card's state: only the back office, one step forward at a time. */
export const PHYSICAL_CARD_TRANSITIONS: Readonly<Record<PhysicalCardState, readonly PhysicalCardState[]>> = {
  requested: ['shipped'],
  shipped: ['delivered'],
  delivered: [],
};

export const canAdvancePhysicalCard = (from: PhysicalCardState, to: PhysicalCardState): boolean =>
  PHYSICAL_CARD_TRANSITIONS[from].includes(to);

/** The configuration of the 20 % product perk's periods (PREMIUM_PERKS; a test passes its own). */
export interface ProductDiscountPeriods {
  productDiscountUntil: string;
  productDiscountLastYear: number | null;
}

/**
 * The last day (YYYY-MM-DD) of the 20 % product perk's period running on `today` (Italian day): the spec's
 * 31/12/2025, then 31/12 of each following year (decision 043); null when the chain no longer runs it.
 */
export function productDiscountEnd(
  today: string,
  perks: ProductDiscountPeriods = PREMIUM_PERKS,
): string | null {
  if (today <= perks.productDiscountUntil) return perks.productDiscountUntil;
  const year = Number(today.slice(0, 4));
  if (perks.productDiscountLastYear !== null && year > perks.productDiscountLastYear) return null;
  return `${year}-12-31`;
}

/** Is the 20 % product perk running on `today` (YYYY-MM-DD, Italian day)? */
export const isProductDiscountOn = (today: string, perks: ProductDiscountPeriods = PREMIUM_PERKS): boolean =>
  productDiscountEnd(today, perks) !== null;

/**
 * Categories whose products cannot be the discounted product (decision 043): infant formula ("latte per
 * l'infanzia": DM 82/2009 forbids promoting it) and the alcoholic drinks department ("vini e birre"). The
 * catalogue sells no tobacco. A product is matched by its category or any category above it.
 */
export const PREMIUM_PRODUCT_EXCLUDED_CATEGORY_IDS: readonly number[] = [180101, 140000];

/** May this product (its category and those above it, from its breadcrumbs) be the discounted product? */
export const isPremiumProductChoosable = (product: {
  categoryId: number;
  breadCrumbs: readonly { categoryId: number }[];
}): boolean =>
  ![product.categoryId, ...product.breadCrumbs.map((b) => b.categoryId)].some((id) =>
    PREMIUM_PRODUCT_EXCLUDED_CATEGORY_IDS.includes(id),
  );

/**
 * A unit price (cents) of the chosen product with the 20 % perk: taken off the price the line already has
 * (after the catalogue's promotion), rounded down to the cent in the customer's favour (decision 043).
 */
export const premiumProductUnitCents = (unitCents: number): number =>
  Math.floor((unitCents * (100 - PREMIUM_PERKS.productDiscountPercent)) / 100);

/** The first day (YYYY-MM-DD) of the month after `day`'s: when a product chosen on `day` may be changed. */
export function premiumProductChangeableFrom(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** "31/12/2025" from "2025-12-31" */
export const italianDayText = (isoDay: string): string => isoDay.split('-').reverse().join('/');
