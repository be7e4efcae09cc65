import { describe, expect, it } from 'vitest';
import {
  estimateBags,
  orderTotalCents,
  prebilledAmountCents,
  variableWeightMarginCents,
} from './prebilled-amount';

describe('pre-authorised amount: order total + 25 % of the variable-weight items + bags (spec section 9)', () => {
  it.each([
    // items, variable weight, gift, fee, bags -> prebilled
    { items: 5000, vw: 0, gift: 0, fee: 0, bags: 0, expected: 5000, why: 'no loose goods, no bags' },
    { items: 5000, vw: 2000, gift: 0, fee: 0, bags: 0, expected: 5500, why: '25 % of 20,00 is 5,00' },
    { items: 5000, vw: 2000, gift: 0, fee: 490, bags: 0, expected: 5990, why: 'delivery fee in the total' },
    { items: 5000, vw: 2000, gift: 0, fee: 490, bags: 30, expected: 6020, why: 'bags on top' },
    {
      items: 5000,
      vw: 2000,
      gift: 1000,
      fee: 490,
      bags: 30,
      expected: 5020,
      why: 'gift discount lowers the total',
    },
    { items: 1001, vw: 1001, gift: 0, fee: 0, bags: 0, expected: 1252, why: '250,25 cents rounds up to 251' },
    { items: 3, vw: 1, gift: 0, fee: 0, bags: 0, expected: 4, why: 'a quarter cent still rounds up' },
    {
      items: 1000,
      vw: 0,
      gift: 5000,
      fee: 390,
      bags: 15,
      expected: 405,
      why: 'discount never below zero goods',
    },
    { items: 0, vw: 0, gift: 0, fee: 0, bags: 0, expected: 0, why: 'empty' },
  ])('$why: $expected', ({ items, vw, gift, fee, bags, expected }) => {
    expect(
      prebilledAmountCents({
        itemsCents: items,
        variableWeightCents: vw,
        giftDiscountCents: gift,
        deliveryFeeCents: fee,
        packagingCents: bags,
      }),
    ).toBe(expected);
  });

  it('the margin alone is 25 % rounded up to the cent', () => {
    expect(variableWeightMarginCents(400)).toBe(100);
    expect(variableWeightMarginCents(401)).toBe(101);
    expect(variableWeightMarginCents(0)).toBe(0);
  });

  it('the order total is goods minus discount plus fee, without bags nor margin', () => {
    expect(orderTotalCents({ itemsCents: 2599, giftDiscountCents: 500, deliveryFeeCents: 390 })).toBe(2489);
  });

  it.each([
    { itemsCents: -1 },
    { itemsCents: 10.5 },
    { itemsCents: Number.NaN },
    { packagingCents: -5 },
    { variableWeightCents: 20_000 },
  ])('refuses amounts that are not cents, or loose goods above the goods: %o', (bad) => {
    const parts = {
      itemsCents: 10_000,
      variableWeightCents: 0,
      giftDiscountCents: 0,
      deliveryFeeCents: 0,
      packagingCents: 0,
      ...bad,
    };
    expect(() => prebilledAmountCents(parts)).toThrow(RangeError);
  });

  it.each([
    { pieces: 0, perBag: 10, bags: 0 },
    { pieces: 1, perBag: 10, bags: 1 },
    { pieces: 10, perBag: 10, bags: 1 },
    { pieces: 11, perBag: 10, bags: 2 },
    { pieces: 25, perBag: 0, bags: 0 },
  ])('$pieces pieces at $perBag a bag: $bags bags', ({ pieces, perBag, bags }) => {
    expect(estimateBags(pieces, perBag)).toBe(bags);
  });
});
