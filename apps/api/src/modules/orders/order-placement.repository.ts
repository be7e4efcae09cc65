import { sql, type SQL } from 'drizzle-orm';
import type { ComposedStatusChange, OrderReadForListeners } from '../../lib/order-transitions';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  authColumns,
  itemColumns,
  orderColumns,
  orderInstant,
  type AuthorizationRow,
  type HistoryRow,
  type NewOrder,
  type NewOrderItem,
  type OrderItemRow,
  type OrderRow,
} from './order-rows';
import type { RepeatedEvent } from '../payment/payment.service';
import { listenerColumns, orderForListenersOf, type OrderForListenersRow } from './order-for-listeners';

export type { AuthorizationRow, NewOrder, NewOrderItem, OrderItemRow, OrderRow } from './order-rows';

/** An order's parts, read in one round trip (the answer of buy and of the order actions). */
export interface OrderDetails {
  items: OrderItemRow[];
  history: HistoryRow[];
  authorization: AuthorizationRow | null;
  note: { noteId: number; rating: number; title: string; comment: string } | null;
}

const ORDER_COLUMNS = orderColumns('orders');
const ITEM_COLUMNS = itemColumns('order_items');
const AUTH_COLUMNS = authColumns('payment_authorizations');

/**
 * SQL of orders as checkout, payments and the order actions write and read them (decision 017); the orders
 * module owns these tables and their rows (order-rows.ts).
 */
const qty = (n: number): string => n.toFixed(3);

export class OrderPlacementRepository {
  constructor(private readonly db: Db) {}

  // ---------- reads ----------
  /** A customer's order (another customer's id finds nothing). */
  async findOrder(orderId: number, userId: number, db: Db = this.db): Promise<OrderRow | null> {
    const [row] = await queryRows<OrderRow>(
      db,
      sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = ${orderId} AND user_id = ${userId}`,
    );
    return row ?? null;
  }

  /** The order row locked until the transaction ends (actions on one order queue here). */
  async lockOrder(orderId: number, userId: number | null, tx: Db): Promise<OrderRow | null> {
    const [row] = await queryRows<OrderRow>(
      tx,
      sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = ${orderId}
            ${userId === null ? sql`` : sql`AND user_id = ${userId}`} FOR UPDATE`,
    );
    return row ?? null;
  }

  async findOrderById(orderId: number, db: Db = this.db): Promise<OrderRow | null> {
    const [row] = await queryRows<OrderRow>(
      db,
      sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = ${orderId}`,
    );
    return row ?? null;
  }

  async findBySourceCart(cartId: number, db: Db = this.db): Promise<OrderRow | null> {
    const [row] = await queryRows<OrderRow>(
      db,
      sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE source_cart_id = ${cartId}`,
    );
    return row ?? null;
  }

  /**
   * The order whose buy opened the customer's open cart `openCartId` (a buy closes the bought cart and opens
   * the next one in the same transaction), while that cart is as the buy left it: no other cart of the
   * customer came between the two, and it holds no lines.
   */
  async findOpenedBy(userId: number, openCartId: number, db: Db = this.db): Promise<OrderRow | null> {
    const [row] = await queryRows<OrderRow>(
      db,
      sql`SELECT ${ORDER_COLUMNS} FROM orders
          WHERE order_id = (SELECT o.order_id FROM orders o
                            WHERE o.user_id = ${userId} AND o.source_cart_id < ${openCartId}
                            ORDER BY o.source_cart_id DESC LIMIT 1)
            AND NOT EXISTS (SELECT 1 FROM carts c WHERE c.user_id = ${userId}
                              AND c.cart_id > orders.source_cart_id AND c.cart_id < ${openCartId})
            AND NOT EXISTS (SELECT 1 FROM cart_items i WHERE i.cart_id = ${openCartId})`,
    );
    return row ?? null;
  }

