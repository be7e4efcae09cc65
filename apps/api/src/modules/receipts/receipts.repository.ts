import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { romeInstant, wireTimestamp } from '../../db/wire-time';

/** One receipt as stored (money in cents). */
export interface ReceiptRow {
  receiptId: number;
  source: 'store' | 'online';
  systemId: string;
  tillCode: string;
  documentNumber: string;
  /** ISO date-time */
  issuedAt: string;
  warehouseId: number;
  storeName: string;
  storeVatNumber: string;
  storeAddress: string;
  cardNumber: string | null;
  userId: number | null;
  orderId: number | null;
  totalCents: number;
  vatCents: number;
  paymentMethod: string;
  digital: boolean;
  itemCount: number;
}

export interface ReceiptLineRow {
  lineNo: number;
  description: string;
  productId: number | null;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  vatRate: number;
}

export interface NewReceipt {
  source: 'store' | 'online';
  systemId: string;
  tillCode: string;
  documentNumber: string;
  issuedAt: Date;
  warehouseId: number;
  storeName: string;
  storeVatNumber: string;
  storeAddress: string;
  cardNumber: string | null;
  userId: number | null;
  orderId: number | null;
  totalCents: number;
  vatCents: number;
  paymentMethod: string;
  digital: boolean;
  lines: ReadonlyArray<Omit<ReceiptLineRow, 'lineNo'>>;
}

export interface SettingsRow {
  digitalReceipt: boolean;
  voucherMode: 'paper' | 'digital';
  pendingDigitalReceipt: boolean | null;
  pendingVoucherMode: 'paper' | 'digital' | null;
  pendingFrom: Date | null;
}

export interface TaxfreeRow {
  status: 'approved' | 'pending';
  invoiceNumber: string;
  issuedOn: string;
  amountCents: number;
  pointOfSale: string;
}

/** A period of Italian days, both ends included (YYYY-MM-DD). */
export interface DayRange {
  from: string | null;
  to: string | null;
}

/**
 * A line of goods, what the receipt counts as "articoli": a product of the catalogue, or at a till any line
 * that charges something (a till may not know the product). An online receipt's other lines are its
 * discounts, delivery fee, bags and the meal vouchers' service cost: not articles.
 */
const GOODS_LINE = sql`(l.product_id IS NOT NULL OR (r.source <> 'online' AND l.amount_cents > 0))`;

const RECEIPT_COLUMNS = sql`r.receipt_id::int AS "receiptId", r.source, r.system_id AS "systemId",
  r.till_code AS "tillCode", r.document_number AS "documentNumber",
  ${wireTimestamp('r.issued_at', 'seconds')} AS "issuedAt",
  r.warehouse_id::int AS "warehouseId", r.store_name AS "storeName", r.store_vat_number AS "storeVatNumber",
  r.store_address AS "storeAddress", r.card_number AS "cardNumber", r.user_id AS "userId",
  r.order_id AS "orderId", r.total_cents::int AS "totalCents", r.vat_cents::int AS "vatCents",
  r.payment_method AS "paymentMethod", r.digital,
  (SELECT count(*)::int FROM receipt_lines l WHERE l.receipt_id = r.receipt_id AND ${GOODS_LINE}) AS "itemCount"`;

/** Italian days as instants: from the start of `from` to the end of `to`. */
const dayFilter = (range: DayRange) => sql`
  ${range.from ? sql`AND r.issued_at >= ${romeInstant(sql`(${range.from}::date)::timestamp`)}` : sql``}
  ${range.to ? sql`AND r.issued_at < ${romeInstant(sql`(${range.to}::date + 1)::timestamp`)}` : sql``}`;

/** SQL of the receipts module: receipts and their lines, till systems, settings, tax-free refunds. */
export class ReceiptsRepository {
  constructor(private readonly db: Db) {}

