import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { romeDay, romeDayText, wireTimestamp } from '../../db/wire-time';

export type StuckKind =
  'notCaptured' | 'notDelivered' | 'refundFailed' | 'refundPending' | 'dispute' | 'renewalRefused';

export interface StuckRow {
  kind: StuckKind;
  orderId: number;
  refundId: number | null;
  orderStatusId: number;
  customerName: string;
  warehouseName: string;
  slotDate: string;
  provider: string;
  amountCents: number;
  since: string;
}

export interface ReportRow {
  day: string;
  provider: string;
  capturedCents: number;
  capturedCount: number;
  refundedCents: number;
  refundedCount: number;
  disputedCents: number;
  disputedCount: number;
}

const inStores = (column: string, warehouseIds: readonly number[]): SQL =>
  warehouseIds.length === 0
    ? sql`TRUE`
    : sql`${sql.raw(column)} IN (${sql.join(
        warehouseIds.map((id) => sql`${id}`),
        sql`, `,
      )})`;

/**
 * The payments to check and the daily report (decision 085): reads of the orders' authorisations and status
 * history and of the payment module's refunds.
 */
export class PaymentReportsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The payments to check, newest first (rules in the contract's STUCK_PAYMENT_KINDS): `today` is Rome's day,
   * `now` the clock's instant.
   */
  async stuck(
    q: { today: string; now: Date; kind?: StuckKind; warehouseIds: readonly number[] },
    limit: number,
    offset: number,
  ): Promise<{ rows: StuckRow[]; total: number }> {
    const today = sql`${q.today}::date`;
    const pendingSince = new Date(q.now.getTime() - 10 * 60_000).toISOString();
    const rows = await queryRows<StuckRow & { total: number }>(
      this.db,
      sql`WITH latest AS (
            SELECT DISTINCT ON (a.order_id) a.order_id, a.provider, a.status, a.amount_cents, a.captured_cents,
              a.refunded_cents, a.updated_at
            FROM payment_authorizations a ORDER BY a.order_id, a.attempt DESC
          ), found AS (
            SELECT 'notCaptured' AS kind, l.order_id, NULL::int AS refund_id, l.provider,
              l.amount_cents AS cents, l.updated_at AS since
            FROM latest l JOIN orders o ON o.order_id = l.order_id
            WHERE l.status = 'authorized' AND o.order_status_id <> 10 AND o.slot_date + 2 < ${today}
            UNION ALL
            SELECT 'notDelivered', l.order_id, NULL, l.provider, l.captured_cents - l.refunded_cents, l.updated_at
            FROM latest l JOIN orders o ON o.order_id = l.order_id
            WHERE l.captured_cents > l.refunded_cents
              AND ((o.order_status_id IN (6, 7) AND o.slot_date + 1 < ${today})
                OR o.order_status_id IN (12, 13, 14))
            UNION ALL
            SELECT 'refundFailed', r.order_id, r.refund_id, r.provider, r.amount_cents, r.settled_at
            FROM payment_refunds r
            WHERE r.state = 'failed' AND NOT EXISTS (SELECT 1 FROM payment_refunds s
              WHERE s.order_id = r.order_id AND s.refund_id > r.refund_id AND s.state = 'succeeded')
            UNION ALL
            SELECT 'refundPending', r.order_id, r.refund_id, r.provider, r.amount_cents, r.requested_at
            FROM payment_refunds r
            WHERE r.state = 'requested' AND r.requested_at < ${pendingSince}::timestamptz
            UNION ALL
            SELECT 'dispute', d.order_id, NULL, d.provider, d.amount_cents, d.opened_at
            FROM payment_disputes d
            WHERE d.order_id IS NOT NULL AND d.status NOT IN ('won', 'lost', 'warning_closed')
            UNION ALL
            -- a hold renewal the bank refused (payment-hold-renewal.ts): the provider moved a confirmed order
            -- (3, 4) to payment failed (11) and the customer has not paid again yet
            SELECT 'renewalRefused', l.order_id, NULL, l.provider, l.amount_cents, h.created_at
            FROM latest l JOIN orders o ON o.order_id = l.order_id
            JOIN LATERAL (SELECT g.from_status_id, g.actor, g.created_at FROM order_status_history g
              WHERE g.order_id = l.order_id ORDER BY g.history_id DESC LIMIT 1) h ON TRUE
            WHERE o.order_status_id = 11 AND l.status = 'declined' AND h.actor = 'provider'
              AND h.from_status_id IN (3, 4)
          )
          SELECT f.kind, f.order_id AS "orderId", f.refund_id AS "refundId", o.order_status_id::int AS "orderStatusId",
            trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS "customerName",
            coalesce(w.name, '') AS "warehouseName", o.slot_date::text AS "slotDate",
            f.provider, f.cents AS "amountCents", ${wireTimestamp('f.since', 'milliseconds')} AS since,
            count(*) OVER ()::int AS total
          FROM found f JOIN orders o ON o.order_id = f.order_id
          LEFT JOIN users u ON u.user_id = o.user_id
          LEFT JOIN warehouses w ON w.warehouse_id = o.warehouse_id
          WHERE ${q.kind ? sql`f.kind = ${q.kind}` : sql`TRUE`} AND ${inStores('o.warehouse_id', q.warehouseIds)}
          ORDER BY f.since DESC, f.order_id DESC
          LIMIT ${limit} OFFSET ${offset}`,
    );
    return { rows: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
  }

  /**
   * Captured (on the day the order was prepared), refunded (on the day the provider did it) and disputed (on the day
   * the dispute was opened), per Rome day and provider.
   */
  async daily(q: { from: string; to: string; warehouseIds: readonly number[] }): Promise<ReportRow[]> {
    const between = (instant: SQL) => sql`${instant} BETWEEN ${q.from}::date AND ${q.to}::date`;
    return queryRows<ReportRow>(
      this.db,
      sql`WITH captured AS (
            SELECT ${romeDayText('h.at')} AS day, a.provider, sum(a.captured_cents)::int AS cents, count(*)::int AS n
            FROM payment_authorizations a
            JOIN orders o ON o.order_id = a.order_id
            JOIN LATERAL (SELECT max(created_at) AS at FROM order_status_history
              WHERE order_id = a.order_id AND to_status_id = 6) h ON h.at IS NOT NULL
            WHERE a.captured_cents > 0 AND ${between(romeDay('h.at'))} AND ${inStores('o.warehouse_id', q.warehouseIds)}
            GROUP BY 1, 2
          ), refunded AS (
            SELECT ${romeDayText('r.settled_at')} AS day, r.provider, sum(r.amount_cents)::int AS cents,
              count(*)::int AS n
            FROM payment_refunds r JOIN orders o ON o.order_id = r.order_id
            WHERE r.state = 'succeeded' AND ${between(romeDay('r.settled_at'))}
              AND ${inStores('o.warehouse_id', q.warehouseIds)}
            GROUP BY 1, 2
          ), disputed AS (
            SELECT ${romeDayText('d.opened_at')} AS day, d.provider, sum(d.amount_cents)::int AS cents,
              count(*)::int AS n
            FROM payment_disputes d JOIN orders o ON o.order_id = d.order_id
            WHERE ${between(romeDay('d.opened_at'))} AND ${inStores('o.warehouse_id', q.warehouseIds)}
            GROUP BY 1, 2
          ), days AS (
            SELECT day, provider FROM captured UNION SELECT day, provider FROM refunded
            UNION SELECT day, provider FROM disputed
          )
          SELECT k.day, k.provider,
            coalesce(c.cents, 0) AS "capturedCents", coalesce(c.n, 0) AS "capturedCount",
            coalesce(r.cents, 0) AS "refundedCents", coalesce(r.n, 0) AS "refundedCount",
            coalesce(d.cents, 0) AS "disputedCents", coalesce(d.n, 0) AS "disputedCount"
          FROM days k
          LEFT JOIN captured c ON c.day = k.day AND c.provider = k.provider
          LEFT JOIN refunded r ON r.day = k.day AND r.provider = k.provider
          LEFT JOIN disputed d ON d.day = k.day AND d.provider = k.provider
          ORDER BY 1, 2`,
    );
  }
}
