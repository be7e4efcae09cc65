import type { AdminIntegrationClient } from '@spesa/shared/contracts/admin-integration';
import type { TokenResponse } from '@spesa/shared/contracts/integration';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { loadEnv } from '../src/env';
import { addDays, romeToday } from '../src/lib/rome-time';
import { freePort, ROOT, startApiProcess, stopApiProcess, type ApiProcess } from './api-servers';
import { api, DRIVE_STORE, driveSlot, stageBuyers, stockOf, testProduct } from './checkout-fixtures';
import { newCustomer } from './customers';
import { buildTestApp, callAs, type EnvelopeBody, type TestApp } from './helper';
import { makeStaff } from './order-fixtures';

/**
 * A stock feed arriving while customers buy the last pieces, on two API processes (issue 50, decision 100):
 * two real servers (apps/api/src/server.ts) on this file's PostgreSQL database; customers buy a product of
 * which the Drive store holds a few pieces through both, while the store's system sets (full) and adjusts
 * (delta) its level through both at once. Every change of the product's stock row is recorded by a trigger
 * with its transaction, so the test replays the row's history in the order the database applied it and
 * checks each step against the rules: a sale takes only what is there, a full level is the store's count
 * on hand less what the shop's orders not yet picked took, a delta adds to what the shop shows. PostgreSQL
 * only: the embedded database belongs to one process.
 */
const onPostgres = Boolean(loadEnv().DATABASE_URL);

let t: TestApp;
let a: ApiProcess;
let b: ApiProcess;
let token: string;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await buildTestApp({ runJobs: false });
  const admin = await makeStaff(
    t,
    (await newCustomer(t, { tag: 'feed-race-admin' })).userId,
    [],
    'administrator',
  );
  const made = await callAs<{ client: AdminIntegrationClient; clientSecret: string }>(
    t.app,
    admin,
    'POST',
    api('/admin/integration/clients/create'),
    { via: 'staff', payload: { name: 'Casse Como', scopes: ['stock'] } },
  );
  const [portA, portB] = [await freePort(), await freePort()];
  const serverEnv = {
    DATABASE_URL: t.env.DATABASE_URL,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    WEB_DIST: `${ROOT}/var/no-web`,
    PUBLIC_URL: `http://127.0.0.1:${portA}`,
    PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: '-1',
    AUTH_RATE_MAX_PER_ADDRESS: '100000',
    INTEGRATION_RATE_PER_MINUTE: '100000',
  };
  // one after the other: each applies the (already applied) migrations and checks the seed at start
  a = await startApiProcess(portA, serverEnv);
  b = await startApiProcess(portB, serverEnv);
  // the token asked of process b is accepted by process a (tokens live in the database)
  const res = await fetch(`${b.url}${api('/integration/oauth/token')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: made.body.data.client.clientId,
      client_secret: made.body.data.clientSecret,
    }).toString(),
  });
  token = ((await res.json()) as TokenResponse).access_token;
}, 360_000);

afterAll(async () => {
  await Promise.all([stopApiProcess(a), stopApiProcess(b)]);
  await t?.close();
}, 60_000);

async function post<T>(p: ApiProcess, path: string, headers: Record<string, string>, body: unknown) {
  const res = await fetch(`${p.url}${api(path)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as EnvelopeBody<T> };
}

/** A customer's buy through one process (the app's session header). */
const buyThrough = (p: ApiProcess, session: string) =>
  post<{ orderId: number }>(p, '/checkout/buy', { 'x-ebsn-account': session }, { payment_type_id: 2 });

interface Feed {
  batchId: string;
  mode: 'full' | 'delta';
  quantity: number;
}

const feedThrough = (p: ApiProcess, code: string, f: Feed) =>
  post<{ replayed: boolean }>(
    p,
    '/integration/v1/stock',
    { authorization: `Bearer ${token}` },
    {
      batchId: f.batchId,
      mode: f.mode,
      ...(f.mode === 'full' ? { storeId: DRIVE_STORE } : {}),
      rows: [{ storeId: DRIVE_STORE, code, quantity: f.quantity }],
    },
  );

