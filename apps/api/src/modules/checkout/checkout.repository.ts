import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { MealVoucherDeclaration } from '@spesa/shared/checkout/meal-vouchers';
import { CATALOGUE_VERSION_SQL } from '../catalogue/catalogue.service';
import type { PreparedPurchase } from './prepared-purchase';

/**
 * SQL of checkout: the cart's checkout data, shopping bags, and the writes of order placement
 * (decision 017). Every capacity move is a single guarded UPDATE (stock >= quantity, uses < max_uses), so
 * concurrent buyers can never oversell, on PGlite as on PostgreSQL. Methods that take part in the buy or
 * in an order action take the transaction handle (a Drizzle transaction is a `Db`).
 *
 * Stock lives in the catalogue's `product_stock` table, per store (decision 095); decision 015 left "stock
 * moves at order time" to this issue. The one guarded decrement / increment is here because it must run inside the order's transaction;
 * the catalogue module still owns every other read and write of products.
 */
export interface CartCheckoutRow {
  cartId: number;
  packagingTypeId: number | null;
  rulesAccepted: boolean;
  invoice: Record<string, unknown> | null;
  lotteryCode: string | null;
  extraEmail: string | null;
  preparedPrices: Record<string, number> | null;
  preparedAt: string | null;
  editingOrderId: number | null;
  /** the meal vouchers declared (decision 047), null: none */
  mealVouchers: MealVoucherDeclaration | null;
  /** the cart's infos (name → value: notes, accept_alternatives), read with the checkout row */
  cartInfos: Record<string, string>;
  /** what prepare priced and checked, frozen for buy (null: not prepared, or a choice changed since) */
  preparedPurchase: PreparedPurchase | null;
  /** the catalogue's version when this row was read or written (the catalogue's subquery) */
  catalogueVersion: number;
}

/** The columns of a CartCheckoutRow (the cart's infos as they stand when the statement starts). */
const CHECKOUT_COLUMNS = sql`${sql.raw(`cart_id AS "cartId", packaging_type_id AS "packagingTypeId", rules_accepted AS "rulesAccepted",
  invoice, lottery_code AS "lotteryCode", extra_email AS "extraEmail",
  prepared_prices AS "preparedPrices", prepared_at::text AS "preparedAt",
  editing_order_id AS "editingOrderId", meal_vouchers AS "mealVouchers",
  (SELECT COALESCE(json_object_agg(i.name, i.value), '{}'::json) FROM cart_infos i
    WHERE i.cart_id = cart_checkouts.cart_id) AS "cartInfos",
  prepared_purchase AS "preparedPurchase"`)}, ${CATALOGUE_VERSION_SQL} AS "catalogueVersion"`;

/** The choices a save writes (only the keys given); `prepared` stamps `prepared_at`. */
export type CheckoutValues = Partial<
  Omit<CartCheckoutRow, 'cartId' | 'preparedAt' | 'cartInfos' | 'catalogueVersion'>
> & { prepared?: boolean };

/** What prepare reads of a cart's checkout before pricing it (`preparingOf`). */
export interface PreparingRead {
  checkout: CartCheckoutRow | null;
  catalogueVersion: number;
  premiumChoice: boolean;
  giftCodes: boolean;
}

/**
 * The upsert of a cart's checkout choices (only the keys given). Any save without a frozen purchase drops the
 * one there (the choices it was priced with may have changed).
 */
