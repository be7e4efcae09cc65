import type { CheckoutCart, OrderPaymentData } from '@spesa/shared/contracts/checkout';
import type { Order } from '@spesa/shared/contracts/orders';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { randomToken, sha256 } from '../src/modules/account/secrets';
import { AccountRepository } from '../src/modules/account/account.repository';
import { TimeslotRepository } from '../src/modules/delivery/timeslot.repository';
import { WalletRepository } from '../src/modules/loyalty/wallet.repository';
import { newCustomer } from './customers';
import { buildTestApp, callAs, type EnvelopeBody, type TestApp } from './helper';

/**
 * Checkout tests. The tests of a file share its database, so each makes its own products (clones of a
 * seeded plain product with a stock of their own) and its own slots, never touching what another test of
 * the file reads.
 */
export const api = (path: string) => `/ebsn/api${path}`;
/** Drive store used by the checkout tests (its pickup point is a seeded address) */
export const DRIVE_STORE = 13;

/**
 * The app as the checkout's tests build it: on their clock, the sign-in throttles out of the way of the many
 * customers they make, and the sandbox's webhook not sent (a test that wants one sends it).
 */
export function checkoutTestApp(now: () => Date): Promise<TestApp> {
  return buildTestApp({
    now,
    env: {
      AUTH_RATE_MAX_PER_ACCOUNT: 1000,
      AUTH_RATE_MAX_PER_ADDRESS: 1000,
      PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: -1,
    },
  });
}

let clones = 0;
/** A new product cloned from a plain seeded one (no promotion, no options), with this stock (at every store) and price. */
export async function testProduct(
  db: Db,
  opts: {
    stock: number;
    priceCents?: number;
    sellingType?: 'Pezzo' | 'Sfuso';
    /** the stores holding `stock` (every store unless told) */
    at?: readonly number[] | 'all';
  },
): Promise<{ productId: number; priceCents: number; name: string }> {
  const tag = `${Date.now().toString(36)}${process.pid}${clones++}${Math.random().toString(36).slice(2, 6)}`;
  const loose = opts.sellingType === 'Sfuso';
  const [row] = await queryRows<{ productId: number; priceCents: number; name: string }>(
    db,
    sql`INSERT INTO products (cod_int, cod_var, name, slug, barcode, brand, format, vendor_id, category_id, iva_pct,
          selling_type, unit_base, product_infos, price_cents, unit_price_cents, net_quantity, min_acq, max_acq,
          media_icon, select_options, active)
        SELECT ${`T${tag}`}, cod_var, name || ' test ' || ${tag}, slug || '-t-' || ${tag}, NULL, brand, format, vendor_id,
          category_id, iva_pct, selling_type, unit_base, product_infos, ${opts.priceCents ?? sql`price_cents`},
          unit_price_cents, net_quantity, min_acq, NULL, media_icon, '[]'::jsonb, true
        FROM products p
        WHERE p.active AND p.select_options = '[]'::jsonb AND p.max_acq IS NULL
          AND p.product_infos->>'TIPOLOGIA' = ${loose ? 'Sfuso' : 'Pezzo'}
          AND ${loose ? sql`p.product_infos->>'WEIGHT_SELLING' = '500' AND p.product_infos->>'STEP_SELLING' = '100'` : sql`COALESCE(p.product_infos->>'QTY_MULT', '1') = '1' AND COALESCE(p.product_infos->>'QTY_LOCKED', 'false') <> 'true'`}
        ORDER BY p.product_id LIMIT 1
        RETURNING product_id AS "productId", price_cents AS "priceCents", name`,
  );
  if (!row) throw new Error('testProduct: no template product');
  if (opts.stock > 0) await setStock(db, row.productId, opts.stock, opts.at ?? 'all');
  return row;
}

