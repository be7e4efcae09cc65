import type { AdminPriceHistoryEntry, AdminPromotion, AdminProduct } from '@spesa/shared/contracts/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { romeNow } from '../../lib/rome-time';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, getJson, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';

/**
 * Prices and promotions in the back office (decision 031): the price history written by every list-price
 * change and promotion, the Omnibus prior price (the lowest of the 30 days before), refusals, roles, audit.
 */
let t: TestApp;
let manager: string;
let managerId: number;
const today = romeNow(new Date()).date;
const day = (n: number) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  // the shop's read cache checks the catalogue version on every request here (a second in production)
  t = await buildTestApp({ versionCheckMs: 0 });
  const m = await newCustomer(t, { tag: 'promo-manager' });
  managerId = m.userId;
  manager = await makeStaff(t, m.userId, [], 'catalogue_manager');
});
afterAll(() => t?.close());

const st = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `/ebsn/api${path}`, {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });
type ShopProduct = {
  priceDisplay: number;
  priceStandardDisplay?: number;
  warehousePromo?: { priorPrice?: number; warehousePromoId: number };
};
const shop = async (productId: number) =>
  (await getJson<ShopProduct>(t.app, `/ebsn/api/products?product_id=${productId}`)).body.data;

/** A product sold by the piece, on sale, with no promotion ever, its id `% 8` as asked (seeded history). */
async function plainProduct(mod8: 'zero' | 'other', skip = 0): Promise<{ id: number; cents: number }> {
  const [row] = await queryRows<{ id: number; cents: number }>(
    t.db,
    sql`SELECT product_id AS id, price_cents AS cents FROM products p
        WHERE active AND selling_type = 'Pezzo' AND price_cents >= 200
          AND ${mod8 === 'zero' ? sql`product_id % 8 = 0` : sql`product_id % 8 <> 0`}
          AND NOT EXISTS (SELECT 1 FROM product_promos pp WHERE pp.product_id = p.product_id)
        ORDER BY product_id LIMIT 1 OFFSET ${skip}`,
  );
  if (!row) throw new Error('no such product in the seed');
  return row;
}