function upsertCheckoutSql(cartId: SQL, values: CheckoutValues): SQL {
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  const has = (k: string) => Object.prototype.hasOwnProperty.call(values, k);
  return sql`INSERT INTO cart_checkouts (cart_id, packaging_type_id, rules_accepted, invoice, lottery_code, extra_email,
            prepared_prices, prepared_at, editing_order_id, meal_vouchers, prepared_purchase)
          VALUES (${cartId}, ${values.packagingTypeId ?? null}, ${values.rulesAccepted ?? false},
            ${json(values.invoice)}::jsonb, ${values.lotteryCode ?? null}, ${values.extraEmail ?? null},
            ${json(values.preparedPrices)}::jsonb, ${values.prepared ? sql`now()` : null},
            ${values.editingOrderId ?? null}, ${json(values.mealVouchers)}::jsonb,
            ${json(values.preparedPurchase)}::jsonb)
          ON CONFLICT (cart_id) DO UPDATE SET
            packaging_type_id = ${has('packagingTypeId') ? sql`excluded.packaging_type_id` : sql`cart_checkouts.packaging_type_id`},
            rules_accepted = ${has('rulesAccepted') ? sql`excluded.rules_accepted` : sql`cart_checkouts.rules_accepted`},
            invoice = ${has('invoice') ? sql`excluded.invoice` : sql`cart_checkouts.invoice`},
            lottery_code = ${has('lotteryCode') ? sql`excluded.lottery_code` : sql`cart_checkouts.lottery_code`},
            extra_email = ${has('extraEmail') ? sql`excluded.extra_email` : sql`cart_checkouts.extra_email`},
            prepared_prices = ${has('preparedPrices') ? sql`excluded.prepared_prices` : sql`cart_checkouts.prepared_prices`},
            prepared_at = ${has('prepared') ? sql`excluded.prepared_at` : sql`cart_checkouts.prepared_at`},
            editing_order_id = ${has('editingOrderId') ? sql`excluded.editing_order_id` : sql`cart_checkouts.editing_order_id`},
            meal_vouchers = ${has('mealVouchers') ? sql`excluded.meal_vouchers` : sql`cart_checkouts.meal_vouchers`},
            prepared_purchase = excluded.prepared_purchase,
            updated_at = now()`;
}

/** What buy reads of a prepared cart's checkout (`preparedOf`, `preparedOfJson`). */
export interface PreparedCheckoutRead {
  checkout: (CartCheckoutRow & { premiumChoice: boolean }) | null;
  keyOrderId: number | null;
  nextOrderId: number | null;
}

/** The keys of the open cart a companion's subquery is read by (the cart module's `OpenCartSqlKeys`). */
interface CartKeys {
  cartId: SQL;
  userId: SQL;
  lockedWithSlot: SQL;
}

/** The cart's checkout row (CartCheckoutRow) as a json object, null without one (alias `co`, for FROM). */
const checkoutRowSql = (cartId: SQL) =>
  sql`(SELECT ${CHECKOUT_COLUMNS} FROM cart_checkouts WHERE cart_checkouts.cart_id = ${cartId})`;

/**
 * What `preparingOf` reads, as one json value keyed by the open cart's SQL (`cart`), for the cart's read made
 * by the session's statement (decision 059, session 49); decoded by `preparingOfJson`.
 */
export function preparingJsonSql(
  cart: CartKeys,
  parts: { hasChoice: (userId: SQL) => SQL<boolean>; hasCodes: (cartId: SQL) => SQL<boolean> },
): SQL {
  return sql`(SELECT json_build_object('checkout', CASE WHEN co."cartId" IS NULL THEN NULL ELSE row_to_json(co) END,
      'catalogueVersion', ${CATALOGUE_VERSION_SQL}, 'premiumChoice', ${parts.hasChoice(cart.userId)},
      'giftCodes', ${parts.hasCodes(cart.cartId)})
    FROM (SELECT 1) AS one LEFT JOIN ${checkoutRowSql(cart.cartId)} co ON true)`;
}

/** `preparingJsonSql`'s value (json text or parsed): what `preparingOf` answers. */
export function preparingOfJson(value: unknown): PreparingRead {
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as {
    checkout: CartCheckoutRow | null;
    catalogueVersion: number;
    premiumChoice: boolean;
    giftCodes: boolean;
  };
  return json;
}

/**
 * What `preparedOf` reads, as one json value keyed by the open cart's SQL (`cart`), for the cart's read made by
 * the session's statement (decision 059, session 49); decoded by `preparedOfJson`. `keyOrder`: the order the
 * buy's idempotency key placed (the orders module's subquery); `nextOrderId`: the new order's id, taken only
 * when `wantNext` (a boolean SQL value) holds, the cart is locked with a slot, its checkout row holds a frozen
 * purchase and the key placed no order.
 */