/** The product's stock at these stores, or every store (decision 095: stock is per store; 0 removes the row). */
export async function setStock(
  db: Db,
  productId: number,
  stock: number,
  warehouseIds: readonly number[] | 'all' = [DRIVE_STORE],
): Promise<void> {
  const ids =
    warehouseIds === 'all'
      ? ((
          await queryRows<{ ids: string }>(
            db,
            sql`SELECT string_agg(warehouse_id::text, ',') AS ids FROM warehouses WHERE warehouse_type = 'store'`,
          )
        )[0]?.ids ?? '')
      : warehouseIds.join(',');
  if (stock <= 0) {
    await db.execute(
      sql`DELETE FROM product_stock WHERE product_id = ${productId}
            AND warehouse_id = ANY(string_to_array(${ids}, ',')::int[])`,
    );
    return;
  }
  await db.execute(
    sql`INSERT INTO product_stock (warehouse_id, product_id, stock)
        SELECT w, ${productId}, ${stock.toFixed(3)}::numeric FROM unnest(string_to_array(${ids}, ',')::int[]) AS x(w)
        ORDER BY w
        ON CONFLICT (warehouse_id, product_id) DO UPDATE SET stock = EXCLUDED.stock`,
  );
}

/** The product's stock at a store (the checkout tests' Drive store unless told). */
export async function stockOf(db: Db, productId: number, warehouseId: number = DRIVE_STORE): Promise<number> {
  const [row] = await queryRows<{ stock: number }>(
    db,
    sql`SELECT COALESCE((SELECT stock::float8 FROM product_stock
                         WHERE product_id = ${productId} AND warehouse_id = ${warehouseId}), 0) AS stock`,
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

/** `n` signed-in customers, each with an open, empty cart at the Drive store (the benches' callers): their tokens. */
export function stageEmptyCartBuyers(t: { db: Db }, n: number, now: Date): Promise<string[]> {
  return stageBuyers(t, n, {
    productId: 0,
    quantity: 0,
    unitCents: 0,
    slot: { slotId: 0, timeslotId: 0, date: '' },
    now,
    emptyCart: true,
  });
}

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

/** The staged buyers' user ids, in the order of their session tokens. */
async function usersOfTokens(db: Db, tokens: string[]): Promise<number[]> {
  const rows = await queryRows<{ userId: number; tokenHash: string }>(
    db,
    sql`SELECT user_id AS "userId", token_hash AS "tokenHash" FROM sessions
        WHERE token_hash = ANY(${`{${tokens.map(sha256).join(',')}}`}::text[])`,
  );
  const byHash = new Map(rows.map((r) => [r.tokenHash, r.userId]));
  return tokens.map((token) => {
    const id = byHash.get(sha256(token));
    if (id === undefined) throw new Error('a staged buyer has no session');
    return id;
  });
}

/** What the gift-wallet buyers are given and pay, cents. */
export interface GiftWalletAmounts {
  giftCents: number;
  creditCents: number;
  walletCents: number;
}

/**
 * Gives each buyer staged by stageBuyers a personal certificate of `giftCents` (the row customer service's
 * grant writes), applied to the cart through POST /cart-giftcertificate/add_code (codes go into an open
 * cart: the staged carts are opened for it, then locked again as prepare leaves them), and a goodwill credit
 * of `creditCents` in the wallet's ledger. Answers each buyer's user and certificate.
 */
export async function stageGiftsAndWallets(
  t: { db: Db; app: Pick<TestApp['app'], 'inject'> },
  tokens: string[],
  opts: GiftWalletAmounts & { now: Date },
): Promise<Array<{ userId: number; giftCertificateId: number }>> {
  const userIds = await usersOfTokens(t.db, tokens);
  const users = `{${userIds.join(',')}}`;
  const today = opts.now.toISOString().slice(0, 10);
  const until = new Date(opts.now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  const codes = await queryRows<{ userId: number; code: string; id: number }>(
    t.db,
    sql`INSERT INTO gift_certificates (code, name, descr, kind, value, min_spend_cents, valid_from, valid_to,
          max_uses, once_per_user, owner_user_id, source, reason, conditions)
        SELECT 'STAGED-' || u, 'Buono di cortesia', '', 'amount', ${opts.giftCents}, 0, ${today}::date,
          ${until}::date, 1, true, u, 'manual', 'Scuse per il ritardo', 'Vale una volta.'
        FROM unnest(${users}::int[]) AS u
        RETURNING owner_user_id AS "userId", code, gift_certificate_id AS id`,
  );
  const codeOf = new Map(codes.map((c) => [c.userId, c]));
  const wallets = new WalletRepository(t.db);
  for (const userId of userIds)
    await t.db.transaction((tx) =>
      wallets.append(userId, { amountCents: opts.creditCents, cause: 'goodwill', reason: 'prova' }, tx),
    );
  const carts = sql`user_id = ANY(${users}::int[]) AND closed_at IS NULL`;
  await t.db.execute(sql`UPDATE carts SET cart_status_id = 0 WHERE ${carts}`);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = next++; i < tokens.length; i = next++) {
        const code = codeOf.get(userIds[i] ?? -1)?.code ?? '';
        const res = await t.app.inject({
          method: 'POST',
          url: api('/cart-giftcertificate/add_code'),
          cookies: { 'x-ebsn-account': tokens[i] ?? '' },
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ code }),
        });
        const body = JSON.parse(res.body) as EnvelopeBody<unknown>;
        if (res.statusCode !== 200 || body.response.status !== 0)
          throw new Error(`add_code ${code}: HTTP ${res.statusCode} ${JSON.stringify(body.response)}`);
      }
    }),
  );
  await t.db.execute(sql`UPDATE carts SET cart_status_id = 7 WHERE ${carts}`);
  return userIds.map((userId) => ({ userId, giftCertificateId: codeOf.get(userId)?.id ?? -1 }));
}

