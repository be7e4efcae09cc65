import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { testProduct } from '../../../test/checkout-fixtures';
import { readCatalogueVersion } from './catalogue.repository';
import { applyPriceListPrices, assignPriceList, ensurePriceList } from './price-lists';
import { applyStockLevels, stockByWarehouse } from './stock-levels';

/**
 * The feeds of the chain's systems (decision 095): stock levels per store, full or delta, and a price
 * list's prices, each a batch applied whole or refused naming its row.
 */
let t: TestApp;
/** two seeded Drive stores, not the checkout tests' one */
const A = 4;
const B = 5;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const stockAt = async (productId: number) =>
  new Map((await stockByWarehouse(productId, t.db)).map((r) => [r.warehouseId, r.stock]));

describe('applyStockLevels', () => {
  it("full: the rows are the store's whole stock; what the batch leaves out has none left there", async () => {
    const [p, q] = [await testProduct(t.db, { stock: 0 }), await testProduct(t.db, { stock: 0 })];
    const first = await t.db.transaction((tx) =>
      applyStockLevels(
        {
          mode: 'full',
          warehouseId: A,
          rows: [
            { productId: p.productId, warehouseId: A, quantity: 12 },
            { productId: q.productId, warehouseId: A, quantity: 3.5 },
          ],
        },
        tx,
      ),
    );
    expect(first.ok && first.data.rows).toBe(2);
    expect((await stockAt(p.productId)).get(A)).toBe(12);
    const before = await readCatalogueVersion(t.db);
    const second = await t.db.transaction((tx) =>
      applyStockLevels(
        { mode: 'full', warehouseId: A, rows: [{ productId: q.productId, warehouseId: A, quantity: 1 }] },
        tx,
      ),
    );
    expect(second.ok).toBe(true);
    if (second.ok) expect(second.data.removed).toBeGreaterThanOrEqual(1);
    expect((await stockAt(p.productId)).has(A)).toBe(false);
    expect((await stockAt(q.productId)).get(A)).toBe(1);
    // the read caches see it: the catalogue version moved
    expect(await readCatalogueVersion(t.db)).toBeGreaterThan(before);
    // the other store is untouched by A's full list
    await t.db.transaction((tx) =>
      applyStockLevels(
        { mode: 'delta', rows: [{ productId: p.productId, warehouseId: B, quantity: 4 }] },
        tx,
      ),
    );
    await t.db.transaction((tx) => applyStockLevels({ mode: 'full', warehouseId: A, rows: [] }, tx));
    expect((await stockAt(p.productId)).get(B)).toBe(4);
    expect((await stockAt(q.productId)).has(A)).toBe(false);
  });

  it('delta: adds, takes, and never goes below zero (counted as clamped)', async () => {
    const p = await testProduct(t.db, { stock: 0 });
    const apply = (quantity: number) =>
      t.db.transaction((tx) =>
        applyStockLevels({ mode: 'delta', rows: [{ productId: p.productId, warehouseId: B, quantity }] }, tx),
      );
    await apply(5);
    await apply(2.25);
    expect((await stockAt(p.productId)).get(B)).toBe(7.25);
    const taken = await apply(-10);
    expect(taken.ok && taken.data.clamped).toBe(1);
    expect((await stockAt(p.productId)).get(B)).toBe(0);
  });

  it('refuses a bad batch naming the row and the reason, and writes nothing of it', async () => {
    const p = await testProduct(t.db, { stock: 0 });
    const cases: Array<[Parameters<typeof applyStockLevels>[0], string, string]> = [
      [{ mode: 'delta', rows: [] }, 'msg.stock.empty', ''],
      [
        { mode: 'full', rows: [{ productId: p.productId, warehouseId: A, quantity: -1 }] },
        'msg.stock.negative',
        'rows.0.quantity',
      ],
      [
        { mode: 'delta', rows: [{ productId: p.productId, warehouseId: A, quantity: Number.NaN }] },
        'msg.stock.badRow',
        'rows.0.quantity',
      ],
      [
        {
          mode: 'full',
          warehouseId: A,
          rows: [
            { productId: p.productId, warehouseId: A, quantity: 1 },
            { productId: p.productId, warehouseId: B, quantity: 1 },
          ],
        },
        'msg.stock.otherWarehouse',
        'rows.1.warehouseId',
      ],
      [
        {
          mode: 'delta',
          rows: [
            { productId: p.productId, warehouseId: A, quantity: 1 },
            { productId: p.productId, warehouseId: A, quantity: 2 },
          ],
        },
        'msg.stock.duplicate',
        'rows.1.productId',
      ],
      [
        {
          mode: 'delta',
          rows: [
            { productId: p.productId, warehouseId: A, quantity: 1 },
            { productId: 987_654_321, warehouseId: A, quantity: 1 },
          ],
        },
        'msg.stock.unknownProduct',
        'rows.1.productId',
      ],
      // named by its line as sent, not by its place once the rows are sorted for locking
      [
        {
          mode: 'delta',
          rows: [
            { productId: 987_654_321, warehouseId: A, quantity: 1 },
            { productId: p.productId, warehouseId: A, quantity: 1 },
          ],
        },
        'msg.stock.unknownProduct',
        'rows.0.productId',
      ],
      // the chain's catalogue (1) and a locker hold no goods; 999 is no warehouse
      [
        { mode: 'delta', rows: [{ productId: p.productId, warehouseId: 1, quantity: 1 }] },
        'msg.stock.unknownWarehouse',
        'rows.0.warehouseId',
      ],
      [
        { mode: 'delta', rows: [{ productId: p.productId, warehouseId: 999, quantity: 1 }] },
        'msg.stock.unknownWarehouse',
        'rows.0.warehouseId',
      ],
    ];
    for (const [batch, code, field] of cases) {
      const r = await t.db.transaction((tx) => applyStockLevels(batch, tx));
      expect(r.ok, code).toBe(false);
      if (!r.ok) {
        expect(r.code).toBe(code);
        if (field) {
          expect(r.field).toBe(field);
          expect(r.message).toMatch(/^Riga \d+: /);
        }
      }
    }
    expect((await stockAt(p.productId)).size).toBe(0);
  });

  it('batches of 5,000 rows (delta twice, then full) are a few statements each, not one per row', async () => {
    const ids = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT product_id AS id FROM products ORDER BY product_id LIMIT 5000`,
    );
    const started = Date.now();
    for (const mode of ['delta', 'delta', 'full'] as const) {
      const r = await t.db.transaction((tx) =>
        applyStockLevels(
          { mode, rows: ids.map((x) => ({ productId: x.id, warehouseId: 19, quantity: 2 })) },
          tx,
        ),
      );
      expect(r.ok && r.data.rows).toBe(ids.length);
    }
    expect((await stockAt(ids[0]!.id)).get(19)).toBe(2);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('price lists', () => {
  it("applies a list's prices whole, records them in the list's history, and refuses bad rows", async () => {
    const p = await testProduct(t.db, { stock: 0, priceCents: 500 });
    await t.db.transaction(async (tx) => {
      expect((await ensurePriceList({ code: 'TEST-NORD', name: 'Listino nord (test)' }, tx)).ok).toBe(true);
      expect((await assignPriceList(B, 'TEST-NORD', tx)).ok).toBe(true);
    });
    const applied = await t.db.transaction((tx) =>
      applyPriceListPrices(
        {
          priceListCode: 'TEST-NORD',
          rows: [
            { productId: p.productId, priceCents: 450, validFrom: '2026-01-01', validTo: null },
            { productId: p.productId, priceCents: 420, validFrom: '2026-06-01', validTo: '2026-06-30' },
          ],
        },
        tx,
      ),
    );
    expect(applied.ok && applied.data.rows).toBe(2);
    const history = await queryRows<{ cents: number; from: string; to: string | null }>(
      t.db,
      sql`SELECT price_cents AS cents, to_char(valid_from, 'YYYY-MM-DD') AS "from", to_char(valid_to, 'YYYY-MM-DD') AS "to"
          FROM price_history h JOIN price_lists l ON l.price_list_id = h.price_list_id
          WHERE h.product_id = ${p.productId} AND l.code = 'TEST-NORD' ORDER BY valid_from`,
    );
    expect(history).toEqual([
      { cents: 450, from: '2026-01-01', to: '2026-05-31' },
      { cents: 420, from: '2026-06-01', to: '2026-06-30' },
    ]);

    const bad = [
      [
        {
          priceListCode: 'NESSUNO',
          rows: [{ productId: p.productId, priceCents: 1, validFrom: '2026-01-01', validTo: null }],
        },
        'msg.priceList.unknown',
      ],
      [
        {
          priceListCode: 'TEST-NORD',
          rows: [{ productId: p.productId, priceCents: 0, validFrom: '2026-01-01', validTo: null }],
        },
        'msg.priceList.badPrice',
      ],
      [
        {
          priceListCode: 'TEST-NORD',
          rows: [{ productId: p.productId, priceCents: 10, validFrom: '2026-02-30', validTo: null }],
        },
        'msg.priceList.badDate',
      ],
      [
        {
          priceListCode: 'TEST-NORD',
          rows: [{ productId: p.productId, priceCents: 10, validFrom: '2026-03-01', validTo: '2026-02-01' }],
        },
        'msg.priceList.badPeriod',
      ],
      [
        {
          priceListCode: 'TEST-NORD',
          rows: [{ productId: 987_654_321, priceCents: 10, validFrom: '2026-03-01', validTo: null }],
        },
        'msg.priceList.unknownProduct',
      ],
      [{ priceListCode: "x'; drop", rows: [] }, 'msg.priceList.badCode'],
    ] as const;
    for (const [batch, code] of bad) {
      const r = await t.db.transaction((tx) => applyPriceListPrices(batch, tx));
      expect(r.ok ? 'ok' : r.code).toBe(code);
    }
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM price_list_prices WHERE product_id = ${p.productId}`,
    );
    expect(count?.n).toBe(2);
    // a store that is not a store: refused
    const r = await t.db.transaction((tx) => assignPriceList(1, 'TEST-NORD', tx));
    expect(r.ok).toBe(false);
    await t.db.transaction((tx) => assignPriceList(B, null, tx));
  });
});
