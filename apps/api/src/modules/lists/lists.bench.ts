/**
 * Shopping-list benchmark (issue 20), run by `npm run bench -- --part=lists` (bench/src/bench.ts) per database:
 *
 *   node --import tsx apps/api/src/modules/lists/lists.bench.ts --db=pglite
 *   node --import tsx apps/api/src/modules/lists/lists.bench.ts --db=postgres --url=postgres://...
 *
 * Builds the real app on a freshly migrated and seeded demo database and measures, through the whole Fastify
 * stack (app.inject: routing, validation, session, service, serialisation; no socket):
 *   - view: GET /wishlist/view of one customer's 200-product list, `views` times, `concurrency` in flight;
 *   - into the cart: POST /cart/add-all-from-wishlist of a 100-product list into an empty cart, once per
 *     staged customer (`buyers` of them), `concurrency` in flight; every product must land in the cart.
 * Prints one JSON line: the percentiles of each and the failures.
 */
import { sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { buildApp } from '../../app';
import { ensureSeeded, migrate, openDatabase, type Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { ensureAccountData } from '../../db/seed/accounts';
import { ensureDeliveryData } from '../../db/seed/delivery';
import { loadEnv } from '../../env';
import { DRIVE_STORE, stageBuyers } from '../../../test/checkout-fixtures';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    url: { type: 'string' },
    views: { type: 'string', default: '400' },
    buyers: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '4' },
  },
});
const views = Number(values.views);
const buyers = Number(values.buyers);
const concurrency = Number(values.concurrency);
const VIEW_ITEMS = 200;
const CART_ITEMS = 100;

const env = loadEnv({
  LOG_LEVEL: 'silent',
  ...(values.db === 'postgres' && values.url ? { DATABASE_URL: values.url } : {}),
});
const database = await openDatabase(values.db === 'postgres' ? { url: values.url } : {});
await migrate(database.db);
await ensureSeeded(database.db, { dataDir: env.DEMO_DATA_DIR });
await ensureAccountData(database.db, { demoAccounts: true });
await ensureDeliveryData(database.db, { dataDir: env.DEMO_DATA_DIR, demoAccounts: true });

const now = new Date();
const app = await buildApp({ env, db: database.db, dbKind: database.kind, logger: false, now: () => now });
await app.ready();

/** Plain pieces the Drive store sells with stock for every staged cart: every one can go to the cart. */
async function products(db: Db, n: number): Promise<number[]> {
  const rows = await queryRows<{ productId: number }>(
    db,
    sql`SELECT p.product_id AS "productId" FROM products p
        WHERE p.active AND p.stock >= 100 AND p.select_options = '[]'::jsonb AND p.max_acq IS NULL
          AND p.product_infos->>'TIPOLOGIA' = 'Pezzo' AND COALESCE(p.product_infos->>'QTY_MULT', '1') = '1'
          AND NOT EXISTS (SELECT 1 FROM product_delistings d
                          WHERE d.product_id = p.product_id AND d.warehouse_id = ${DRIVE_STORE})
        ORDER BY p.product_id LIMIT ${n}`,
  );
  if (rows.length < n) throw new Error(`only ${rows.length} products fit the bench, ${n} wanted`);
  return rows.map((r) => r.productId);
}

/** Customers with a session and an empty open cart at the Drive store, each owning one list of `items`. */
async function stageListOwners(n: number, items: number[]): Promise<Array<{ token: string; listId: number }>> {
  const tokens = await stageBuyers({ db: database.db }, n, {
    productId: 0,
    quantity: 0,
    unitCents: 0,
    slot: { slotId: 0, timeslotId: 0, date: '' },
    now,
    emptyCart: true,
  });
  const users = await queryRows<{ userId: number }>(
    database.db,
    sql`SELECT user_id AS "userId" FROM users WHERE login LIKE 'race.%' ORDER BY user_id DESC LIMIT ${n}`,
  );
  // stageBuyers creates the users in token order: the last n users, oldest first
  users.reverse();
  const owners: Array<{ token: string; listId: number }> = [];
  for (const [i, u] of users.entries()) {
    const [list] = await queryRows<{ listId: number }>(
      database.db,
      sql`INSERT INTO wishlists (user_id, name, is_default) VALUES (${u.userId}, 'La spesa della settimana', true)
          RETURNING list_id AS "listId"`,
    );
    if (!list) throw new Error('list not created');
    await database.db.execute(sql`INSERT INTO wishlist_items (list_id, product_id, quantity)
        SELECT ${list.listId}, unnest(${`{${items.join(',')}}`}::int[]), 1`);
    owners.push({ token: tokens[i] ?? '', listId: list.listId });
  }
  return owners;
}

interface Call {
  ms: number;
  ok: boolean;
}

async function call(method: 'GET' | 'POST', url: string, token: string, body?: unknown): Promise<Call> {
  const started = performance.now();
  const res = await app.inject({
    method,
    url,
    cookies: { 'x-ebsn-account': token },
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
  });
  const ms = performance.now() - started;
  const parsed = JSON.parse(res.body) as {
    response: { status: number };
    data: { wishlistItems?: unknown[]; cartItems?: unknown[] } | null;
  };
  const size = method === 'GET' ? parsed.data?.wishlistItems?.length : parsed.data?.cartItems?.length;
  const want = method === 'GET' ? VIEW_ITEMS : CART_ITEMS;
  return { ms, ok: res.statusCode === 200 && parsed.response.status === 0 && size === want };
}

async function run(tasks: Array<() => Promise<Call>>) {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++];
        if (!task) break;
        const r = await task();
        latencies.push(r.ms);
        if (!r.ok) failures++;
      }
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return { calls: tasks.length, p50: pct(50), p95: pct(95), p99: pct(99), failures };
}

const pool = await products(database.db, VIEW_ITEMS);
const [viewer] = await stageListOwners(1, pool);
if (!viewer) throw new Error('no list owner');
const viewUrl = `/ebsn/api/wishlist/view?list_id=${viewer.listId}`;
const viewTask = () => call('GET', viewUrl, viewer.token);
await run(Array.from({ length: 50 }, () => viewTask)); // warm-up
const view = await run(Array.from({ length: views }, () => viewTask));

const owners = await stageListOwners(buyers + 5, pool.slice(0, CART_ITEMS));
const addTask = (o: { token: string; listId: number }) => () =>
  call('POST', '/ebsn/api/cart/add-all-from-wishlist', o.token, { list_id: o.listId });
await run(owners.slice(0, 5).map(addTask)); // warm-up
const addAll = await run(owners.slice(5).map(addTask));

console.log(JSON.stringify({ db: database.kind, concurrency, view, addAll }));
await app.close();
await database.close();
