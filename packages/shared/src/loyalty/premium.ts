/**
 * The premium card (spec sections 2 and 9; decision 038): its perks as the chain configures them, how a
 * customer becomes premium, and the states of a physical card sent by post, as a table.
 */
export const PREMIUM_PERKS = {
  /** one product of the customer's choice always 20 % off, until this Italian day (inclusive) */
  productDiscountPercent: 20,
  productDiscountUntil: '2025-12-31',
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

/** Is the 20 % product perk running on `today` (YYYY-MM-DD, Italian day)? */
export const isProductDiscountOn = (today: string): boolean => today <= PREMIUM_PERKS.productDiscountUntil;

/** "31/12/2025" from "2025-12-31" */
export const italianDayText = (isoDay: string): string => isoDay.split('-').reverse().join('/');