/** Records every change of one product's stock row at the Drive store with the transaction that made it. */
async function recordStockTrail(productId: number): Promise<void> {
  await t.db.execute(
    sql.raw(`CREATE TABLE test_stock_trail (seq bigserial PRIMARY KEY, xid bigint NOT NULL DEFAULT txid_current(),
               old_stock numeric, new_stock numeric)`),
  );
  await t.db.execute(
    sql.raw(`CREATE FUNCTION test_stock_trail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF COALESCE(NEW.product_id, OLD.product_id) = ${productId}
           AND COALESCE(NEW.warehouse_id, OLD.warehouse_id) = ${DRIVE_STORE} THEN
          INSERT INTO test_stock_trail (old_stock, new_stock)
          VALUES (CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.stock END,
                  CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.stock END);
        END IF;
        RETURN NULL;
      END $$`),
  );
  await t.db.execute(
    sql.raw(`CREATE TRIGGER test_stock_trail AFTER INSERT OR UPDATE OR DELETE ON product_stock
             FOR EACH ROW EXECUTE FUNCTION test_stock_trail()`),
  );
}

interface TrailStep {
  seq: number;
  old: number | null;
  new: number | null;
  batchId: string | null;
  orderId: number | null;
}

/**
 * The row's history in the order the database applied it, each step named by the batch or the order whose
 * transaction wrote it (a transaction's id is the xmin of the rows it inserted; a fresh cluster's epoch is 0).
 */
async function stockTrail(productId: number): Promise<TrailStep[]> {
  return queryRows<TrailStep>(
    t.db,
    sql`SELECT s.seq::int AS seq, s.old_stock::float8 AS old, s.new_stock::float8 AS new,
          (SELECT b.batch_id FROM integration_batches b WHERE b.xmin::text::bigint = s.xid % 4294967296) AS "batchId",
          (SELECT i.order_id FROM order_items i
            WHERE i.product_id = ${productId} AND i.xmin::text::bigint = s.xid % 4294967296) AS "orderId"
        FROM test_stock_trail s ORDER BY s.seq`,
  );
}

