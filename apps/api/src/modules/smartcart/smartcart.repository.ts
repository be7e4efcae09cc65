import type { AdminSelfScanningSession, SelfScanningDay } from '@spesa/shared/contracts/admin-smartcart';
import type { RescanOutcome, SmartCartStatus } from '@spesa/shared/contracts/smartcart';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { romeDay, wireTimestamp } from '../../db/wire-time';

/** A self-scanning session as the service reads it. */
export interface SessionRow {
  sessionId: number;
  userId: number;
  warehouseId: number;
  status: SmartCartStatus;
  infos: Record<string, string>;
  reminders: Array<{ productId: number; quantity: number }>;
  tillCode: string | null;
  rescan: boolean | null;
  receiptId: number | null;
  createdAt: string;
  endedAt: string | null;
}

export interface LineRow {
  lineId: number;
  productId: number;
  quantity: number;
  weighed: boolean;
  scannedCode: string | null;
  labelPriceCents: number | null;
  unitPriceCents: number | null;
  amountCents: number | null;
}

export interface NewLine {
  productId: number;
  quantity: number;
  weighed: boolean;
  scannedCode: string | null;
  labelPriceCents: number | null;
}

const SESSION = sql`s.session_id AS "sessionId", s.user_id AS "userId", s.warehouse_id AS "warehouseId",
  s.status, s.infos, s.reminders, s.till_code AS "tillCode", s.rescan, s.receipt_id AS "receiptId",
  ${wireTimestamp('s.created_at', 'milliseconds')} AS "createdAt", ${wireTimestamp('s.ended_at', 'milliseconds')} AS "endedAt"`;
/** A store's self-scanning settings (a store without a row: off, the chain's default share). */
export interface StoreSettingsRow {
  warehouseId: number;
  enabled: boolean;
  rescanPercent: number | null;
  updatedAt: string;
}

/** The till's re-scan report of a session, as recorded. */
export interface RescanRow {
  outcome: RescanOutcome;
  discrepancies: number;
  adjustedCents: number;
  tillCode: string;
  reportedAt: string;
}

/** a store's day without sessions */
export const EMPTY_DAY: SelfScanningDay = {
  started: 0,
  ended: 0,
  closed: 0,
  cancelled: 0,
  flagged: 0,
  rescanPassed: 0,
  rescanDiscrepancies: 0,
  rescanPending: 0,
};
/** the sessions started on a Europe/Rome day */
const onRomeDay = (date: string) => sql`${romeDay('s.created_at')} = ${date}::date`;
const ids = (list: readonly number[]) => sql`string_to_array(${list.join(',')}, ',')::int[]`;

/** numeric(12,3) as text: quantities never go through a float column */
const qty = (n: number): string => n.toFixed(3);

/** The smartcart module's tables: smart_cart_stores, smart_cart_sessions, smart_cart_lines, smart_cart_scans. */
export class SmartCartRepository {
  constructor(readonly db: Db) {}

