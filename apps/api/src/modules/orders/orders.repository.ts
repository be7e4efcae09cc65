import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { romeDay } from '../../db/wire-time';
import {
  authColumns,
  itemColumns,
  orderColumns,
  orderInstant,
  type AuthorizationRow,
  type HistoryRow,
  type NoteRow,
  type OrderItemRow,
  type OrderRow,
} from './order-rows';

export type { AuthorizationRow, HistoryRow, NoteRow, OrderItemRow, OrderRow } from './order-rows';

/**
 * SQL of the orders module (decision 018): reads of the customer's orders (always scoped by user id, so
 * another customer's order id finds nothing), the token view, ratings, staff picking writes and the ports
 * other modules ask (orders awaiting pickup, what a day's orders hold of a product).
 * Numerics come back as float8 and timestamps as ISO text so PGlite and node-postgres answer the same types.
 */

/** The filters of the customer's order list (spec section 3). */
export interface OrderListFilter {
  userId: number;
  includePending: boolean;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  fromCents?: number | undefined;
  toCents?: number | undefined;
  orderTypeId?: number | undefined;
  orderId?: number | undefined;
  warehouseId?: number | undefined;
  shippingAddressId?: number | undefined;
  slotFrom?: string | undefined;
  slotTo?: string | undefined;
}

const ISO = orderInstant;
const ORDER_COLUMNS = orderColumns('o');
const ITEM_COLUMNS = itemColumns('i');

/** statuses of an order still in payment (order/list shows them with show_pending) */
const PENDING_STATUSES = [1, 2, 11];

export class OrdersRepository {
  constructor(private readonly db: Db) {}

  private listWhere(f: OrderListFilter): SQL {
    const parts: SQL[] = [sql`o.user_id = ${f.userId}`];
    if (!f.includePending)
      parts.push(
        sql`o.order_status_id NOT IN (${sql.join(
          PENDING_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      );
    // the order's day in Italian time
    if (f.fromDate) parts.push(sql`${romeDay('o.created_at')} >= ${f.fromDate}::date`);
    if (f.toDate) parts.push(sql`${romeDay('o.created_at')} <= ${f.toDate}::date`);
    if (f.fromCents !== undefined) parts.push(sql`o.total_cents >= ${f.fromCents}`);
    if (f.toCents !== undefined) parts.push(sql`o.total_cents <= ${f.toCents}`);
    if (f.orderTypeId !== undefined) parts.push(sql`o.order_type_id = ${f.orderTypeId}`);
    if (f.orderId !== undefined) parts.push(sql`o.order_id = ${f.orderId}`);
    if (f.warehouseId !== undefined) parts.push(sql`o.warehouse_id = ${f.warehouseId}`);
    if (f.shippingAddressId !== undefined) parts.push(sql`o.shipping_address_id = ${f.shippingAddressId}`);
    if (f.slotFrom) parts.push(sql`o.slot_date >= ${f.slotFrom}::date`);
    if (f.slotTo) parts.push(sql`o.slot_date <= ${f.slotTo}::date`);
    return sql.join(parts, sql` AND `);
  }

  async countOrders(f: OrderListFilter): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM orders o WHERE ${this.listWhere(f)}`,
    );
    return row?.n ?? 0;
  }

