import { describe, expect, it } from 'vitest';
import {
  PHYSICAL_CARD_STATES,
  PREMIUM_PERKS,
  canAdvancePhysicalCard,
  isPremiumProductChoosable,
  isProductDiscountOn,
  italianDayText,
  premiumProductChangeableFrom,
  premiumProductUnitCents,
  productDiscountEnd,
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
    ['2025-12-30', '2025-12-31'],
    ['2025-12-31', '2025-12-31'],
    ['2026-01-01', '2026-12-31'],
    ['2026-11-26', '2026-12-31'],
    ['2027-03-01', '2027-12-31'],
  ] as const)('the 20 %% product perk on %s runs to %s (renewed for each calendar year)', (day, end) => {
    expect(productDiscountEnd(day)).toBe(end);
    expect(isProductDiscountOn(day)).toBe(true);
  });

  it.each([
    ['2026-12-31', true],
    ['2027-01-01', false],
  ] as const)('a chain that stops renewing after 2026: on %s the perk runs: %s', (day, on) => {
    const perks = { productDiscountUntil: '2025-12-31', productDiscountLastYear: 2026 };
    expect(isProductDiscountOn(day, perks)).toBe(on);
    expect(productDiscountEnd(day, perks)).toBe(on ? '2026-12-31' : null);
  });

  it.each([
    [100, 80],
    [199, 159],
    [1, 0],
    [249, 199],
    [900, 720],
  ] as const)('20 %% off %i cents: %i (rounded down, in the customer’s favour)', (unit, discounted) => {
    expect(premiumProductUnitCents(unit)).toBe(discounted);
  });

  it.each([
    ['2026-11-26', '2026-12-01'],
    ['2026-12-01', '2027-01-01'],
    ['2027-01-31', '2027-02-01'],
  ] as const)('a product chosen on %s may be changed from %s', (day, from) => {
    expect(premiumProductChangeableFrom(day)).toBe(from);
  });

  it.each([
    ['pasta', 30101, [30000, 30100, 30101], true],
    ['infant formula', 180101, [180000, 180100, 180101], false],
    ['baby biscuits', 180104, [180000, 180100, 180104], true],
    ['wine', 140101, [140000, 140100, 140101], false],
    ['alcohol-free beer', 140303, [140000, 140300, 140303], false],
  ] as const)('%s may be chosen: %s', (_name, categoryId, chain, choosable) => {
    const product = { categoryId, breadCrumbs: chain.map((id) => ({ categoryId: id })) };
    expect(isPremiumProductChoosable(product)).toBe(choosable);
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
