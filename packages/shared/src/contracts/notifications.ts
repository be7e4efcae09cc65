import { z } from 'zod';
import { OWN_TEXT, endpoint } from './endpoint';
import { pageSchema } from './orders';

/**
 * The messages the shop sent to a customer (spec sections 1 and 7, `GET /notification/history`; decision 048):
 * order confirmed, order prepared with the amount charged, out for delivery, slot reminder, voucher issued,
 * receipt available. Written by the events that cause them (the notifications module's only writer); read
 * here, a page at a time; reading a page marks its messages read. The notifications module registers these.
 */

/** The kinds of message (`message_type_id`): the filter of the history and the push payload's type. */
export const NOTIFICATION_TYPE = {
  orderConfirmed: 1,
  orderPrepared: 2,
  outForDelivery: 3,
  slotReminder: 4,
  voucherIssued: 5,
  receiptAvailable: 6,
} as const;
export type NotificationTypeId = (typeof NOTIFICATION_TYPE)[keyof typeof NOTIFICATION_TYPE];
export const NOTIFICATION_TYPE_IDS = Object.values(NOTIFICATION_TYPE) as NotificationTypeId[];

/** Italian names of the kinds (the page's filter). */
export const NOTIFICATION_TYPE_LABEL: Record<NotificationTypeId, string> = {
  1: 'Ordine confermato',
  2: 'Ordine preparato',
  3: 'Ordine in consegna',
  4: 'Promemoria consegna o ritiro',
  5: 'Buono emesso',
  6: 'Scontrino disponibile',
};

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_SIZE_MAX = 100;

export const NOTIFICATION_TYPE_TEXT = 'Il tipo di messaggio richiesto non esiste.';
export const NOTIFICATION_PAGE_TEXT = 'Il numero di pagina non è valido.';
export const NOTIFICATION_PAGE_SIZE_TEXT = `Il numero di messaggi per pagina deve essere tra 1 e ${NOTIFICATIONS_PAGE_SIZE_MAX}.`;

const intParam = (text: string, min: number, max: number) =>
  z.union([z.number(), z.string().trim().max(12)]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: text, params: OWN_TEXT });
      return z.NEVER;
    }
    return n;
  });

// ---------- GET /notification/history ----------
export const notificationHistoryQuerySchema = z.object({
  /** one kind only (NOTIFICATION_TYPE) */
  message_type_id: intParam(NOTIFICATION_TYPE_TEXT, 1, 1_000)
    .refine((n) => (NOTIFICATION_TYPE_IDS as number[]).includes(n), {
      message: NOTIFICATION_TYPE_TEXT,
      params: OWN_TEXT,
    })
    .optional(),
  page: intParam(NOTIFICATION_PAGE_TEXT, 1, 100_000).optional(),
  page_size: intParam(NOTIFICATION_PAGE_SIZE_TEXT, 1, NOTIFICATIONS_PAGE_SIZE_MAX).optional(),
});
export type NotificationHistoryQuery = z.input<typeof notificationHistoryQuerySchema>;

export const notificationSchema = z.object({
  notificationId: z.number().int(),
  messageTypeId: z.number().int(),
  /** Italian */
  title: z.string(),
  /** Italian */
  body: z.string(),
  orderId: z.number().int().nullable(),
  receiptId: z.number().int().nullable(),
  giftCertificateId: z.number().int().nullable(),
  /** ISO date-time */
  createdAt: z.string(),
  /** ISO date-time it was first read; null: this answer is the first to show it (unread) */
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationHistoryDataSchema = z.object({
  notifications: z.array(notificationSchema),
  page: pageSchema,
  /** the customer's unread messages of every kind, after this page was read */
  unreadCount: z.number().int(),
});
export type NotificationHistoryData = z.infer<typeof notificationHistoryDataSchema>;

export const notificationUnreadDataSchema = z.object({ unreadCount: z.number().int() });

export const notificationsEndpoints = {
  history: endpoint({
    method: 'GET',
    path: '/notification/history',
    query: notificationHistoryQuerySchema,
    response: notificationHistoryDataSchema,
  }),
  unread: endpoint({
    method: 'GET',
    path: '/notification/unread-count',
    response: notificationUnreadDataSchema,
  }),
} as const;
