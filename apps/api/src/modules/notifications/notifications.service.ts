import {
  NOTIFICATION_TYPE,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationHistoryData,
} from '@spesa/shared/contracts/notifications';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ComposedWrite } from '../../lib/composed-write';
import { ok, type Result } from '../../lib/result';
import { NOTIFICATION_TEXT } from './notifications.messages';
import type { NewNotification, NotificationsRepository } from './notifications.repository';
import { PUSHED_TYPES } from './push.service';

/** An order confirmed, as its message says it. */
type ConfirmedOrder = { userId: number; orderId: number; slot: string; where: string };

/** The message "order confirmed" (`orderConfirmed`, `orderConfirmedSql`). */
function orderConfirmedOf(o: ConfirmedOrder): NewNotification {
  return {
    userId: o.userId,
    messageTypeId: NOTIFICATION_TYPE.orderConfirmed,
    orderId: o.orderId,
    ...NOTIFICATION_TEXT.orderConfirmed(o),
  };
}

/** Told of every message written, in its transaction (the push sender, decision 055). */
export type NotificationWrittenPort = (
  m: { notificationId: number; messageTypeId: number },
  tx: Db,
) => Promise<void>;

/**
 * The messages the shop sends a customer (decision 048). `record` is the one writer of the history: the
 * events that cause a message call it (through the typed helpers below, wired in app.ts as other modules'
 * ports) inside their own transaction, so a message exists exactly when its event committed. A dedupe key
 * makes a repeated event (a job run twice, a retried listener) write nothing.
 */
export class NotificationService {
  constructor(
    private readonly repo: NotificationsRepository,
    private readonly now: () => Date = () => new Date(),
    /** the push sender (wired in app.ts) */
    private readonly written: NotificationWrittenPort | null = null,
  ) {}

  /** Writes one message (false: its dedupe key was already used) and tells the push sender. */
  async record(n: NewNotification, tx: Db): Promise<boolean> {
    const notificationId = await this.repo.insert(n, this.now(), tx);
    if (notificationId === null) return false;
    await this.written?.({ notificationId, messageTypeId: n.messageTypeId }, tx);
    return true;
  }

  /**
   * `record` as CTEs of the caller's statement (decision 059, session 52), for a message the push sender does
   * not send (null for one it sends: `record` then, which queues its push with it).
   */
  recordSql(n: NewNotification): ComposedWrite | null {
    if (this.written && PUSHED_TYPES.has(n.messageTypeId)) return null;
    const at = this.now();
    return { ctes: (name, when) => sql`${sql.raw(name)} AS (${this.repo.insertSql(n, at, when)})` };
  }

  // ---------- the events (ports of other modules) ----------
  async orderConfirmed(o: ConfirmedOrder, tx: Db) {
    await this.record(orderConfirmedOf(o), tx);
  }

  /** `orderConfirmed` as CTEs of the caller's statement (the payment's return: `recordSql`). */
  orderConfirmedSql(o: ConfirmedOrder): ComposedWrite | null {
    return this.recordSql(orderConfirmedOf(o));
  }

  async orderPrepared(
    o: { userId: number; orderId: number; amountCents: number | null; captured: boolean },
    tx: Db,
  ) {
    await this.record(
      {
        userId: o.userId,
        messageTypeId: NOTIFICATION_TYPE.orderPrepared,
        orderId: o.orderId,
        ...NOTIFICATION_TEXT.orderPrepared(o),
      },
      tx,
    );
  }

  async outForDelivery(o: { userId: number; orderId: number; slot: string }, tx: Db) {
    await this.record(
      {
        userId: o.userId,
        messageTypeId: NOTIFICATION_TYPE.outForDelivery,
        orderId: o.orderId,
        ...NOTIFICATION_TEXT.outForDelivery(o),
      },
      tx,
    );
  }

  /** One reminder per order and slot day (a moved slot gets its own). */
  slotReminder(
    o: { userId: number; orderId: number; slotDate: string; slot: string; where: string; pickup: boolean },
    tx: Db,
  ): Promise<boolean> {
    return this.record(
      {
        userId: o.userId,
        messageTypeId: NOTIFICATION_TYPE.slotReminder,
        orderId: o.orderId,
        dedupeKey: `slot-reminder:${o.orderId}:${o.slotDate}`,
        ...NOTIFICATION_TEXT.slotReminder(o),
      },
      tx,
    );
  }

  /** A gift certificate or invite voucher issued to the customer (once per certificate). */
  async voucherIssued(
    o: { userId: number; giftCertificateId: number; name: string; code: string; validTo: string },
    tx: Db,
  ) {
    await this.record(
      {
        userId: o.userId,
        messageTypeId: NOTIFICATION_TYPE.voucherIssued,
        giftCertificateId: o.giftCertificateId,
        dedupeKey: `voucher:${o.giftCertificateId}`,
        ...NOTIFICATION_TEXT.voucherIssued(o),
      },
      tx,
    );
  }

  /** A digital receipt the customer can read (once per receipt); the receipts module calls it. */
  receiptAvailable = async (
    o: { userId: number; receiptId: number; storeName?: string; totalCents?: number },
    tx: Db,
  ): Promise<void> => {
    await this.record(
      {
        userId: o.userId,
        messageTypeId: NOTIFICATION_TYPE.receiptAvailable,
        receiptId: o.receiptId,
        dedupeKey: `receipt:${o.receiptId}`,
        ...NOTIFICATION_TEXT.receiptAvailable(o),
      },
      tx,
    );
  };

  // ---------- the customer's history ----------
  /**
   * GET /notification/history: one page, newest first, optionally of one kind. The page's messages are
   * answered as they were (`readAt` null: unread until now) and marked read by this reading.
   */
  async history(
    userId: number,
    q: { message_type_id?: number | undefined; page?: number | undefined; page_size?: number | undefined },
  ): Promise<Result<NotificationHistoryData>> {
    const size = q.page_size ?? NOTIFICATIONS_PAGE_SIZE;
    const page = q.page ?? 1;
    const { rows, total } = await this.repo.page(userId, q.message_type_id, size, (page - 1) * size);
    await this.repo.markRead(
      userId,
      rows.filter((r) => r.readAt === null).map((r) => r.notificationId),
      this.now(),
    );
    return ok({
      notifications: rows,
      page: {
        selPage: page,
        totPages: Math.ceil(total / size),
        totItems: total,
        itemsPerPage: size,
      },
      unreadCount: await this.repo.unreadCount(userId),
    });
  }

  /** Account erasure (an eraser of the account module, wired in app.ts). */
  erase(userId: number): Promise<void> {
    return this.repo.deleteOf(userId);
  }

  /** GET /notification/unread-count: the badge of the profile menu. */
  async unread(userId: number): Promise<Result<{ unreadCount: number }>> {
    return ok({ unreadCount: await this.repo.unreadCount(userId) });
  }
}
