import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './schema-orders';

/**
 * Electronic invoices (issue 51, decision 087), owned by the invoices module: one numbering sequence per
 * year, and the documents (TD01 invoices, TD04 credit notes) as issued, never edited: their XML, the data
 * their courtesy copy and the accountant's register are made from, and their state at the exchange system.
 */

/** One row per year: the last number given. Taken with a row-locking upsert in the issuing transaction. */
export const invoiceSequences = pgTable(
  'invoice_sequences',
  {
    year: smallint('year').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('invoice_sequences_positive', sql`${t.lastNumber} > 0`)],
);

export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    documentId: serial('document_id').primaryKey(),
    /** TD01 invoice | TD04 credit note */
    kind: text('kind').notNull(),
    year: smallint('year').notNull(),
    /** the number within the year's sequence */
    number: integer('number').notNull(),
    /** as printed: "2026/000123" */
    numberText: text('number_text').notNull(),
    /** Italian date of issue */
    issuedOn: date('issued_on').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId),
    userId: integer('user_id').notNull(),
    /** a credit note's invoice */
    relatedDocumentId: integer('related_document_id'),
    /** the payment refund a credit note credits (payment_refunds.refund_id) */
    refundId: integer('refund_id'),
    /** the wallet's goodwill credit a credit note credits (wallet_movements.movement_id) */
    walletMovementId: integer('wallet_movement_id'),
    /** a corrected document issued in place of this one, rejected by the SDI (decision 094) */
    replacesDocumentId: integer('replaces_document_id'),
    /** the customer's name as on the document (lists, register) */
    customerName: text('customer_name').notNull(),
    totalCents: integer('total_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    /** the document as built (FatturaDocument): the courtesy copy and the register read it */
    data: jsonb('data').notNull(),
    /** the FatturaPA XML, validated against the schema before it was written */
    xml: text('xml').notNull(),
    /** ProgressivoInvio: unique per transmitter */
    transmissionId: text('transmission_id').notNull(),
    /** ready | sent | delivered | rejected (at the exchange system) | replaced (rejected, then re-issued) */
    sdiState: text('sdi_state').notNull().default('ready'),
    /** the exchange system's identifier of the file, once sent */
    sdiId: text('sdi_id'),
    /** the rejection's errors: [{ code, description }] */
    sdiErrors: jsonb('sdi_errors').notNull().default([]),
    sendAttempts: smallint('send_attempts').notNull().default(0),
    stateAt: timestamp('state_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // a rejected file is not issued (decision 094): its corrected document may take its number and date
    uniqueIndex('invoice_documents_number_uq')
      .on(t.year, t.number)
      .where(sql`${t.sdiState} <> 'replaced'`),
    uniqueIndex('invoice_documents_transmission_uq').on(t.transmissionId),
    uniqueIndex('invoice_documents_order_invoice_uq')
      .on(t.orderId)
      .where(sql`${t.kind} = 'TD01' AND ${t.sdiState} <> 'replaced'`),
    uniqueIndex('invoice_documents_refund_uq')
      .on(t.refundId)
      .where(sql`${t.refundId} IS NOT NULL AND ${t.sdiState} <> 'replaced'`),
    uniqueIndex('invoice_documents_wallet_uq')
      .on(t.walletMovementId)
      .where(sql`${t.walletMovementId} IS NOT NULL AND ${t.sdiState} <> 'replaced'`),
    uniqueIndex('invoice_documents_replaces_uq')
      .on(t.replacesDocumentId)
      .where(sql`${t.replacesDocumentId} IS NOT NULL`),
    index('invoice_documents_order_idx').on(t.orderId),
    index('invoice_documents_issued_idx').on(t.issuedOn),
    check('invoice_documents_kind_ck', sql`${t.kind} IN ('TD01', 'TD04')`),
    check(
      'invoice_documents_state_ck',
      sql`${t.sdiState} IN ('ready', 'sent', 'delivered', 'rejected', 'replaced')`,
    ),
  ],
);