export function preparedJsonSql(
  cart: CartKeys,
  parts: {
    hasChoice: (userId: SQL) => SQL<boolean>;
    keyOrder: SQL<number | null>;
    nextOrderId: SQL<number>;
    wantNext: SQL<boolean>;
  },
): SQL {
  return sql`(SELECT json_build_object('checkout', CASE WHEN co."cartId" IS NULL THEN NULL ELSE row_to_json(co) END,
      'premiumChoice', ${parts.hasChoice(cart.userId)}, 'keyOrderId', k.order_id,
      'nextOrderId', CASE WHEN ${parts.wantNext} AND k.order_id IS NULL AND co."preparedPurchase" IS NOT NULL
        AND ${cart.lockedWithSlot} THEN ${parts.nextOrderId} END)
    FROM (SELECT ${parts.keyOrder} AS order_id) k LEFT JOIN ${checkoutRowSql(cart.cartId)} co ON true)`;
}

/** `preparedJsonSql`'s value (json text or parsed): what `preparedOf` answers. */
export function preparedOfJson(value: unknown): PreparedCheckoutRead {
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as {
    checkout: CartCheckoutRow | null;
    premiumChoice: boolean;
    keyOrderId: number | null;
    nextOrderId: number | null;
  };
  const { checkout, premiumChoice, keyOrderId, nextOrderId } = json;
  return { checkout: checkout && { ...checkout, premiumChoice }, keyOrderId, nextOrderId };
}

export interface PackagingTypeRow {
  packagingTypeId: number;
  code: string;
  name: string;
  descr: string;
  priceCents: number;
  itemsPerBag: number;
  mediaIcon: string;
  isDefault: boolean;
}

export class CheckoutRepository {
  constructor(private readonly db: Db) {}

  // ---------- cart checkout data ----------
  async checkoutOf(cartId: number, db: Db = this.db): Promise<CartCheckoutRow | null> {
    const [row] = await queryRows<CartCheckoutRow>(
      db,
      sql`SELECT ${CHECKOUT_COLUMNS} FROM cart_checkouts WHERE cart_id = ${cartId}`,
    );
    return row ?? null;
  }

  /**
   * The checkout row of a cart being bought (null: none), with what tells whether its frozen purchase still
   * holds: the catalogue's version now and whether the buyer has a premium product chosen (`hasChoice`: the
   * loyalty module's subquery); and, in the same statement, the order the buy's idempotency key placed already
   * (`keyOrder`: the orders module's subquery, null without a key) and, for a frozen purchase when the key
   * placed none, the new order's id (`nextOrderId`: the orders module's sequence; null: none wanted).
   */
  async preparedOf(
    cartId: number,
    userId: number,
    parts: {
      hasChoice: (userId: SQL) => SQL<boolean>;
      keyOrder: SQL<number | null> | null;
      nextOrderId: SQL<number> | null;
    },
  ): Promise<PreparedCheckoutRead> {
    const keyOrder = parts.keyOrder ?? sql`NULL::int`;
    const nextId = parts.nextOrderId ?? sql`NULL::int`;
    const [row] = await queryRows<
      CartCheckoutRow & { premiumChoice: boolean; keyOrderId: number | null; nextOrderId: number | null }
    >(
      this.db,
      sql`SELECT ${CHECKOUT_COLUMNS}, ${parts.hasChoice(sql`${userId}::int`)} AS "premiumChoice",
            k.order_id AS "keyOrderId",
            CASE WHEN k.order_id IS NULL AND cart_checkouts.prepared_purchase IS NOT NULL
              THEN ${nextId} END AS "nextOrderId"
          FROM (SELECT ${keyOrder} AS order_id) k
          LEFT JOIN cart_checkouts ON cart_checkouts.cart_id = ${cartId}`,
    );
    if (!row) throw new Error('preparedOf: no row');
    const { keyOrderId, nextOrderId, ...checkout } = row;
    return { checkout: checkout.cartId === null ? null : checkout, keyOrderId, nextOrderId };
  }

