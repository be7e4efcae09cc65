import type { AdminPromotion } from '@spesa/shared/contracts/admin';
import type { Cart } from '@spesa/shared/contracts/cart';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { romeNow } from '../../lib/rome-time';
import { api, DRIVE_STORE, testProduct } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';

/** A product's stock at the Drive store the orders are prepared by (decision 095: stock is per store). */
const stockAtDrive = (alias: string) =>
  sql.raw(
    `COALESCE((SELECT st.stock FROM product_stock st WHERE st.product_id = ${alias}.product_id AND st.warehouse_id = ${DRIVE_STORE}), 0)`,
  );

/**
 * Card-only and segment-only promotions (decision 032), made in the back office and priced by the server:
 * a card price only for a valid loyalty card (no card and an expired card pay the list price), a segment's
 * personal offer only for its customers and never in the public catalogue.
 */
let t: TestApp;
let manager: string;
const today = romeNow(new Date()).date;
let cards = 0;

beforeAll(async () => {
  t = await buildTestApp({ versionCheckMs: 0 });
  manager = await makeStaff(t, (await newCustomer(t, { tag: 'aud-cat' })).userId, [], 'catalogue_manager');
});
afterAll(() => t?.close());

const st = <T>(method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, manager, method, api(path), {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });

/** A customer at the Drive store with a loyalty card valid until `cardValidTo` (null: no expiry), or none. */
async function customer(opts: { card?: { validTo: string | null }; segments?: number[] } = {}) {
  const c = await newCustomer(t, { tag: 'aud' });
  if (opts.card) {
    const number = `2${String(process.pid).padStart(7, '0')}${String(++cards).padStart(5, '0')}`.slice(0, 13);
    await t.db.execute(
      sql`INSERT INTO loyalty_cards (card_number, card_type, holder_last_name, valid_to)
          VALUES (${number}, 'fidelity', 'Cliente', ${opts.card.validTo}::date)`,
    );
    await t.db.execute(sql`UPDATE users SET card_number = ${number} WHERE user_id = ${c.userId}`);
  }
  if (opts.segments)
    await t.db.execute(
      sql`UPDATE users SET crm_segment_ids = string_to_array(${opts.segments.join(',')}, ',')::int[]
          WHERE user_id = ${c.userId}`,
    );
  expect(
    (await callAs(t.app, c.token, 'POST', api(`/store/select?store_id=${DRIVE_STORE}`))).body.response.status,
  ).toBe(0);
  return c.token;
}

/** The unit price a customer's cart charges for one piece of the product. */
async function unitPrice(token: string, productId: number): Promise<number | undefined> {
  const add = await callAs<Cart>(t.app, token, 'POST', api('/cart/add'), {
    payload: { items: [{ productId, quantity: 1 }] },
  });
  expect(add.body.response.status).toBe(0);
  return add.body.data.cartItems.find((i) => i.product.productId === productId)?.unitPrice;
}

async function promotion(productId: number, price: number, extra: Record<string, unknown>) {
  const res = await st<{ data: AdminPromotion }>('POST', '/admin/promotions', {
    productId,
    price,
    validFrom: today,
    validTo: today,
    ...extra,
  });
  expect(res.body.response.status).toBe(0);
  return res.body.data.data;
}