  // ---------- the customer's receipts ----------
  async countOf(userId: number, range: DayRange): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM receipts r WHERE r.user_id = ${userId} ${dayFilter(range)}`,
    );
    return row?.n ?? 0;
  }

  /** newest first */
  async pageOf(userId: number, range: DayRange, limit: number, offset: number): Promise<ReceiptRow[]> {
    return queryRows<ReceiptRow>(
      this.db,
      sql`SELECT ${RECEIPT_COLUMNS} FROM receipts r WHERE r.user_id = ${userId} ${dayFilter(range)}
          ORDER BY r.issued_at DESC, r.receipt_id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
  }

  /** one receipt of the customer (null: none, or another customer's); any customer's when userId is null */
  async find(receiptId: number, userId: number | null, db: Db = this.db): Promise<ReceiptRow | null> {
    const [row] = await queryRows<ReceiptRow>(
      db,
      sql`SELECT ${RECEIPT_COLUMNS} FROM receipts r WHERE r.receipt_id = ${receiptId}
          ${userId === null ? sql`` : sql`AND r.user_id = ${userId}`}`,
    );
    return row ?? null;
  }

  async linesOf(receiptId: number, db: Db = this.db): Promise<ReceiptLineRow[]> {
    return queryRows<ReceiptLineRow>(
      db,
      sql`SELECT line_no::int AS "lineNo", description, product_id AS "productId", quantity::float8 AS quantity,
                 unit_price_cents::int AS "unitPriceCents", amount_cents::int AS "amountCents",
                 vat_rate::float8 AS "vatRate"
          FROM receipt_lines WHERE receipt_id = ${receiptId} ORDER BY line_no`,
    );
  }

  /** a till's document already received (idempotency on system, till and number) */
  async findDocument(systemId: string, tillCode: string, documentNumber: string, db: Db) {
    const [row] = await queryRows<{
      receiptId: number;
      totalCents: number;
      userId: number | null;
      digital: boolean;
    }>(
      db,
      sql`SELECT receipt_id::int AS "receiptId", total_cents::int AS "totalCents", user_id AS "userId", digital
          FROM receipts WHERE system_id = ${systemId} AND till_code = ${tillCode}
                          AND document_number = ${documentNumber}`,
    );
    return row ?? null;
  }

  /**
   * Writes a receipt and its lines; null when the same document (or the same order's receipt) is there
   * already: the unique indexes decide between two writers.
   */
  async insert(r: NewReceipt, db: Db): Promise<number | null> {
    const lines = r.lines.map((l, i) => ({
      line_no: i + 1,
      description: l.description,
      product_id: l.productId,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      amount_cents: l.amountCents,
      vat_rate: l.vatRate,
    }));
    // one statement (one round trip): the receipt, then its lines when the receipt was written
    const [row] = await queryRows<{ receiptId: number }>(
      db,
      sql`WITH r AS (
            INSERT INTO receipts (source, system_id, till_code, document_number, issued_at, warehouse_id,
              store_name, store_vat_number, store_address, card_number, user_id, order_id, total_cents, vat_cents,
              payment_method, digital)
            VALUES (${r.source}, ${r.systemId}, ${r.tillCode}, ${r.documentNumber}, ${r.issuedAt.toISOString()},
              ${r.warehouseId}, ${r.storeName}, ${r.storeVatNumber}, ${r.storeAddress}, ${r.cardNumber},
              ${r.userId}, ${r.orderId}, ${r.totalCents}, ${r.vatCents}, ${r.paymentMethod}, ${r.digital})
            ON CONFLICT DO NOTHING
            RETURNING receipt_id
          ), l AS (
            INSERT INTO receipt_lines (receipt_id, line_no, description, product_id, quantity, unit_price_cents,
              amount_cents, vat_rate)
            SELECT r.receipt_id, x.line_no, x.description, x.product_id, x.quantity, x.unit_price_cents,
              x.amount_cents, x.vat_rate
            FROM r CROSS JOIN json_to_recordset(${JSON.stringify(lines)}::json) AS x(line_no smallint,
              description text, product_id int, quantity numeric, unit_price_cents int, amount_cents int,
              vat_rate numeric)
          )
          SELECT receipt_id::int AS "receiptId" FROM r`,
    );
    return row?.receiptId ?? null;
  }

  /** A card just linked to an account: the receipts of that card no account held become the customer's. */
  async claimCard(userId: number, cardNumber: string, db: Db): Promise<number> {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`UPDATE receipts SET user_id = ${userId}
          WHERE card_number = ${cardNumber} AND user_id IS NULL
          RETURNING receipt_id::int AS id`,
    );
    return rows.length;
  }

  /** Deletes digital receipts issued before `before`, at most `limit`; answers how many. */
  async deleteDigitalBefore(before: Date, limit: number): Promise<number> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`DELETE FROM receipts WHERE receipt_id IN (
            SELECT receipt_id FROM receipts WHERE digital AND issued_at < ${before.toISOString()} LIMIT ${limit})
          RETURNING receipt_id::int AS id`,
    );
    return rows.length;
  }

  /** An erased customer's receipts and refunds go with their data. */
  async eraseCustomer(userId: number): Promise<void> {
    await this.db.execute(sql`DELETE FROM receipts WHERE user_id = ${userId}`);
    await this.db.execute(sql`DELETE FROM taxfree_refunds WHERE user_id = ${userId}`);
    await this.db.execute(sql`DELETE FROM receipt_settings WHERE user_id = ${userId}`);
  }

  // ---------- till systems ----------
  /** a till system with its store's name and address (delivery's warehouses and addresses, read only) */
  async tillSystem(systemId: string, db: Db = this.db) {
    const [row] = await queryRows<{
      systemId: string;
      warehouseId: number;
      secretHash: string;
      active: boolean;
      storeName: string | null;
      storeAddress: string;
    }>(
      db,
      sql`SELECT t.system_id AS "systemId", t.warehouse_id::int AS "warehouseId", t.secret_hash AS "secretHash",
                 t.active, w.name AS "storeName",
                 coalesce((SELECT concat_ws(' ', a.address1, a.address_number, a.postal_code, a.city)
                   FROM addresses a WHERE a.warehouse_id = t.warehouse_id AND a.user_id IS NULL LIMIT 1), '')
                   AS "storeAddress"
          FROM receipt_till_systems t LEFT JOIN warehouses w ON w.warehouse_id = t.warehouse_id
          WHERE t.system_id = ${systemId}`,
    );
    if (!row) return null;
    const { storeName, storeAddress, ...system } = row;
    return { ...system, store: storeName === null ? null : { name: storeName, address: storeAddress } };
  }

  async upsertTillSystem(systemId: string, warehouseId: number, secretHash: string, db: Db): Promise<void> {
    await db.execute(
      sql`INSERT INTO receipt_till_systems (system_id, warehouse_id, secret_hash) VALUES (${systemId},
            ${warehouseId}, ${secretHash}) ON CONFLICT (system_id) DO NOTHING`,
    );
  }

  /** the store's name and address (delivery's warehouses, read only) */
  async storeOf(warehouseId: number, db: Db = this.db): Promise<{ name: string; address: string } | null> {
    const [row] = await queryRows<{ name: string; address: string }>(
      db,
      sql`SELECT w.name, coalesce((SELECT concat_ws(' ', a.address1, a.address_number, a.postal_code, a.city)
                  FROM addresses a WHERE a.warehouse_id = w.warehouse_id AND a.user_id IS NULL LIMIT 1), '') AS address
          FROM warehouses w WHERE w.warehouse_id = ${warehouseId}`,
    );
    return row ?? null;
  }

  /** the VAT rate of catalogue products (products.iva_pct, read only) */
  async vatRatesOf(productIds: readonly number[], db: Db = this.db): Promise<Map<number, number>> {
    if (productIds.length === 0) return new Map();
    const rows = await queryRows<{ id: number; rate: number }>(
      db,
      sql`SELECT product_id::int AS id, iva_pct::float8 AS rate FROM products
          WHERE product_id IN (${sql.join(
            productIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    return new Map(rows.map((r) => [r.id, r.rate]));
  }

  // ---------- settings ----------
  async settingsOf(userId: number, db: Db = this.db): Promise<SettingsRow | null> {
    const [row] = await queryRows<SettingsRow & { pendingFrom: string | null }>(
      db,
      sql`SELECT digital_receipt AS "digitalReceipt", voucher_mode AS "voucherMode",
                 pending_digital_receipt AS "pendingDigitalReceipt", pending_voucher_mode AS "pendingVoucherMode",
                 ${wireTimestamp('pending_from', 'milliseconds')} AS "pendingFrom"
          FROM receipt_settings WHERE user_id = ${userId}`,
    );
    if (!row) return null;
    return { ...row, pendingFrom: row.pendingFrom ? new Date(row.pendingFrom) : null };
  }

  /**
   * Records a requested change: what is in force stays until `from`; a change back to what is in force
   * leaves nothing pending. A change still pending whose time has come is applied first.
   */
  async requestChange(
    userId: number,
    wanted: { digitalReceipt: boolean; voucherMode: 'paper' | 'digital' },
    from: Date,
    now: Date,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO receipt_settings (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`,
      );
      await this.applyDue(now, userId, tx);
      await tx.execute(
        sql`UPDATE receipt_settings SET
              pending_digital_receipt = CASE WHEN digital_receipt = ${wanted.digitalReceipt}::boolean
                AND voucher_mode = ${wanted.voucherMode} THEN NULL ELSE ${wanted.digitalReceipt}::boolean END,
              pending_voucher_mode = CASE WHEN digital_receipt = ${wanted.digitalReceipt}::boolean
                AND voucher_mode = ${wanted.voucherMode} THEN NULL ELSE ${wanted.voucherMode}::text END,
              pending_from = CASE WHEN digital_receipt = ${wanted.digitalReceipt}::boolean
                AND voucher_mode = ${wanted.voucherMode} THEN NULL ELSE ${from.toISOString()}::timestamptz END,
              updated_at = ${now.toISOString()}
            WHERE user_id = ${userId}`,
      );
    });
  }

  /** Applies the pending changes whose time has come (all customers', or one's); answers how many. */
  async applyDue(now: Date, userId?: number, db: Db = this.db): Promise<number> {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`UPDATE receipt_settings SET digital_receipt = pending_digital_receipt,
            voucher_mode = pending_voucher_mode, pending_digital_receipt = NULL, pending_voucher_mode = NULL,
            pending_from = NULL, updated_at = ${now.toISOString()}
          WHERE pending_from <= ${now.toISOString()} ${userId === undefined ? sql`` : sql`AND user_id = ${userId}`}
          RETURNING user_id AS id`,
    );
    return rows.length;
  }

  /** the settings in force, nothing pending (demo data) */
  async setSettings(userId: number, digitalReceipt: boolean, voucherMode: 'paper' | 'digital', db: Db) {
    await db.execute(
      sql`INSERT INTO receipt_settings (user_id, digital_receipt, voucher_mode) VALUES (${userId},
            ${digitalReceipt}, ${voucherMode}) ON CONFLICT (user_id) DO NOTHING`,
    );
  }

  // ---------- tax-free refunds ----------
  async insertTaxfree(userId: number, r: TaxfreeRow, db: Db): Promise<void> {
    await db.execute(
      sql`INSERT INTO taxfree_refunds (user_id, invoice_number, issued_on, amount_cents, point_of_sale, status)
          VALUES (${userId}, ${r.invoiceNumber}, ${r.issuedOn}, ${r.amountCents}, ${r.pointOfSale}, ${r.status})
          ON CONFLICT (invoice_number) DO NOTHING`,
    );
  }

  async taxfreeOf(userId: number, from: string, to: string): Promise<TaxfreeRow[]> {
    return queryRows<TaxfreeRow>(
      this.db,
      sql`SELECT status, invoice_number AS "invoiceNumber", to_char(issued_on, 'YYYY-MM-DD') AS "issuedOn",
                 amount_cents::int AS "amountCents", point_of_sale AS "pointOfSale"
          FROM taxfree_refunds WHERE user_id = ${userId} AND issued_on BETWEEN ${from}::date AND ${to}::date
          ORDER BY issued_on DESC, refund_id DESC`,
    );
  }
}