describe('the seeded history', () => {
  it('gives every seeded promotion its prior price: after a recent price rise, the pre-rise low', async () => {
    const [risen] = await queryRows<{ productId: number; listCents: number; prior: number }>(
      t.db,
      sql`SELECT pp.product_id AS "productId", p.price_cents AS "listCents", pp.prior_price_cents AS prior
          FROM product_promos pp JOIN products p ON p.product_id = pp.product_id
          WHERE pp.product_id % 8 = 0 AND pp.valid_from <= ${today}::date AND pp.valid_to >= ${today}::date
          ORDER BY pp.product_id LIMIT 1`,
    );
    expect(risen).toBeDefined();
    expect(risen!.prior).toBe(Math.round(risen!.listCents * 0.92));
    expect((await shop(risen!.productId)).warehousePromo?.priorPrice).toBe(risen!.prior / 100);
    const [missing] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM product_promos WHERE prior_price_cents IS NULL`,
    );
    expect(missing?.n).toBe(0);
  });
});

describe('a price cut for a week', () => {
  it('is shown by the shop with the prior price, recorded in the history and the audit log', async () => {
    const p = await plainProduct('other');
    const preview = await st<{ listPrice: number; priorPrice: number | null; continues: boolean }>(
      manager,
      'GET',
      `/admin/promotions/preview?productId=${p.id}&validFrom=${today}`,
    );
    expect(preview.body.data).toEqual({
      listPrice: p.cents / 100,
      priorPrice: p.cents / 100,
      continues: false,
    });
    const cut = Math.round(p.cents * 0.8);
    const made = await st<{ data: AdminPromotion }>(manager, 'POST', '/admin/promotions', {
      productId: p.id,
      price: cut / 100,
      validFrom: today,
      validTo: day(6),
    });
    expect(made.body.response.status).toBe(0);
    expect(made.body.data.data).toMatchObject({
      productId: p.id,
      price: cut / 100,
      priorPrice: p.cents / 100,
      status: 'current',
      validTo: day(6),
    });
    const seen = await shop(p.id);
    expect(seen.priceDisplay).toBe(cut / 100);
    expect(seen.priceStandardDisplay).toBe(p.cents / 100);
    expect(seen.warehousePromo?.priorPrice).toBe(p.cents / 100);

    const history = await st<{ data: AdminPriceHistoryEntry[] }>(
      manager,
      'GET',
      `/admin/products/${p.id}/price-history`,
    );
    expect(history.body.data.data[0]).toMatchObject({
      kind: 'promo',
      promoId: made.body.data.data.id,
      price: cut / 100,
      validFrom: today,
      validTo: day(6),
      recordedBy: managerId,
    });
    const audit = await queryRows<{ action: string; after: { price: number } }>(
      t.db,
      sql`SELECT action, after FROM admin_audit WHERE resource = 'promotions'
          AND resource_id = ${String(made.body.data.data.id)}`,
    );
    expect(audit).toEqual([{ action: 'create', after: expect.objectContaining({ price: cut / 100 }) }]);

    // a deeper cut right after it continues the reduction: the first one's prior price stays the reference
    const next = await st<{ listPrice: number; priorPrice: number | null; continues: boolean }>(
      manager,
      'GET',
      `/admin/promotions/preview?productId=${p.id}&validFrom=${day(7)}`,
    );
    expect(next.body.data).toMatchObject({ priorPrice: p.cents / 100, continues: true });
    const deeper = await st<{ data: AdminPromotion }>(manager, 'POST', '/admin/promotions', {
      productId: p.id,
      price: Math.round(p.cents * 0.7) / 100,
      validFrom: day(7),
      validTo: day(13),
    });
    expect(deeper.body.data.data).toMatchObject({ priorPrice: p.cents / 100, status: 'scheduled' });

    // ended: the scheduled one never runs (it leaves the history); the running one stops now
    const endScheduled = await st<{ data: AdminPromotion }>(
      manager,
      'POST',
      `/admin/promotions/${deeper.body.data.data.id}/end`,
      {},
    );
    expect(endScheduled.body.data.data.status).toBe('ended');
    const endRunning = await st<{ data: AdminPromotion }>(
      manager,
      'POST',
      `/admin/promotions/${made.body.data.data.id}/end`,
      {},
    );
    expect(endRunning.body.data.data.status).toBe('ended');
    expect((await shop(p.id)).warehousePromo).toBeUndefined();
    const after = await st<{ data: AdminPriceHistoryEntry[] }>(
      manager,
      'GET',
      `/admin/products/${p.id}/price-history`,
    );
    expect(after.body.data.data.filter((h) => h.kind === 'promo')).toEqual([
      expect.objectContaining({ promoId: made.body.data.data.id, validFrom: today, validTo: today }),
    ]);
    const again = await st(manager, 'POST', `/admin/promotions/${made.body.data.data.id}/end`, {});
    expect(again.body.response.errorsMessage).toEqual(['La promozione è già terminata.']);
  });
});

describe('refused cuts change nothing', () => {
  it.each([
    [
      'not below the list price',
      (p: { id: number; cents: number }) => ({ price: p.cents / 100 }),
      'inferiore al prezzo di listino',
    ],
    ['starting yesterday', () => ({ validFrom: day(-1) }), 'giorno passato'],
    ['longer than 90 days', () => ({ validTo: day(90) }), '90 giorni'],
  ])('%s', async (_what, change, text) => {
    const p = await plainProduct('other', 3);
    const res = await st(manager, 'POST', '/admin/promotions', {
      productId: p.id,
      price: Math.round(p.cents * 0.8) / 100,
      validFrom: today,
      validTo: day(6),
      ...change(p),
    });
    expect(res.body.response.status).toBe(1);
    expect(res.body.response.errorsMessage[0]).toContain(text);
    const [n] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM product_promos WHERE product_id = ${p.id}`,
    );
    expect(n?.n).toBe(0);
  });

  it('not below the lowest price of the 30 days before (a recent price rise)', async () => {
    const p = await plainProduct('zero');
    const low = Math.round(p.cents * 0.92);
    const res = await st(manager, 'POST', '/admin/promotions', {
      productId: p.id,
      price: Math.round(p.cents * 0.95) / 100,
      validFrom: today,
      validTo: day(6),
    });
    expect(res.body.response.errors[0]?.code).toBe('msg.admin.promotion.notBelowPriorPrice');
    expect(res.body.response.errorsMessage[0]).toContain(
      (low / 100).toLocaleString('it-IT', { style: 'currency', currency: 'EUR' }),
    );
  });

  it('overlapping another promotion of the product', async () => {
    const p = await plainProduct('other', 5);
    const body = {
      productId: p.id,
      price: Math.round(p.cents * 0.8) / 100,
      validFrom: day(2),
      validTo: day(8),
    };
    expect((await st(manager, 'POST', '/admin/promotions', body)).body.response.status).toBe(0);
    const overlap = await st(manager, 'POST', '/admin/promotions', {
      ...body,
      validFrom: day(8),
      validTo: day(9),
    });
    expect(overlap.body.response.errorsMessage).toEqual([
      'Il prodotto ha già una promozione in alcuni di quei giorni.',
    ]);
  });

  it.each([
    [{ productId: 1, price: 1, validFrom: day(3), validTo: day(2) }],
    [{ productId: 1, price: 'poco', validFrom: today, validTo: today }],
    [{ productId: 1, price: 1, validFrom: '2026-02-30', validTo: today }],
    [{ productId: 'x', price: 1, validFrom: today, validTo: today }],
  ])('bad input %j answers 400', async (body) => {
    const res = await st(manager, 'POST', '/admin/promotions', body);
    expect(res.statusCode).toBe(400);
    expect(res.body.response.status).toBe(2);
  });
});