describe('a card-only promotion', () => {
  it('is charged to a valid card only; shown to everyone as an invitation with the list price', async () => {
    const { productId, priceCents } = await testProduct(t.db, { stock: 100, priceCents: 300 });
    const made = await promotion(productId, 2.4, { audience: 'card' });
    expect(made).toMatchObject({ audience: 'card', crmSegmentId: null, promoType: 'CARTA_FEDELTA' });
    expect(made.body).toContain('con la carta fedeltà');

    const shop = await callAs<Product>(t.app, null, 'GET', api(`/products?product_id=${productId}`));
    expect(shop.body.data.warehousePromo).toMatchObject({ audience: 'card', discount: 0.6 });

    expect(await unitPrice(await customer({ card: { validTo: null } }), productId)).toBe(2.4);
    expect(await unitPrice(await customer({ card: { validTo: today } }), productId)).toBe(2.4);
    expect(await unitPrice(await customer(), productId)).toBe(priceCents / 100);
    expect(await unitPrice(await customer({ card: { validTo: '2026-01-31' } }), productId)).toBe(
      priceCents / 100,
    );
    // the line of a customer without card names no promotion
    const none = await customer();
    await unitPrice(none, productId);
    const cart = await callAs<Cart>(t.app, none, 'GET', api('/cart/view'));
    expect(cart.body.data.cartItems[0]?.warehousePromo).toBeNull();
    expect(cart.body.data.totalDiscount).toBe(0);
  });

  it('the seeded loyalty-card offer: chosen by a card holder it applies; without a card it is refused', async () => {
    const [offer] = await queryRows<{ productId: number; promoId: number; cents: number }>(
      t.db,
      sql`SELECT pp.product_id AS "productId", pp.promo_id AS "promoId", pp.promo_price_cents AS cents
            FROM product_promos pp JOIN products p USING (product_id)
            WHERE pp.promo_type = 'CARTA_FEDELTA' AND pp.selectable AND pp.audience = 'card' AND p.active
              AND ${stockAtDrive('p')} > 5 AND pp.valid_from <= ${today}::date AND pp.valid_to >= ${today}::date
            ORDER BY pp.promo_id LIMIT 1`,
    );
    if (!offer) throw new Error('the seed has no card offer running today');
    const choose = (token: string) =>
      callAs<Cart>(t.app, token, 'POST', api('/cart/add'), {
        payload: { items: [{ productId: offer.productId, quantity: 1, warehousePromoId: offer.promoId }] },
      });
    const holder = await choose(await customer({ card: { validTo: null } }));
    expect(holder.body.response.status).toBe(0);
    expect(holder.body.data.cartItems.find((i) => i.product.productId === offer.productId)?.unitPrice).toBe(
      offer.cents / 100,
    );
    const refused = await choose(await customer());
    expect(refused.body.response.errors[0]?.code).toBe('msg.cart.promoCardOnly');
  });
});

describe("a segment's personal offer", () => {
  it("is applied in its customers' carts only and never shown in the public catalogue", async () => {
    const { productId, priceCents } = await testProduct(t.db, { stock: 100, priceCents: 500 });
    const made = await promotion(productId, 3.5, { audience: 'segment', crmSegmentId: 7 });
    expect(made).toMatchObject({ audience: 'segment', crmSegmentId: 7 });
    const shop = await callAs<Product>(t.app, null, 'GET', api(`/products?product_id=${productId}`));
    expect(shop.body.data.warehousePromo).toBeUndefined();
    expect(shop.body.data.priceDisplay).toBe(priceCents / 100);

    expect(await unitPrice(await customer({ segments: [3, 7] }), productId)).toBe(3.5);
    expect(await unitPrice(await customer({ segments: [3] }), productId)).toBe(priceCents / 100);
    expect(await unitPrice(await customer({ card: { validTo: null } }), productId)).toBe(priceCents / 100);
    // a personal offer is not a price the public was offered: the 30-day history leaves it out
    const history = await st<{ data: Array<{ kind: string }> }>(
      'GET',
      `/admin/products/${productId}/price-history`,
    );
    expect(history.body.data.data.some((h) => h.kind === 'promo')).toBe(false);
  });

  it('refuses an audience without its segment, a segment without the audience, and unknown audiences', async () => {
    const { productId } = await testProduct(t.db, { stock: 10, priceCents: 400 });
    for (const extra of [
      { audience: 'segment' },
      { audience: 'card', crmSegmentId: 7 },
      { crmSegmentId: 7 },
      { audience: 'vip' },
      { audience: 'segment', crmSegmentId: 0 },
    ]) {
      const res = await st('POST', '/admin/promotions', {
        productId,
        price: 3,
        validFrom: today,
        validTo: today,
        ...extra,
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const list = await st<{ data: AdminPromotion[] }>('GET', `/admin/promotions?productId=${productId}`);
    expect(list.body.data.data).toEqual([]);
  });
});
