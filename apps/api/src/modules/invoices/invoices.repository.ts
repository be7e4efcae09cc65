import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { romeDayText, wireTimestamp } from '../../db/wire-time';

/**
 * The invoices module's SQL (decision 087). It writes its own tables only; it reads the order, its lines, the
 * products' VAT rates and the customer's name (reads may join any table, decision 029).
 */

export interface OrderInvoiceFacts {
  orderId: number;
  userId: number;
  orderStatusId: number;
  paymentTypeId: number;
  deliveryFeeCents: number;
  packagingCents: number;
  giftDiscountCents: number;
  walletCents: number;
  mealVoucherCents: number;
  /** the invoice data kept with the order (checkout's "richiedo fattura"), null: no invoice asked */
  invoice: Record<string, unknown> | null;
  firstName: string;
  lastName: string;
  /** the order's day (Italian), YYYY-MM-DD */
  orderedOn: string;
  lines: Array<{
    position: number;
    orderItemId: number;
    productId: number;
    code: string;
    name: string;
    substituted: boolean;
    quantity: number;
    realWeight: number | null;
    sellingType: string;
    unitBase: string;
    grossCents: number;
    vatRate: number | null;
  }>;
}

export interface DocumentRow {
  documentId: number;
  kind: 'TD01' | 'TD04';
  year: number;
  number: number;
  numberText: string;
  issuedOn: string;
  orderId: number;
  userId: number;
  relatedDocumentId: number | null;
  refundId: number | null;
  walletMovementId: number | null;
  replacesDocumentId: number | null;
  customerName: string;
  totalCents: number;
  vatCents: number;
  data: unknown;
  transmissionId: string;
  sdiState: 'ready' | 'sent' | 'delivered' | 'rejected' | 'replaced';
  sdiId: string | null;
  sdiErrors: Array<{ code: string; description: string }>;
  sendAttempts: number;
  stateAt: string;
}

const DOCUMENT_COLUMNS = sql`document_id::int AS "documentId", kind, year::int AS year, number::int AS number,
  number_text AS "numberText", issued_on::text AS "issuedOn", order_id::int AS "orderId",
  user_id::int AS "userId", related_document_id::int AS "relatedDocumentId", refund_id::int AS "refundId",
  wallet_movement_id::int AS "walletMovementId", replaces_document_id::int AS "replacesDocumentId",
  customer_name AS "customerName", total_cents::int AS "totalCents", vat_cents::int AS "vatCents", data,
  transmission_id AS "transmissionId", sdi_state AS "sdiState", sdi_id AS "sdiId", sdi_errors AS "sdiErrors",
  send_attempts::int AS "sendAttempts", ${wireTimestamp('state_at', 'seconds')} AS "stateAt"`;

export interface NewDocument {
  kind: 'TD01' | 'TD04';
  year: number;
  number: number;
  numberText: string;
  issuedOn: string;
  orderId: number;
  userId: number;
  relatedDocumentId: number | null;
  refundId: number | null;
  walletMovementId: number | null;
  replacesDocumentId: number | null;
  customerName: string;
  totalCents: number;
  vatCents: number;
  data: unknown;
  xml: string;
  transmissionId: string;
}

export interface DocumentFilter {
  from?: string | undefined;
  to?: string | undefined;
  kind?: 'TD01' | 'TD04' | undefined;
  sdiState?: DocumentRow['sdiState'] | undefined;
  orderId?: number | undefined;
  /** leave out files the SDI rejected that a corrected document replaced (never issued: the export) */
  issuedOnly?: boolean | undefined;
}

function whereOf(f: DocumentFilter) {
  const where = [sql`TRUE`];
  if (f.from) where.push(sql`issued_on >= ${f.from}::date`);
  if (f.to) where.push(sql`issued_on <= ${f.to}::date`);
  if (f.kind) where.push(sql`kind = ${f.kind}`);
  if (f.sdiState) where.push(sql`sdi_state = ${f.sdiState}`);
  if (f.orderId) where.push(sql`order_id = ${f.orderId}`);
  if (f.issuedOnly) where.push(sql`sdi_state <> 'replaced'`);
  return where;
}

export class InvoicesRepository {
  constructor(private readonly db: Db) {}

