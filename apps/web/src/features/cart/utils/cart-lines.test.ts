import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/fixtures';
import { cartAt, makeCart, storeComo } from '../../../test/delivery-fixtures';
import { acceptAlternativesDefault, deliveryChosen, quantityParts, rulesOf } from './cart-lines';

const slot = (autoAssigned: boolean) => ({
  date: '2030-01-02',
  timeslotId: 5,
  autoAssigned,
  beginTime: '10:00',
  endTime: '11:00',
  deliveryDayPeriodId: 1,
});

describe('cart line helpers', () => {
  it.each([
    ['no address', makeCart(), false],
    ['address, no slot', cartAt(storeComo), false],
    ['address, proposed slot', cartAt(storeComo, slot(true)), false],
    ['address and chosen slot', cartAt(storeComo, slot(false)), true],
  ])('delivery chosen: %s', (_name, cart, expected) => {
    expect(deliveryChosen(cart)).toBe(expected);
  });

  it('an auto-assigned address still asks for a choice', () => {
    const cart = cartAt(storeComo, slot(false));
    expect(
      deliveryChosen({ ...cart, shippingAddress: { ...cart.shippingAddress!, autoAssigned: true } }),
    ).toBe(false);
  });

  it.each([
    [{ TIPOLOGIA: 'Pezzo' }, 2, { quantity: '2', unit: 'pz' }],
    [
      { TIPOLOGIA: 'Sfuso', WEIGHT_SELLING: '500', WEIGHT_UNIT_SELLING: 'GR', WEIGHT_UNIT_BASE: 'KG' },
      0.5,
      { quantity: '500', unit: 'g' },
    ],
  ])('quantity and unit of cart.productAddText (%o, %d)', (infos, quantity, expected) => {
    expect(quantityParts(rulesOf(makeProduct({ productInfos: infos })), quantity)).toEqual(expected);
  });

  it('accept-alternatives defaults: normal products yes, promo products (class group 6) no', () => {
    expect(acceptAlternativesDefault(makeProduct())).toBe(true);
    expect(
      acceptAlternativesDefault(
        makeProduct({ productClasses: [{ productClassId: 1, productClassGroupId: 6 }] }),
      ),
    ).toBe(false);
  });
});
