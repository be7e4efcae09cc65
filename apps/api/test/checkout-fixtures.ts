import type { CheckoutCart, OrderPaymentData } from '@spesa/shared/contracts/checkout';
import type { Order } from '@spesa/shared/contracts/orders';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { randomToken, sha256 } from '../src/modules/account/secrets';
import { AccountRepository } from '../src/modules/account/account.repository';
import { TimeslotRepository } from '../src/modules/delivery/timeslot.repository';
import { newCustomer } from './customers';
import { callAs, type EnvelopeBody, type TestApp } from './helper';

/**
 * Checkout tests. The tests of a file share its database, so each makes its own products (clones of a
 * seeded plain product with a stock of their own) and its own slots, never touching what another test of
 * the file reads.
 */
export const api = (path: string) => `/ebsn/api${path}`;
/** Drive store used by the checkout tests (its pickup point is a seeded address) */
export const DRIVE_STORE = 13;

let clones = 0;
/** A new product cloned from a plain seeded one (no promotion, no options), with this stock and price. */
export async function testProduct(
  db: Db,
  opts: { stock: number; priceCents?: number; sellingType?: 'Pezzo' | 'Sfuso' },
): Promise<{ productId: number; priceCents: number; name: string }> {
  const tag = `${Date.now().toString(36)}${process.pid}${clones++}${Math.random().toString(36).slice(2, 6)}`;
  const loose = opts.sellingType === 'Sfuso';
  const [row] = await queryRows<{ productId: number; priceCents: number; name: string }>(
    db,
    sql`INSERT INTO products (cod_int, cod_var, name, slug, barcode, brand, format, vendor_id, category_id, iva_pct,
          selling_type, unit_base, product_infos, price_cents, unit_price_cents, net_quantity, stock, min_acq, max_acq,
          media_icon, select_options, active)
        SELECT ${`T${tag}`}, cod_var, name || ' test ' || ${tag}, slug || '-t-' || ${tag}, NULL, brand, format, vendor_id,
          category_id, iva_pct, selling_type, unit_base, product_infos, ${opts.priceCents ?? sql`price_cents`},
          unit_price_cents, net_quantity, ${opts.stock}, min_acq, NULL, media_icon, '[]'::jsonb, true
        FROM products p
        WHERE p.active AND p.select_options = '[]'::jsonb AND p.max_acq IS NULL
          AND p.product_infos->>'TIPOLOGIA' = ${loose ? 'Sfuso' : 'Pezzo'}
          AND ${loose ? sql`p.product_infos->>'WEIGHT_SELLING' = '500' AND p.product_infos->>'STEP_SELLING' = '100'` : sql`COALESCE(p.product_infos->>'QTY_MULT', '1') = '1' AND COALESCE(p.product_infos->>'QTY_LOCKED', 'false') <> 'true'`}
        ORDER BY p.product_id LIMIT 1
        RETURNING product_id AS "productId", price_cents AS "priceCents", name`,
  );
  if (!row) throw new Error('testProduct: no template product');
  return row;
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const [row] = await queryRows<{ stock: number }>(
    db,
    sql`SELECT stock::float8 AS stock FROM products WHERE product_id = ${productId}`,
  );
  return row?.stock ?? Number.NaN;
}

/** A Drive window on `date` (the first of the day), its slot generated, with this capacity. */
export async function driveSlot(
  db: Db,
  date: string,
  capacity?: number,
): Promise<{ slotId: number; timeslotId: number; date: string }> {
  const isoDow = ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const [tpl] = await queryRows<{ timeslotId: number }>(
    db,
    sql`SELECT timeslot_id AS "timeslotId" FROM timeslots
        WHERE calendar_kind = 'drive' AND ${isoDow} = ANY(week_days) ORDER BY begin_time DESC LIMIT 1`,
  );
  if (!tpl) throw new Error(`no drive window on ${date}`);
  const repo = new TimeslotRepository(db);
  await repo.ensureSlots(`w${DRIVE_STORE}`, 'drive', [date]);
  const slot = await repo.findSlot(`w${DRIVE_STORE}`, 'drive', date, tpl.timeslotId);
  if (!slot) throw new Error('driveSlot: no slot');
  if (capacity !== undefined) await repo.setSlotState(slot.slotId, { capacity, booked: 0 });
  return { slotId: slot.slotId, timeslotId: tpl.timeslotId, date };
}