  /**
   * Saves the checkout choices of a cart (only the keys given); answers the row as saved (checkoutOf). Any
   * save without a frozen purchase drops the one there (the choices it was priced with may have changed).
   */
  async saveCheckout(cartId: number, values: CheckoutValues, db: Db = this.db): Promise<CartCheckoutRow> {
    const [row] = await queryRows<CartCheckoutRow>(
      db,
      sql`${upsertCheckoutSql(sql`${cartId}`, values)} RETURNING ${CHECKOUT_COLUMNS}`,
    );
    return row!;
  }

  /**
   * The checkout row of a cart being prepared, with the catalogue's version now (read before its lines are
   * priced), whether the buyer has a premium product chosen (`hasChoice`: the loyalty module's subquery) and
   * whether the cart holds a gift code (`hasCodes`: the loyalty module's too), in one statement. `checkout`
   * is null when the cart has no checkout row yet.
   */
  async preparingOf(
    cartId: number,
    userId: number,
    parts: { hasChoice: (userId: SQL) => SQL<boolean>; hasCodes: (cartId: SQL) => SQL<boolean> },
  ): Promise<PreparingRead> {
    const [row] = await queryRows<CartCheckoutRow & { premiumChoice: boolean; giftCodes: boolean }>(
      this.db,
      sql`SELECT ${CHECKOUT_COLUMNS}, ${parts.hasChoice(sql`${userId}::int`)} AS "premiumChoice",
            ${parts.hasCodes(sql`${cartId}::int`)} AS "giftCodes"
          FROM (SELECT 1) AS one LEFT JOIN cart_checkouts ON cart_checkouts.cart_id = ${cartId}`,
    );
    if (!row) throw new Error('preparingOf: no row');
    const { premiumChoice, giftCodes, ...checkout } = row;
    return {
      checkout: checkout.cartId === null ? null : checkout,
      catalogueVersion: row.catalogueVersion,
      premiumChoice,
      giftCodes,
    };
  }

  /**
   * Saves the checkout choices of a cart as `saveCheckout` does, in one statement with the other writes
   * given (another module's statements, e.g. the cart's infos and its lock: data-modifying CTEs, each run
   * once to completion with this write). Nothing is answered: the caller knows what it wrote.
   */
  async saveWith(cartId: number, values: CheckoutValues, writes: readonly SQL[]): Promise<void> {
    if (writes.length === 0) {
      await this.db.execute(upsertCheckoutSql(sql`${cartId}`, values));
      return;
    }
    const ctes = writes.map((w, i) => sql`${sql.raw(`w${i}`)} AS (${w})`);
    // the row's key counts every CTE's rows first, so the other writes (the cart's lock: its row first, as a
    // purchase and an order's edit take it) are done before this upsert locks the checkout row
    const after = sql.join(
      writes.map((_, i) => sql.raw(`(SELECT count(*) FROM w${i}) AS c${i}`)),
      sql`, `,
    );
    await this.db.execute(
      sql`WITH ${sql.join(ctes, sql`, `)}
          ${upsertCheckoutSql(sql`(SELECT ${cartId}::int FROM ${after})`, values)}`,
    );
  }

  /** An order no longer being edited (cancelled, or bought again): its cart becomes a normal cart. */
  async clearEditing(orderId: number, tx: Db): Promise<void> {
    await tx.execute(
      sql`UPDATE cart_checkouts SET editing_order_id = NULL, updated_at = now() WHERE editing_order_id = ${orderId}`,
    );
  }

  // ---------- packaging ----------
  /** Reference data: read once a minute at most. */
  async packagingTypes(): Promise<PackagingTypeRow[]> {
    const now = Date.now();
    if (this.packagingCache && this.packagingCache.until > now) return this.packagingCache.rows;
    const rows = await queryRows<PackagingTypeRow>(
      this.db,
      sql`SELECT packaging_type_id AS "packagingTypeId", code, name, descr, price_cents AS "priceCents",
            items_per_bag AS "itemsPerBag", media_icon AS "mediaIcon", is_default AS "isDefault"
          FROM packaging_types WHERE active ORDER BY priority, packaging_type_id`,
    );
    this.packagingCache = { rows, until: now + 60_000 };
    return rows;
  }

  private packagingCache: { rows: PackagingTypeRow[]; until: number } | null = null;
}