  async listOrders(f: OrderListFilter, limit: number, offset: number): Promise<OrderRow[]> {
    return queryRows<OrderRow>(
      this.db,
      sql`SELECT ${ORDER_COLUMNS} FROM orders o
          WHERE ${this.listWhere(f)} ORDER BY o.created_at DESC, o.order_id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  }

  /** One order; with `userId` only when it is that customer's (else null, like a missing id). */
  async findOrder(orderId: number, userId: number | null, db: Db = this.db): Promise<OrderRow | null> {
    const owner = userId === null ? sql`TRUE` : sql`o.user_id = ${userId}`;
    const [row] = await queryRows<OrderRow>(
      db,
      sql`SELECT ${ORDER_COLUMNS} FROM orders o
          WHERE o.order_id = ${orderId} AND ${owner}`,
    );
    return row ?? null;
  }

  /** The order whose live access token hashes to `tokenHash` (null when unknown, another order's, or expired). */
  async findOrderByToken(orderId: number, tokenHash: string, now: Date): Promise<OrderRow | null> {
    const [row] = await queryRows<OrderRow>(
      this.db,
      sql`SELECT ${ORDER_COLUMNS} FROM orders o
          WHERE o.order_id = ${orderId} AND o.access_token_hash = ${tokenHash}
            AND o.access_token_expires_at > ${now.toISOString()}::timestamptz`,
    );
    return row ?? null;
  }

  async setAccessToken(orderId: number, tokenHash: string, expiresAt: Date, tx: Db): Promise<void> {
    await tx.execute(
      sql`UPDATE orders SET access_token_hash = ${tokenHash}, access_token_expires_at = ${expiresAt.toISOString()}::timestamptz
          WHERE order_id = ${orderId}`,
    );
  }

  async items(orderIds: readonly number[], db: Db = this.db): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return [];
    return queryRows<OrderItemRow>(
      db,
      sql`SELECT ${ITEM_COLUMNS} FROM order_items i
          WHERE i.order_id IN (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )}) ORDER BY i.order_id, i.position`,
    );
  }

  async history(orderIds: readonly number[]): Promise<HistoryRow[]> {
    if (orderIds.length === 0) return [];
    return queryRows<HistoryRow>(
      this.db,
      sql`SELECT h.order_id AS "orderId", h.to_status_id::int AS "orderStatusId", h.actor,
            ${ISO('h.created_at')} AS "createdAt"
          FROM order_status_history h
          WHERE h.order_id IN (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )}) ORDER BY h.order_id, h.history_id`,
    );
  }

  /** The newest authorisation of each order. */
  async latestAuthorizations(orderIds: readonly number[], db: Db = this.db): Promise<AuthorizationRow[]> {
    if (orderIds.length === 0) return [];
    return queryRows<AuthorizationRow>(
      db,
      sql`SELECT DISTINCT ON (a.order_id) ${authColumns('a')}
          FROM payment_authorizations a
          WHERE a.order_id IN (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )}) ORDER BY a.order_id, a.attempt DESC`,
    );
  }

  async notes(orderIds: readonly number[], userId: number): Promise<NoteRow[]> {
    if (orderIds.length === 0) return [];
    return queryRows<NoteRow>(
      this.db,
      sql`SELECT note_id AS "noteId", order_id AS "orderId", note_type_id::int AS "noteTypeId", rating::int AS rating,
            title, comment
          FROM order_notes WHERE user_id = ${userId} AND order_id IN (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )}) ORDER BY note_id`,
    );
  }

  /** Adds the rating; null when this customer already rated the order with this note type. */
  async insertNote(
    orderId: number,
    userId: number,
    n: { noteTypeId: number; rating: number; title: string; comment: string },
  ): Promise<NoteRow | null> {
    const [row] = await queryRows<NoteRow>(
      this.db,
      sql`INSERT INTO order_notes (order_id, user_id, note_type_id, rating, title, comment)
          VALUES (${orderId}, ${userId}, ${n.noteTypeId}, ${n.rating}, ${n.title}, ${n.comment})
          ON CONFLICT (order_id, user_id, note_type_id) DO NOTHING
          RETURNING note_id AS "noteId", order_id AS "orderId", note_type_id::int AS "noteTypeId",
            rating::int AS rating, title, comment`,
    );
    return row ?? null;
  }

  async updateNote(
    noteId: number,
    orderId: number,
    userId: number,
    n: { rating: number; title: string; comment: string },
  ): Promise<NoteRow | null> {
    const [row] = await queryRows<NoteRow>(
      this.db,
      sql`UPDATE order_notes SET rating = ${n.rating}, title = ${n.title}, comment = ${n.comment}, updated_at = now()
          WHERE note_id = ${noteId} AND order_id = ${orderId} AND user_id = ${userId}
          RETURNING note_id AS "noteId", order_id AS "orderId", note_type_id::int AS "noteTypeId",
            rating::int AS rating, title, comment`,
    );
    return row ?? null;
  }

  // ---------- ports ----------
  /** Orders of the customer delivered in full or in part, placed since that instant. */
  async deliveredSince(userId: number, since: Date): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM orders
          WHERE user_id = ${userId} AND order_status_id IN (8, 9) AND created_at >= ${since.toISOString()}::timestamptz`,
    );
    return row?.n ?? 0;
  }

  /** Whether the customer has an order other than `exceptOrderId` that is not cancelled (10) nor invalidated (11). */
  async hasOrders(userId: number, exceptOrderId: number | null): Promise<boolean> {
    const [row] = await queryRows<{ found: boolean }>(
      this.db,
      sql`SELECT EXISTS (SELECT 1 FROM orders WHERE user_id = ${userId} AND order_status_id NOT IN (10, 11)
            AND order_id <> ${exceptOrderId ?? 0}) AS found`,
    );
    return row?.found ?? false;
  }

  /** Each customer's first delivered (8) or partially delivered (9) order, among `userIds`. */
  async firstDeliveredOf(userIds: readonly number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await queryRows<{ userId: number; orderId: number }>(
      this.db,
      sql`SELECT DISTINCT ON (user_id) user_id AS "userId", order_id AS "orderId" FROM orders
          WHERE user_id IN (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )}) AND order_status_id IN (8, 9)
          ORDER BY user_id, created_at, order_id`,
    );
    return new Map(rows.map((r) => [r.userId, r.orderId]));
  }

  /** Every order of a slot day in these statuses (the slot reminders), by number. */
  async onSlotDay(date: string, statuses: readonly number[]): Promise<OrderRow[]> {
    return queryRows<OrderRow>(
      this.db,
      sql`SELECT ${ORDER_COLUMNS} FROM orders o
          WHERE o.slot_date = ${date}::date AND o.order_status_id IN (${sql.join(
            statuses.map((s) => sql`${s}`),
            sql`, `,
          )})
          ORDER BY o.order_id`,
    );
  }

  /** The customer an order belongs to (null: no such order). */
  async ownerOf(orderId: number, db: Db = this.db): Promise<number | null> {
    const [row] = await queryRows<{ userId: number }>(
      db,
      sql`SELECT user_id AS "userId" FROM orders WHERE order_id = ${orderId}`,
    );
    return row?.userId ?? null;
  }

  /**
   * A delivered order's facts for its receipt (the receipts module's OrderReceiptsPort): the lines as delivered
   * (quantity and amount the picker recorded, the ordered ones otherwise; lines not delivered left out).
   */
  async receiptFactsOf(orderId: number, db: Db = this.db) {
    const [order] = await queryRows<{
      orderId: number;
      userId: number;
      warehouseId: number;
      paymentTypeId: number;
      deliveryFeeCents: number;
      packagingCents: number;
      discountCents: number;
      mealVoucherFeeCents: number;
    }>(
      db,
      sql`SELECT order_id::int AS "orderId", user_id AS "userId", warehouse_id::int AS "warehouseId",
                 payment_type_id::int AS "paymentTypeId", delivery_fee_cents::int AS "deliveryFeeCents",
                 packaging_cents::int AS "packagingCents", gift_discount_cents::int AS "discountCents",
                 meal_voucher_fee_cents::int AS "mealVoucherFeeCents"
          FROM orders WHERE order_id = ${orderId}`,
    );
    if (!order) return null;
    const lines = await queryRows<{
      productId: number;
      name: string;
      quantity: number;
      unitPriceCents: number;
      amountCents: number;
    }>(
      db,
      sql`SELECT coalesce(substitute_product_id, product_id)::int AS "productId",
                 coalesce(substitute_name, name) AS name,
                 coalesce(delivered_quantity, quantity)::float8 AS quantity,
                 coalesce(delivered_unit_price_cents, unit_price_cents)::int AS "unitPriceCents",
                 coalesce(delivered_total_cents, line_total_cents)::int AS "amountCents"
          FROM order_items WHERE order_id = ${orderId} AND coalesce(delivered_quantity, quantity) > 0
          ORDER BY position`,
    );
    return { ...order, lines };
  }

  /** Pickup orders (Drive, locker) not over yet: they block account deletion. */
  async hasOrdersAwaitingPickup(userId: number, openStatuses: readonly number[]): Promise<boolean> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM orders o
          WHERE o.user_id = ${userId} AND o.delivery_service_id NOT IN (2, 3)
            AND o.order_status_id IN (${sql.join(
              openStatuses.map((s) => sql`${s}`),
              sql`, `,
            )})`,
    );
    return (row?.n ?? 0) > 0;
  }

  /** What the customer's orders placed on `date` (Italian time) hold of a product, not cancelled. */
  async orderedOn(userId: number, productId: number, date: string): Promise<number> {
    const [row] = await queryRows<{ q: number }>(
      this.db,
      sql`SELECT COALESCE(sum(i.quantity), 0)::float8 AS q FROM order_items i JOIN orders o ON o.order_id = i.order_id
          WHERE o.user_id = ${userId} AND i.product_id = ${productId} AND o.order_status_id <> 10
            AND ${romeDay('o.created_at')} = ${date}::date`,
    );
    return row?.q ?? 0;
  }

  /** Orders not over whose slot is on `date` at a store (a closed day's orders to rebook), by time. */
  async bookedOn(storeId: number, date: string, openStatuses: readonly number[]) {
    return queryRows<{
      orderId: number;
      customerName: string;
      email: string;
      beginTime: string;
      endTime: string;
      orderStatusId: number;
    }>(
      this.db,
      sql`SELECT o.order_id AS "orderId",
            trim(COALESCE(u.first_name, '') || ' ' || COALESCE(u.last_name, '')) AS "customerName",
            COALESCE(u.email, '') AS email, o.begin_time AS "beginTime", o.end_time AS "endTime",
            o.order_status_id::int AS "orderStatusId"
          FROM orders o LEFT JOIN users u ON u.user_id = o.user_id
          WHERE o.store_id = ${storeId} AND o.slot_date = ${date}::date
            AND o.order_status_id IN (${sql.join(
              openStatuses.map((s) => sql`${s}`),
              sql`, `,
            )})
          ORDER BY o.begin_time, o.order_id`,
    );
  }

  // ---------- staff ----------
  /** A day's orders for the back office, by time window, one page, with the count of all. */
  /** The first slot day, from `from` on (YYYY-MM-DD), with an order of these stores (all: none given). */
  async firstOrderDay(from: string, warehouseIds: readonly number[]): Promise<string | null> {
    const stores =
      warehouseIds.length > 0
        ? sql`AND o.warehouse_id IN (${sql.join(
            warehouseIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``;
    const [row] = await queryRows<{ day: string | null }>(
      this.db,
      sql`SELECT to_char(min(o.slot_date), 'YYYY-MM-DD') AS day FROM orders o
          WHERE o.slot_date >= ${from}::date ${stores}`,
    );
    return row?.day ?? null;
  }

  async staffList(
    f: { date: string; timeslotId?: number | undefined; warehouseIds: readonly number[] },
    limit: number,
    offset: number,
  ) {
    const parts: SQL[] = [sql`o.slot_date = ${f.date}::date`];
    if (f.timeslotId !== undefined) parts.push(sql`o.timeslot_id = ${f.timeslotId}`);
    if (f.warehouseIds.length > 0)
      parts.push(
        sql`o.warehouse_id IN (${sql.join(
          f.warehouseIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    const rows = await queryRows<
      OrderRow & { customerName: string; totalItems: number; pickedItems: number; total: number }
    >(
      this.db,
      sql`SELECT ${ORDER_COLUMNS}, count(*) OVER ()::int AS total, trim(COALESCE(u.first_name, '') || ' ' || COALESCE(u.last_name, '')) AS "customerName",
            (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.order_id) AS "totalItems",
            (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.order_id AND i.picked_at IS NOT NULL)
              AS "pickedItems"
          FROM orders o
            LEFT JOIN users u ON u.user_id = o.user_id
          WHERE ${sql.join(parts, sql` AND `)}
          ORDER BY o.begin_time, o.order_id
          LIMIT ${limit} OFFSET ${offset}`,
    );
    // past the last page there is no row to carry the count: ask for it alone
    if (rows.length === 0 && offset > 0) {
      const [n] = await queryRows<{ n: number }>(
        this.db,
        sql`SELECT count(*)::int AS n FROM orders o WHERE ${sql.join(parts, sql` AND `)}`,
      );
      return { rows, total: n?.n ?? 0 };
    }
    return { rows, total: rows[0]?.total ?? 0 };
  }

  /** Records the picked side of a line (ordered side untouched). */
  async recordPick(
    p: {
      orderItemId: number;
      orderId: number;
      quantity: number;
      weight: number | null;
      substituteProductId: number | null;
      substituteName: string | null;
      unitPriceCents: number;
      totalCents: number;
      pickedBy: number;
    },
    tx: Db,
  ): Promise<boolean> {
    const rows = await queryRows<{ orderItemId: number }>(
      tx,
      sql`UPDATE order_items SET delivered_quantity = ${p.quantity}, real_weight = ${p.weight},
            substitute_product_id = ${p.substituteProductId}, substitute_name = ${p.substituteName},
            delivered_unit_price_cents = ${p.unitPriceCents}, delivered_total_cents = ${p.totalCents},
            picked_at = now(), picked_by = ${p.pickedBy}
          WHERE order_item_id = ${p.orderItemId} AND order_id = ${p.orderId}
          RETURNING order_item_id AS "orderItemId"`,
    );
    return rows.length > 0;
  }

  async bumpVersion(orderId: number, version: number, tx: Db): Promise<boolean> {
    const rows = await queryRows<{ orderId: number }>(
      tx,
      sql`UPDATE orders SET version = version + 1, updated_at = now()
          WHERE order_id = ${orderId} AND version = ${version} RETURNING order_id AS "orderId"`,
    );
    return rows.length > 0;
  }

  async recordCapture(
    c: {
      orderId: number;
      authorizationId: number | null;
      capturedCents: number | null;
      deliveredTotalCents: number;
    },
    tx: Db,
  ): Promise<void> {
    await tx.execute(
      sql`UPDATE orders SET captured_cents = ${c.capturedCents}, delivered_total_cents = ${c.deliveredTotalCents},
            updated_at = now() WHERE order_id = ${c.orderId}`,
    );
    if (c.authorizationId !== null && c.capturedCents !== null)
      await tx.execute(
        sql`UPDATE payment_authorizations SET captured_cents = ${c.capturedCents}, status = 'captured',
              updated_at = now() WHERE authorization_id = ${c.authorizationId}`,
      );
  }

  /**
   * The provider's reference of an authorisation after its capture moved the money elsewhere (a lapsed card hold
   * charged on the saved card, decision 083): later refunds go to the new reference.
   */
  async followCapture(
    auth: { authorizationId: number; providerRef: string },
    reference: string | undefined,
    tx: Db,
  ): Promise<void> {
    if (!reference || reference === auth.providerRef) return;
    await tx.execute(
      sql`UPDATE payment_authorizations SET provider_ref = ${reference}, updated_at = now()
          WHERE authorization_id = ${auth.authorizationId}`,
    );
  }

  /** The customer's e-mail and first name (order mails). */
}