  async enabledStores(db: Db = this.db): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`SELECT warehouse_id AS id FROM smart_cart_stores WHERE enabled ORDER BY warehouse_id`,
    );
    return rows.map((r) => r.id);
  }

  async isEnabled(warehouseId: number, db: Db = this.db): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(
      db,
      sql`SELECT 1 AS one FROM smart_cart_stores WHERE warehouse_id = ${warehouseId} AND enabled`,
    );
    return rows.length > 0;
  }

  async enableStores(warehouseIds: readonly number[], db: Db = this.db): Promise<void> {
    for (const id of warehouseIds)
      await db.execute(
        sql`INSERT INTO smart_cart_stores (warehouse_id) VALUES (${id})
            ON CONFLICT (warehouse_id) DO UPDATE SET enabled = true, updated_at = now()`,
      );
  }

  /** The settings of these stores (rows only for stores that have some), locked when `forUpdate`. */
  async storeSettings(
    warehouseIds: readonly number[],
    forUpdate = false,
    db: Db,
  ): Promise<StoreSettingsRow[]> {
    if (warehouseIds.length === 0) return [];
    return queryRows<StoreSettingsRow>(
      db,
      sql`SELECT warehouse_id AS "warehouseId", enabled, rescan_percent AS "rescanPercent",
                 ${wireTimestamp('updated_at', 'milliseconds')} AS "updatedAt"
            FROM smart_cart_stores WHERE warehouse_id = ANY(${ids(warehouseIds)})
            ${forUpdate ? sql`FOR UPDATE` : sql``}`,
    );
  }

  /** Writes a store's settings (the row created when the store had none). */
  async saveStoreSettings(
    warehouseId: number,
    enabled: boolean,
    rescanPercent: number | null,
    tx: Db,
  ): Promise<void> {
    await tx.execute(
      sql`INSERT INTO smart_cart_stores (warehouse_id, enabled, rescan_percent)
          VALUES (${warehouseId}, ${enabled}, ${rescanPercent})
          ON CONFLICT (warehouse_id) DO UPDATE SET enabled = EXCLUDED.enabled,
            rescan_percent = EXCLUDED.rescan_percent, updated_at = clock_timestamp()`,
    );
  }

  /** A store's re-scan percent; null: the chain's default. */
  async rescanPercentOf(warehouseId: number, db: Db): Promise<number | null> {
    const [row] = await queryRows<{ p: number | null }>(
      db,
      sql`SELECT rescan_percent AS p FROM smart_cart_stores WHERE warehouse_id = ${warehouseId}`,
    );
    return row?.p ?? null;
  }

  /** The sessions started on a Europe/Rome day at these stores, counted per store. */
  async dayCounts(warehouseIds: readonly number[], date: string): Promise<Map<number, SelfScanningDay>> {
    const out = new Map<number, SelfScanningDay>(warehouseIds.map((id) => [id, { ...EMPTY_DAY }]));
    if (warehouseIds.length === 0) return out;
    const rows = await queryRows<SelfScanningDay & { warehouseId: number }>(
      this.db,
      sql`SELECT s.warehouse_id AS "warehouseId", count(*)::int AS started,
                 count(*) FILTER (WHERE s.ended_at IS NOT NULL)::int AS ended,
                 count(*) FILTER (WHERE s.status = 'closed')::int AS closed,
                 count(*) FILTER (WHERE s.status = 'cancelled')::int AS cancelled,
                 count(*) FILTER (WHERE s.rescan)::int AS flagged,
                 count(*) FILTER (WHERE s.rescan_outcome = 'passed')::int AS "rescanPassed",
                 count(*) FILTER (WHERE s.rescan_outcome = 'discrepancies')::int AS "rescanDiscrepancies",
                 count(*) FILTER (WHERE s.rescan AND s.rescan_outcome IS NULL
                                  AND s.status <> 'cancelled')::int AS "rescanPending"
            FROM smart_cart_sessions s
           WHERE s.warehouse_id = ANY(${ids(warehouseIds)}) AND ${onRomeDay(date)}
           GROUP BY s.warehouse_id`,
    );
    for (const { warehouseId, ...day } of rows) out.set(warehouseId, day);
    return out;
  }

  /** A store's sessions started on a Europe/Rome day, newest first (at most `limit`). */
  async daySessions(warehouseId: number, date: string, limit = 500): Promise<AdminSelfScanningSession[]> {
    return queryRows<AdminSelfScanningSession>(
      this.db,
      sql`SELECT s.session_id AS "sessionId", s.status,
                 (SELECT count(*)::int FROM smart_cart_lines l WHERE l.session_id = s.session_id) AS lines,
                 ${wireTimestamp('s.created_at', 'milliseconds')} AS "startedAt", ${wireTimestamp('s.ended_at', 'milliseconds')} AS "endedAt",
                 ${wireTimestamp('s.closed_at', 'milliseconds')} AS "closedAt", ${wireTimestamp('s.cancelled_at', 'milliseconds')} AS "cancelledAt",
                 COALESCE(s.rescan, false) AS rescan, s.rescan_outcome AS "rescanOutcome",
                 s.rescan_discrepancies AS "rescanDiscrepancies", s.rescan_adjusted_cents AS "rescanAdjustedCents",
                 s.rescan_till AS "rescanTill", ${wireTimestamp('s.rescan_at', 'milliseconds')} AS "rescanAt"
            FROM smart_cart_sessions s
           WHERE s.warehouse_id = ${warehouseId} AND ${onRomeDay(date)}
           ORDER BY s.created_at DESC, s.session_id DESC LIMIT ${limit}`,
    );
  }

  /** The re-scan report recorded for a session (null: none yet). */
  async rescanOf(sessionId: number, db: Db): Promise<RescanRow | null> {
    const [row] = await queryRows<RescanRow & { outcome: RescanOutcome | null }>(
      db,
      sql`SELECT rescan_outcome AS outcome, rescan_discrepancies AS discrepancies,
                 rescan_adjusted_cents AS "adjustedCents", rescan_till AS "tillCode",
                 ${wireTimestamp('rescan_at', 'milliseconds')} AS "reportedAt"
            FROM smart_cart_sessions WHERE session_id = ${sessionId}`,
    );
    return row && row.outcome ? row : null;
  }

  /** Records the till's re-scan report once; false when one was already recorded (by any process). */
  async recordRescan(
    sessionId: number,
    r: { outcome: RescanOutcome; discrepancies: number; adjustedCents: number; tillCode: string },
    db: Db,
  ): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(
      db,
      sql`UPDATE smart_cart_sessions SET rescan_outcome = ${r.outcome}, rescan_discrepancies = ${r.discrepancies},
                 rescan_adjusted_cents = ${r.adjustedCents}, rescan_till = ${r.tillCode}, rescan_at = now(),
                 updated_at = now()
           WHERE session_id = ${sessionId} AND rescan AND rescan_outcome IS NULL RETURNING 1 AS one`,
    );
    return rows.length > 0;
  }

  /** The customer's session in progress (open or ended), locked when `forUpdate`. */
  async liveSession(userId: number, forUpdate = false, db: Db): Promise<SessionRow | null> {
    const [row] = await queryRows<SessionRow>(
      db,
      sql`SELECT ${SESSION} FROM smart_cart_sessions s
           WHERE s.user_id = ${userId} AND s.status IN ('open', 'ended')
           ${forUpdate ? sql`FOR UPDATE` : sql``}`,
    );
    return row ?? null;
  }

  /** Starts a session; null when another one in progress won the race (the unique index). */
  async start(userId: number, warehouseId: number, db: Db): Promise<void> {
    await db.execute(
      sql`INSERT INTO smart_cart_sessions (user_id, warehouse_id) VALUES (${userId}, ${warehouseId})
          ON CONFLICT DO NOTHING`,
    );
  }

  async lines(sessionId: number, db: Db): Promise<LineRow[]> {
    return queryRows<LineRow>(
      db,
      sql`SELECT line_id AS "lineId", product_id AS "productId", quantity::float8 AS quantity, weighed,
                 scanned_code AS "scannedCode", label_price_cents AS "labelPriceCents",
                 unit_price_cents AS "unitPriceCents", amount_cents AS "amountCents"
            FROM smart_cart_lines WHERE session_id = ${sessionId} ORDER BY line_id`,
    );
  }

  async appliedScanIds(sessionId: number, limit = 200, db: Db): Promise<string[]> {
    const rows = await queryRows<{ scanId: string }>(
      db,
      sql`SELECT scan_id AS "scanId" FROM smart_cart_scans WHERE session_id = ${sessionId}
          ORDER BY applied_at DESC, scan_id LIMIT ${limit}`,
    );
    return rows.map((r) => r.scanId);
  }

  /**
   * Records a scan as applied; false when it already was (by this or another process: the primary key).
   * Called in the change's transaction, so a scan and its change commit together.
   */
  async claimScan(userId: number, sessionId: number, scanId: string, tx: Db): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(
      tx,
      sql`INSERT INTO smart_cart_scans (user_id, scan_id, session_id) VALUES (${userId}, ${scanId}, ${sessionId})
          ON CONFLICT DO NOTHING RETURNING 1 AS one`,
    );
    return rows.length > 0;
  }

  async insertLine(sessionId: number, line: NewLine, tx: Db): Promise<void> {
    await tx.execute(
      sql`INSERT INTO smart_cart_lines (session_id, product_id, quantity, weighed, scanned_code, label_price_cents)
          VALUES (${sessionId}, ${line.productId}, ${qty(line.quantity)}, ${line.weighed}, ${line.scannedCode},
                  ${line.labelPriceCents})`,
    );
  }

  async setQuantity(sessionId: number, lineId: number, quantity: number, tx: Db): Promise<void> {
    await tx.execute(
      sql`UPDATE smart_cart_lines SET quantity = ${qty(quantity)}
           WHERE session_id = ${sessionId} AND line_id = ${lineId}`,
    );
  }

  async deleteLine(sessionId: number, lineId: number, tx: Db): Promise<void> {
    await tx.execute(
      sql`DELETE FROM smart_cart_lines WHERE session_id = ${sessionId} AND line_id = ${lineId}`,
    );
  }

  async touch(sessionId: number, tx: Db): Promise<void> {
    await tx.execute(sql`UPDATE smart_cart_sessions SET updated_at = now() WHERE session_id = ${sessionId}`);
  }

  async setInfos(
    sessionId: number,
    infos: Record<string, string>,
    reminders: ReadonlyArray<{ productId: number; quantity: number }>,
    tx: Db,
  ): Promise<void> {
    await tx.execute(
      sql`UPDATE smart_cart_sessions SET infos = ${JSON.stringify(infos)}::jsonb,
                 reminders = ${JSON.stringify(reminders)}::jsonb, updated_at = now()
           WHERE session_id = ${sessionId}`,
    );
  }

  async cancel(sessionId: number, tx: Db): Promise<void> {
    await tx.execute(
      sql`UPDATE smart_cart_sessions SET status = 'cancelled', till_code = NULL, cancelled_at = now(),
                 updated_at = now()
           WHERE session_id = ${sessionId}`,
    );
  }

  /** Ends the session: the till code, the re-scan flag and each line's price and amount written down. */
  async end(
    sessionId: number,
    tillCode: string,
    rescan: boolean,
    prices: ReadonlyArray<{ lineId: number; unitPriceCents: number; amountCents: number }>,
    tx: Db,
  ): Promise<void> {
    for (const p of prices)
      await tx.execute(
        sql`UPDATE smart_cart_lines SET unit_price_cents = ${p.unitPriceCents}, amount_cents = ${p.amountCents}
             WHERE session_id = ${sessionId} AND line_id = ${p.lineId}`,
      );
    await tx.execute(
      sql`UPDATE smart_cart_sessions SET status = 'ended', till_code = ${tillCode}, rescan = ${rescan},
                 ended_at = now(), updated_at = now()
           WHERE session_id = ${sessionId}`,
    );
  }

  /** The till takes an ended session (status closing); false when another till took it first. */
  async claimForTill(sessionId: number, db: Db): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(
      db,
      sql`UPDATE smart_cart_sessions SET status = 'closing', updated_at = now()
           WHERE session_id = ${sessionId} AND status = 'ended' RETURNING 1 AS one`,
    );
    return rows.length > 0;
  }

  /** The receipt was refused: the session is ended again, for the till to retry. */
  async releaseFromTill(sessionId: number, db: Db): Promise<void> {
    await db.execute(
      sql`UPDATE smart_cart_sessions SET status = 'ended', updated_at = now()
           WHERE session_id = ${sessionId} AND status = 'closing'`,
    );
  }

  async byTillCode(tillCode: string, forUpdate = false, db: Db): Promise<SessionRow | null> {
    const [row] = await queryRows<SessionRow>(
      db,
      sql`SELECT ${SESSION} FROM smart_cart_sessions s WHERE s.till_code = ${tillCode}
          ${forUpdate ? sql`FOR UPDATE` : sql``}`,
    );
    return row ?? null;
  }

  async close(sessionId: number, receiptId: number, tx: Db): Promise<void> {
    await tx.execute(
      sql`UPDATE smart_cart_sessions SET status = 'closed', receipt_id = ${receiptId}, closed_at = now(),
                 updated_at = now()
           WHERE session_id = ${sessionId}`,
    );
  }

  async eraseCustomer(userId: number): Promise<void> {
    await this.db.execute(sql`DELETE FROM smart_cart_sessions WHERE user_id = ${userId}`);
  }
}