  async orderFacts(orderId: number, db: Db = this.db): Promise<OrderInvoiceFacts | null> {
    const [o] = await queryRows<Omit<OrderInvoiceFacts, 'lines'>>(
      db,
      sql`SELECT o.order_id::int AS "orderId", o.user_id::int AS "userId", o.order_status_id::int AS "orderStatusId",
                 o.payment_type_id::int AS "paymentTypeId", o.delivery_fee_cents::int AS "deliveryFeeCents",
                 o.packaging_cents::int AS "packagingCents", o.gift_discount_cents::int AS "giftDiscountCents",
                 o.wallet_cents::int AS "walletCents", o.meal_voucher_cents::int AS "mealVoucherCents",
                 o.infos -> 'invoice' AS invoice, u.first_name AS "firstName", u.last_name AS "lastName",
                 ${romeDayText(sql`o.created_at`)} AS "orderedOn"
          FROM orders o JOIN users u ON u.user_id = o.user_id WHERE o.order_id = ${orderId}`,
    );
    if (!o) return null;
    const lines = await queryRows<OrderInvoiceFacts['lines'][number]>(
      db,
      sql`SELECT i.position::int AS position, i.order_item_id::int AS "orderItemId", coalesce(i.substitute_product_id, i.product_id)::int AS "productId",
                 coalesce(p.cod_int, i.cod_int) AS code, coalesce(i.substitute_name, i.name) AS name,
                 (i.substitute_product_id IS NOT NULL) AS substituted,
                 coalesce(i.delivered_quantity, i.quantity)::float8 AS quantity, i.real_weight::float8 AS "realWeight",
                 i.selling_type AS "sellingType", i.unit_base AS "unitBase",
                 coalesce(i.delivered_total_cents, i.line_total_cents)::int AS "grossCents",
                 p.iva_pct::float8 AS "vatRate"
          FROM order_items i LEFT JOIN products p ON p.product_id = coalesce(i.substitute_product_id, i.product_id)
          WHERE i.order_id = ${orderId} AND coalesce(i.delivered_quantity, i.quantity) > 0
          ORDER BY i.position`,
    );
    return { ...o, invoice: o.invoice && typeof o.invoice === 'object' ? o.invoice : null, lines };
  }

