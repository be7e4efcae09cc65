import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wireTimestamp } from '../../db/wire-time';

/** A refund as stored (payment_refunds). */
/** A dispute of an order as its money reads it. */
export interface DisputeRow {
  orderId: number;
  disputeRef: string;
  amountCents: number;
  status: string;
  reason: string;
  openedAt: string;
}

export interface RefundRow {
  refundId: number;
  orderId: number;
  authorizationId: number;
  idempotencyKey: string;
  amountCents: number;
  reason: string;
  staffUserId: number;
  state: 'requested' | 'succeeded' | 'failed';
  provider: string;
  providerRefundRef: string | null;
  failure: string | null;
  requestedAt: string;
  settledAt: string | null;
  /** a refund of one order line: the line and the pieces or kg given back */
  orderItemId: number | null;
  lineQuantity: number | null;
}

/** An order line as a line refund reads it: what was charged for it and what its refunds hold already. */
export interface RefundableLine {
  name: string;
  /** pieces, or kg for weighed goods (the real weight when picked) */
  quantity: number;
  /** what was charged for the line (cents) */
  grossCents: number;
  /** the line's refunds asked for or made */
  refundedCents: number;
  refundedQuantity: number;
}

/** An authorisation as the money view reads it, with the instants of its movements. */
export interface MoneyAuthorizationRow {
  authorizationId: number;
  attempt: number;
  provider: string;
  providerRef: string;
  amountCents: number;
  capturedCents: number;
  status: string;
  createdAt: string;
  updatedAt: string;
  /** the first success the provider reported (the hold), null: never held */
  authorizedAt: string | null;
  /** the order's 'prepared' (the capture runs in its transaction), null: not captured */
  capturedAt: string | null;
}

/** The order facts a refund and the money view need. */
export interface MoneyOrderRow {
  orderId: number;
  userId: number;
  warehouseId: number;
}

const REFUND_COLUMNS = sql.raw(`refund_id AS "refundId", order_id AS "orderId",
  authorization_id AS "authorizationId", idempotency_key AS "idempotencyKey", amount_cents AS "amountCents",
  reason, staff_user_id AS "staffUserId", state, provider, provider_refund_ref AS "providerRefundRef", failure,
  order_item_id AS "orderItemId", line_quantity::float8 AS "lineQuantity"`);
const refundTimes = sql`${wireTimestamp('requested_at', 'milliseconds')} AS "requestedAt",
  ${wireTimestamp('settled_at', 'milliseconds')} AS "settledAt"`;

/**
 * SQL of orders' money (decision 085): the payment module's refunds (payment_refunds, its own table) and the
 * reads of the orders module's authorisations, payment events and status history it joins (reads only).
 */
export class PaymentMoneyRepository {
  constructor(private readonly db: Db) {}

  async order(orderId: number, db: Db = this.db): Promise<MoneyOrderRow | null> {
    const [row] = await queryRows<MoneyOrderRow>(
      db,
      sql`SELECT order_id AS "orderId", user_id AS "userId", warehouse_id AS "warehouseId"
          FROM orders WHERE order_id = ${orderId}`,
    );
    return row ?? null;
  }

  /** Every authorisation of the orders, oldest first, with when it was held and captured. */
  async authorizations(
    orderIds: readonly number[],
    db: Db = this.db,
  ): Promise<Array<MoneyAuthorizationRow & { orderId: number }>> {
    if (orderIds.length === 0) return [];
    return queryRows(
      db,
      sql`SELECT a.order_id AS "orderId", a.authorization_id AS "authorizationId", a.attempt::int AS attempt,
            a.provider, a.provider_ref AS "providerRef", a.amount_cents AS "amountCents",
            a.captured_cents AS "capturedCents", a.status,
            ${wireTimestamp('a.created_at', 'milliseconds')} AS "createdAt",
            ${wireTimestamp('a.updated_at', 'milliseconds')} AS "updatedAt",
            (SELECT ${wireTimestamp('min(e.received_at)', 'milliseconds')} FROM payment_events e
              WHERE e.authorization_id = a.authorization_id AND e.outcome = 'success') AS "authorizedAt",
            CASE WHEN a.captured_cents > 0 THEN
              (SELECT ${wireTimestamp('max(h.created_at)', 'milliseconds')} FROM order_status_history h
                WHERE h.order_id = a.order_id AND h.to_status_id = 6) END AS "capturedAt"
          FROM payment_authorizations a
          WHERE a.order_id IN (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          ORDER BY a.order_id, a.attempt`,
    );
  }

  /** The order's authorisation that took money (the latest captured one), null: nothing captured. */
  async capturedAuthorization(
    orderId: number,
    db: Db = this.db,
  ): Promise<{ authorizationId: number; provider: string; providerRef: string } | null> {
    const [row] = await queryRows<{ authorizationId: number; provider: string; providerRef: string }>(
      db,
      sql`SELECT authorization_id AS "authorizationId", provider, provider_ref AS "providerRef"
          FROM payment_authorizations WHERE order_id = ${orderId} AND captured_cents > 0
          ORDER BY attempt DESC LIMIT 1`,
    );
    return row ?? null;
  }

  async refunds(orderIds: readonly number[], db: Db = this.db): Promise<RefundRow[]> {
    if (orderIds.length === 0) return [];
    return queryRows<RefundRow>(
      db,
      sql`SELECT ${REFUND_COLUMNS}, ${refundTimes} FROM payment_refunds
          WHERE order_id IN (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          ORDER BY refund_id`,
    );
  }

