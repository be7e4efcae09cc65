import { describe, expect, it } from 'vitest';
import {
  PHYSICAL_CARD_STATES,
  PREMIUM_PERKS,
  canAdvancePhysicalCard,
  isProductDiscountOn,
  italianDayText,
} from './premium';

describe('the premium card (spec sections 2 and 9)', () => {
  it('holds the spec’s numbers', () => {
    expect(PREMIUM_PERKS).toMatchObject({
      productDiscountPercent: 20,
      productDiscountUntil: '2025-12-31',
      birthdayCakeMinCents: 590,
      birthdayCakeMaxCents: 850,
      giftProducts: 3,
      stickerDiscountPercent: 40,
      freeDeliveries: 2,
    });
    expect(italianDayText(PREMIUM_PERKS.productDiscountUntil)).toBe('31/12/2025');
  });

  it.each([
    ['2025-12-30', true],
    ['2025-12-31', true],
    ['2026-01-01', false],
  ] as const)('the 20 %% product perk on %s: %s', (day, on) => {
    expect(isProductDiscountOn(day)).toBe(on);
  });

  it.each([
    ['requested', 'shipped', true],
    ['shipped', 'delivered', true],
    ['requested', 'delivered', false],
    ['shipped', 'requested', false],
    ['delivered', 'shipped', false],
    ['delivered', 'delivered', false],
  ] as const)('a physical card goes from %s to %s: %s', (from, to, allowed) => {
    expect(canAdvancePhysicalCard(from, to)).toBe(allowed);
  });

  it('every state but the last has a next one', () => {
    const last = PHYSICAL_CARD_STATES.at(-1);
    for (const s of PHYSICAL_CARD_STATES)
      expect(PHYSICAL_CARD_STATES.some((t) => canAdvancePhysicalCard(s, t))).toBe(s !== last);
  });
});
