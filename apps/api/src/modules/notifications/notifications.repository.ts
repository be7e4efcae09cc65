import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wireTimestamp } from '../../db/wire-time';

/** A message to write (NotificationService.record). */
export interface NewNotification {
  userId: number;
  /** contracts/notifications.ts NOTIFICATION_TYPE */
  messageTypeId: number;
  title: string;
  body: string;
  orderId?: number | null;
  receiptId?: number | null;
  giftCertificateId?: number | null;
  /** one message per key: a repeated event with the same key writes nothing */
  dedupeKey?: string | null;
}

export interface NotificationRow {
  notificationId: number;
  messageTypeId: number;
  title: string;
  body: string;
  orderId: number | null;
  receiptId: number | null;
  giftCertificateId: number | null;
  createdAt: string;
  readAt: string | null;
}

/** SQL of the notifications module (decision 048): the one table `notifications`. */
export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  /** Writes one message in the caller's transaction; its id, or null: its dedupe key was already used. */
  async insert(n: NewNotification, at: Date, db: Db): Promise<number | null> {
    const rows = await queryRows<{ id: number }>(db, this.insertSql(n, at, sql`true`));
    return rows[0]?.id ?? null;
  }

  /**
   * `insert`'s statement, also the body of a CTE of a caller's statement (`NotificationService.recordSql`):
   * written only when `when` holds.
   */
  insertSql(n: NewNotification, at: Date, when: SQL): SQL {
    return sql`INSERT INTO notifications (user_id, message_type_id, title, body, order_id, receipt_id,
        gift_certificate_id, dedupe_key, created_at)
      SELECT ${n.userId}::int, ${n.messageTypeId}::int, ${n.title}::text, ${n.body}::text, ${n.orderId ?? null}::int,
        ${n.receiptId ?? null}::int, ${n.giftCertificateId ?? null}::int, ${n.dedupeKey ?? null}::text,
        ${at.toISOString()}::timestamptz
      WHERE ${when}
      ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
      RETURNING notification_id::int AS id`;
  }

  private where(userId: number, messageTypeId: number | undefined): SQL {
    return messageTypeId === undefined
      ? sql`user_id = ${userId}`
      : sql`user_id = ${userId} AND message_type_id = ${messageTypeId}`;
  }

  /** One page of a customer's messages, newest first, with the count of all of them. */
  async page(userId: number, messageTypeId: number | undefined, limit: number, offset: number) {
    const where = this.where(userId, messageTypeId);
    const rows = await queryRows<NotificationRow>(
      this.db,
      sql`SELECT notification_id::int AS "notificationId", message_type_id::int AS "messageTypeId", title, body,
            order_id AS "orderId", receipt_id AS "receiptId", gift_certificate_id AS "giftCertificateId",
            ${wireTimestamp('created_at', 'milliseconds')} AS "createdAt", CASE WHEN read_at IS NULL THEN NULL ELSE ${wireTimestamp('read_at', 'milliseconds')} END AS "readAt"
          FROM notifications WHERE ${where}
          ORDER BY created_at DESC, notification_id DESC
          LIMIT ${limit} OFFSET ${offset}`,
    );
    const [n] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM notifications WHERE ${where}`,
    );
    return { rows, total: n?.n ?? 0 };
  }

  /** Marks these messages of the customer read (those not read yet). */
  async markRead(userId: number, ids: readonly number[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(
      sql`UPDATE notifications SET read_at = ${at.toISOString()}::timestamptz
          WHERE user_id = ${userId} AND read_at IS NULL AND notification_id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }

  /** Account erasure: the customer's messages go with it. */
  async deleteOf(userId: number): Promise<void> {
    await this.db.execute(sql`DELETE FROM notifications WHERE user_id = ${userId}`);
  }

  async unreadCount(userId: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND read_at IS NULL`,
    );
    return row?.n ?? 0;
  }
}
