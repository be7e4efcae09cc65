import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { PreparedSql, queryRows } from '../../db/rows';
import { cartInfos, cartItems, carts } from '../../db/schema';
import type { SlotWindowAsk } from '../delivery/delivery-parts';
import { openCartPartsQuery, openCartWindowValues, type OpenCartParts } from './cart-open-parts';

/**
 * SQL of the cart: its delivery part, its lines and infos. One open cart per customer
 * (unique partial index); one line per product and options (unique index). Quantities travel to and from
 * PostgreSQL as text with 3 decimals and come back as float8, so no driver rounds them.
 */
export type CartRow = typeof carts.$inferSelect;
export type { OpenCartParts };
export type CartDeliveryPatch = Partial<
  Pick<
    CartRow,
    | 'deliveryServiceId'
    | 'storeId'
    | 'warehouseId'
    | 'shippingAddressId'
    | 'timeslotDate'
    | 'timeslotId'
    | 'slotId'
    | 'addressAutoAssigned'
    | 'timeslotAutoAssigned'
    | 'storeAutoAssigned'
  >
>;

/** A line as stored. */
export interface CartItemRow {
  itemId: number;
  cartId: number;
  productId: number;
  optionsKey: string;
  options: Record<string, string>;
  quantity: number;
  promoId: number | null;
  infos: Record<string, string>;
  insertionTypeId: number;
}

/** A line to write (writeLine; mergeLines when an edited order comes back). */
export interface CartLineWrite {
  productId: number;
  optionsKey: string;
  options: Record<string, string>;
  quantity: number;
  promoId: number | null;
  infos: Record<string, string>;
}

/** numeric(12,3) parameter: exact text, never a float the driver might print as 0.30000000000000004 */
const qty = (n: number): string => n.toFixed(3);

/**
 * The upsert's answer to a line of the same product and options already in the cart: its quantity replaced (a
 * promotion kept, infos merged) only when it still holds `expected` (the compare-and-set); null: never (a new
 * line only).
 */
const onLineConflict = (
  expected: number | null,
) => sql`ON CONFLICT (cart_id, product_id, options_key) DO UPDATE
  SET quantity = excluded.quantity,
      promo_id = COALESCE(excluded.promo_id, cart_items.promo_id),
      infos = cart_items.infos || excluded.infos,
      updated_at = now()
  WHERE ${expected === null ? sql`false` : sql`cart_items.quantity = ${qty(expected)}::numeric`}`;

/** The cart row as a purchase locks it (lockForPurchase). */
export interface LockedCartRow {
  cartId: number;
  userId: number;
  cartStatusId: number;
  closedAt: string | null;
  slotId: number | null;
  timeslotDate: string | null;
  timeslotId: number | null;
  shippingAddressId: number | null;
  deliveryServiceId: number | null;
  storeId: number;
  warehouseId: number;
}

const ITEM_COLUMNS = sql.raw(`item_id AS "itemId", cart_id AS "cartId", product_id AS "productId",
  options_key AS "optionsKey", options, quantity::float8 AS quantity, promo_id AS "promoId", infos,
  insertion_type_id AS "insertionTypeId"`);

/** The customer's open cart (CartRepository.findOpenCart), asked by nearly every request: built once, prepared. */
function openCartQuery(db: Db) {
  return db
    .select()
    .from(carts)
    .where(and(eq(carts.userId, sql.placeholder('userId')), isNull(carts.closedAt)))
    .limit(1)
    .prepare('cart_open_of_user');
}

/** The lines of a cart (CartRepository.listItems), read by every cart answer: built once, prepared. */
function cartLinesQuery(db: Db) {
  return db
    .select({
      itemId: cartItems.itemId,
      cartId: cartItems.cartId,
      productId: cartItems.productId,
      optionsKey: cartItems.optionsKey,
      options: sql<Record<string, string>>`${cartItems.options}`,
      quantity: sql<number>`${cartItems.quantity}::float8`.mapWith(Number),
      promoId: cartItems.promoId,
      infos: sql<Record<string, string>>`${cartItems.infos}`,
      insertionTypeId: cartItems.insertionTypeId,
    })
    .from(cartItems)
    .where(eq(cartItems.cartId, sql.placeholder('cartId')))
    .orderBy(asc(cartItems.itemId))
    .prepare('cart_lines_of_cart');
}

