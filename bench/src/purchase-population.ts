// The other customers of the purchase bench's shop: a shop's tables hold many customers, each with a live session,
// a home address, an open cart with a few lines and an earlier order, not only the buyers of the run. Without them the tables the
// purchase reads (sessions, users, addresses, carts, cart_items, cart_infos) hold a few dozen rows, and PostgreSQL
// rightly scans them sequentially instead of through their indexes: a plan no shop runs (issue 53: none of the
// purchase's statements a sequential scan). Staged in a few set-based statements, then the tables analysed, as
// autovacuum would have done long before a Saturday morning.
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { Db } from '../../apps/api/src/db/client';

/** Customers besides the buyers (default): about what a chain's shop has active in a month. */
export const POPULATION = 20_000;

/** The tables the population fills, vacuumed and analysed after it (and after the buyers are staged). */
const TABLES = [
  'users',
  'sessions',
  'addresses',
  'carts',
  'cart_items',
  'cart_infos',
  'orders',
  'payment_authorizations',
  'loyalty_cards',
  'premium_products',
  'product_rating_summaries',
  'product_delistings',
  'gift_certificates',
  'cart_gift_certificates',
  'delivery_slots',
];

/**
 * Stages `n` customers besides the buyers (once per database: the next server's stage finds them): a user each with a live session, a home address, an open cart at the
 * Drive store with three lines and an info, and a closed cart of an earlier visit with its order, delivered and
 * paid. Their products are the shop's
 * active ones, not the bench's (whose stock the checks count).
 */