/**
 * What buying every cart staged by stageGiftsAndWallets must leave: one order per buyer, with the
 * certificate's discount and the wallet's part; each certificate used exactly once, by its owner's order; each
 * wallet holding the credit less the part, its ledger never below zero. Answers the broken rules (none: all
 * kept).
 */
export async function giftWalletProblems(
  db: Db,
  buyers: Array<{ userId: number }>,
  amounts: GiftWalletAmounts,
): Promise<string[]> {
  const ids = `{${buyers.map((b) => b.userId).join(',')}}`;
  const [r] = await queryRows<Record<string, number>>(
    db,
    sql`WITH b AS (SELECT unnest(${ids}::int[]) AS user_id),
        o AS (SELECT o.user_id, count(*)::int AS n, min(o.gift_discount_cents) AS gmin,
                max(o.gift_discount_cents) AS gmax, min(o.wallet_cents) AS wmin, max(o.wallet_cents) AS wmax
              FROM orders o JOIN b USING (user_id) GROUP BY o.user_id),
        g AS (SELECT g.owner_user_id AS user_id, g.uses,
                (SELECT count(*) FROM gift_certificate_uses u
                 WHERE u.gift_certificate_id = g.gift_certificate_id)::int AS n,
                (SELECT count(*) FROM gift_certificate_uses u JOIN orders x USING (order_id)
                 WHERE u.gift_certificate_id = g.gift_certificate_id AND x.user_id = g.owner_user_id)::int AS own
              FROM gift_certificates g JOIN b ON b.user_id = g.owner_user_id),
        w AS (SELECT m.user_id, min(m.balance_cents) AS lowest,
                (array_agg(m.balance_cents ORDER BY m.seq DESC))[1] AS last,
                count(*) FILTER (WHERE m.cause = 'order_payment')::int AS paid
              FROM wallet_movements m JOIN b USING (user_id) GROUP BY m.user_id)
        SELECT
          (SELECT count(*) FROM b LEFT JOIN o USING (user_id) WHERE COALESCE(o.n, 0) <> 1)::int
            AS "buyers without exactly one order",
          (SELECT count(*) FROM o WHERE gmin <> ${amounts.giftCents} OR gmax <> ${amounts.giftCents})::int
            AS "orders without the certificate's discount",
          (SELECT count(*) FROM o WHERE wmin <> ${amounts.walletCents} OR wmax <> ${amounts.walletCents})::int
            AS "orders without the wallet's part",
          (SELECT count(*) FROM b WHERE NOT EXISTS (SELECT 1 FROM g WHERE g.user_id = b.user_id))::int
            AS "buyers without a certificate",
          (SELECT count(*) FROM g WHERE uses <> 1 OR n <> 1 OR own <> 1)::int
            AS "certificates not used exactly once by their owner",
          (SELECT count(*) FROM b LEFT JOIN w USING (user_id) WHERE w.lowest IS NULL OR w.lowest < 0)::int
            AS "wallets below zero or missing",
          (SELECT count(*) FROM w WHERE last <> ${amounts.creditCents - amounts.walletCents} OR paid <> 1)::int
            AS "wallets not holding the credit less one part"`,
  );
  return Object.entries(r ?? { 'no answer': 1 })
    .filter(([, n]) => n !== 0)
    .map(([what, n]) => `${n} ${what}`);
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
