import { describe, expect, it } from 'vitest';
import {
  GIFT_CARD_PROGRAMME,
  canMoveGiftCardOrder,
  deliveryInfoDueAt,
  expectedDeliveryDay,
  giftCardDiscountCents,
  giftCardRequestNumber,
  giftCardTotals,
  isGiftCardOrderLate,
} from './gift-card-partners';

describe('the gift-card partner programme (spec section 9)', () => {
  it('holds the spec’s numbers', () => {
    expect(GIFT_CARD_PROGRAMME).toMatchObject({
      discountThresholdCents: 150_000,
      discountBasisPoints: 300,
      deliveryInfoHours: 48,
      deliveryWorkingDays: 7,
    });
  });

  it.each([
    [0, 0],
    [149_999, 0], // 1.499,99 €: no discount
    [150_000, 4_500], // 1.500,00 €: 45,00 €
    [150_001, 4_500], // 45,0003 € rounds down
    [150_017, 4_501], // 45,0051 € rounds up
    [1_000_000, 30_000],
    [20_000_000, 600_000],
  ] as const)('goods of %i cents: a discount of %i cents', (goods, discount) => {
    expect(giftCardDiscountCents(goods)).toBe(discount);
  });

  it.each([
    // 59 x 25 € + 1 x 10 € = 1.485 €: 15 € missing
    [
      [
        { value: 25, quantity: 59 },
        { value: 10, quantity: 1 },
      ],
      148_500,
      0,
      148_500,
      1_500,
    ],
    // 6 x 250 € = 1.500 €: 3 % off
    [[{ value: 250, quantity: 6 }], 150_000, 4_500, 145_500, 0],
    [
      [
        { value: 50, quantity: 40 },
        { value: 100, quantity: 3 },
      ],
      230_000,
      6_900,
      223_100,
      0,
    ],
  ] as const)(
    'lines %j: goods %i, discount %i, invoice %i, missing %i',
    (lines, goods, discount, invoice, missing) => {
      const totals = giftCardTotals(lines);
      expect(totals).toMatchObject({
        goodsCents: goods,
        discountCents: discount,
        invoiceCents: invoice,
        missingForDiscountCents: missing,
        discounted: discount > 0,
      });
    },
  );

  it('promises the delivery information within 48 hours and the cards in 7 working days', () => {
    expect(deliveryInfoDueAt(new Date('2026-12-23T10:00:00Z')).toISOString()).toBe(
      '2026-12-25T10:00:00.000Z',
    );
    expect(expectedDeliveryDay('2026-12-23')).toBe('2027-01-05');
    expect(expectedDeliveryDay('2026-03-31')).toBe('2026-04-10');
  });

  it.each([
    ['received', 'confirmed', true],
    ['received', 'cancelled', true],
    ['confirmed', 'delivered', true],
    ['confirmed', 'cancelled', true],
    ['received', 'delivered', false],
    ['confirmed', 'received', false],
    ['delivered', 'cancelled', false],
    ['cancelled', 'received', false],
    ['received', 'received', false],
  ] as const)('a request goes from %s to %s: %s', (from, to, allowed) => {
    expect(canMoveGiftCardOrder(from, to)).toBe(allowed);
  });

  it('is late when still received after 48 hours', () => {
    const at = new Date('2026-11-23T09:00:00Z');
    expect(isGiftCardOrderLate('received', at, new Date('2026-11-25T09:00:00Z'))).toBe(false);
    expect(isGiftCardOrderLate('received', at, new Date('2026-11-25T09:00:01Z'))).toBe(true);
    expect(isGiftCardOrderLate('confirmed', at, new Date('2026-12-25T09:00:00Z'))).toBe(false);
  });

  it('numbers a request by year', () => {
    expect(giftCardRequestNumber(42, '2026-11-23')).toBe('GC-2026-000042');
  });
});
