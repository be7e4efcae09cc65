import { describe, expect, it } from 'vitest';
import {
  isFoodProduct,
  mealVoucherFigures,
  mealVoucherRefusal,
  mealVoucherServiceCostCents,
  settleMealVouchers,
} from './meal-vouchers';

describe('meal vouchers (spec sections 5 and 9)', () => {
  it.each([
    ['unlimited', 8000, 336],
    ['multi_use', 8000, 320],
    ['unlimited', 1250, 53], // 52.5 rounds half up
    ['multi_use', 1, 0],
    ['unlimited', 0, 0],
  ] as const)('service cost of %s vouchers on %i cents is %i cents', (kind, covered, cost) => {
    expect(mealVoucherServiceCostCents(kind, covered)).toBe(cost);
  });

  it('refuses a negative or fractional covered amount', () => {
    expect(() => mealVoucherServiceCostCents('unlimited', -1)).toThrow(RangeError);
    expect(() => mealVoucherServiceCostCents('unlimited', 1.5)).toThrow(RangeError);
  });

  const cart = { itemsCents: 120_00, foodCents: 90_00 };
  it.each([
    [{ count: 8, kind: 'unlimited', faceValueCents: 8_00 }, cart, null],
    [{ count: 9, kind: 'unlimited', faceValueCents: 8_00 }, cart, 'tooMany'],
    [{ count: 0, kind: 'unlimited', faceValueCents: 8_00 }, cart, 'none'],
    [{ count: -1, kind: 'unlimited', faceValueCents: 8_00 }, cart, 'none'],
    [{ count: 2, kind: 'multi_use', faceValueCents: 0 }, cart, 'faceValue'],
    [{ count: 2, kind: 'multi_use', faceValueCents: 20_01 }, cart, 'faceValue'],
    [
      { count: 2, kind: 'multi_use', faceValueCents: 8_00 },
      { itemsCents: 99_99, foodCents: 99_99 },
      'minSpend',
    ],
    [{ count: 2, kind: 'multi_use', faceValueCents: 8_00 }, { itemsCents: 100_00, foodCents: 100_00 }, null],
    [{ count: 2, kind: 'multi_use', faceValueCents: 8_00 }, { itemsCents: 150_00, foodCents: 0 }, 'noFood'],
    [{ count: 8, kind: 'multi_use', faceValueCents: 12_00 }, cart, 'aboveFood'],
  ] as const)('%o with %o: %s', (d, c, refusal) => {
    expect(mealVoucherRefusal(d, c)).toBe(refusal);
  });

  it('covers count × face value and costs its percentage', () => {
    expect(mealVoucherFigures({ count: 8, kind: 'unlimited', faceValueCents: 8_00 })).toEqual({
      coveredCents: 64_00,
      serviceCostCents: 269,
    });
    expect(mealVoucherFigures({ count: 5, kind: 'multi_use', faceValueCents: 10_00 })).toEqual({
      coveredCents: 50_00,
      serviceCostCents: 200,
    });
  });

  it('food is every department but home care, personal care, baby hygiene and pets', () => {
    expect(isFoodProduct([10000, 10100, 10101])).toBe(true);
    expect(isFoodProduct([140000, 140100])).toBe(true);
    expect(isFoodProduct([180000, 180100])).toBe(true);
    expect(isFoodProduct([180000, 180200])).toBe(false);
    expect(isFoodProduct([160000, 160100])).toBe(false);
    expect(isFoodProduct([190000])).toBe(false);
  });

  it('at capture collects whole vouchers up to the real amount', () => {
    const d = { count: 8, kind: 'unlimited', faceValueCents: 8_00 } as const;
    expect(settleMealVouchers(120_00, d)).toEqual({ count: 8, collectCents: 64_00, serviceCostCents: 269 });
    expect(settleMealVouchers(30_00, d)).toEqual({ count: 3, collectCents: 24_00, serviceCostCents: 101 });
    expect(settleMealVouchers(120_00, null)).toEqual({ count: 0, collectCents: 0, serviceCostCents: 0 });
  });
});