  /** The disputes (chargebacks) providers reported for these orders (payment_disputes), oldest first. */
  async disputes(orderIds: readonly number[], db: Db = this.db): Promise<DisputeRow[]> {
    if (orderIds.length === 0) return [];
    return queryRows<DisputeRow>(
      db,
      sql`SELECT order_id AS "orderId", dispute_ref AS "disputeRef", amount_cents AS "amountCents",
            status, reason, ${wireTimestamp('opened_at', 'milliseconds')} AS "openedAt"
          FROM payment_disputes
          WHERE order_id IN (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          ORDER BY opened_at, dispute_id`,
    );
  }

  /** The provider's reference of an authorisation. */
  async authorizationRef(authorizationId: number, db: Db = this.db): Promise<string | null> {
    const [row] = await queryRows<{ ref: string }>(
      db,
      sql`SELECT provider_ref AS ref FROM payment_authorizations WHERE authorization_id = ${authorizationId}`,
    );
    return row?.ref ?? null;
  }

  async refundByKey(key: string, db: Db = this.db): Promise<RefundRow | null> {
    const [row] = await queryRows<RefundRow>(
      db,
      sql`SELECT ${REFUND_COLUMNS}, ${refundTimes} FROM payment_refunds WHERE idempotency_key = ${key}`,
    );
    return row ?? null;
  }

  /** The refund, locked until the caller's transaction ends (one settlement at a time). */
  async lockRefund(refundId: number, tx: Db): Promise<RefundRow | null> {
    const [row] = await queryRows<RefundRow>(
      tx,
      sql`SELECT ${REFUND_COLUMNS}, ${refundTimes} FROM payment_refunds WHERE refund_id = ${refundId} FOR UPDATE`,
    );
    return row ?? null;
  }

  /** What the authorisation's refunds hold or gave back (asked for and succeeded), cents. */
  async reservedCents(authorizationId: number, tx: Db): Promise<number> {
    const [row] = await queryRows<{ cents: number }>(
      tx,
      sql`SELECT coalesce(sum(amount_cents), 0)::int AS cents FROM payment_refunds
          WHERE authorization_id = ${authorizationId} AND state IN ('requested', 'succeeded')`,
    );
    return row?.cents ?? 0;
  }

  /**
   * An order line as delivered and charged (the orders module's order_items, read only: decision 029) with its
   * refunds asked for or made; null: no such line, or nothing charged for it.
   */
  async refundableLine(orderId: number, orderItemId: number, tx: Db): Promise<RefundableLine | null> {
    const [row] = await queryRows<RefundableLine>(
      tx,
      sql`SELECT coalesce(i.substitute_name, i.name) AS name,
                 coalesce(i.real_weight, i.delivered_quantity, i.quantity)::float8 AS quantity,
                 coalesce(i.delivered_total_cents, i.line_total_cents)::int AS "grossCents",
                 coalesce(r.cents, 0)::int AS "refundedCents", coalesce(r.quantity, 0)::float8 AS "refundedQuantity"
          FROM order_items i
          LEFT JOIN (SELECT sum(amount_cents) AS cents, sum(line_quantity) AS quantity FROM payment_refunds
                     WHERE order_id = ${orderId} AND order_item_id = ${orderItemId}
                       AND state IN ('requested', 'succeeded')) r ON TRUE
          WHERE i.order_id = ${orderId} AND i.order_item_id = ${orderItemId}
            AND coalesce(i.delivered_quantity, i.quantity) > 0`,
    );
    return row && row.grossCents > 0 ? row : null;
  }

  /** A refund asked for; null when its key is already taken (the same click, or another refund's key). */
  async insertRequested(
    r: {
      orderId: number;
      authorizationId: number;
      idempotencyKey: string;
      amountCents: number;
      reason: string;
      staffUserId: number;
      provider: string;
      line: { orderItemId: number; quantity: number } | null;
    },
    tx: Db,
  ): Promise<number | null> {
    const [row] = await queryRows<{ refundId: number }>(
      tx,
      sql`INSERT INTO payment_refunds (order_id, authorization_id, idempotency_key, amount_cents, reason,
            staff_user_id, state, provider, order_item_id, line_quantity)
          VALUES (${r.orderId}, ${r.authorizationId}, ${r.idempotencyKey}, ${r.amountCents}, ${r.reason},
            ${r.staffUserId}, 'requested', ${r.provider}, ${r.line?.orderItemId ?? null}, ${r.line?.quantity ?? null})
          ON CONFLICT (idempotency_key) DO NOTHING
          RETURNING refund_id AS "refundId"`,
    );
    return row?.refundId ?? null;
  }

  async settle(
    refundId: number,
    outcome: { state: 'succeeded'; providerRefundRef: string | null } | { state: 'failed'; failure: string },
    tx: Db,
  ): Promise<void> {
    await tx.execute(
      outcome.state === 'succeeded'
        ? sql`UPDATE payment_refunds SET state = 'succeeded', provider_refund_ref = ${outcome.providerRefundRef},
                settled_at = now() WHERE refund_id = ${refundId} AND state = 'requested'`
        : sql`UPDATE payment_refunds SET state = 'failed', failure = ${outcome.failure}, settled_at = now()
              WHERE refund_id = ${refundId} AND state = 'requested'`,
    );
  }
}
