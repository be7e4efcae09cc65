import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema-account';

/**
 * Receipts (issue 22, decision 046), owned by the receipts module: the stores' till systems that send
 * receipts, the receipts ("documento commerciale") of in-store purchases and of delivered online orders with
 * their lines, the customer's digital-receipt and voucher-mode setting with its pending change, and the
 * tax-free refunds.
 */

/** A store's till system: it authenticates with its id and a secret (SHA-256 of a random secret kept here). */
export const receiptTillSystems = pgTable('receipt_till_systems', {
  /** e.g. "CASSE-13" */
  systemId: text('system_id').primaryKey(),
  /** the store (delivery's warehouses.warehouse_id) whose tills it speaks for */
  warehouseId: integer('warehouse_id').notNull(),
  /** hex SHA-256 of the secret (the secret is 32 random bytes: a plain hash is enough) */
  secretHash: text('secret_hash').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const receipts = pgTable(
  'receipts',
  {
    receiptId: serial('receipt_id').primaryKey(),
    /** store: from a till; online: a delivered online order */
    source: text('source').notNull(),
    /** the till system that sent it ("online" for online orders) */
    systemId: text('system_id').notNull(),
    /** the till's number within the store ("WEB" for online orders) */
    tillCode: text('till_code').notNull(),
    /** the document's number as printed, e.g. "0042-0137" */
    documentNumber: text('document_number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    storeName: text('store_name').notNull(),
    /** the seller's "partita IVA" printed on the document */
    storeVatNumber: text('store_vat_number').notNull(),
    storeAddress: text('store_address').notNull().default(''),
    /** the loyalty card shown at the till (null: none) */
    cardNumber: text('card_number'),
    /** the customer: the card's holder, or the online order's customer (null: a card no account holds) */
    userId: integer('user_id').references(() => users.userId, { onDelete: 'cascade' }),
    /** the online order (null for a till's receipt) */
    orderId: integer('order_id'),
    totalCents: integer('total_cents').notNull(),
    /** the VAT included in the total */
    vatCents: integer('vat_cents').notNull(),
    /** cash | card | voucher | online | other */
    paymentMethod: text('payment_method').notNull(),
    /** the paper receipt was not printed: the customer's digital receipt (deleted after 6 months) */
    digital: boolean('digital').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // a till replaying a document writes nothing new
    uniqueIndex('receipts_document_uq').on(t.systemId, t.tillCode, t.documentNumber),
    uniqueIndex('receipts_order_uq')
      .on(t.orderId)
      .where(sql`${t.orderId} IS NOT NULL`),
    index('receipts_user_idx').on(t.userId, t.issuedAt.desc(), t.receiptId.desc()),
    index('receipts_digital_idx')
      .on(t.issuedAt)
      .where(sql`${t.digital}`),
    check('receipts_source', sql`${t.source} IN ('store', 'online')`),
    check('receipts_total', sql`${t.totalCents} >= 0 AND ${t.vatCents} >= 0`),
  ],
);

export const receiptLines = pgTable(
  'receipt_lines',
  {
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.receiptId, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    description: text('description').notNull(),
    /** a catalogue product when the till knows it */
    productId: integer('product_id'),
    /** pieces, or kg for goods sold by weight */
    quantity: numeric('quantity', { precision: 10, scale: 3 }).notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** 4, 5, 10 or 22 (%) */
    vatRate: numeric('vat_rate', { precision: 4, scale: 1 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.receiptId, t.lineNo] })],
);

/**
 * The customer's digital receipt service and voucher mode (spec section 4: switched on or off, effective
 * within 24 hours): the settings in force, and a requested change with the instant it takes effect.
 */
export const receiptSettings = pgTable('receipt_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId, { onDelete: 'cascade' }),
  digitalReceipt: boolean('digital_receipt').notNull().default(false),
  /** paper | digital: how the till's coupons and vouchers reach the customer */
  voucherMode: text('voucher_mode').notNull().default('paper'),
  pendingDigitalReceipt: boolean('pending_digital_receipt'),
  pendingVoucherMode: text('pending_voucher_mode'),
  /** when the pending change takes effect (null: none pending) */
  pendingFrom: timestamp('pending_from', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Tax-free refunds (spec section 3): the VAT refunded to a traveller for a purchase, by invoice. */
export const taxfreeRefunds = pgTable(
  'taxfree_refunds',
  {
    refundId: serial('refund_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    invoiceNumber: text('invoice_number').notNull().unique(),
    issuedOn: date('issued_on').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** the store where it was bought */
    pointOfSale: text('point_of_sale').notNull(),
    /** approved | pending */
    status: text('status').notNull(),
  },
  (t) => [
    index('taxfree_refunds_user_idx').on(t.userId, t.issuedOn),
    check('taxfree_refunds_status', sql`${t.status} IN ('approved', 'pending')`),
  ],
);
