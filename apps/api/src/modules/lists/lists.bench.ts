/**
 * Shopping-list benchmark server (issue 20), started by `npm run bench -- --part=lists` (bench/src/bench.ts)
 * once per database:
 *
 *   node --import tsx apps/api/src/modules/lists/lists.bench.ts --db=pglite --owners=130
 *   node --import tsx apps/api/src/modules/lists/lists.bench.ts --db=postgres --url=postgres://... --owners=130
 *
 * Builds the real app on a freshly migrated and seeded demo database and stages, straight in the database:
 * one customer with a 200-product list (the view), and `owners` customers with an empty open cart and a
 * 100-product list each (one list into the cart per customer). Then it listens on a loopback port, prints one
 * JSON line (the address, the sessions and the list ids) and serves until it is stopped: the load comes from
 * the bench process, as a browser's would, not from this one.
 */
import { sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { buildApp } from '../../app';
import { ensureSeeded, migrate, openDatabase, type Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { ensureAccountData } from '../../db/seed/accounts';
import { ensureDeliveryData } from '../../db/seed/delivery';
import { loadEnv } from '../../env';
import { DRIVE_STORE, stageEmptyCartBuyers } from '../../../test/checkout-fixtures';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    url: { type: 'string' },
    owners: { type: 'string', default: '130' },
  },
});
const VIEW_ITEMS = 200;
const CART_ITEMS = 100;

const env = loadEnv({
  LOG_LEVEL: 'silent',
  ...(values.db === 'postgres' && values.url ? { DATABASE_URL: values.url } : {}),
});
const database = await openDatabase(values.db === 'postgres' ? { url: values.url } : {});
await migrate(database.db);
await ensureSeeded({ dataDir: env.DEMO_DATA_DIR }, database.db);
await ensureAccountData({ demoAccounts: true }, database.db);
await ensureDeliveryData({ dataDir: env.DEMO_DATA_DIR, demoAccounts: true }, database.db);

const now = new Date();
const app = await buildApp({ env, db: database.db, dbKind: database.kind, logger: false, now: () => now });
await app.ready();

/** Plain pieces the Drive store sells with stock for every staged cart: every one can go to the cart. */
async function products(n: number, db: Db): Promise<number[]> {
  const rows = await queryRows<{ productId: number }>(
    db,
    sql`SELECT p.product_id AS "productId" FROM products p
        WHERE p.active AND (SELECT COALESCE(max(st.stock), 0) FROM product_stock st WHERE st.product_id = p.product_id) >= 100 AND p.select_options = '[]'::jsonb AND p.max_acq IS NULL
          AND p.product_infos->>'TIPOLOGIA' = 'Pezzo' AND COALESCE(p.product_infos->>'QTY_MULT', '1') = '1'
          AND NOT EXISTS (SELECT 1 FROM product_delistings d
                          WHERE d.product_id = p.product_id AND d.warehouse_id = ${DRIVE_STORE})
        ORDER BY p.product_id LIMIT ${n}`,
  );
  if (rows.length < n) throw new Error(`only ${rows.length} products fit the bench, ${n} wanted`);
  return rows.map((r) => r.productId);
}

/** Customers with a session and an empty open cart at the Drive store, each owning one list of `items`. */
async function stageListOwners(
  n: number,
  items: number[],
): Promise<Array<{ token: string; listId: number }>> {
  const tokens = await stageEmptyCartBuyers({ db: database.db }, n, now);
  const users = await queryRows<{ userId: number }>(
    database.db,
    sql`SELECT user_id AS "userId" FROM users WHERE login LIKE 'race.%' ORDER BY user_id DESC LIMIT ${n}`,
  );
  // stageEmptyCartBuyers creates the users in token order: the last n users, oldest first
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

const pool = await products(VIEW_ITEMS, database.db);
const [viewer] = await stageListOwners(1, pool);
if (!viewer) throw new Error('no list owner');
const owners = await stageListOwners(Number(values.owners), pool.slice(0, CART_ITEMS));
const base = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(
  JSON.stringify({ base, db: database.kind, viewer, owners, viewItems: VIEW_ITEMS, cartItems: CART_ITEMS }),
);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
