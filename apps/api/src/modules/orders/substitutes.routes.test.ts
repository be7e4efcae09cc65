import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import type { PickedProduct } from '../../../test/cart-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { FakeProvider, makeStaff, placeOrder } from '../../../test/order-fixtures';
/**
 * A product's stock at the store the orders are prepared by (placeOrder's: the first store; decision 095:
 * stock is per store).
 */
const stockAtDrive = (alias: string) =>
  sql.raw(
    `COALESCE((SELECT st.stock FROM product_stock st WHERE st.product_id = ${alias}.product_id
       AND st.warehouse_id = (SELECT min(warehouse_id) FROM warehouses WHERE warehouse_type = 'store')), 0)`,
  );

/**
 * The substitutes a picker is offered for a line: the products nearest to the one ordered (same shelf,
 * similar price, content and brand) first, not the shelf in alphabetical order.
 */
const API = '/ebsn/api';
let t: TestApp;
let ordered: PickedProduct & { categoryId: number };
let shelf: Array<{ id: number; name: string }>;
let staffToken: string;
let customerId: number;

type Offered = { data: Array<{ productId: number; name: string; brand: string; price: number }> };
const st = <T>(method: 'GET' | 'POST', path: string) =>
  callAs<T>(t.app, staffToken, method, `${API}${path}`, {
    via: 'staff',
    ...(method === 'POST' ? { payload: {} } : {}),
  });

beforeAll(async () => {
  t = await buildTestApp({ paymentProviders: [new FakeProvider()] });
  // a plain piece on a shelf of at least 6 products on sale
  const [row] = await queryRows<PickedProduct & { categoryId: number }>(
    t.db,
    sql`SELECT p.product_id AS "productId", p.name, ${stockAtDrive('p')}::float8 AS stock, p.price_cents AS "priceCents",
          p.product_infos AS infos, p.max_acq AS "maxAcq", p.category_id AS "categoryId"
        FROM products p
        WHERE p.active AND ${stockAtDrive('p')} >= 50 AND p.max_acq IS NULL AND p.select_options = '[]'::jsonb
          AND p.product_infos->>'TIPOLOGIA' = 'Pezzo' AND COALESCE(p.product_infos->>'QTY_MULT', '1') = '1'
          AND (SELECT count(*) FROM products s
               WHERE s.category_id = p.category_id AND s.active AND ${stockAtDrive('s')} > 0) >= 6
        ORDER BY p.product_id LIMIT 1`,
  );
  if (!row) throw new Error('no seeded piece on a shelf of 6');
  ordered = row;
  shelf = await queryRows(
    t.db,
    sql`SELECT product_id AS id, name FROM products
        WHERE category_id = ${ordered.categoryId} AND active AND ${stockAtDrive('products')} > 0
          AND product_id <> ${ordered.productId}
        ORDER BY name, product_id`,
  );
  const staff = await newCustomer(t, { tag: 'subst-staff' });
  staffToken = await makeStaff(t, staff.userId);
  customerId = (await newCustomer(t, { tag: 'subst-customer' })).userId;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /admin/orders/:id/substitutes', () => {
  it('offers the nearest products first: the same brand, price and content before the shelf’s first names', async () => {
    const first = shelf[0]!;
    const twin = shelf.at(-1)!;
    // the shelf's last name becomes the ordered product's twin (brand, list price, content); its first
    // name costs twenty times as much
    await t.db.execute(
      sql`UPDATE products p SET brand = o.brand, format = o.format, price_cents = o.price_cents,
            unit_base = o.unit_base, net_quantity = o.net_quantity, unit_price_cents = o.unit_price_cents
          FROM products o WHERE o.product_id = ${ordered.productId} AND p.product_id = ${twin.id}`,
    );
    await t.db.execute(
      sql`UPDATE products SET price_cents = ${ordered.priceCents * 20},
            brand = brand || ' Altra' WHERE product_id = ${first.id}`,
    );
    const o = await placeOrder(t, {
      userId: customerId,
      slotDate: '2030-01-16',
      lines: [{ product: ordered, quantity: 1, acceptAlternatives: true }],
    });
    expect((await st('POST', `/admin/orders/${o.orderId}/start`)).body.response.status).toBe(0);
    const { body } = await st<Offered>(
      'GET',
      `/admin/orders/${o.orderId}/substitutes?orderItemId=${o.itemIds[0]}`,
    );
    expect(body.response.status).toBe(0);
    const ids = body.data.data.map((p) => p.productId);
    expect(ids[0]).toBe(twin.id);
    expect(ids).not.toContain(ordered.productId);
    // the far one, when offered at all, comes after every product of the shelf nearer in price
    if (ids.includes(first.id)) expect(ids.indexOf(first.id)).toBe(ids.length - 1);
  });

  it('with a search word: the matches of the ordered product’s shelf come before the rest', async () => {
    const o = await placeOrder(t, {
      userId: customerId,
      slotDate: '2030-01-17',
      lines: [{ product: ordered, quantity: 1, acceptAlternatives: true }],
    });
    await st('POST', `/admin/orders/${o.orderId}/start`);
    // a word of a shelf product's name that other shelves' names share
    const words = await queryRows<{ word: string }>(
      t.db,
      sql`SELECT w.word FROM products s, regexp_split_to_table(lower(s.name), '\\s+') AS w(word)
          WHERE s.category_id = ${ordered.categoryId} AND s.active AND ${stockAtDrive('s')} > 0 AND length(w.word) > 3
            AND EXISTS (SELECT 1 FROM products x WHERE x.category_id <> s.category_id AND x.active
                        AND ${stockAtDrive('x')} > 0 AND lower(x.name) LIKE '%' || w.word || '%')
          ORDER BY w.word LIMIT 1`,
    );
    const word = words[0]?.word;
    if (!word) return;
    const { body } = await st<Offered>(
      'GET',
      `/admin/orders/${o.orderId}/substitutes?orderItemId=${o.itemIds[0]}&q=${encodeURIComponent(word)}`,
    );
    const onShelf = new Set(shelf.map((p) => p.id));
    const flags = body.data.data.map((p) => onShelf.has(p.productId));
    expect(flags.length).toBeGreaterThan(0);
    // once a product of another shelf is offered, none of the ordered product's shelf follows
    expect(flags.slice(flags.indexOf(false) === -1 ? flags.length : flags.indexOf(false))).not.toContain(
      true,
    );
    for (const p of body.data.data) expect(`${p.name} ${p.brand}`.toLowerCase()).toContain(word);
  });
});
