import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { loadEnv } from '../src/env';
import {
  api,
  bookedOf,
  buy,
  DRIVE_STORE,
  checkoutCustomer,
  driveSlot,
  preparedCart,
  stageBuyers,
  stockOf,
  testProduct,
} from './checkout-fixtures';
import { newCustomer } from './customers';
import { makeStaff } from './order-fixtures';
import {
  buildTestApp,
  callAs,
  DEMO_PASSWORD,
  getJson,
  getWp,
  login,
  solveBotCheck,
  type TestApp,
} from './helper';

/**
 * Two API processes on one PostgreSQL database (decision 026): two apps built apart (own connection pool,
 * caches, bot check, throttle, job queue: nothing in common but the database), requests spread over both.
 * Every guarantee of one process must hold across them. PostgreSQL only: the embedded database belongs to one
 * process.
 */
const onPostgres = Boolean(loadEnv().DATABASE_URL);
const NOW = new Date('2027-05-03T06:00:00Z');
const DAY = '2027-05-05';

let a: TestApp;
let b: TestApp;
const env = {
  AUTH_RATE_MAX_PER_ACCOUNT: 10,
  AUTH_RATE_MAX_PER_ADDRESS: 100_000,
  PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: -1,
};
beforeAll(async () => {
  if (!onPostgres) return;
  a = await buildTestApp({ now: () => NOW, env });
  b = await buildTestApp({ now: () => NOW, env });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

/** The process answering request i (round robin, as a load balancer would). */
const either = (i: number) => (i % 2 === 0 ? a : b);

const ordersOfProduct = async (productId: number) =>
  (
    await queryRows<{ n: number }>(
      a.db,
      sql`SELECT count(DISTINCT o.order_id)::int AS n FROM orders o JOIN order_items i USING (order_id)
          WHERE i.product_id = ${productId}`,
    )
  )[0]?.n ?? 0;

describe.runIf(onPostgres)('two API processes on one PostgreSQL', () => {
  it('the two apps really are two: separate connection pools on the same database', () => {
    expect(a.db).not.toBe(b.db);
    expect(a.env.DATABASE_URL).toBe(b.env.DATABASE_URL);
  });

  it('slot capacity: 24 buyers over both processes for a 12-place slot make exactly 12 orders', async () => {
    const p = await testProduct(a.db, { stock: 1000 });
    const slot = await driveSlot(a.db, DAY, 12);
    const tokens = await stageBuyers(a, 24, {
      productId: p.productId,
      quantity: 1,
      unitCents: p.priceCents,
      slot,
      now: NOW,
    });
    const answers = await Promise.all(tokens.map((token, i) => buy(either(i), token)));
    expect(answers.filter((x) => x.body.response.status === 0)).toHaveLength(12);
    expect(answers.every((x) => x.statusCode === 200)).toBe(true);
    expect(await bookedOf(a.db, slot.slotId)).toBe(12);
    expect(await ordersOfProduct(p.productId)).toBe(12);
  });

  it('stock: 20 buyers over both processes for 7 pieces sell exactly 7', async () => {
    const p = await testProduct(a.db, { stock: 7 });
    const slot = await driveSlot(a.db, DAY, 100_000);
    const tokens = await stageBuyers(a, 20, {
      productId: p.productId,
      quantity: 1,
      unitCents: p.priceCents,
      slot,
      now: NOW,
    });
    const answers = await Promise.all(tokens.map((token, i) => buy(either(i), token)));
    expect(answers.filter((x) => x.body.response.status === 0)).toHaveLength(7);
    expect(await stockOf(a.db, p.productId)).toBe(0);
    expect(await ordersOfProduct(p.productId)).toBe(7);
  });

  it('one order per idempotency key, the key sent to both processes at once', async () => {
    const c = await checkoutCustomer(a);
    const p = await testProduct(a.db, { stock: 100 });
    const slot = await driveSlot(a.db, DAY, 100_000);
    const prepared = await preparedCart(a, c.token, {
      slot,
      items: [{ productId: p.productId, quantity: 1 }],
    });
    expect(prepared.body.response.status).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        buy(either(i), c.token, { payment_type_id: 2 }, 'due-processi-una-chiave'),
      ),
    );
    expect(answers.every((x) => x.body.response.status === 0)).toBe(true);
    expect(new Set(answers.map((x) => x.body.data.orderId)).size).toBe(1);
    const [row] = await queryRows<{ n: number }>(
      a.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${c.userId}`,
    );
    expect(row?.n).toBe(1);
  });

  it('a once-per-customer gift code used through one process is refused through the other', async () => {
    const c = await checkoutCustomer(a);
    const p = await testProduct(a.db, { stock: 100, priceCents: 5000 });
    const slot = await driveSlot(a.db, DAY, 100_000);
    const addCode = (t: TestApp) =>
      callAs(t.app, c.token, 'POST', api('/cart-giftcertificate/add_code'), {
        payload: { code: 'BENVENUTO10' },
      });
    // a cart with the code, bought through a
    const cart = await callAs(a.app, c.token, 'POST', api('/cart/add'), {
      payload: { items: [{ productId: p.productId, quantity: 1 }] },
    });
    expect(cart.body.response.status).toBe(0);
    expect((await addCode(a)).body.response.status).toBe(0);
    const prepared = await preparedCart(a, c.token, { slot, items: [] });
    expect(prepared.body.response.status).toBe(0);
    expect((await buy(a, c.token)).body.response.status).toBe(0);
    // the next cart of the same customer, through b
    await callAs(b.app, c.token, 'POST', api('/cart/add'), {
      payload: { items: [{ productId: p.productId, quantity: 1 }] },
    });
    const again = await addCode(b);
    expect(again.body.response.status).not.toBe(0);
    const [uses] = await queryRows<{ n: number }>(
      a.db,
      sql`SELECT count(*)::int AS n FROM gift_certificate_uses WHERE user_id = ${c.userId}`,
    );
    expect(uses?.n).toBe(1);
  });

  it('the wallet: three orders paying 4 € each from 10 € over both processes take 8 €, never more', async () => {
    const c = await checkoutCustomer(a);
    const orders: number[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await testProduct(a.db, { stock: 100, priceCents: 300 });
      const slot = await driveSlot(a.db, DAY, 100_000);
      await preparedCart(either(i), c.token, { slot, items: [{ productId: p.productId, quantity: 3 }] });
      const placed = await buy(either(i), c.token, { payment_type_id: 2 });
      expect(placed.body.response.status).toBe(0);
      orders.push(placed.body.data.orderId);
    }
    await a.db.execute(
      sql`INSERT INTO wallet_movements (user_id, seq, amount_cents, balance_cents, cause, reason)
          VALUES (${c.userId}, 1, 1000, 1000, 'goodwill', 'prova')`,
    );
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        callAs(either(i).app, c.token, 'POST', api('/order/modify-payment-type'), {
          payload: {
            order_id: orders[i % 3],
            payment_type_id: 2,
            payment_data: JSON.stringify({ wallet_amount: 4 }),
          },
        }),
      ),
    );
    expect(answers.some((r) => r.body.response.status === 0)).toBe(true);
    const [money] = await queryRows<{ parts: number; balance: number; sum: number }>(
      a.db,
      sql`SELECT (SELECT sum(wallet_cents)::int FROM orders WHERE user_id = ${c.userId}) AS parts,
                 (SELECT balance_cents FROM wallet_movements WHERE user_id = ${c.userId} ORDER BY seq DESC LIMIT 1)
                   AS balance,
                 (SELECT sum(amount_cents)::int FROM wallet_movements WHERE user_id = ${c.userId}) AS sum`,
    );
    expect(money).toEqual({ parts: 800, balance: 200, sum: 200 });
  });

  it('sign-in throttling: the 11th try is refused whichever process answers', async () => {
    const c = await newCustomer(a, { tag: 'two-throttle' });
    // newCustomer signed in once (attempt 1); nine wrong passwords spread over both processes
    for (let i = 0; i < 9; i++) {
      const res = await login(either(i).app, c.email, `Sbagliata${i}!`);
      expect(res.statusCode).toBe(200);
    }
    expect((await login(b.app, c.email, DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await login(a.app, c.email, DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('bot check: a solution accepted by one process is a replay for the other', async () => {
    const c = await newCustomer(a, { tag: 'two-botcheck' });
    const token = await solveBotCheck(a.app);
    const signIn = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: `/ebsn/api/auth/login?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ login: c.email, password: DEMO_PASSWORD }),
      });
    expect((await signIn(a)).statusCode).toBe(200);
    expect((await signIn(b)).statusCode).toBe(403);
    // a challenge made by one process is solved for the other: the key is the cluster's, not a process's
    const fromB = await solveBotCheck(b.app);
    const res = await a.app.inject({
      method: 'POST',
      url: `/ebsn/api/auth/login?token=${encodeURIComponent(fromB)}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ login: c.email, password: DEMO_PASSWORD }),
    });
    expect(res.statusCode).toBe(200);
  });

  it('a product sold out through one process is refused through the other, and shown sold out within a second', async () => {
    // the last piece of the Drive store, as its customers' pages show it (decision 095)
    const p = await testProduct(a.db, { stock: 1, at: [DRIVE_STORE] });
    const slot = await driveSlot(a.db, DAY, 100_000);
    const availableOn = async (t: TestApp) =>
      (
        await getJson<{ available: number }>(
          t.app,
          api(`/products?product_id=${p.productId}&warehouse_id=${DRIVE_STORE}`),
        )
      ).body.data.available;
    // b reads (and caches) the product while it is on sale
    expect(await availableOn(b)).toBe(1);
    const [first, second] = await stageBuyers(a, 2, {
      productId: p.productId,
      quantity: 1,
      unitCents: p.priceCents,
      slot,
      now: NOW,
    });
    expect((await buy(a, first ?? '')).body.response.status).toBe(0);
    expect((await buy(b, second ?? '')).body.response.status).not.toBe(0);
    // b's cached product page follows the catalogue change (version check every second)
    const deadline = Date.now() + 3000;
    let available = await availableOn(b);
    while (available !== 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      available = await availableOn(b);
    }
    expect(available).toBe(0);
  });

  it('a price changed in the back office through one process is served by the other within a second or so', async () => {
    const p = await testProduct(a.db, { stock: 5 });
    const manager = await newCustomer(a, { tag: 'two-price-manager' });
    const staff = await makeStaff(a, manager.userId, [], 'catalogue_manager');
    const priceOn = async (t: TestApp) =>
      (await getJson<{ price: number }>(t.app, api(`/products/${p.productId}`))).body.data.price;
    // b reads (and caches) the product at its old price
    const old = await priceOn(b);
    const shown = await callAs<{ data: { updatedAt: string } }>(
      a.app,
      staff,
      'GET',
      api(`/admin/products/${p.productId}`),
      { via: 'staff' },
    );
    const newPrice = Math.round(old * 100 - 11) / 100;
    const saved = await callAs(a.app, staff, 'POST', api(`/admin/products/${p.productId}`), {
      via: 'staff',
      payload: { updatedAt: shown.body.data.data.updatedAt, price: newPrice },
    });
    expect(saved.body.response.status).toBe(0);
    // b's cache follows the catalogue's version, checked every second
    const savedAt = Date.now();
    let price = await priceOn(b);
    while (price !== newPrice && Date.now() - savedAt < 2000) {
      await new Promise((r) => setTimeout(r, 50));
      price = await priceOn(b);
    }
    expect(price).toBe(newPrice);
  });

  it('a content page rewritten through one process is served by the other within a second or so', async () => {
    const slug = `due-processi-${Date.now()}`;
    const contentOn = async (t: TestApp) =>
      (await getWp<Array<{ content: { rendered: string } }>>(t.app, `/p/wp-json/wp/v2/pages?slug=${slug}`))
        .body[0]?.content.rendered;
    expect((await a.app.contentStore.savePage({ slug, title: 'Prova', content: '<p>prima</p>' })).ok).toBe(
      true,
    );
    // b reads (and caches) the first text
    const first = await contentOn(b);
    expect(first).toBe('<p>prima</p>');
    const saved = await a.app.contentStore.savePage({
      slug,
      title: 'Prova',
      content: '<p>dopo</p><script>alert(1)</script>',
    });
    expect(saved.ok).toBe(true);
    // b's content cache follows content_version, checked every second
    const savedAt = Date.now();
    let text = await contentOn(b);
    while (text !== '<p>dopo</p>' && Date.now() - savedAt < 2000) {
      await new Promise((r) => setTimeout(r, 50));
      text = await contentOn(b);
    }
    expect(text).toBe('<p>dopo</p>');
  });

  it('a job enqueued once runs once, with both processes polling', async () => {
    let ran = 0;
    const kind = `test.once.${Date.now()}`;
    a.app.jobs.register(kind, async () => {
      ran += 1;
    });
    b.app.jobs.register(kind, async () => {
      ran += 1;
    });
    for (let i = 0; i < 10; i++) await a.app.jobs.enqueue(kind, { i }, { delayMs: 60_000 });
    await a.db.execute(sql`UPDATE scheduled_jobs SET run_at = now() WHERE kind = ${kind}`);
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue(), a.app.jobs.runDue(), b.app.jobs.runDue()]);
    expect(ran).toBe(10);
    const [left] = await queryRows<{ n: number }>(
      a.db,
      sql`SELECT count(*)::int AS n FROM scheduled_jobs WHERE kind = ${kind} AND done_at IS NULL`,
    );
    expect(left?.n).toBe(0);
  });
});