export async function bookedOf(db: Db, slotId: number): Promise<number> {
  const [row] = await queryRows<{ booked: number }>(
    db,
    sql`SELECT booked FROM delivery_slots WHERE slot_id = ${slotId}`,
  );
  return row?.booked ?? Number.NaN;
}

/** A signed-in customer with complete personal data (phone, fiscal code), through the real login. */
export async function checkoutCustomer(
  t: TestApp,
): Promise<{ userId: number; token: string; email: string }> {
  const c = await newCustomer(t, { tag: 'checkout' });
  await new AccountRepository(t.db).updateUser(c.userId, {
    mobilePhone: '3331234567',
    fiscalCode: 'RSSMRA85T10F205R',
  });
  return c;
}

/** Customer -> Drive store, the slot, the lines (none: the cart's own), rules accepted and prepared: ready to buy. */
export async function preparedCart(
  t: TestApp,
  token: string,
  opts: { slot: { date: string; timeslotId: number }; items: Array<{ productId: number; quantity: number }> },
  prepareBody: Record<string, unknown> = {},
) {
  const s = await callAs(t.app, token, 'POST', api(`/store/select?store_id=${DRIVE_STORE}`));
  if (s.body.response.status !== 0) throw new Error(`store/select ${JSON.stringify(s.body.response)}`);
  const sel = await callAs(
    t.app,
    token,
    'GET',
    api(`/timeslot/select?sel_date=${opts.slot.date}&timeslot_id=${opts.slot.timeslotId}`),
  );
  if (sel.body.response.status !== 0) throw new Error(`timeslot/select ${JSON.stringify(sel.body.response)}`);
  if (opts.items.length > 0) {
    const add = await callAs(t.app, token, 'POST', api('/cart/add'), { payload: { items: opts.items } });
    if (add.body.response.status !== 0) throw new Error(`cart/add ${JSON.stringify(add.body.response)}`);
  }
  return callAs<CheckoutCartWire>(t.app, token, 'POST', api('/checkout/prepare'), {
    payload: { accept_rules: true, ...prepareBody },
  });
}

/** The checkout's cart, the order and the buy answer on the wire: the contracts' types. */
export type CheckoutCartWire = CheckoutCart;
export type OrderWire = Order;
export type BuyData = OrderPaymentData;

