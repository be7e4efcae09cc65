import type { ProductAlternatives } from '@spesa/shared/contracts/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { setStock } from '../../../test/checkout-fixtures';
import { buildTestApp, callAs, DEMO_PASSWORD, getJson, login, type TestApp } from '../../../test/helper';

/**
 * Alternatives of a product (issue 20): same shelf, in stock at the store, ranked by closeness of price and
 * content; the customer's cart's store decides what is sold.
 */
let t: TestApp;
let shelf: Array<{ id: number; cents: number; stock: number }>;
beforeAll(async () => {
  t = await buildTestApp();
  // a shelf with several packs: the pasta shelf's first leaf with at least 6 products
  shelf = await queryRows(
    t.db,
    sql`SELECT product_id AS id, price_cents AS cents,
          (SELECT COALESCE(max(st.stock), 0) FROM product_stock st WHERE st.product_id = products.product_id)::float8 AS stock
        FROM products
        WHERE active AND category_id = (
          SELECT category_id FROM products WHERE active GROUP BY category_id HAVING count(*) >= 8
          ORDER BY category_id LIMIT 1)
        ORDER BY product_id`,
  );
});
afterAll(() => t?.close());

type Data = { alternatives: ProductAlternatives[] };
const API = '/ebsn/api/products';

describe('GET /products/list-product-alternative', () => {
  it('answers, for each product, other in-stock products of its shelf, closest in price first', async () => {
    const [first, second] = shelf;
    const { body } = await getJson<Data>(
      t.app,
      `${API}/list-product-alternative?product_ids=${first!.id},${second!.id}&details=true`,
    );
    expect(body.response.status).toBe(0);
    expect(body.data.alternatives.map((a) => a.productId)).toEqual([first!.id, second!.id]);
    const mine = body.data.alternatives[0]!;
    expect(mine.alternativeIds.length).toBeGreaterThan(0);
    expect(mine.alternativeIds.length).toBeLessThanOrEqual(6);
    expect(mine.alternativeIds).not.toContain(first!.id);
    const sameShelf = new Set(shelf.filter((p) => p.stock > 0).map((p) => p.id));
    for (const id of mine.alternativeIds) expect(sameShelf.has(id)).toBe(true);
    // whole products with details, in the same order
    expect(mine.products?.map((p) => p.productId)).toEqual(mine.alternativeIds);
    // the closest price leads: no product of the shelf left out is closer in price and content at once
    const distance = (cents: number) => Math.abs(Math.log(cents / first!.cents));
    const best = mine.alternativeIds[0]!;
    const bestCents = shelf.find((p) => p.id === best)!.cents;
    const worst = shelf.find((p) => p.id === mine.alternativeIds.at(-1))!.cents;
    expect(distance(bestCents)).toBeLessThanOrEqual(distance(worst) + 1);
  });

  it('leaves out a product sold out, and one the cart’s store does not sell', async () => {
    const [first] = shelf;
    const before = await getJson<Data>(t.app, `${API}/list-product-alternative?product_ids=${first!.id}`);
    const [soldOut, delisted] = before.body.data.alternatives[0]!.alternativeIds;
    await setStock(t.db, soldOut!, 0, 'all');
    await t.db.execute(
      sql`INSERT INTO product_delistings (product_id, warehouse_id)
          SELECT ${delisted!}, w.warehouse_id FROM warehouses w`,
    );
    try {
      const session = await login(t.app, 'mario.rossi@spesa.demo', DEMO_PASSWORD);
      const after = await callAs<Data>(
        t.app,
        session.cookie,
        'GET',
        `${API}/list-product-alternative?product_ids=${first!.id}`,
      );
      const ids = after.body.data.alternatives[0]!.alternativeIds;
      expect(ids).not.toContain(soldOut);
      expect(ids).not.toContain(delisted);
    } finally {
      await setStock(t.db, soldOut!, 50, 'all');
      await t.db.execute(sql`DELETE FROM product_delistings WHERE product_id = ${delisted!}`);
    }
  });

  it('filtered: leaves out products without an alternative; unknown ids have none', async () => {
    const [first] = shelf;
    const all = await getJson<Data>(t.app, `${API}/list-product-alternative?product_ids=${first!.id},999999`);
    expect(all.body.data.alternatives.find((a) => a.productId === 999999)?.alternativeIds).toEqual([]);
    const filtered = await getJson<Data>(
      t.app,
      `${API}/list-product-alternative?product_ids=${first!.id},999999&filtered=true`,
    );
    expect(filtered.body.data.alternatives.map((a) => a.productId)).toEqual([first!.id]);
  });

  it.each(['', 'product_ids=', 'product_ids=abc', 'product_ids=1,-2', 'product_ids=0', 'details=true'])(
    'refuses %j in Italian (status 2, HTTP 400)',
    async (query) => {
      const { statusCode, body } = await getJson(t.app, `${API}/list-product-alternative?${query}`);
      expect(statusCode).toBe(400);
      expect(body.response.status).toBe(2);
      expect(body.response.errors[0]?.error).toMatch(/[a-zà-ù]/i);
    },
  );

  it('refuses more than 50 products at once', async () => {
    const ids = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    const { statusCode } = await getJson(t.app, `${API}/list-product-alternative?product_ids=${ids}`);
    expect(statusCode).toBe(400);
  });
});

describe('GET /products/product-alternative-detail', () => {
  it("answers one product's alternatives as whole products", async () => {
    const [first] = shelf;
    const { body } = await getJson<ProductAlternatives>(
      t.app,
      `${API}/product-alternative-detail?product_id=${first!.id}&details=true`,
    );
    expect(body.response.status).toBe(0);
    expect(body.data.productId).toBe(first!.id);
    expect(body.data.products?.length).toBe(body.data.alternativeIds.length);
    const bad = await getJson(t.app, `${API}/product-alternative-detail?product_id=x`);
    expect(bad.statusCode).toBe(400);
  });
});