/** CartRepository.chooseSlot's update, built once, prepared. */
function chooseSlotQuery(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .update(carts)
    .set({
      timeslotDate: sql`${p('timeslotDate')}`,
      timeslotId: sql`${p('timeslotId')}`,
      slotId: sql`${p('slotId')}`,
      timeslotAutoAssigned: false,
      updatedAt: sql`now()`,
    })
    .where(and(eq(carts.cartId, p('cartId')), isNull(carts.closedAt), ne(carts.cartStatusId, p('lockedStatus'))))
    .returning()
    .prepare('cart_choose_slot');
}

/** What `addLine` did: nothing when the cart changed or was locked meanwhile, or when the line changed. */
export interface AddLineOutcome {
  /** the cart row was still the version read, open and not locked: the line was tried */
  cartWritten: boolean;
  /** the line's id; null when it was not written (the cart changed, or the line changed meanwhile) */
  itemId: number | null;
}

export class CartRepository {
  #openCart: ReturnType<typeof openCartQuery> | undefined;
  #lines: ReturnType<typeof cartLinesQuery> | undefined;
  #openCartParts: ReturnType<typeof openCartPartsQuery> | undefined;
  #openCartPartsProducts: ReturnType<typeof openCartPartsQuery> | undefined;
  #chooseSlot: ReturnType<typeof chooseSlotQuery> | undefined;

  constructor(readonly db: Db) {}

  /** The customer's open cart; a prepared statement on the repository's own connection. */
  async findOpenCart(userId: number, db: Db = this.db): Promise<CartRow | null> {
    if (db !== this.db) return (await openCartQuery(db).execute({ userId }))[0] ?? null;
    this.#openCart ??= openCartQuery(this.db);
    const [row] = await this.#openCart.execute({ userId });
    return row ?? null;
  }

  /**
   * The open cart with its lines, infos and delivery parts (OpenCartParts), in one prepared statement.
   * `window`: the slot window asked when the first available slot may be needed; `wanted`: the slot a
   * timeslot/select asks for; `products`: the live columns of the lines' products and of `productIds` at the
   * cart's warehouse on `today` (the catalogue's subquery). Null when the customer has no open cart.
   */
  async openCartParts(
    userId: number,
    window: SlotWindowAsk | null,
    wanted: { date: string; timeslotId: number } | null = null,
    products: { today: string; productIds: readonly number[] } | null = null,
  ): Promise<OpenCartParts | null> {
    const query = products
      ? (this.#openCartPartsProducts ??= openCartPartsQuery(true, this.db))
      : (this.#openCartParts ??= openCartPartsQuery(false, this.db));
    const [row] = await query.execute({
      userId,
      ...openCartWindowValues(window),
      wantedDate: wanted?.date ?? null,
      wantedTimeslotId: wanted?.timeslotId ?? null,
      ...(products ? { today: products.today, productIds: products.productIds.join(',') } : {}),
    });
    return row ?? null;
  }

  /**
   * One line of an add in one statement, without a transaction (decision 059, session 44): the cart row is
   * updated only if it is still the version the call read (`xmin`), open and not locked for payment, and the
   * line is written only through that update, with the compare-and-set of `writeLine` (`expected`). The row
   * update takes the cart's lock as `lockForPurchase` did, so two adds of one cart are serialised and the
   * second sees the first's version change; a purchase that locked the cart first has changed its row (status
   * or closed) by the time the add's update re-checks it.
   */
  async addLine(
    cart: { cartId: number; userId: number; version: string },
    lockedStatus: number,
    line: CartLineWrite,
    expected: number | null,
  ): Promise<AddLineOutcome> {
    const [row] = await this.#addLine.rows(this.db, {
      cartId: cart.cartId,
      userId: cart.userId,
      lockedStatus,
      version: cart.version,
      productId: line.productId,
      optionsKey: line.optionsKey,
      options: JSON.stringify(line.options),
      quantity: qty(line.quantity),
      promoId: line.promoId,
      infos: JSON.stringify(line.infos),
      // null: a new line only (`quantity = NULL` is never true, as onLineConflict's `false`)
      expected: expected === null ? null : qty(expected),
    });
    return { cartWritten: row?.cartWritten ?? false, itemId: row?.itemId ?? null };
  }