export const buy = (
  t: TestApp,
  token: string,
  body: Record<string, unknown> = { payment_type_id: 2 },
  key?: string,
): Promise<{ statusCode: number; body: EnvelopeBody<BuyData> }> =>
  callAs<BuyData>(t.app, token, 'POST', api('/checkout/buy'), {
    payload: body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

/**
 * Many buyers staged straight in the database (users, sessions, carts locked for payment with one line of
 * the product and the slot chosen): the race tests exercise checkout/buy, not 500 logins.
 */
export async function stageBuyers(
  t: { db: Db },
  n: number,
  opts: {
    productId: number;
    quantity: number;
    unitCents: number;
    slot: { slotId: number; timeslotId: number; date: string };
    now: Date;
    /** an open, empty cart at the Drive store instead of one prepared for payment (the lists bench) */
    emptyCart?: boolean;
  },
): Promise<string[]> {
  const [pickup] = await queryRows<{ addressId: number }>(
    t.db,
    sql`SELECT address_id AS "addressId" FROM addresses WHERE warehouse_id = ${DRIVE_STORE} AND user_id IS NULL`,
  );
  if (!pickup) throw new Error('no pickup address');
  const tokens: string[] = [];
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const expires = new Date(opts.now.getTime() + 86_400_000).toISOString();
  for (let i = 0; i < n; i++) {
    const email = `race.${tag}.${i}@example.com`;
    const token = randomToken();
    tokens.push(token);
    if (opts.emptyCart) {
      await t.db.execute(sql`WITH u AS (
          INSERT INTO users (login, email, password_hash, profile_confirmed, first_name, last_name, fiscal_code,
            mobile_phone, password_changed_at)
          VALUES (${email}, ${email}, NULL, true, 'Lista', 'Cliente', 'RSSMRA85T10F205R', '3331234567',
            now() - interval '1 day')
          RETURNING user_id),
        s AS (INSERT INTO sessions (token_hash, user_id, idle_expires_at, absolute_expires_at)
          SELECT ${sha256(token)}, user_id, ${expires}::timestamptz, ${expires}::timestamptz FROM u)
        INSERT INTO carts (user_id, cart_status_id, delivery_service_id, store_id, warehouse_id, shipping_address_id,
            address_auto_assigned, timeslot_auto_assigned, store_auto_assigned)
          SELECT user_id, 0, 1, ${DRIVE_STORE}, ${DRIVE_STORE}, ${pickup.addressId}, false, false, false FROM u`);
      continue;
    }
    await t.db.execute(sql`WITH u AS (
        INSERT INTO users (login, email, password_hash, profile_confirmed, first_name, last_name, fiscal_code, mobile_phone,
          password_changed_at)
        VALUES (${email}, ${email}, NULL, true, 'Gara', 'Cliente', 'RSSMRA85T10F205R', '3331234567', now() - interval '1 day')
        RETURNING user_id),
      s AS (INSERT INTO sessions (token_hash, user_id, idle_expires_at, absolute_expires_at)
        SELECT ${sha256(token)}, user_id, ${expires}::timestamptz, ${expires}::timestamptz FROM u),
      c AS (INSERT INTO carts (user_id, cart_status_id, delivery_service_id, store_id, warehouse_id, shipping_address_id,
          timeslot_date, timeslot_id, slot_id, address_auto_assigned, timeslot_auto_assigned, store_auto_assigned)
        SELECT user_id, 7, 1, ${DRIVE_STORE}, ${DRIVE_STORE}, ${pickup.addressId}, ${opts.slot.date}::date,
          ${opts.slot.timeslotId}, ${opts.slot.slotId}, false, false, false FROM u
        RETURNING cart_id),
      i AS (INSERT INTO cart_items (cart_id, product_id, quantity) SELECT cart_id, ${opts.productId},
          ${opts.quantity.toFixed(3)}::numeric FROM c)
      INSERT INTO cart_checkouts (cart_id, rules_accepted, prepared_prices, prepared_at)
        SELECT cart_id, true, ${JSON.stringify({ [`${opts.productId}|`]: opts.unitCents })}::jsonb, now() FROM c`);
  }
  return tokens;
}

/** Every order is whole: lines, a first status, an authorisation record. Answers the orders lacking one. */
export async function halfOrders(db: Db): Promise<number[]> {
  const rows = await queryRows<{ orderId: number }>(
    db,
    sql`SELECT o.order_id AS "orderId" FROM orders o
        WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.order_id)
           OR NOT EXISTS (SELECT 1 FROM payment_authorizations a WHERE a.order_id = o.order_id)
           OR NOT EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = o.order_id)`,
  );
  return rows.map((r) => r.orderId);
}

/**
 * The customer on the sandbox's hosted card page: opens it, pays with `card`, follows the signed return.
 * Answers the page and where the shop then sends the browser (/checkout/completed/...).
 */
export async function payOnHostedPage(
  t: TestApp,
  paymentUrl: string,
  card: string,
): Promise<{ page: { statusCode: number; body: string }; completed: string }> {
  const page = await t.app.inject({ method: 'GET', url: paymentUrl });
  if (page.statusCode !== 200) throw new Error(`hosted page: HTTP ${page.statusCode}`);
  const token = new URL(paymentUrl, 'http://x').searchParams.get('t') ?? '';
  const posted = await t.app.inject({
    method: 'POST',
    url: paymentUrl.split('?')[0] ?? '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      t: token,
      action: 'pay',
      holder: 'Mario Rossi',
      card_number: card,
      expiry: '12/30',
      cvc: '123',
    }).toString(),
  });
  if (posted.statusCode !== 303) throw new Error(`card form: HTTP ${posted.statusCode}`);
  const back = await t.app.inject({ method: 'GET', url: String(posted.headers.location) });
  if (back.statusCode !== 302) throw new Error(`return: HTTP ${back.statusCode}`);
  return { page, completed: String(back.headers.location) };
}
