import type { AdminIntegrationClient } from '@spesa/shared/contracts/admin-integration';
import type { BatchResult, TokenResponse } from '@spesa/shared/contracts/integration';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type EnvelopeBody, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import {
  buy,
  checkoutCustomer,
  DRIVE_STORE,
  driveSlot,
  preparedCart,
  testProduct,
} from '../../../test/checkout-fixtures';
import { addDays, romeToday } from '../../lib/rome-time';

/**
 * Stock by store and list prices through the integration API (decisions 095 and 096): a store's system
 * with scope `stock` (and `prices`) feeds full and delta batches by product code, applied whole or refused
 * whole, idempotent by batch id, concurrent replays answered once; on PostgreSQL 100,000 rows in one batch.
 */
let t: TestApp;
let token: string;
let admin: string;
let system: { clientId: string; secret: string };
let stores: number[];
let codes: Array<{ code: string; productId: number }>;

const api = (path: string) => `/ebsn/api${path}`;

async function call<T>(url: string, payload: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: api(url),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  return { status: res.statusCode, body: res.json<EnvelopeBody<T>>() };
}

const stockOf = async (warehouseId: number, productId: number) => {
  const [r] = await queryRows<{ stock: number }>(
    t.db,
    sql`SELECT stock::float8 AS stock FROM product_stock WHERE warehouse_id = ${warehouseId} AND product_id = ${productId}`,
  );
  return r?.stock ?? null;
};

const fields = (body: EnvelopeBody<unknown>) =>
  body.response.errors.slice(1).map((e) => (e as { field?: string }).field);

beforeAll(async () => {
  t = await buildTestApp({ runJobs: false });
  admin = await makeStaff(t, (await newCustomer(t, { tag: 'int-stock-admin' })).userId, [], 'administrator');
  const made = await callAs<{ client: AdminIntegrationClient; clientSecret: string }>(
    t.app,
    admin,
    'POST',
    api('/admin/integration/clients/create'),
    { via: 'staff', payload: { name: 'Casse', scopes: ['stock', 'prices'] } },
  );
  const { clientId } = made.body.data.client;
  system = { clientId, secret: made.body.data.clientSecret };
  const res = await t.app.inject({
    method: 'POST',
    url: api('/integration/oauth/token'),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: made.body.data.clientSecret,
    }).toString(),
  });
  token = res.json<TokenResponse>().access_token;
  stores = (
    await queryRows<{ id: number }>(
      t.db,
      sql`SELECT warehouse_id AS id FROM warehouses WHERE warehouse_type = 'store' ORDER BY warehouse_id`,
    )
  ).map((r) => r.id);
  codes = await queryRows<{ code: string; productId: number }>(
    t.db,
    sql`SELECT cod_int AS code, product_id AS "productId" FROM products ORDER BY product_id LIMIT 3`,
  );
});
afterAll(() => t?.close());

describe('the back office page', () => {
  it('is for administrators: a catalogue manager is refused; the list shows the last use, never the secret', async () => {
    const manager = await makeStaff(
      t,
      (await newCustomer(t, { tag: 'int-mgr' })).userId,
      [],
      'catalogue_manager',
    );
    const res = await callAs(t.app, manager, 'GET', api('/admin/integration/clients'), { via: 'staff' });
    expect(res.statusCode).toBe(403);
    const list = await callAs<{ clients: AdminIntegrationClient[] }>(
      t.app,
      admin,
      'GET',
      api('/admin/integration/clients'),
      {
        via: 'staff',
      },
    );
    const listed = list.body.data.clients.find((c) => c.clientId === system.clientId);
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(system.secret);
  });
});

