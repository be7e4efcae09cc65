import type { AdminCustomer, AdminCustomerSummary } from '@spesa/shared/contracts/admin';
import { orderStatusLabel } from '@spesa/shared/orders/order-status';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wireTimestamp } from '../../db/wire-time';

export type CustomerSort = 'id' | 'lastName' | 'email' | 'createdAt';
const SORT_COLUMN: Record<CustomerSort, string> = {
  id: 'u.user_id',
  lastName: 'u.last_name',
  email: 'u.email',
  createdAt: 'u.created_at',
};

const SUMMARY = sql`u.user_id AS id, u.first_name AS "firstName", u.last_name AS "lastName", u.email,
  u.mobile_phone AS "mobilePhone", u.card_number AS "cardNumber", u.fiscal_code AS "fiscalCode",
  ${wireTimestamp('u.created_at', 'seconds')} AS "createdAt",
  CASE WHEN u.anonymized_at IS NULL THEN NULL ELSE ${wireTimestamp('u.anonymized_at', 'seconds')} END AS "anonymizedAt"`;

/** Customers are shop accounts that are not staff members. */
const CUSTOMER = sql`NOT EXISTS (SELECT 1 FROM staff_members s WHERE s.user_id = u.user_id)`;

/**
 * Customers as customer service finds them (decision 030): the account module owns `users` and erases them;
 * this reads them, their latest orders, and writes the notes the back office keeps (`customer_notes`).
 */
export class AdminCustomersRepository {
  constructor(private readonly db: Db) {}

  /** By name, e-mail, loyalty-card number, phone or fiscal code; one page and the count of all. */
  async list(
    q: string | undefined,
    sort: { by: CustomerSort; desc: boolean },
    limit: number,
    offset: number,
    opts: { liveOnly?: boolean } = {},
  ): Promise<{ rows: AdminCustomerSummary[]; total: number }> {
    const parts: SQL[] = [CUSTOMER];
    if (opts.liveOnly) parts.push(sql`u.anonymized_at IS NULL`);
    if (q) {
      const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      const digits = q.replace(/[\s+]/g, '');
      parts.push(sql`(u.email ILIKE ${like} OR (u.first_name || ' ' || u.last_name) ILIKE ${like}
        OR (u.last_name || ' ' || u.first_name) ILIKE ${like} OR u.card_number = ${digits}
        OR u.fiscal_code = upper(${q}) OR (${digits.length >= 6} AND (replace(u.mobile_phone, ' ', '') LIKE ${`%${digits}`}
        OR replace(u.home_phone, ' ', '') LIKE ${`%${digits}`})))`);
    }
    const where = sql.join(parts, sql` AND `);
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM users u WHERE ${where}`,
    );
    const rows = await queryRows<AdminCustomerSummary>(
      this.db,
      sql`SELECT ${SUMMARY} FROM users u WHERE ${where}
          ORDER BY ${sql.raw(SORT_COLUMN[sort.by])} ${sql.raw(sort.desc ? 'DESC' : 'ASC')}, u.user_id
          LIMIT ${limit} OFFSET ${offset}`,
    );
    return { rows, total: count?.n ?? 0 };
  }

  /** One customer with their last 20 orders and every note, or null (unknown or a staff member). */
  async find(userId: number, db: Db = this.db): Promise<AdminCustomer | null> {
    const [u] = await queryRows<Omit<AdminCustomer, 'orders' | 'notes'>>(
      db,
      sql`SELECT ${SUMMARY}, u.home_phone AS "homePhone", u.city, u.province,
            CASE WHEN u.birth_date IS NULL THEN NULL ELSE u.birth_date::text END AS "birthDate",
            u.marketing_consent AS "marketingConsent", u.profiling_consent AS "profilingConsent"
          FROM users u WHERE u.user_id = ${userId} AND ${CUSTOMER}`,
    );
    if (!u) return null;
    const orders = await queryRows<{ orderId: number; date: string; orderStatusId: number; cents: number }>(
      db,
      sql`SELECT order_id AS "orderId", ${wireTimestamp('created_at', 'seconds')} AS date, order_status_id::int AS "orderStatusId",
            total_cents AS cents
          FROM orders WHERE user_id = ${userId} ORDER BY order_id DESC LIMIT 20`,
    );
    const notes = await queryRows<AdminCustomer['notes'][number]>(
      db,
      sql`SELECT note_id::int AS id, ${wireTimestamp('at', 'seconds')} AS at, staff_name AS "staffName", text
          FROM customer_notes WHERE user_id = ${userId} ORDER BY note_id DESC`,
    );
    return {
      ...u,
      orders: orders.map((o) => ({
        orderId: o.orderId,
        date: o.date,
        orderStatusId: o.orderStatusId,
        orderStatusDescr: orderStatusLabel(o.orderStatusId),
        grossTotal: o.cents / 100,
      })),
      notes,
    };
  }

  async addNote(
    n: { userId: number; staffUserId: number; staffName: string; text: string },
    db: Db,
  ): Promise<void> {
    await db.execute(
      sql`INSERT INTO customer_notes (user_id, staff_user_id, staff_name, text)
          VALUES (${n.userId}, ${n.staffUserId}, ${n.staffName}, ${n.text})`,
    );
  }

  /** An erased customer's notes go with their personal data. */
  async deleteNotes(userId: number, db: Db): Promise<void> {
    await db.execute(sql`DELETE FROM customer_notes WHERE user_id = ${userId}`);
  }
}