describe('who may', () => {
  it('customer service reads promotions but makes none; a picker reads none', async () => {
    const cs = await newCustomer(t, { tag: 'promo-cs' });
    const csToken = await makeStaff(t, cs.userId, [], 'customer_service');
    expect((await st(csToken, 'GET', '/admin/promotions?status=current')).statusCode).toBe(200);
    const p = await plainProduct('other', 7);
    const refused = await st(csToken, 'POST', '/admin/promotions', {
      productId: p.id,
      price: 0.5,
      validFrom: today,
      validTo: today,
    });
    expect(refused.statusCode).toBe(403);
    const pk = await newCustomer(t, { tag: 'promo-picker' });
    const pkToken = await makeStaff(t, pk.userId, [13], 'picker');
    for (const path of ['/admin/promotions', `/admin/products/${p.id}/price-history`])
      expect((await st(pkToken, 'GET', path)).statusCode).toBe(403);
  });
});

describe('list prices', () => {
  it('a change is in the history from today; a second change the same day replaces the first', async () => {
    const p = await plainProduct('other', 9);
    const edit = async (price: number) => {
      const current = await st<{ data: AdminProduct }>(manager, 'GET', `/admin/products/${p.id}`);
      return st<{ data: AdminProduct }>(manager, 'POST', `/admin/products/${p.id}`, {
        updatedAt: current.body.data.data.updatedAt,
        price,
      });
    };
    expect((await edit((p.cents + 10) / 100)).body.response.status).toBe(0);
    expect((await edit((p.cents + 20) / 100)).body.response.status).toBe(0);
    const history = await st<{ data: AdminPriceHistoryEntry[] }>(
      manager,
      'GET',
      `/admin/products/${p.id}/price-history`,
    );
    const lists = history.body.data.data.filter((h) => h.kind === 'list');
    expect(lists[0]).toMatchObject({ price: (p.cents + 20) / 100, validFrom: today, validTo: null });
    expect(lists[1]).toMatchObject({ price: p.cents / 100, validTo: day(-1) });
    expect(lists).toHaveLength(2);
  });
});

describe('a bulk change of list prices', () => {
  it('previews, then moves a category’s prices by a percentage in one transaction, each in the history', async () => {
    const [leaf] = await queryRows<{ id: number; n: number }>(
      t.db,
      sql`SELECT category_id AS id, count(*)::int AS n FROM products GROUP BY category_id
          HAVING count(*) BETWEEN 3 AND 40 ORDER BY category_id LIMIT 1`,
    );
    const body = { categoryId: leaf!.id, percent: 5 };
    type Bulk = { data: Array<{ id: number; price: number; newPrice: number }>; total: number };
    const preview = await st<Bulk>(manager, 'POST', '/admin/products/bulk-price/preview', body);
    expect(preview.body.data.total).toBe(leaf!.n);
    const first = preview.body.data.data[0]!;
    expect(first.newPrice).toBe(Math.max(1, Math.round(first.price * 105)) / 100);

    // a count other than the preview's: refused, nothing moves
    const changed = await st(manager, 'POST', '/admin/products/bulk-price', {
      ...body,
      expectedCount: leaf!.n + 1,
    });
    expect(changed.body.response.errors[0]?.code).toBe('msg.admin.bulk.changed');
    expect((await shop(first.id)).priceStandardDisplay ?? (await shop(first.id)).priceDisplay).toBe(
      first.price,
    );

    const done = await st<Bulk>(manager, 'POST', '/admin/products/bulk-price', {
      ...body,
      expectedCount: leaf!.n,
    });
    expect(done.body.response.status).toBe(0);
    const seen = await shop(first.id);
    expect(seen.priceStandardDisplay ?? seen.priceDisplay).toBe(first.newPrice);
    const history = await st<{ data: AdminPriceHistoryEntry[] }>(
      manager,
      'GET',
      `/admin/products/${first.id}/price-history`,
    );
    expect(history.body.data.data.find((h) => h.kind === 'list')).toMatchObject({
      price: first.newPrice,
      validFrom: today,
      validTo: null,
    });
    const [audit] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM admin_audit WHERE action = 'bulk-price' AND allowed`,
    );
    expect(audit?.n).toBe(1);
  });

  it.each([
    [{ percent: 5 }],
    [{ categoryId: 1, percent: 0 }],
    [{ categoryId: 1, percent: 80 }],
    [{ q: 'pasta', percent: 'molto' }],
  ])('bad input %j answers 400', async (body) => {
    const res = await st(manager, 'POST', '/admin/products/bulk-price/preview', body);
    expect(res.statusCode).toBe(400);
  });

  it('refuses more than 500 products, and customer service', async () => {
    const many = await st(manager, 'POST', '/admin/products/bulk-price/preview', { q: 'a', percent: 3 });
    expect(many.body.response.errors[0]?.code).toBe('msg.admin.bulk.tooMany');
    const cs = await newCustomer(t, { tag: 'bulk-cs' });
    const csToken = await makeStaff(t, cs.userId, [], 'customer_service');
    const refused = await st(csToken, 'POST', '/admin/products/bulk-price', {
      q: 'pasta',
      percent: -10,
      expectedCount: 1,
    });
    expect(refused.statusCode).toBe(403);
  });
});