describe('stock batches', () => {
  it("full is the store's count on hand: the shop's orders not yet picked there are taken from it", async () => {
    const p = await testProduct(t.db, { stock: 6, at: [DRIVE_STORE] });
    const [{ code } = { code: '' }] = await queryRows<{ code: string }>(
      t.db,
      sql`SELECT cod_int AS code FROM products WHERE product_id = ${p.productId}`,
    );
    const slot = await driveSlot(t.db, addDays(romeToday(), 2), 100);
    const orderOf = async (quantity: number) => {
      const c = await checkoutCustomer(t);
      await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity }] });
      const bought = await buy(t, c.token);
      expect(bought.body.response.status).toBe(0);
      return bought.body.data.orderId;
    };
    const [first, second] = [await orderOf(2), await orderOf(1)];
    expect(await stockOf(DRIVE_STORE, p.productId)).toBe(3);
    const count = (batchId: string, quantity: number) =>
      call<BatchResult>('/integration/v1/stock', {
        batchId,
        mode: 'full',
        storeId: DRIVE_STORE,
        rows: [
          { storeId: DRIVE_STORE, code, quantity },
          // the store's other products keep their stock
          ...codes.map((x) => ({ storeId: DRIVE_STORE, code: x.code, quantity: 50 })),
        ],
      });
    // 8 on the shelves, 3 of them sold and not picked: 5 left to sell
    expect((await count('conta-disponibile-1', 8)).body.data).toMatchObject({ updated: 4, clamped: 0 });
    expect(await stockOf(DRIVE_STORE, p.productId)).toBe(5);
    // the first order's line picked: its pieces left the shelf, the count no longer holds them
    await t.db.execute(
      sql`UPDATE order_items SET delivered_quantity = quantity WHERE order_id = ${first} AND product_id = ${p.productId}`,
    );
    await count('conta-disponibile-2', 6);
    expect(await stockOf(DRIVE_STORE, p.productId)).toBe(5);
    // a count below what is owed: none to sell, never negative, told as clamped
    expect((await count('conta-disponibile-3', 0)).body.data).toMatchObject({ clamped: 1 });
    expect(await stockOf(DRIVE_STORE, p.productId)).toBe(0);
    // a cancelled order owes nothing
    await t.db.execute(sql`UPDATE orders SET order_status_id = 10 WHERE order_id = ${second}`);
    await count('conta-disponibile-4', 4);
    expect(await stockOf(DRIVE_STORE, p.productId)).toBe(4);
    // a delta is a movement, added as it comes
    await call('/integration/v1/stock', {
      batchId: 'arrivo-disponibile-1',
      mode: 'delta',
      rows: [{ storeId: DRIVE_STORE, code, quantity: 2 }],
    });
    expect(await stockOf(DRIVE_STORE, p.productId)).toBe(6);
  });

  it("full sets a store's stock and empties what it leaves out; delta adds and never goes below zero", async () => {
    const store = stores[0]!;
    const [a, b, c] = codes;
    const full = await call<BatchResult>('/integration/v1/stock', {
      batchId: 'stock-full-1',
      mode: 'full',
      storeId: store,
      rows: [
        { storeId: store, code: a!.code, quantity: 10 },
        { storeId: store, code: b!.code, quantity: 2.5 },
      ],
    });
    expect(full.status).toBe(200);
    expect(full.body.data).toMatchObject({ updated: 2, replayed: false });
    expect(await stockOf(store, a!.productId)).toBe(10);
    expect(await stockOf(store, c!.productId)).toBeNull();
    const delta = await call<BatchResult>('/integration/v1/stock', {
      batchId: 'stock-delta-1',
      mode: 'delta',
      rows: [
        { storeId: store, code: a!.code, quantity: -3 },
        { storeId: store, code: b!.code, quantity: -9 },
      ],
    });
    expect(delta.body.data).toMatchObject({ updated: 2, clamped: 1 });
    expect(await stockOf(store, a!.productId)).toBe(7);
    expect(await stockOf(store, b!.productId)).toBe(0);
    const replay = await call<BatchResult>('/integration/v1/stock', {
      batchId: 'stock-delta-1',
      mode: 'delta',
      rows: [
        { storeId: store, code: a!.code, quantity: -3 },
        { storeId: store, code: b!.code, quantity: -9 },
      ],
    });
    expect(replay.body.data.replayed).toBe(true);
    expect(await stockOf(store, a!.productId)).toBe(7);
  });

  it('refuses unknown codes (every one), a store that holds no goods, a negative full level: nothing applied', async () => {
    const store = stores[0]!;
    const [a] = codes;
    const unknown = await call('/integration/v1/stock', {
      batchId: 'stock-bad-1',
      mode: 'delta',
      rows: [
        { storeId: store, code: 'NON-ESISTE-1', quantity: 1 },
        { storeId: store, code: a!.code, quantity: 1 },
        { storeId: store, code: 'NON-ESISTE-2', quantity: 1 },
      ],
    });
    expect(unknown.status).toBe(422);
    expect(fields(unknown.body)).toEqual(['rows[0].code', 'rows[2].code']);
    expect(await stockOf(store, a!.productId)).toBe(7);
    const catalogue = await call('/integration/v1/stock', {
      batchId: 'stock-bad-2',
      mode: 'delta',
      rows: [
        { storeId: store, code: a!.code, quantity: 1 },
        { storeId: 1, code: a!.code, quantity: 1 },
      ],
    });
    expect(catalogue.status).toBe(422);
    expect(fields(catalogue.body)).toEqual(['rows[1].storeId']);
    expect(catalogue.body.response.errors[1]?.error).toMatch(/^Riga 2, storeId: negozio 1 sconosciuto/);
    const negative = await call('/integration/v1/stock', {
      batchId: 'stock-bad-3',
      mode: 'full',
      rows: [{ storeId: store, code: a!.code, quantity: -1 }],
    });
    expect(negative.status).toBe(422);
    expect(await stockOf(store, a!.productId)).toBe(7);
    for (const body of [
      { batchId: 'stock-bad-4', mode: 'all', rows: [] },
      { batchId: 'stock-bad-5', mode: 'delta', rows: [{ storeId: store, code: a!.code, quantity: 'tre' }] },
      { batchId: 'stock-bad-6', mode: 'delta', rows: [{ storeId: store, code: '', quantity: 1 }] },
    ]) {
      const res = await call('/integration/v1/stock', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('the same batch sent twice at once is applied once; another body under that id is refused', async () => {
    const store = stores[1] ?? stores[0]!;
    const [a] = codes;
    const before = (await stockOf(store, a!.productId)) ?? 0;
    const batch = {
      batchId: 'stock-race',
      mode: 'delta',
      rows: [{ storeId: store, code: a!.code, quantity: 4 }],
    };
    const other = { ...batch, rows: [{ storeId: store, code: a!.code, quantity: 40 }] };
    const answers = await Promise.all([
      call<BatchResult>('/integration/v1/stock', batch),
      call<BatchResult>('/integration/v1/stock', batch),
      call<BatchResult>('/integration/v1/stock', other),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409]);
    expect(answers.filter((a) => a.status === 200 && a.body.data.replayed).length).toBe(1);
    expect(await stockOf(store, a!.productId)).toBe(before + 4);
  });
});

describe('price batches', () => {
  it("applies a list's prices with validity dates; refuses a bad period or an unknown list whole", async () => {
    await t.db.execute(sql`INSERT INTO price_lists (code, name) VALUES ('INT-NORD', 'Listino nord')`);
    const [a, b] = codes;
    const ok = await call<BatchResult>('/integration/v1/prices', {
      batchId: 'prices-1',
      priceListCode: 'INT-NORD',
      rows: [
        { code: a!.code, priceCents: 199, validFrom: '2030-01-01' },
        { code: b!.code, priceCents: 259, validFrom: '2030-01-01', validTo: '2030-01-31' },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ updated: 2 });
    const [stored] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM price_list_prices pp JOIN price_lists l USING (price_list_id)
          WHERE l.code = 'INT-NORD'`,
    );
    expect(stored?.n).toBe(2);
    const period = await call('/integration/v1/prices', {
      batchId: 'prices-2',
      priceListCode: 'INT-NORD',
      rows: [
        { code: a!.code, priceCents: 150, validFrom: '2030-02-01' },
        { code: b!.code, priceCents: 150, validFrom: '2030-02-10', validTo: '2030-02-01' },
      ],
    });
    expect(period.status).toBe(422);
    expect(fields(period.body)).toEqual(['rows[1].validTo']);
    const list = await call('/integration/v1/prices', {
      batchId: 'prices-3',
      priceListCode: 'NESSUNO',
      rows: [{ code: a!.code, priceCents: 150, validFrom: '2030-02-01' }],
    });
    expect(list.status).toBe(422);
    expect(list.body.response.errors[1]?.error).toBe('Listino sconosciuto.');
    const [after] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM price_list_prices WHERE valid_from >= '2030-02-01'`,
    );
    expect(after?.n).toBe(0);
    const bad = await call('/integration/v1/prices', {
      batchId: 'prices-4',
      priceListCode: 'INT-NORD',
      rows: [{ code: a!.code, priceCents: 1.5, validFrom: '2030-13-01' }],
    });
    expect(bad.status).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('declares the client credentials scheme and the scope of each integration call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: api('/docs/json') })).json<{
      components: {
        securitySchemes: Record<string, { type: string; flows: Record<string, { tokenUrl: string }> }>;
      };
      paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
    }>();
    const scheme = doc.components.securitySchemes.integrationClientCredentials;
    expect(scheme?.flows.clientCredentials?.tokenUrl).toBe('/ebsn/api/integration/oauth/token');
    expect(doc.paths['/ebsn/api/integration/v1/stock']?.post?.security).toEqual([
      { integrationClientCredentials: ['stock'] },
    ]);
    expect(doc.paths['/ebsn/api/integration/v1/orders/events']?.get?.security).toEqual([
      { integrationClientCredentials: ['orders'] },
    ]);
  });
});

describe('a large feed', () => {
  it.runIf(!!process.env.DATABASE_URL)(
    '100,000 stock rows in one batch on PostgreSQL, well under a minute',
    async () => {
      const products = await queryRows<{ code: string }>(
        t.db,
        sql`SELECT cod_int AS code FROM products ORDER BY product_id LIMIT ${Math.ceil(100_000 / stores.length)}`,
      );
      const rows = stores
        .flatMap((storeId) => products.map((p, i) => ({ storeId, code: p.code, quantity: (i % 50) + 0.5 })))
        .slice(0, 100_000);
      const started = performance.now();
      const res = await call<BatchResult>('/integration/v1/stock', {
        batchId: 'stock-100k',
        mode: 'full',
        rows,
      });
      const seconds = (performance.now() - started) / 1000;
      expect(res.status).toBe(200);
      expect(res.body.data.updated).toBe(rows.length);
      console.log(`integration: ${rows.length} stock rows in ${seconds.toFixed(1)} s`);
      expect(seconds).toBeLessThan(30);
    },
    120_000,
  );
});
