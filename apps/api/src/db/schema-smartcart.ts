import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema-account';

/**
 * Self-scanning in the store (issue 25, decision 057), owned by the smartcart module: the stores where it is
 * available, the customers' sessions (one open or ended per customer), their lines, and the scans already
 * applied (a device's queued scan is applied once, whatever process receives it and however often).
 */

/**
 * A store (delivery's warehouses.warehouse_id) and its self-scanning settings; a store without a row has
 * self-scanning off. The back office switches it and sets the share of ended sessions flagged for a re-scan.
 */
export const smartCartStores = pgTable('smart_cart_stores', {
  warehouseId: integer('warehouse_id').primaryKey(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }).notNull().defaultNow(),
  /** customers may start sessions here */
  enabled: boolean('enabled').notNull().default(true),
  /** percent (0-100) of ended sessions flagged for a re-scan at the till; null: the chain's default */
  rescanPercent: integer('rescan_percent'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const smartCartSessions = pgTable(
  'smart_cart_sessions',
  {
    sessionId: serial('session_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id').notNull(),
    /** open | ended | closed | cancelled */
    status: text('status').notNull().default('open'),
    /** update-cart-info's properties: reminder_list_id, doc */
    infos: jsonb('infos').$type<Record<string, string>>().notNull().default({}),
    /** the imported list's products: [{ productId, quantity }] */
    reminders: jsonb('reminders')
      .$type<Array<{ productId: number; quantity: number }>>()
      .notNull()
      .default([]),
    /** shown at the till once ended; the till reads the session back with it */
    tillCode: text('till_code'),
    /** chosen at the end: this session is re-scanned by the staff at the till */
    rescan: boolean('rescan'),
    receiptId: integer('receipt_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** the till's re-scan check of a flagged session: passed | discrepancies (null: not reported) */
    rescanOutcome: text('rescan_outcome'),
    /** lines found wrong by the re-scan, and the amount the till adjusted (signed cents) */
    rescanDiscrepancies: integer('rescan_discrepancies'),
    rescanAdjustedCents: integer('rescan_adjusted_cents'),
    /** the till that reported the check (its till code) and when */
    rescanTill: text('rescan_till'),
    rescanAt: timestamp('rescan_at', { withTimezone: true }),
  },
  (t) => [
    // one session in progress per customer (a second start finds it)
    uniqueIndex('smart_cart_sessions_live_uq')
      .on(t.userId)
      .where(sql`${t.status} IN ('open', 'ended')`),
    uniqueIndex('smart_cart_sessions_till_code_uq').on(t.tillCode),
    index('smart_cart_sessions_user_idx').on(t.userId, t.createdAt),
    // the back office's sessions of the day per store
    index('smart_cart_sessions_store_day_idx').on(t.warehouseId, t.createdAt),
  ],
);

export const smartCartLines = pgTable(
  'smart_cart_lines',
  {
    lineId: serial('line_id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => smartCartSessions.sessionId, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    /** pieces, or kg / l for Sfuso */
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    weighed: boolean('weighed').notNull().default(false),
    /** the code scanned or typed (a scale label for weighed goods) */
    scannedCode: text('scanned_code'),
    /** a price label's amount: the line costs exactly this */
    labelPriceCents: integer('label_price_cents'),
    /** written at the end: the price and amount the till charges */
    unitPriceCents: integer('unit_price_cents'),
    amountCents: integer('amount_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('smart_cart_lines_session_idx').on(t.sessionId, t.lineId)],
);

/** A device's scan (its id) applied once per customer. */
export const smartCartScans = pgTable(
  'smart_cart_scans',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    scanId: text('scan_id').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => smartCartSessions.sessionId, { onDelete: 'cascade' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scanId] }),
    index('smart_cart_scans_session_idx').on(t.sessionId),
  ],
);
