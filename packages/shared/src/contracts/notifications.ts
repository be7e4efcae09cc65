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

// ---------- the customer's devices (push notifications; spec section 7 `/externalregistration/*`) ----------
/**
 * Platforms a device registers with (decision 055). `web` is Web Push (VAPID, RFC 8030/8291/8292): the
 * browser's subscription. `android` and `ios` are the native app's builds: the token of their push service
 * (Firebase Cloud Messaging, which also reaches iOS through APNs), sent through the native sender port.
 * Native apps name the platform as their device plugin does ("Android", "iOS"): compared in lower case.
 */
export const PUSH_PLATFORMS = ['web', 'android', 'ios'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];
export const NATIVE_PUSH_PLATFORMS = ['android', 'ios'] as const;
export type NativePushPlatform = (typeof NATIVE_PUSH_PLATFORMS)[number];
export const isNativePushPlatform = (p: PushPlatform): p is NativePushPlatform => p !== 'web';

export const PUSH_PLATFORM_TEXT = 'Questo tipo di dispositivo non può ricevere le notifiche push.';
export const PUSH_UUID_TEXT = 'L’identificativo del dispositivo non è valido.';
export const PUSH_ENDPOINT_TEXT = 'L’indirizzo del servizio di notifiche non è valido.';
export const PUSH_KEY_TEXT = 'Le chiavi di cifratura delle notifiche non sono valide.';
export const PUSH_DEVICE_TEXT = 'La descrizione del dispositivo è troppo lunga.';
/**
 * The refusal's code when the device is another customer's and the caller did not show its subscription or
 * token: a browser then registers under a new device id of its own.
 */
export const PUSH_DEVICE_TAKEN_CODE = 'msg.push.deviceTaken';

/** a browser's own device id (the web build keeps a random one in local storage): letters, digits, dashes */
const WEB_DEVICE_ID = /^[A-Za-z0-9_-]{8,64}$/;
/**
 * a native push service's token: an FCM registration token (about 160 characters of base64url with a colon)
 * or an APNs device token (64 hex digits)
 */
const NATIVE_PUSH_TOKEN = /^[A-Za-z0-9_:.-]{32,1024}$/;

const pushPlatform = z
  .string()
  .trim()
  .toLowerCase()
  .refine((p): p is PushPlatform => (PUSH_PLATFORMS as readonly string[]).includes(p), {
    message: PUSH_PLATFORM_TEXT,
    params: OWN_TEXT,
  });
/** the web build's device id, or a native app's push token (checked against its platform below) */
const pushUuid = z
  .string()
  .trim()
  .refine((s) => WEB_DEVICE_ID.test(s) || NATIVE_PUSH_TOKEN.test(s), {
    message: PUSH_UUID_TEXT,
    params: OWN_TEXT,
  });
/** `uuid` as its platform spells it: a web device id, or a native push token */
function checkUuidOfPlatform(v: { platform: PushPlatform; uuid: string }, ctx: z.RefinementCtx): void {
  const pattern = v.platform === 'web' ? WEB_DEVICE_ID : NATIVE_PUSH_TOKEN;
  if (!pattern.test(v.uuid))
    ctx.addIssue({ code: 'custom', path: ['uuid'], message: PUSH_UUID_TEXT, params: OWN_TEXT });
}
/** base64url, as PushSubscription.toJSON().keys gives them */
const pushKey = (min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((s) => new RegExp(`^[A-Za-z0-9_-]{${min},${max}}={0,2}$`).test(s), {
      message: PUSH_KEY_TEXT,
      params: OWN_TEXT,
    });
const deviceText = z
  .string()
  .trim()
  .refine((s) => s.length <= 100, { message: PUSH_DEVICE_TEXT, params: OWN_TEXT })
  .optional();

// ---------- GET /externalregistration/register ----------
/**
 * Two forms on one path (decision 055):
 * - the native app's, exactly the spec's parameters: `platform` android or ios, `uuid` the token of the
 *   native push service (what the messages are sent to), `external_id` the app's own id for the device
 *   (kept as given, optional), `model`, `platform_version`, `manufacturer`;
 * - the web build's: `platform=web`, `external_id` the Web Push subscription's endpoint (the push service's
 *   URL for this browser), `uuid` the browser's device id, and two parameters of ours, `p256dh` and `auth`,
 *   the subscription's encryption keys (PushSubscription.toJSON().keys).
 * Registering a device again replaces its registration (decision 055 says when another customer may).
 */
export const pushRegisterQuerySchema = z
  .object({
    external_id: z
      .string()
      .trim()
      .refine((s) => s.length <= 1000 && /^\S*$/.test(s), { message: PUSH_ENDPOINT_TEXT, params: OWN_TEXT })
      .optional(),
    platform: pushPlatform,
    uuid: pushUuid,
    /** web: the P-256 public key of the subscription: 65 bytes, 87 characters of base64url */
    p256dh: pushKey(86, 88).optional(),
    /** web: the subscription's 16-byte authentication secret: 22 characters of base64url */
    auth: pushKey(21, 24).optional(),
    model: deviceText,
    platform_version: deviceText,
    manufacturer: deviceText,
  })
  .superRefine((v, ctx) => {
    checkUuidOfPlatform(v, ctx);
    if (v.platform !== 'web') return;
    if (!v.external_id || !/^https?:\/\/\S+$/.test(v.external_id))
      ctx.addIssue({ code: 'custom', path: ['external_id'], message: PUSH_ENDPOINT_TEXT, params: OWN_TEXT });
    if (!v.p256dh || !v.auth)
      ctx.addIssue({
        code: 'custom',
        path: [v.p256dh ? 'auth' : 'p256dh'],
        message: PUSH_KEY_TEXT,
        params: OWN_TEXT,
      });
  });
export type PushRegisterQuery = z.input<typeof pushRegisterQuerySchema>;

export const pushDeviceDataSchema = z.object({
  platform: z.string(),
  uuid: z.string(),
  /** ISO date-time of this registration */
  registeredAt: z.string(),
});
export type PushDeviceData = z.infer<typeof pushDeviceDataSchema>;

// ---------- GET /externalregistration/unregister ----------
export const pushUnregisterQuerySchema = z
  .object({ platform: pushPlatform, uuid: pushUuid })
  .superRefine((v, ctx) => checkUuidOfPlatform(v, ctx));

// ---------- GET /externalregistration/vapid-key ----------
/** The shop's VAPID public key (base64url, uncompressed P-256): PushManager.subscribe's applicationServerKey. */
export const pushVapidKeyDataSchema = z.object({ publicKey: z.string() });

/** What a push message carries (JSON, encrypted aes128gcm): the history's message and where it leads. */
export const pushPayloadSchema = z.object({
  notificationId: z.number().int(),
  messageTypeId: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** the page the notification opens (e.g. `/profile/orders/42`) */
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const pushEndpoints = {
  register: endpoint({
    method: 'GET',
    path: '/externalregistration/register',
    query: pushRegisterQuerySchema,
    response: pushDeviceDataSchema,
  }),
  unregister: endpoint({
    method: 'GET',
    path: '/externalregistration/unregister',
    query: pushUnregisterQuerySchema,
    response: z.object({ platform: z.string(), uuid: z.string() }),
  }),
  vapidKey: endpoint({
    method: 'GET',
    path: '/externalregistration/vapid-key',
    response: pushVapidKeyDataSchema,
  }),
} as const;
