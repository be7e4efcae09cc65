import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema-account';

/**
 * The messages the shop sent to a customer (decision 048; `GET /notification/history`), written only by the
 * notifications module's `NotificationService.record`, in the transaction of the event that caused them.
 * Title and body are the Italian texts as sent (a later change of the order never rewrites them).
 */
export const notifications = pgTable(
  'notifications',
  {
    notificationId: bigserial('notification_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    /** contracts/notifications.ts NOTIFICATION_TYPE */
    messageTypeId: smallint('message_type_id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    orderId: integer('order_id'),
    receiptId: integer('receipt_id'),
    giftCertificateId: integer('gift_certificate_id'),
    /** one message per key (e.g. `slot-reminder:42:2026-11-27`): a repeated event writes nothing */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** first shown in the history; null: unread */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    /** the history: a customer's messages, newest first (optionally of one kind) */
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.notificationId.desc()),
    index('notifications_user_type_idx').on(t.userId, t.messageTypeId, t.createdAt.desc()),
    /** the unread badge */
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    uniqueIndex('notifications_dedupe_uq')
      .on(t.dedupeKey)
      .where(sql`${t.dedupeKey} IS NOT NULL`),
  ],
);

/**
 * The customer's devices that receive push notifications (spec section 7 `/externalregistration/register`,
 * decision 055): one row per (platform, uuid), the device's own id. For Web Push the subscription's endpoint
 * (`external_id`) and its keys; the row goes when the customer unregisters it or the push service answers
 * 404/410 (the subscription expired). Registering a device again replaces its subscription and owner.
 */
export const pushDevices = pgTable(
  'push_devices',
  {
    deviceId: bigserial('device_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    platform: text('platform').notNull(),
    uuid: text('uuid').notNull(),
    /** Web Push: the subscription's endpoint URL at the browser's push service */
    endpoint: text('endpoint').notNull(),
    /** the subscription's P-256 public key and auth secret (base64url) */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    model: text('model'),
    platformVersion: text('platform_version'),
    manufacturer: text('manufacturer'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_devices_device_uq').on(t.platform, t.uuid),
    index('push_devices_user_idx').on(t.userId),
  ],
);