  async findByIdempotencyKey(userId: number, key: string, db: Db = this.db): Promise<OrderRow | null> {
    const [row] = await queryRows<OrderRow>(
      db,
      sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = ${userId} AND idempotency_key = ${key}`,
    );
    return row ?? null;
  }

  async items(orderId: number, db: Db = this.db): Promise<OrderItemRow[]> {
    return queryRows<OrderItemRow>(
      db,
      sql`SELECT ${ITEM_COLUMNS} FROM order_items WHERE order_id = ${orderId} ORDER BY position`,
    );
  }

  /**
   * What an order's answer shows besides its row, in one statement (one round trip instead of five): the
   * lines, the status history, the newest authorisation, the gift-code uses and the rating, as JSON.
   */
  async details(orderId: number): Promise<OrderDetails> {
    const [row] = await queryRows<OrderDetails>(
      this.db,
      sql`SELECT
            COALESCE((SELECT json_agg(i ORDER BY i.position) FROM (
              SELECT ${ITEM_COLUMNS} FROM order_items WHERE order_id = ${orderId}) i), '[]'::json) AS items,
            COALESCE((SELECT json_agg(h ORDER BY h.id) FROM (
              SELECT history_id AS id, order_id AS "orderId", to_status_id::int AS "orderStatusId", actor,
                ${orderInstant('created_at')} AS "createdAt"
              FROM order_status_history WHERE order_id = ${orderId}) h), '[]'::json) AS history,
            (SELECT row_to_json(a) FROM (
              SELECT ${AUTH_COLUMNS} FROM payment_authorizations WHERE order_id = ${orderId}
              ORDER BY attempt DESC LIMIT 1) a) AS "authorization",
            (SELECT row_to_json(n) FROM (
              SELECT note_id AS "noteId", rating::int AS rating, title, comment FROM order_notes
              WHERE order_id = ${orderId} ORDER BY note_id LIMIT 1) n) AS note`,
    );
    return {
      items: row?.items ?? [],
      // the history's own id only orders it
      history: (row?.history ?? []).map(({ orderId, orderStatusId, actor, createdAt }) => ({
        orderId,
        orderStatusId,
        actor,
        createdAt,
      })),
      authorization: row?.authorization ?? null,
      note: row?.note ?? null,
    };
  }

  /** The newest authorisation of an order (the live attempt). */
  async latestAuthorization(orderId: number, db: Db = this.db): Promise<AuthorizationRow | null> {
    const [row] = await queryRows<AuthorizationRow>(
      db,
      sql`SELECT ${AUTH_COLUMNS} FROM payment_authorizations WHERE order_id = ${orderId}
          ORDER BY attempt DESC LIMIT 1`,
    );
    return row ?? null;
  }

  async lockAuthorizationByRef(
    provider: string,
    providerRef: string,
    tx: Db,
  ): Promise<AuthorizationRow | null> {
    const [row] = await queryRows<AuthorizationRow>(
      tx,
      sql`SELECT ${AUTH_COLUMNS} FROM payment_authorizations WHERE provider = ${provider} AND provider_ref = ${providerRef}
          FOR UPDATE`,
    );
    return row ?? null;
  }

  /**
   * The authorisation a provider's notification names and its order, both locked (the authorisation first, as
   * `lockAuthorizationByRef` then `lockOrder` would), in one statement; with the order as its status change's
   * listeners read it (`read`, as locked: given to `composedTransition`, the confirmation's mail and message are
   * written by the change's own statement, decision 059 session 52).
   */
  async lockAuthorizationAndOrder(
    provider: string,
    providerRef: string,
    tx: Db,
  ): Promise<{
    auth: AuthorizationRow;
    order: { orderId: number; orderStatusId: number; read: OrderReadForListeners };
  } | null> {
    const [row] = await queryRows<AuthorizationRow & { orderStatusId: number; listenersRead: unknown }>(
      tx,
      sql`SELECT ${authColumns('a')}, o.order_status_id::int AS "orderStatusId",
            (SELECT row_to_json(l) FROM (SELECT ${listenerColumns('o')}) l) AS "listenersRead"
          FROM payment_authorizations a JOIN orders o ON o.order_id = a.order_id
          WHERE a.provider = ${provider} AND a.provider_ref = ${providerRef}
          FOR UPDATE OF a, o`,
    );
    if (!row) return null;
    const { orderStatusId, listenersRead, ...auth } = row;
    const json = (
      typeof listenersRead === 'string' ? JSON.parse(listenersRead) : listenersRead
    ) as OrderForListenersRow;
    const read = orderForListenersOf(json) as unknown as OrderReadForListeners;
    return { auth, order: { orderId: auth.orderId, orderStatusId, read } };
  }

  /** The customer's orders whose online payment can be retried (failed 11, or abandoned 1). */
  async retryableOrderIds(userId: number): Promise<number[]> {
    const rows = await queryRows<{ orderId: number }>(
      this.db,
      sql`SELECT order_id AS "orderId" FROM orders WHERE user_id = ${userId} AND order_status_id IN (1, 11)
          AND payment_type_id IN (1, 12, 24) ORDER BY created_at DESC, order_id DESC LIMIT 50`,
    );
    return rows.map((r) => r.orderId);
  }

  // ---------- writes (inside the caller's transaction) ----------
  /** The new order's row, as findOrderById reads it (RETURNING the same columns: no read after the insert). */
  async insertOrder(o: NewOrder, tx: Db): Promise<OrderRow> {
    const [row] = await queryRows<OrderRow>(
      tx,
      sql`INSERT INTO orders (user_id, source_cart_id, order_status_id, delivery_service_id, store_id, warehouse_id,
            shipping_address_id, shipping_address, zone_id, slot_id, slot_date, timeslot_id, begin_time, end_time,
            delivery_day_period_id, payment_type_id, items_cents, items_standard_cents, variable_weight_cents,
            delivery_fee_cents, packaging_cents, gift_discount_cents, total_cents, preauth_cents, wallet_cents,
            meal_voucher_cents, meal_voucher_fee_cents, infos, idempotency_key)
          VALUES (${o.userId}, ${o.sourceCartId}, ${o.orderStatusId}, ${o.deliveryServiceId}, ${o.storeId},
            ${o.warehouseId}, ${o.shippingAddressId}, ${JSON.stringify(o.shippingAddress)}::jsonb, ${o.zoneId},
            ${o.slotId}, ${o.slotDate}::date, ${o.timeslotId}, ${o.beginTime}, ${o.endTime}, ${o.deliveryDayPeriodId},
            ${o.paymentTypeId}, ${o.itemsCents}, ${o.itemsStandardCents}, ${o.variableWeightCents},
            ${o.deliveryFeeCents}, ${o.packagingCents}, ${o.giftDiscountCents}, ${o.totalCents}, ${o.preauthCents},
            ${o.walletCents}, ${o.mealVoucherCents}, ${o.mealVoucherFeeCents}, ${JSON.stringify(o.infos)}::jsonb,
            ${o.idempotencyKey})
          RETURNING ${ORDER_COLUMNS}`,
    );
    if (!row) throw new Error('insertOrder: no row');
    return row;
  }

  /** An edited order bought again: its delivery, money and infos replaced; compare-and-set on version. */
  async replaceOrder(orderId: number, version: number, o: NewOrder, tx: Db): Promise<boolean> {
    const rows = await queryRows<{ orderId: number }>(
      tx,
      sql`UPDATE orders SET source_cart_id = ${o.sourceCartId}, delivery_service_id = ${o.deliveryServiceId},
            store_id = ${o.storeId}, warehouse_id = ${o.warehouseId}, shipping_address_id = ${o.shippingAddressId},
            shipping_address = ${JSON.stringify(o.shippingAddress)}::jsonb, zone_id = ${o.zoneId},
            slot_id = ${o.slotId}, slot_date = ${o.slotDate}::date, timeslot_id = ${o.timeslotId},
            begin_time = ${o.beginTime}, end_time = ${o.endTime}, delivery_day_period_id = ${o.deliveryDayPeriodId},
            payment_type_id = ${o.paymentTypeId}, items_cents = ${o.itemsCents},
            items_standard_cents = ${o.itemsStandardCents}, variable_weight_cents = ${o.variableWeightCents},
            delivery_fee_cents = ${o.deliveryFeeCents}, packaging_cents = ${o.packagingCents},
            gift_discount_cents = ${o.giftDiscountCents}, total_cents = ${o.totalCents},
            preauth_cents = ${o.preauthCents}, wallet_cents = ${o.walletCents},
            meal_voucher_cents = ${o.mealVoucherCents}, meal_voucher_fee_cents = ${o.mealVoucherFeeCents},
            infos = ${JSON.stringify(o.infos)}::jsonb, version = version + 1, updated_at = now()
          WHERE order_id = ${orderId} AND version = ${version}
          RETURNING order_id AS "orderId"`,
    );
    return rows.length > 0;
  }

  async deleteItems(orderId: number, tx: Db): Promise<void> {
    await tx.execute(sql`DELETE FROM order_items WHERE order_id = ${orderId}`);
  }

  /** The lines written, as `items` reads them (RETURNING: no read after the insert). */
  async insertItems(orderId: number, items: readonly NewOrderItem[], tx: Db): Promise<OrderItemRow[]> {
    if (items.length === 0) return [];
    const values = items.map(
      (i) =>
        sql`(${orderId}, ${i.position}, ${i.productId}, ${i.codInt}, ${i.name}, ${i.shortDescr}, ${i.description},
          ${i.sellingType}, ${i.unitBase}, ${i.mediaUrl}, ${i.sectorId}, ${JSON.stringify(i.options)}::jsonb,
          ${i.optionsKey}, ${i.promoId}, ${i.promo ? JSON.stringify(i.promo) : null}::jsonb,
          ${qty(i.quantity)}::numeric, ${i.unitPriceCents}, ${i.unitPriceStandardCents}, ${i.lineTotalCents},
          ${i.lineStandardCents}, ${i.variableWeight}, ${i.acceptAlternatives}, ${JSON.stringify(i.infos)}::jsonb)`,
    );
    const rows = await queryRows<OrderItemRow>(
      tx,
      sql`INSERT INTO order_items (order_id, position, product_id, cod_int, name, short_descr, description,
            selling_type, unit_base, media_url, sector_id, options, options_key, promo_id, promo, quantity,
            unit_price_cents, unit_price_standard_cents, line_total_cents, line_standard_cents, variable_weight,
            accept_alternatives, infos)
          VALUES ${sql.join(values, sql`, `)}
          RETURNING ${ITEM_COLUMNS}`,
    );
    return rows.sort((a, b) => a.position - b.position);
  }

  async nextAttempt(orderId: number, tx: Db): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT COALESCE(MAX(attempt), 0)::int + 1 AS n FROM payment_authorizations WHERE order_id = ${orderId}`,
    );
    return row?.n ?? 1;
  }

