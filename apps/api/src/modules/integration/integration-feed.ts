import { ORDER_EVENT_KINDS, type FeedEvent, type OrderEventKind } from '@spesa/shared/contracts/integration';
import { ORDER_STATUS, orderStatusLabel, type OrderStatusId } from '@spesa/shared/orders/order-status';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

/**
 * The orders' feed (decision 096). An order's change writes an event row on the change's own transaction
 * (the orders module's transition listeners), without a sequence number. The number is given later, by
 * `publish`, under one advisory lock: it numbers the rows committed so far in their id order, so a number
 * is given only to a visible row and every row numbered later gets a higher one. A reader whose cursor is at
 * N therefore never misses a row that commits after it read: that row gets a number above N. (Numbering at
 * insert time would not do: a transaction that took 5 may commit after one that took 6 was read.)
 */
const PUBLISH_LOCK = 960_001;

/** Which event an order's status change is for the warehouse/ERP (null: none, e.g. a payment started). */
export function eventKindOf(from: number | null, to: OrderStatusId): OrderEventKind | null {
  const confirmed = (s: number) => s !== ORDER_STATUS.inPayment && s !== ORDER_STATUS.awaitingPayment;
  if (to === ORDER_STATUS.inPayment || to === ORDER_STATUS.awaitingPayment) return null;
  if (to === ORDER_STATUS.invalidated) return null;
  if (from === null || !confirmed(from)) return to === ORDER_STATUS.cancelled ? null : 'new';
  if (to === ORDER_STATUS.cancelled) return 'cancelled';
  if (to === ORDER_STATUS.prepared) return 'prepared';
  return 'changed';
}

/** the statuses of a confirmed, still open order: an edit of one is a "changed" event */
const EDITS_REPORTED = new Set<number>([
  ORDER_STATUS.ordered,
  ORDER_STATUS.atWarehouse,
  ORDER_STATUS.inPreparation,
  ORDER_STATUS.preparing,
  ORDER_STATUS.prepared,
  ORDER_STATUS.outForDelivery,
]);

interface EventRow {
  seq: number;
  orderId: number;
  kind: OrderEventKind;
  status: number;
  at: Date;
}

export class IntegrationFeed {
  constructor(private readonly db: Db) {}

  /** Writes the event of an order's change on the change's transaction. */
  async record(orderId: number, from: number | null, to: OrderStatusId, tx: Db): Promise<void> {
    const kind = eventKindOf(from, to);
    if (!kind) return;
    await tx.execute(
      sql`INSERT INTO integration_order_events (order_id, kind, status) VALUES (${orderId}, ${kind}, ${to})`,
    );
  }

  /**
   * The event of an order's status change as a statement the change writes with its own UPDATE
   * (`OrderTransitionsPort.onTransitionWrite`): `changed` is the row the change wrote (empty if it lost).
   */
  recordWith(from: number, to: OrderStatusId, changed: SQL): SQL | null {
    const kind = eventKindOf(from, to);
    if (!kind) return null;
    return sql`INSERT INTO integration_order_events (order_id, kind, status)
               SELECT "orderId", ${kind}::text, ${to}::int FROM ${changed}`;
  }

  /**
   * Writes the "changed" event of an order changed in place (its lines, slot, address or payment type; its
   * status kept) on the edit's transaction, once per edit; none while its payment is not confirmed (its
   * confirmation will be its "new" event) nor once it is closed.
   */
  async recordEdit(orderId: number, status: OrderStatusId, tx: Db): Promise<void> {
    if (!EDITS_REPORTED.has(status)) return;
    await tx.execute(
      sql`INSERT INTO integration_order_events (order_id, kind, status) VALUES (${orderId}, 'changed', ${status})`,
    );
  }

  /**
   * Numbers the committed events not numbered yet, in one transaction under the lock, and hands the newly
   * numbered ones to `then` on that transaction (the webhooks' deliveries are written with them).
   */
  async publish(then: (events: FeedEvent[], tx: Db) => Promise<void>): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${PUBLISH_LOCK})`);
      const rows = await queryRows<EventRow>(
        tx,
        sql`WITH base AS (SELECT COALESCE(max(seq), 0) AS m FROM integration_order_events),
                 pending AS (SELECT event_id, row_number() OVER (ORDER BY event_id) AS rn
                               FROM integration_order_events WHERE seq IS NULL ORDER BY event_id LIMIT 5000)
            UPDATE integration_order_events e SET seq = base.m + pending.rn
              FROM pending, base WHERE e.event_id = pending.event_id
            RETURNING e.seq::float8 AS seq, e.order_id AS "orderId", e.kind, e.status, e.at`,
      );
      if (rows.length === 0) return 0;
      rows.sort((a, b) => a.seq - b.seq);
      await then(await this.wire(rows, tx), tx);
      return rows.length;
    });
  }

  /** A page of the feed after `cursor`: the next cursor is the last event's number (or the same cursor). */
  async page(
    cursor: number,
    limit: number,
  ): Promise<{ events: FeedEvent[]; nextCursor: number; hasMore: boolean }> {
    const rows = await queryRows<EventRow>(
      this.db,
      sql`SELECT seq::float8 AS seq, order_id AS "orderId", kind, status, at FROM integration_order_events
          WHERE seq > ${cursor} ORDER BY seq LIMIT ${limit + 1}`,
    );
    const hasMore = rows.length > limit;
    const events = await this.wire(rows.slice(0, limit), this.db);
    return { events, nextCursor: events.at(-1)?.seq ?? cursor, hasMore };
  }

  /** The events with their orders as they stand (lines with the picked quantities and real weights). */
  private async wire(rows: EventRow[], db: Db): Promise<FeedEvent[]> {
    if (rows.length === 0) return [];
    const ids = [...new Set(rows.map((r) => r.orderId))];
    const orders = await queryRows<NonNullable<FeedEvent['order']>>(
      db,
      sql`SELECT o.order_id AS "orderId", o.order_status_id AS status, o.store_id AS "storeId",
                 o.warehouse_id AS "warehouseId", o.delivery_service_id AS "deliveryServiceId",
                 to_char(o.slot_date, 'YYYY-MM-DD') AS "slotDate", o.begin_time AS "beginTime",
                 o.end_time AS "endTime", o.total_cents AS "totalCents", o.captured_cents AS "capturedCents",
                 '' AS "statusLabel",
                 COALESCE((SELECT json_agg(json_build_object(
                     'code', i.cod_int, 'name', i.name, 'quantity', i.quantity::float8,
                     'variableWeight', i.variable_weight,
                     'deliveredQuantity', i.delivered_quantity::float8, 'realWeight', i.real_weight::float8,
                     'substituteName', i.substitute_name) ORDER BY i.position)
                   FROM order_items i WHERE i.order_id = o.order_id), '[]'::json) AS lines
            FROM orders o WHERE o.order_id = ANY(${`{${ids.join(',')}}`}::int[])`,
    );
    const byId = new Map(orders.map((o) => [o.orderId, { ...o, statusLabel: orderStatusLabel(o.status) }]));
    return rows.map((r) => ({
      seq: Number(r.seq),
      type: `order.${(ORDER_EVENT_KINDS as readonly string[]).includes(r.kind) ? r.kind : 'changed'}` as FeedEvent['type'],
      orderId: r.orderId,
      status: r.status,
      at: new Date(r.at).toISOString(),
      order: byId.get(r.orderId) ?? null,
    }));
  }
}
