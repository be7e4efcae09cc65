import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
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
 * decision 055): one row per (platform, uuid). Web Push (`web`): `uuid` is the browser's own device id, the
 * subscription's endpoint (`external_id`) and its keys are kept. A native app (`android`, `ios`): `uuid` is
 * the token of its push service (what the native sender sends to), `external_id` the app's own id as given.
 * The row goes when the customer unregisters it or the push service calls it gone (the subscription or
 * token expired). Another customer takes a device over only with the same subscription or token.
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
    /** Web Push: the subscription's endpoint URL at the browser's push service; null for a native app */
    endpoint: text('endpoint'),
    /** Web Push: the subscription's P-256 public key and auth secret (base64url); null for a native app */
    p256dh: text('p256dh'),
    auth: text('auth'),
    /** a native app: its own id for the device (the spec's `external_id`), as given */
    externalId: text('external_id'),
    model: text('model'),
    platformVersion: text('platform_version'),
    manufacturer: text('manufacturer'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_devices_device_uq').on(t.platform, t.uuid),
    index('push_devices_user_idx').on(t.userId),
    check(
      'push_devices_web_subscription_ck',
      sql`${t.platform} <> 'web' OR (${t.endpoint} IS NOT NULL AND ${t.p256dh} IS NOT NULL AND ${t.auth} IS NOT NULL)`,
    ),
  ],
);