export async function stagePopulation(
  db: Db,
  n: number,
  driveStore: number,
  exclude: number[],
): Promise<void> {
  if (n <= 0) return;
  const { queryRows } = await import('../../apps/api/src/db/rows');
  const tag = 'population';
  const staged = await queryRows(db, sql`SELECT 1 FROM users WHERE login LIKE ${`${tag}.%`} LIMIT 1`);
  if (staged.length) return;
  // each table analysed once filled, before the next one's foreign keys look its rows up (a check planned on
  // the empty table would scan it whole for every row)
  const analyse = (table: string) => db.execute(sql.raw(`ANALYZE ${table}`));
  await db.execute(sql`INSERT INTO users (login, email, password_hash, profile_confirmed, first_name, last_name,
      fiscal_code, mobile_phone, password_changed_at, postal_code, city, province)
    SELECT ${tag} || '.' || g || '@example.com', ${tag} || '.' || g || '@example.com', NULL, true, 'Cliente',
      'Numero ' || g, 'RSSMRA85T10F205R', '333' || lpad(g::text, 7, '0'), now() - interval '30 days', '22100',
      'Como', 'CO'
    FROM generate_series(1, ${n}::int) g`);
  await analyse('users');
  const mine = sql`SELECT user_id FROM users WHERE login LIKE ${`${tag}.%`}`;
  await db.execute(sql`INSERT INTO sessions (token_hash, user_id, idle_expires_at, absolute_expires_at, created_at)
    SELECT md5(${tag} || user_id) || md5(user_id || ${tag}), user_id, now() + interval '1 day',
      now() + interval '30 days', now() - interval '1 hour' FROM (${mine}) u`);
  await db.execute(sql`INSERT INTO addresses (user_id, address_type_id, delivery_service_id, address_name,
      receiver_name, address1, address_number, city, province, postal_code)
    SELECT user_id, 1, 2, 'Casa', 'Cliente', 'Via Milano', (user_id % 200)::text, 'Como', 'CO', '22100'
    FROM (${mine}) u`);
  await analyse('sessions');
  await analyse('addresses');
  const [pickup] = await queryRows<{ address_id: number }>(
    db,
    sql`SELECT address_id FROM addresses WHERE warehouse_id = ${driveStore} AND user_id IS NULL`,
  );
  if (!pickup) throw new Error('no pickup address');
  // a closed cart of an earlier visit, then the open one
  for (const closed of [true, false])
    await db.execute(sql`INSERT INTO carts (user_id, cart_status_id, delivery_service_id, store_id, warehouse_id,
        shipping_address_id, address_auto_assigned, timeslot_auto_assigned, store_auto_assigned, created_at,
        updated_at, closed_at)
      SELECT user_id, ${closed ? 7 : 0}, 1, ${driveStore}, ${driveStore}, ${pickup.address_id}, false, false, false,
        now() - ${closed ? '20 days' : '1 hour'}::interval, now() - ${closed ? '20 days' : '1 hour'}::interval,
        ${closed ? sql`now() - interval '20 days'` : sql`NULL`}
      FROM (${mine}) u`);
  await analyse('carts');
  const open = sql`SELECT c.cart_id, row_number() OVER (ORDER BY c.cart_id) AS k FROM carts c
    WHERE c.user_id IN (${mine}) AND c.closed_at IS NULL`;
  await db.execute(sql`WITH p AS (SELECT array_agg(product_id ORDER BY product_id) AS ids FROM (
      SELECT product_id FROM products WHERE active AND product_id <> ALL(${`{${exclude.join(',')}}`}::int[])
      ORDER BY product_id LIMIT 997) x)
    INSERT INTO cart_items (cart_id, product_id, quantity)
    SELECT c.cart_id, p.ids[1 + (c.k * 7 + j * 331) % cardinality(p.ids)], 1
    FROM (${open}) c, p, generate_series(0, 2) j`);
  await db.execute(sql`INSERT INTO cart_infos (cart_id, name, value)
    SELECT cart_id, 'need_invoice', 'false' FROM (${open}) c`);
  // the earlier visit's order, delivered and paid, in a slot of yesterday (no window offers it; the runs' slots
  // are days ahead)
  const [slot] = await queryRows<{ slot_id: number; slot_date: string; timeslot_id: number }>(
    db,
    sql`WITH t AS (SELECT min(timeslot_id) AS timeslot_id FROM timeslots WHERE calendar_kind = 'drive'),
        made AS (INSERT INTO delivery_slots (calendar, slot_date, timeslot_id, capacity)
          SELECT ${`w${driveStore}`}, current_date - 1, t.timeslot_id, 1 FROM t WHERE t.timeslot_id IS NOT NULL
          ON CONFLICT DO NOTHING RETURNING slot_id, slot_date, timeslot_id)
      SELECT slot_id, slot_date::text, timeslot_id FROM made
      UNION ALL
      SELECT s.slot_id, s.slot_date::text, s.timeslot_id FROM delivery_slots s, t
      WHERE s.calendar = ${`w${driveStore}`} AND s.slot_date = current_date - 1 AND s.timeslot_id = t.timeslot_id
      LIMIT 1`,
  );
  if (slot) {
    await db.execute(sql`INSERT INTO orders (user_id, source_cart_id, order_status_id, delivery_service_id, store_id,
        warehouse_id, shipping_address_id, shipping_address, slot_id, slot_date, timeslot_id, begin_time, end_time,
        delivery_day_period_id, payment_type_id, items_cents, items_standard_cents, delivery_fee_cents,
        total_cents, preauth_cents, created_at, updated_at)
      SELECT c.user_id, c.cart_id, ${ORDER_STATUS.delivered}, 1, ${driveStore}, ${driveStore}, ${pickup.address_id},
        '{}'::jsonb, ${slot.slot_id}, ${slot.slot_date}::date, ${slot.timeslot_id}, '10:00', '12:00', 1, 12, 4200,
        4200, 0, 4200, 4200, c.closed_at, c.closed_at
      FROM carts c WHERE c.user_id IN (${mine}) AND c.closed_at IS NOT NULL`);
    await analyse('orders');
    await db.execute(sql`INSERT INTO payment_authorizations (order_id, attempt, provider, provider_ref,
        payment_type_id, amount_cents, status, created_at, updated_at)
      SELECT o.order_id, 1, 'sandbox', 'population_' || o.order_id, 12, 4200, 'captured', o.created_at,
        o.created_at
      FROM orders o WHERE o.user_id IN (${mine})`);
  }
  await stageShopRows(db, tag, mine, driveStore, exclude);
}

/**
 * The rows a shop holds besides its customers' visits, in about a shop's proportions (issue 53: read by the
 * purchase, these tables held only the seed's few rows, and PostgreSQL scanned them whole): a loyalty card for
 * three customers in five (one in twenty a premium card, with its chosen product), a rating summary for one
 * product in three, each other store's delistings (one product in fifty), and a personal certificate applied to
 * one open cart in thirty, and the slots every store, locker and home-delivery zone had these last six months
 * (all taken: the days are past). The bench's products and store, and the days from yesterday, are left as
 * they are.
 */
