import { PROVINCES_SERVED } from '../contracts/account';
import { addWorkingDays } from '../calendar/working-days';

/**
 * The gift-card partner programme, "Gift card per le aziende" (spec sections 1 and 9; decision 044):
 * companies order the chain's gift cards in bulk for their employees or customers. Orders of 1.500 € or more
 * get a 3 % discount on the invoice; the company hears about the delivery within 48 hours and the cards arrive
 * in about 7 working days. Amounts are integer cents.
 */
export const GIFT_CARD_PROGRAMME = {
  /** goods total from which the invoice discount applies, cents (1.500,00 €) */
  discountThresholdCents: 150_000,
  /** the invoice discount, in basis points of the goods (300 = 3 %) */
  discountBasisPoints: 300,
  /** the company hears about the delivery within this many hours of its request */
  deliveryInfoHours: 48,
  /** the cards arrive in about this many working days */
  deliveryWorkingDays: 7,
  /** the most cards of one value in one request */
  maxQuantityPerLine: 2_000,
  /** the most one request may be worth, cents (200.000,00 €): bigger orders go through a sales contact */
  maxGoodsCents: 20_000_000,
} as const;

/** The values a card is sold in, euros. */
export const GIFT_CARD_DENOMINATIONS = [10, 25, 50, 100, 250] as const;
export type GiftCardDenomination = (typeof GIFT_CARD_DENOMINATIONS)[number];

/** The provinces the chain delivers cards to (its shop's provinces) and their names. */
export const GIFT_CARD_PROVINCES = PROVINCES_SERVED;
export const PROVINCE_NAMES: Record<(typeof PROVINCES_SERVED)[number], string> = {
  CO: 'Como',
  SO: 'Sondrio',
  LC: 'Lecco',
  BG: 'Bergamo',
  MB: 'Monza e della Brianza',
  MI: 'Milano',
  BS: 'Brescia',
};

export interface GiftCardLine {
  /** euros, one of GIFT_CARD_DENOMINATIONS */
  value: number;
  quantity: number;
}

export interface GiftCardTotals {
  cards: number;
  goodsCents: number;
  discountCents: number;
  /** goods minus discount: what the invoice asks */
  invoiceCents: number;
  discounted: boolean;
  /** how much is missing to the discount (0 once reached) */
  missingForDiscountCents: number;
}

/** 3 % of the goods from 1.500,00 € on, rounded half up to the cent; integer arithmetic only. */
export function giftCardDiscountCents(goodsCents: number): number {
  if (goodsCents < GIFT_CARD_PROGRAMME.discountThresholdCents) return 0;
  return Math.floor((goodsCents * GIFT_CARD_PROGRAMME.discountBasisPoints + 5_000) / 10_000);
}

export function giftCardTotals(lines: readonly GiftCardLine[]): GiftCardTotals {
  let cards = 0;
  let goodsCents = 0;
  for (const l of lines) {
    cards += l.quantity;
    goodsCents += l.value * 100 * l.quantity;
  }
  const discountCents = giftCardDiscountCents(goodsCents);
  return {
    cards,
    goodsCents,
    discountCents,
    invoiceCents: goodsCents - discountCents,
    discounted: discountCents > 0,
    missingForDiscountCents: Math.max(0, GIFT_CARD_PROGRAMME.discountThresholdCents - goodsCents),
  };
}

/** The expected delivery day of a request received on `day` (Italian day): 7 working days after it. */
export const expectedDeliveryDay = (day: string): string =>
  addWorkingDays(day, GIFT_CARD_PROGRAMME.deliveryWorkingDays);

/** By when the company hears about the delivery: 48 hours after the request. */
export const deliveryInfoDueAt = (receivedAt: Date): Date =>
  new Date(receivedAt.getTime() + GIFT_CARD_PROGRAMME.deliveryInfoHours * 3_600_000);

/** "GC-2026-000042": the number the company quotes, from the request's id and year. */
export const giftCardRequestNumber = (id: number, receivedDay: string): string =>
  `GC-${receivedDay.slice(0, 4)}-${String(id).padStart(6, '0')}`;

/**
 * The states of a request, as a table: received -> confirmed (customer service sent the delivery
 * information) -> delivered; received or confirmed -> cancelled. Only the back office moves them.
 */
export const GIFT_CARD_ORDER_STATES = ['received', 'confirmed', 'delivered', 'cancelled'] as const;
export type GiftCardOrderState = (typeof GIFT_CARD_ORDER_STATES)[number];

export const GIFT_CARD_ORDER_TRANSITIONS: Readonly<
  Record<GiftCardOrderState, readonly GiftCardOrderState[]>
> = {
  received: ['confirmed', 'cancelled'],
  confirmed: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

export const canMoveGiftCardOrder = (from: GiftCardOrderState, to: GiftCardOrderState): boolean =>
  GIFT_CARD_ORDER_TRANSITIONS[from].includes(to);

export const GIFT_CARD_ORDER_STATE_LABEL: Record<GiftCardOrderState, string> = {
  received: 'Ricevuta',
  confirmed: 'Confermata (info consegna inviate)',
  delivered: 'Consegnata',
  cancelled: 'Annullata',
};

/** Still "received" after the 48 hours: customer service is late with the delivery information. */
export const isGiftCardOrderLate = (state: GiftCardOrderState, receivedAt: Date, now: Date): boolean =>
  state === 'received' && now.getTime() > deliveryInfoDueAt(receivedAt).getTime();