describe.runIf(onPostgres)('a stock feed while customers buy the last pieces, on two API processes', () => {
  it('never negative, never oversold, every order whole, each batch applied once', async () => {
    const START = 5;
    const p = await testProduct(t.db, { stock: START, at: [DRIVE_STORE] });
    const [product] = await queryRows<{ code: string }>(
      t.db,
      sql`SELECT cod_int AS code FROM products WHERE product_id = ${p.productId}`,
    );
    const code = product?.code ?? '';
    const slot = await driveSlot(t.db, addDays(romeToday(), 2), 100_000);
    const stage = (n: number, quantity: number) =>
      stageBuyers(t, n, { productId: p.productId, quantity, unitCents: p.priceCents, slot, now: new Date() });
    const buyers = [
      ...(await stage(24, 1)).map((session) => ({ session, quantity: 1 })),
      ...(await stage(12, 2)).map((session) => ({ session, quantity: 2 })),
    ].sort(() => Math.random() - 0.5);
    await recordStockTrail(p.productId);

    // the store's system: counts on hand and movements, through both processes; one delta sent to both at once
    const feeds: Feed[] = [
      { batchId: 'conta-1', mode: 'full', quantity: 6 },
      { batchId: 'arrivo-1', mode: 'delta', quantity: 4 },
      { batchId: 'conta-2', mode: 'full', quantity: 9 },
      { batchId: 'cassa-1', mode: 'delta', quantity: -2 },
      { batchId: 'conta-3', mode: 'full', quantity: 3 },
      { batchId: 'arrivo-2', mode: 'delta', quantity: 5 },
      { batchId: 'conta-4', mode: 'full', quantity: 12 },
      { batchId: 'arrivo-3', mode: 'delta', quantity: 3 },
    ];
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // feed i leaves once 3 × i buys are answered, the others still in flight: counts arrive mid-sale
    let answered = 0;
    const sent = Promise.all(
      feeds.map(async (f, i) => {
        while (answered < 3 * i) await pause(5);
        if (f.batchId === 'arrivo-2') return Promise.all([feedThrough(a, code, f), feedThrough(b, code, f)]);
        return [await feedThrough(i % 2 === 0 ? a : b, code, f)];
      }),
    );
    const bought = Promise.all(
      buyers.map(async (buyer, i) => {
        await pause(Math.random() * 300);
        const answer = await buyThrough(i % 2 === 0 ? b : a, buyer.session);
        answered++;
        return { ...buyer, answer };
      }),
    );
    const [feedAnswers, buyAnswers] = await Promise.all([sent, bought]);

    // every call answered, none failed: each batch applied (the one sent twice replayed once)
    const flat = feedAnswers.flat();
    expect(flat.map((f) => f.status)).toEqual(flat.map(() => 200));
    expect(flat.every((f) => f.body.response.status === 0)).toBe(true);
    expect(feedAnswers[5]?.map((f) => f.body.data.replayed).sort()).toEqual([false, true]);
    expect(buyAnswers.every((x) => x.answer.status === 200)).toBe(true);
    const sold = buyAnswers.filter((x) => x.answer.body.response.status === 0);
    const refused = buyAnswers.filter((x) => x.answer.body.response.status !== 0);
    expect(sold.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r.answer.body.response.errors[0]?.error).toMatch(/disponibil/i);

    // every order answered is whole: one line of the product, the quantity asked for, still to be picked
    const orders = await queryRows<{ orderId: number; lines: number; quantity: number; status: number }>(
      t.db,
      sql`SELECT o.order_id AS "orderId", count(i.*)::int AS lines, sum(i.quantity)::float8 AS quantity,
            o.order_status_id AS status
          FROM orders o JOIN order_items i ON i.order_id = o.order_id
          WHERE o.order_id IN (SELECT order_id FROM order_items WHERE product_id = ${p.productId})
          GROUP BY o.order_id`,
    );
    const byOrder = new Map(orders.map((o) => [o.orderId, o]));
    expect(orders).toHaveLength(sold.length);
    for (const s of sold) {
      const o = byOrder.get(s.answer.body.data.orderId);
      expect(o).toMatchObject({ lines: 1, quantity: s.quantity, status: 3 });
    }

    // the row's history replayed: each step is one answered sale or one applied batch, by its rule
    const trail = await stockTrail(p.productId);
    const feedOf = new Map(feeds.map((f) => [f.batchId, f]));
    let owed = 0;
    let fullsAfterSales = 0;
    const seenOrders = new Set<number>();
    const seenBatches = new Set<string>();
    for (const step of trail) {
      expect(step.new, `step ${step.seq}: stock below zero`).toBeGreaterThanOrEqual(0);
      if (step.orderId !== null) {
        const q = byOrder.get(step.orderId)?.quantity ?? Number.NaN;
        // a sale takes only pieces the shop shows available, all the pieces it answered
        expect(step.old, `sale of order ${step.orderId}`).toBeGreaterThanOrEqual(q);
        expect(step.new).toBe((step.old ?? 0) - q);
        owed += q;
        seenOrders.add(step.orderId);
      } else if (step.batchId !== null) {
        const f = feedOf.get(step.batchId);
        expect(f, `batch ${step.batchId}`).toBeDefined();
        // a full level is the store's count on hand: the pieces sold and not yet picked are still on it
        if (f?.mode === 'full' && owed > 0) fullsAfterSales++;
        if (f?.mode === 'full') expect(step.new, step.batchId).toBe(Math.max(f.quantity - owed, 0));
        else expect(step.new, step.batchId).toBe(Math.max((step.old ?? 0) + (f?.quantity ?? 0), 0));
        expect(seenBatches.has(step.batchId), `${step.batchId} applied twice`).toBe(false);
        seenBatches.add(step.batchId);
      } else {
        throw new Error(`a change of stock by neither a sale nor a feed: ${JSON.stringify(step)}`);
      }
    }
    expect(seenBatches.size).toBe(feeds.length);
    // the race happened: counts arrived once pieces had been sold
    expect(fullsAfterSales).toBeGreaterThan(0);
    expect([...seenOrders].sort()).toEqual(orders.map((o) => o.orderId).sort());
    expect(await stockOf(t.db, p.productId)).toBe(trail.at(-1)?.new);
    // the processes logged no failure
    expect(`${a.log()}${b.log()}`).not.toMatch(/"level":50/);
  }, 180_000);
});
