import { describe, expect, it } from 'vitest';
import { mealVoucherPreview } from './meal-voucher-preview';

const cart = { itemsEuro: 120, foodEuro: 120, totalEuro: 120.4, prebilledEuro: 120.4 };

describe('mealVoucherPreview', () => {
  it('adds the service cost to the total and takes what the vouchers pay off the hold', () => {
    expect(mealVoucherPreview({ count: 8, kind: 'unlimited', faceValueCents: 800 }, cart, null)).toEqual({
      refusal: null,
      coveredCents: 6400,
      serviceCostCents: 269,
      totalCents: 12309,
      prebilledCents: 12309 - 6400,
    });
  });

  it('replaces a declaration the server already counts', () => {
    const saved = {
      count: 5,
      kind: 'multi_use' as const,
      faceValue: 10,
      amount: 50,
      serviceCost: 2,
      serviceCostPercent: 4,
    };
    const withSaved = { ...cart, totalEuro: 122.4, prebilledEuro: 72.4 };
    expect(mealVoucherPreview(null, withSaved, saved)).toMatchObject({
      totalCents: 12040,
      prebilledCents: 12040,
    });
  });

  it('refuses by the shared rules: nothing is covered', () => {
    const small = { ...cart, itemsEuro: 99.99, foodEuro: 99.99 };
    expect(
      mealVoucherPreview({ count: 2, kind: 'unlimited', faceValueCents: 800 }, small, null),
    ).toMatchObject({
      refusal: 'minSpend',
      coveredCents: 0,
      serviceCostCents: 0,
    });
    expect(mealVoucherPreview({ count: 9, kind: 'unlimited', faceValueCents: 800 }, cart, null).refusal).toBe(
      'tooMany',
    );
  });
});