  /**
   * The next number of the year's sequence. The upsert locks the year's row until the transaction ends: a
   * second issuer waits here, and a transaction that rolls back gives its number back (no gap).
   */
  async nextNumber(year: number, tx: Db): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`INSERT INTO invoice_sequences (year, last_number) VALUES (${year}, 1)
          ON CONFLICT (year) DO UPDATE SET last_number = invoice_sequences.last_number + 1
          RETURNING last_number::int AS n`,
    );
    if (!row) throw new Error('invoice sequence: no number');
    return row.n;
  }

  async insert(d: NewDocument, tx: Db): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO invoice_documents (kind, year, number, number_text, issued_on, order_id, user_id,
            related_document_id, refund_id, wallet_movement_id, replaces_document_id, customer_name, total_cents,
            vat_cents, data, xml, transmission_id)
          VALUES (${d.kind}, ${d.year}, ${d.number}, ${d.numberText}, ${d.issuedOn}::date, ${d.orderId}, ${d.userId},
            ${d.relatedDocumentId}, ${d.refundId}, ${d.walletMovementId}, ${d.replacesDocumentId}, ${d.customerName},
            ${d.totalCents}, ${d.vatCents},
            ${JSON.stringify(d.data)}::jsonb, ${d.xml}, ${d.transmissionId})
          RETURNING document_id::int AS id`,
    );
    if (!row) throw new Error('invoice document: not written');
    return row.id;
  }

  async invoiceOfOrder(orderId: number, db: Db = this.db): Promise<DocumentRow | null> {
    const [row] = await queryRows<DocumentRow>(
      db,
      sql`SELECT ${DOCUMENT_COLUMNS} FROM invoice_documents
          WHERE order_id = ${orderId} AND kind = 'TD01' AND sdi_state <> 'replaced'`,
    );
    return row ?? null;
  }

  async creditNoteOfRefund(refundId: number, db: Db = this.db): Promise<DocumentRow | null> {
    const [row] = await queryRows<DocumentRow>(
      db,
      sql`SELECT ${DOCUMENT_COLUMNS} FROM invoice_documents WHERE refund_id = ${refundId} AND sdi_state <> 'replaced'`,
    );
    return row ?? null;
  }

  /** The order's documents as issued (a file the SDI rejected and a corrected one replaced is not). */
  async documentsOfOrder(orderId: number, db: Db = this.db): Promise<DocumentRow[]> {
    return queryRows<DocumentRow>(
      db,
      sql`SELECT ${DOCUMENT_COLUMNS} FROM invoice_documents WHERE order_id = ${orderId} AND sdi_state <> 'replaced'
          ORDER BY year, number, document_id`,
    );
  }

  async creditNoteOfWalletMovement(movementId: number, db: Db = this.db): Promise<DocumentRow | null> {
    const [row] = await queryRows<DocumentRow>(
      db,
      sql`SELECT ${DOCUMENT_COLUMNS} FROM invoice_documents
          WHERE wallet_movement_id = ${movementId} AND sdi_state <> 'replaced'`,
    );
    return row ?? null;
  }

  async document(documentId: number, db: Db = this.db): Promise<DocumentRow | null> {
    const [row] = await queryRows<DocumentRow>(
      db,
      sql`SELECT ${DOCUMENT_COLUMNS} FROM invoice_documents WHERE document_id = ${documentId}`,
    );
    return row ?? null;
  }

  async xmlOf(documentId: number, db: Db = this.db): Promise<string | null> {
    const [row] = await queryRows<{ xml: string }>(
      db,
      sql`SELECT xml FROM invoice_documents WHERE document_id = ${documentId}`,
    );
    return row?.xml ?? null;
  }

  /** Where the customer reads their mail, and their first name. */
  async customerContact(
    userId: number,
    db: Db = this.db,
  ): Promise<{ email: string; firstName: string } | null> {
    const [row] = await queryRows<{ email: string; firstName: string }>(
      db,
      sql`SELECT email, first_name AS "firstName" FROM users WHERE user_id = ${userId}`,
    );
    return row ?? null;
  }

  /** The customer of an order (null: no such order). */
  async orderOwner(orderId: number, db: Db = this.db): Promise<number | null> {
    const [row] = await queryRows<{ userId: number }>(
      db,
      sql`SELECT user_id::int AS "userId" FROM orders WHERE order_id = ${orderId}`,
    );
    return row?.userId ?? null;
  }

  async count(f: DocumentFilter, db: Db = this.db): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM invoice_documents WHERE ${sql.join(whereOf(f), sql` AND `)}`,
    );
    return row?.n ?? 0;
  }

  /** Documents by filter, newest first (the back office's list and the accountant's export). */
  async list(f: DocumentFilter, limit: number, offset: number, db: Db = this.db): Promise<DocumentRow[]> {
    return queryRows<DocumentRow>(
      db,
      sql`SELECT ${DOCUMENT_COLUMNS} FROM invoice_documents WHERE ${sql.join(whereOf(f), sql` AND `)}
          ORDER BY year DESC, number DESC, document_id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  }

  /** Locks a document for a change of its state at the exchange system. */
  async lockForSending(documentId: number, tx: Db): Promise<(DocumentRow & { xml: string }) | null> {
    const [row] = await queryRows<DocumentRow & { xml: string }>(
      tx,
      sql`SELECT ${DOCUMENT_COLUMNS}, xml FROM invoice_documents WHERE document_id = ${documentId} FOR UPDATE`,
    );
    return row ?? null;
  }

  async setState(
    documentId: number,
    s: {
      sdiState: DocumentRow['sdiState'];
      sdiId?: string | null;
      sdiErrors?: DocumentRow['sdiErrors'];
      attempted?: boolean;
      /** the shop's clock (default: the database's) */
      at?: Date;
    },
    tx: Db,
  ): Promise<void> {
    await tx.execute(
      sql`UPDATE invoice_documents SET sdi_state = ${s.sdiState},
            sdi_id = ${s.sdiId === undefined ? sql`sdi_id` : s.sdiId},
            sdi_errors = ${s.sdiErrors === undefined ? sql`sdi_errors` : sql`${JSON.stringify(s.sdiErrors)}::jsonb`},
            send_attempts = send_attempts + ${s.attempted ? 1 : 0},
            state_at = ${s.at ? sql`${s.at.toISOString()}::timestamptz` : sql`now()`}
          WHERE document_id = ${documentId}`,
    );
  }

  /** How many files a document number has had (a rejected one and its corrections): the next file's suffix. */
  async numberTries(year: number, number: number, tx: Db): Promise<{ tries: number }> {
    const [row] = await queryRows<{ tries: number }>(
      tx,
      sql`SELECT count(*)::int AS tries FROM invoice_documents WHERE year = ${year} AND number = ${number}`,
    );
    return { tries: row?.tries ?? 1 };
  }

  async documentBySdiId(sdiId: string, db: Db = this.db): Promise<DocumentRow | null> {
    const [row] = await queryRows<DocumentRow>(
      db,
      sql`SELECT ${DOCUMENT_COLUMNS} FROM invoice_documents WHERE sdi_id = ${sdiId}`,
    );
    return row ?? null;
  }
}