  /** addLine's statement, its text built once (placeholders) and prepared by name. */
  readonly #addLine = new PreparedSql<{ cartWritten: boolean; itemId: number | null }>('cart_add_line', () => {
    const p = (name: string) => sql.placeholder(name);
    return sql`WITH cart AS (
            UPDATE carts SET updated_at = now()
            WHERE cart_id = ${p('cartId')} AND user_id = ${p('userId')} AND closed_at IS NULL
              AND cart_status_id <> ${p('lockedStatus')} AND xmin = ${p('version')}::xid
            RETURNING cart_id
          ), line AS (
            INSERT INTO cart_items (cart_id, product_id, options_key, options, quantity, promo_id, infos)
            SELECT cart_id, ${p('productId')}::int, ${p('optionsKey')}::text, ${p('options')}::jsonb,
                   ${p('quantity')}::numeric, ${p('promoId')}::int, ${p('infos')}::jsonb
            FROM cart
            ON CONFLICT (cart_id, product_id, options_key) DO UPDATE
            SET quantity = excluded.quantity,
                promo_id = COALESCE(excluded.promo_id, cart_items.promo_id),
                infos = cart_items.infos || excluded.infos,
                updated_at = now()
            WHERE cart_items.quantity = ${p('expected')}::numeric
            RETURNING item_id
          )
          SELECT EXISTS (SELECT 1 FROM cart) AS "cartWritten", (SELECT item_id FROM line) AS "itemId"`;
  });

  /** Creates the open cart unless one exists (concurrent calls: the unique index keeps one), returns it. */
  async createOpenCart(userId: number, values: CartDeliveryPatch, db: Db = this.db): Promise<CartRow> {
    const [created] = await db
      .insert(carts)
      .values({ userId, ...values })
      .onConflictDoNothing({ target: carts.userId, where: sql`${carts.closedAt} IS NULL` })
      .returning();
    if (created) return created;
    // another request opened it first: that one is the customer's open cart
    const row = await this.findOpenCart(userId, db);
    if (!row) throw new Error('createOpenCart: no open cart after insert');
    return row;
  }

  /**
   * Changes the delivery part of the open cart, unless it is locked (status 7): the guard is in the
   * UPDATE, so a cart locked meanwhile is never changed. Null when nothing was updated.
   */
  async updateDelivery(
    cartId: number,
    lockedStatus: number,
    patch: CartDeliveryPatch,
    db: Db = this.db,
  ): Promise<CartRow | null> {
    const [row] = await db
      .update(carts)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(carts.cartId, cartId), isNull(carts.closedAt), ne(carts.cartStatusId, lockedStatus)))
      .returning();
    return row ?? null;
  }

  /**
   * The slot a customer chose (timeslot/select): updateDelivery's statement for that one patch, built once and
   * prepared by name (the same guard: not closed, not locked). Null when nothing was updated.
   */
  async chooseSlot(
    cartId: number,
    lockedStatus: number,
    slot: { timeslotDate: string; timeslotId: number; slotId: number },
  ): Promise<CartRow | null> {
    this.#chooseSlot ??= chooseSlotQuery(this.db);
    const [row] = await this.#chooseSlot.execute({ cartId, lockedStatus, ...slot });
    return row ?? null;
  }

  async isAddressInOpenCart(userId: number, addressId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: carts.cartId })
      .from(carts)
      .where(and(eq(carts.userId, userId), isNull(carts.closedAt), eq(carts.shippingAddressId, addressId)))
      .limit(1);
    return rows.length > 0;
  }

  /** Test and checkout helper: the cart's status (7 = locked for payment). */
  async setStatus(cartId: number, cartStatusId: number): Promise<void> {
    await this.db
      .update(carts)
      .set({ cartStatusId, updatedAt: sql`now()` })
      .where(eq(carts.cartId, cartId));
  }

  // ---------- lines ----------
  async listItems(cartId: number, db: Db = this.db): Promise<CartItemRow[]> {
    if (db !== this.db) return cartLinesQuery(db).execute({ cartId });
    this.#lines ??= cartLinesQuery(this.db);
    return this.#lines.execute({ cartId });
  }

  async findItem(cartId: number, itemId: number): Promise<CartItemRow | null> {
    const [row] = await queryRows<CartItemRow>(
      this.db,
      sql`SELECT ${ITEM_COLUMNS} FROM cart_items WHERE cart_id = ${cartId} AND item_id = ${itemId}`,
    );
    return row ?? null;
  }

  async findLine(cartId: number, productId: number, optionsKey: string): Promise<CartItemRow | null> {
    const [row] = await queryRows<CartItemRow>(
      this.db,
      sql`SELECT ${ITEM_COLUMNS} FROM cart_items
          WHERE cart_id = ${cartId} AND product_id = ${productId} AND options_key = ${optionsKey}`,
    );
    return row ?? null;
  }

  /** What the open cart holds of a product, over all its lines (options). */
  async quantityOfProduct(cartId: number, productId: number): Promise<number> {
    const [row] = await queryRows<{ q: number }>(
      this.db,
      sql`SELECT COALESCE(sum(quantity), 0)::float8 AS q FROM cart_items
          WHERE cart_id = ${cartId} AND product_id = ${productId}`,
    );
    return row?.q ?? 0;
  }

  /**
   * Writes a line's new quantity if the line still holds `expected` (null: the line does not exist yet).
   * One statement: INSERT ... ON CONFLICT (cart, product, options) DO UPDATE ... WHERE quantity = expected.
   * Two sessions adding at once: one wins, the other gets null and retries from a fresh read, so a quantity
   * checked against the rules (stock, maximum) is never overwritten by one that was not.
   */
  async writeLine(
    cartId: number,
    line: CartLineWrite,
    expected: number | null,
    db: Db = this.db,
  ): Promise<number | null> {
    const [row] = await queryRows<{ itemId: number }>(
      db,
      sql`INSERT INTO cart_items (cart_id, product_id, options_key, options, quantity, promo_id, infos)
          VALUES (${cartId}, ${line.productId}, ${line.optionsKey}, ${JSON.stringify(line.options)}::jsonb,
                  ${qty(line.quantity)}::numeric, ${line.promoId}, ${JSON.stringify(line.infos)}::jsonb)
          ${onLineConflict(expected)}
          RETURNING item_id AS "itemId"`,
    );
    return row?.itemId ?? null;
  }

  /** Sets a line's quantity if it still holds `expected` (compare and set); false when it changed meanwhile. */
  async setQuantity(cartId: number, itemId: number, expected: number, quantity: number): Promise<boolean> {
    const rows = await this.db
      .update(cartItems)
      .set({ quantity: qty(quantity), updatedAt: sql`now()` })
      .where(
        and(
          eq(cartItems.cartId, cartId),
          eq(cartItems.itemId, itemId),
          sql`${cartItems.quantity} = ${qty(expected)}::numeric`,
        ),
      )
      .returning({ itemId: cartItems.itemId });
    return rows.length > 0;
  }

  async deleteItem(cartId: number, itemId: number): Promise<boolean> {
    const rows = await this.db
      .delete(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.itemId, itemId)))
      .returning({ itemId: cartItems.itemId });
    return rows.length > 0;
  }

  async deleteProduct(cartId: number, productId: number): Promise<number> {
    const rows = await this.db
      .delete(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
      .returning({ itemId: cartItems.itemId });
    return rows.length;
  }

  /** Merges infos into a line's cartItemInfo (jsonb ||). */
  async mergeItemInfos(cartId: number, itemId: number, infos: Record<string, string>): Promise<boolean> {
    const rows = await this.db
      .update(cartItems)
      .set({ infos: sql`${cartItems.infos} || ${JSON.stringify(infos)}::jsonb`, updatedAt: sql`now()` })
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.itemId, itemId)))
      .returning({ itemId: cartItems.itemId });
    return rows.length > 0;
  }

  // ---------- cart infos ----------
  async cartInfos(cartId: number): Promise<Record<string, string>> {
    const rows = await this.db
      .select({ name: cartInfos.name, value: cartInfos.value })
      .from(cartInfos)
      .where(eq(cartInfos.cartId, cartId));
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  }

  async setCartInfo(cartId: number, name: string, value: string): Promise<void> {
    await this.db
      .insert(cartInfos)
      .values({ cartId, name, value })
      .onConflictDoUpdate({
        target: [cartInfos.cartId, cartInfos.name],
        set: { value, updatedAt: sql`now()` },
      });
  }

  /** Closes the open cart unless it is locked (the next use opens a new one). False when nothing closed. */
  async closeCart(userId: number, cartId: number, lockedStatus: number): Promise<boolean> {
    const rows = await this.db
      .update(carts)
      .set({ closedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(carts.cartId, cartId),
          eq(carts.userId, userId),
          isNull(carts.closedAt),
          ne(carts.cartStatusId, lockedStatus),
        ),
      )
      .returning({ cartId: carts.cartId });
    return rows.length > 0;
  }

  /** Account deletion: the customer's carts forget where and when they were going. */
  async forgetDelivery(userId: number): Promise<void> {
    await this.db
      .update(carts)
      .set({
        shippingAddressId: null,
        timeslotDate: null,
        timeslotId: null,
        slotId: null,
        updatedAt: sql`now()`,
      })
      .where(eq(carts.userId, userId));
  }

  // ---------- inside a purchase's transaction (checkout, order actions: `db` is their transaction) ----------
  /** The cart row, locked until the transaction ends (concurrent buys of one cart queue here). */
  async lockForPurchase(cartId: number, userId: number, db: Db): Promise<LockedCartRow | null> {
    const [row] = await queryRows<LockedCartRow>(
      db,
      sql`SELECT cart_id AS "cartId", user_id AS "userId", cart_status_id::int AS "cartStatusId",
            closed_at::text AS "closedAt", slot_id AS "slotId", to_char(timeslot_date, 'YYYY-MM-DD') AS "timeslotDate",
            timeslot_id AS "timeslotId", shipping_address_id AS "shippingAddressId",
            delivery_service_id AS "deliveryServiceId", store_id AS "storeId", warehouse_id AS "warehouseId"
          FROM carts WHERE cart_id = ${cartId} AND user_id = ${userId} FOR UPDATE`,
    );
    return row ?? null;
  }

  /** The cart's status moves only from `from` (7 = locked for payment). */
  async moveStatus(cartId: number, from: number, to: number, db: Db): Promise<boolean> {
    const rows = await queryRows<{ cartId: number }>(
      db,
      sql`UPDATE carts SET cart_status_id = ${to}, updated_at = now()
          WHERE cart_id = ${cartId} AND cart_status_id = ${from} AND closed_at IS NULL
          RETURNING cart_id AS "cartId"`,
    );
    return rows.length > 0;
  }

  /** Closes a cart that became an order (whatever its status). */
  async closeBought(cartId: number, db: Db): Promise<void> {
    await db.execute(sql`UPDATE carts SET closed_at = now(), updated_at = now() WHERE cart_id = ${cartId}`);
  }

  /**
   * order/modify: an order's lines added to the open cart (a line the cart already has adds up). Written
   * without the cart's compare-and-set because it runs inside the order's transaction; the quantities were
   * valid when ordered and checkout/prepare checks the cart again before it can be bought.
   */
  async mergeLines(cartId: number, lines: readonly CartLineWrite[], db: Db): Promise<void> {
    for (const l of lines)
      await db.execute(
        sql`INSERT INTO cart_items (cart_id, product_id, options_key, options, quantity, promo_id, infos)
            VALUES (${cartId}, ${l.productId}, ${l.optionsKey}, ${JSON.stringify(l.options)}::jsonb,
              ${qty(l.quantity)}::numeric, ${l.promoId}, ${JSON.stringify(l.infos)}::jsonb)
            ON CONFLICT (cart_id, product_id, options_key)
            DO UPDATE SET quantity = cart_items.quantity + excluded.quantity, updated_at = now()`,
      );
  }
}