  async insertAuthorization(
    a: Omit<
      AuthorizationRow,
      'authorizationId' | 'capturedCents' | 'refundedCents' | 'cardBrand' | 'cardLast4'
    >,
    tx: Db,
  ): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO payment_authorizations (order_id, attempt, provider, provider_ref, payment_type_id, amount_cents, status)
          VALUES (${a.orderId}, ${a.attempt}, ${a.provider}, ${a.providerRef}, ${a.paymentTypeId}, ${a.amountCents},
            ${a.status})
          RETURNING authorization_id AS id`,
    );
    if (!row) throw new Error('insertAuthorization: no row');
    return row.id;
  }

  /** Moves an authorisation's status only from one of `from` (compare-and-set). */
  async setAuthorizationStatus(
    authorizationId: number,
    from: readonly string[],
    to: string,
    card: { cardBrand: string | null; cardLast4: string | null } | null,
    tx: Db,
  ): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE payment_authorizations SET status = ${to}, updated_at = now()
            ${card ? sql`, card_brand = ${card.cardBrand}, card_last4 = ${card.cardLast4}` : sql``}
          WHERE authorization_id = ${authorizationId}
            AND status IN (${sql.join(
              from.map((s) => sql`${s}`),
              sql`, `,
            )})
          RETURNING authorization_id AS id`,
    );
    return rows.length > 0;
  }

  /**
   * Adds a refund the provider made to the authorisation's refunded total (the payment module's refunds,
   * decision 085); never above what was captured (false: it would be).
   */
  async addRefunded(authorizationId: number, cents: number, tx: Db): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE payment_authorizations SET refunded_cents = refunded_cents + ${cents}
          WHERE authorization_id = ${authorizationId} AND refunded_cents + ${cents} <= captured_cents
          RETURNING authorization_id AS id`,
    );
    return rows.length > 0;
  }

  /** Brand and last four digits, when the authorisation has none yet (never a card number). */
  async fillCard(
    authorizationId: number,
    card: { cardBrand: string | null; cardLast4: string | null },
    tx: Db,
  ): Promise<void> {
    await tx.execute(
      sql`UPDATE payment_authorizations SET card_brand = ${card.cardBrand}, card_last4 = ${card.cardLast4},
            updated_at = now()
          WHERE authorization_id = ${authorizationId} AND card_last4 IS NULL`,
    );
  }

  /**
   * A provider's event recorded already (the other channel applied it first), in one statement without locks:
   * the authorisation's brand and last digits filled when still missing (what a repeated event may add), and
   * what the answer needs (the order's status, this attempt's and the newest attempt's). Null: the event is
   * new, or the authorisation unknown; the caller then applies it in full.
   */
  async repeatedEvent(
    e: { provider: string; providerRef: string; eventId: string },
    card: { cardBrand: string | null; cardLast4: string | null } | null,
    db: Db = this.db,
  ): Promise<RepeatedEvent | null> {
    const [row] = await queryRows<RepeatedEvent>(
      db,
      sql`WITH seen AS (
            SELECT a.authorization_id, a.order_id, a.status FROM payment_authorizations a
            WHERE a.provider = ${e.provider} AND a.provider_ref = ${e.providerRef}
              AND EXISTS (SELECT 1 FROM payment_events pe
                          WHERE pe.provider = ${e.provider} AND pe.event_id = ${e.eventId})
          ), filled AS (
            UPDATE payment_authorizations SET card_brand = ${card?.cardBrand ?? null},
              card_last4 = ${card?.cardLast4 ?? null}, updated_at = now()
            WHERE ${card !== null} AND authorization_id = (SELECT authorization_id FROM seen)
              AND card_last4 IS NULL
            RETURNING authorization_id
          )
          SELECT s.order_id AS "orderId", o.order_status_id::int AS "orderStatusId", s.status,
            l.authorization_id = s.authorization_id AS live, l.status AS "latestStatus"
          FROM seen s JOIN orders o ON o.order_id = s.order_id
          LEFT JOIN LATERAL (SELECT authorization_id, status FROM payment_authorizations
                             WHERE order_id = s.order_id ORDER BY attempt DESC LIMIT 1) l ON true`,
    );
    return row ? { ...row, live: row.live === true } : null;
  }

  /** Applies a provider notification once: false when this event was already recorded. */
  async recordPaymentEvent(
    e: {
      provider: string;
      eventId: string;
      authorizationId: number | null;
      channel: string;
      outcome: string;
    },
    tx: Db,
  ): Promise<boolean> {
    const rows = await queryRows<{ eventId: string }>(
      tx,
      sql`INSERT INTO payment_events (provider, event_id, authorization_id, channel, outcome)
          VALUES (${e.provider}, ${e.eventId}, ${e.authorizationId}, ${e.channel}, ${e.outcome})
          ON CONFLICT DO NOTHING RETURNING event_id AS "eventId"`,
    );
    return rows.length > 0;
  }

  /**
   * A provider's notification recorded once (`fresh`: false when this event was recorded already) and the
   * order's newest attempt, and when the event is fresh what it does, in one statement: the attempt's status
   * moved by compare-and-set (`set`, with the card's brand and last digits; `onlyLive`: only when it is the
   * newest attempt) and the order's status change composed after it (`move`: given the condition its own
   * compare-and-set also waits for, the attempt set and the newest). Called once the attempt and its order are
   * locked: the statement's snapshot is taken after the lock, so a retry committed while the lock was awaited
   * is seen. `moved`: the order's row as the change answered it (null: not moved).
   */
  async applyEvent(
    e: { provider: string; eventId: string; authorizationId: number; channel: string; outcome: string },
    orderId: number,
    set: {
      from: readonly string[];
      to: string;
      card: { cardBrand: string | null; cardLast4: string | null } | null;
      onlyLive: boolean;
    } | null,
    move: ((when: SQL) => ComposedStatusChange | null) | null,
    tx: Db,
  ): Promise<{
    fresh: boolean;
    latest: { authorizationId: number; status: string } | null;
    set: boolean;
    moved: { row: Record<string, unknown>; change: ComposedStatusChange } | null;
  }> {
    const live = sql`(SELECT authorization_id FROM newest) = ${e.authorizationId}`;
    const change = set && move ? move(sql`EXISTS (SELECT 1 FROM attempt_set) AND ${live}`) : null;
    const [row] = await queryRows<{
      fresh: boolean;
      latestId: number | null;
      latestStatus: string | null;
      attemptSet: boolean;
      orderId?: number | null;
    }>(
      tx,
      sql`WITH recorded_event AS (
            INSERT INTO payment_events (provider, event_id, authorization_id, channel, outcome)
            VALUES (${e.provider}, ${e.eventId}, ${e.authorizationId}, ${e.channel}, ${e.outcome})
            ON CONFLICT DO NOTHING RETURNING event_id
          ), newest AS (
            SELECT a.authorization_id, a.status FROM payment_authorizations a
            WHERE a.order_id = ${orderId} ORDER BY a.attempt DESC LIMIT 1
          )${
            set
              ? sql`, attempt_set AS (
            UPDATE payment_authorizations SET status = ${set.to}, updated_at = now()
              ${set.card ? sql`, card_brand = ${set.card.cardBrand}, card_last4 = ${set.card.cardLast4}` : sql``}
            WHERE authorization_id = ${e.authorizationId}
              AND status IN (${sql.join(
                set.from.map((s) => sql`${s}`),
                sql`, `,
              )})
              AND EXISTS (SELECT 1 FROM recorded_event)${set.onlyLive ? sql` AND ${live}` : sql``}
            RETURNING authorization_id
          )`
              : sql``
          }${change ? sql`, ${change.ctes}` : sql``}
          SELECT EXISTS (SELECT 1 FROM recorded_event) AS fresh, n.authorization_id AS "latestId",
            n.status AS "latestStatus", ${set ? sql`EXISTS (SELECT 1 FROM attempt_set)` : sql`false`} AS "attemptSet"
            ${change ? sql`, moved.*` : sql``}
          FROM (SELECT 1) AS one
          LEFT JOIN newest n ON true${change ? sql` LEFT JOIN moved ON true` : sql``}`,
    );
    if (!row) throw new Error('applyEvent: no row');
    const { fresh, latestId, latestStatus, attemptSet, ...movedRow } = row;
    return {
      fresh: fresh === true,
      latest: latestId == null ? null : { authorizationId: latestId, status: latestStatus ?? '' },
      set: attemptSet === true,
      moved: change && movedRow.orderId != null ? { row: movedRow, change } : null,
    };
  }

  async setPaymentType(
    orderId: number,
    p: { paymentTypeId: number; preauthCents: number; walletCents: number },
    tx: Db,
  ): Promise<void> {
    await tx.execute(
      sql`UPDATE orders SET payment_type_id = ${p.paymentTypeId}, preauth_cents = ${p.preauthCents},
            wallet_cents = ${p.walletCents},
            version = version + 1, updated_at = now()
          WHERE order_id = ${orderId}`,
    );
  }
}
