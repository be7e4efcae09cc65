import { sql } from 'drizzle-orm';
import type { AdminPromotion } from '@spesa/shared/contracts/admin';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { romeNow } from '../../lib/rome-time';
import { api, testProduct } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { unitPriceOf } from './product.mapper';

/**
 * The unit price (€/kg, €/l, €/pz) is that of the price the customer pays (Codice del Consumo art. 13-17,
 * Directive 98/6/EC): on a reduction it follows the reduced price, and the list one goes beside it.
 */
describe('unitPriceOf: the unit price of the price paid, by selling type', () => {
  it.each([
    // what, list unit price (cents per kg / l / piece), list price, net content, price paid, expected
    ['Pezzo 400 g, no reduction', 773, 309, 0.4, null, 773],
    ['Pezzo 400 g, spinach at 2,49 instead of 3,09', 773, 309, 0.4, 249, 623],
    ['Confezione, a bottle of a 6 x 500 ml pack at 0,19 instead of 0,25', 50, 25, 0.5, 19, 38],
    ['multi-pack sold by the pack, 3 x 125 g at 2,99 instead of 3,49', 931, 349, 0.375, 299, 797],
    ['Sfuso priced per kg, 2,49 €/kg instead of 2,99', 299, 299, null, 249, 249],
    ['Pezzo priced per kg (a 250 g piece of cheese), 14,90 €/kg cut to 12,90', 1490, 1490, 0.25, 1290, 1290],
    ['a 3x2 of a 1 kg pack (two thirds of the price)', 239, 239, 1, 159, 159],
    ['the paid price equal to the list one', 500, 250, 0.5, 250, 500],
    ['no net content known: the proportion', 1000, 500, null, 400, 800],
  ] as Array<[string, number, number, number | null, number | null, number]>)(
    '%s',
    (_what, unitCents, cents, netQuantity, paid, expected) => {
      expect(unitPriceOf({ unitCents, cents, netQuantity }, paid)).toBe(expected);
    },
  );
});

describe('the wire: priceUmDisplay of the price paid, priceStandardUmDisplay the struck former one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ versionCheckMs: 0 });
  });
  afterAll(() => t?.close());

  it('a 400 g product cut from 3,09 to 2,49 shows 6,23 €/kg, formerly 7,73 €/kg; a card price keeps the list one', async () => {
    const manager = await makeStaff(
      t,
      (await newCustomer(t, { tag: 'unit' })).userId,
      [],
      'catalogue_manager',
    );
    const today = romeNow(new Date()).date;
    const cut = async (price: number, audience: 'all' | 'card') => {
      const { productId } = await testProduct(t.db, { stock: 10, priceCents: 309 });
      await t.db.execute(
        sql`UPDATE products SET net_quantity = 0.4, unit_price_cents = 773 WHERE product_id = ${productId}`,
      );
      const made = await callAs<{ data: AdminPromotion }>(t.app, manager, 'POST', api('/admin/promotions'), {
        via: 'staff',
        payload: { productId, price, validFrom: today, validTo: today, audience },
      });
      expect(made.body.response.status).toBe(0);
      return (await callAs<Product>(t.app, null, 'GET', api(`/products?product_id=${productId}`))).body.data;
    };
    const reduced = await cut(2.49, 'all');
    expect(reduced).toMatchObject({ priceDisplay: 2.49, priceUmDisplay: 6.23, priceStandardUmDisplay: 7.73 });
    const card = await cut(2.49, 'card');
    expect(card.priceUmDisplay).toBe(7.73);
    expect(card.priceStandardUmDisplay).toBeUndefined();
  });
});