async function stageShopRows(
  db: Db,
  tag: string,
  mine: SQL,
  driveStore: number,
  exclude: number[],
): Promise<void> {
  const others = sql`SELECT product_id FROM products
    WHERE active AND product_id <> ALL(${`{${exclude.join(',')}}`}::int[])`;
  await db.execute(sql`INSERT INTO loyalty_cards (card_number, card_type, holder_last_name, valid_to)
    SELECT '29' || lpad(user_id::text, 11, '0'), CASE WHEN user_id % 20 = 0 THEN 'premium' ELSE 'fidelity' END,
      'Numero', current_date + 365
    FROM (${mine}) u WHERE u.user_id % 5 < 3`);
  await db.execute(sql`UPDATE users SET card_number = '29' || lpad(user_id::text, 11, '0')
    WHERE login LIKE ${`${tag}.%`} AND user_id % 5 < 3`);
  await db.execute(sql`WITH p AS (SELECT array_agg(product_id ORDER BY product_id) AS ids FROM (${others}) x)
    INSERT INTO premium_products (user_id, product_id, chosen_on)
    SELECT u.user_id, p.ids[1 + u.user_id % cardinality(p.ids)], current_date - 10
    FROM (${mine}) u, p WHERE u.user_id % 20 = 0 AND u.user_id % 5 < 3`);
  await db.execute(sql`INSERT INTO product_rating_summaries (product_id, total, rating_sum, stars_4, stars_5)
    SELECT product_id, 6, 27, 3, 3 FROM (${others}) x WHERE product_id % 3 = 0`);
  await db.execute(sql`INSERT INTO product_delistings (product_id, warehouse_id)
    SELECT x.product_id, w.warehouse_id FROM (${others}) x
    JOIN warehouses w ON w.warehouse_type = 'store' AND w.warehouse_id <> ${driveStore}
      AND x.product_id % 50 = w.warehouse_id % 50
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO gift_certificates (code, name, kind, value, valid_from, valid_to, max_uses,
      owner_user_id, source)
    SELECT 'POP' || user_id, 'Buono', 'amount', 500, current_date - 10, current_date + 30, 1, user_id, 'crm'
    FROM (${mine}) u WHERE u.user_id % 30 = 7`);
  await db.execute(sql`INSERT INTO cart_gift_certificates (cart_id, gift_certificate_id)
    SELECT c.cart_id, g.gift_certificate_id FROM gift_certificates g
    JOIN carts c ON c.user_id = g.owner_user_id AND c.closed_at IS NULL
    WHERE g.code LIKE 'POP%' AND g.owner_user_id IN (${mine})`);
  await db.execute(sql`INSERT INTO delivery_slots (calendar, slot_date, timeslot_id, capacity, booked)
    SELECT c.calendar, d.day, t.timeslot_id, t.capacity, t.capacity
    FROM (SELECT 'w' || warehouse_id AS calendar, CASE WHEN warehouse_type = 'locker' THEN 'locker' ELSE 'drive' END
            AS kind FROM warehouses
          UNION ALL SELECT 'z' || zone_id, 'home' FROM delivery_zones) c
    JOIN timeslots t ON t.calendar_kind = c.kind
    CROSS JOIN generate_series(current_date - 182, current_date - 2, interval '1 day') AS d(day)
    WHERE EXTRACT(ISODOW FROM d.day)::int = ANY (t.week_days)
    ON CONFLICT DO NOTHING`);
}

/**
 * The purchase's tables vacuumed and with fresh statistics, as autovacuum leaves a shop's tables long before a
 * Saturday morning. Analysed only, the rows just staged were still due their first vacuum (autovacuum vacuums
 * a table after its inserts too), which then ran during a measure: each vacuum of a table invalidates the plans
 * cached over it on every connection, and the session read alone takes 7-9 ms to plan again.
 */
export async function settlePopulation(db: Db): Promise<void> {
  await db.execute(sql.raw(`VACUUM (ANALYZE) ${TABLES.join(', ')}`));
}
