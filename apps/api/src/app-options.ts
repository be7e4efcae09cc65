import type { FastifyInstance } from 'fastify';
import type { Db, DbKind } from './db/client';
import type { Env } from './env';
import type { FileStore } from './lib/file-store';
import type { PickupOrdersPort } from './modules/account/account.service';
import type { DailyPurchasesPort } from './modules/cart/cart.service';
import type { SocialProviderConfig } from './modules/identity/social-sign-in';
import type { NativePushSender, PushSender } from './modules/notifications/push.sender';
import type { PaymentProvider } from './modules/payment/payment-provider';
import type { ReceiptNotificationsPort } from './modules/receipts/receipts.service';

/** How server.ts and the tests build the app: the database, the configuration, and stand-ins for tests. */
export interface BuildAppOptions {
  env: Env;
  db: Db;
  dbKind: DbKind;
  /** serve the built web app with SPA fallback (server.ts); tests leave it out */
  serveWebApp?: boolean;
  /** "now" for promotions and per-day orders (tests) */
  now?: () => Date;
  /** how often the catalogue version is re-read (default 1000 ms) */
  versionCheckMs?: number;
  logger?: boolean;
  /** orders awaiting pickup block account deletion (default: the orders module) */
  pickupOrders?: PickupOrdersPort;
  /** the daily purchase limit's count of a product in a day's orders (default: the orders module) */
  dailyPurchases?: DailyPurchasesPort;
  /** payment providers by name (payment_authorizations.provider): staff capture goes through them */
  paymentProviders?: readonly PaymentProvider[];
  /** the process's own metrics too (event-loop delay, heap, CPU: server.ts); tests leave them out */
  processMetrics?: boolean;
  /** poll for scheduled jobs (default true); tests that drive `app.jobs.runDue()` themselves turn it off */
  runJobs?: boolean;
  /** told when a digital receipt becomes available (default: the notifications module) */
  receiptNotifications?: ReceiptNotificationsPort;
  /** share of self-scanning sessions flagged for a re-scan at the till (tests: 0 or 1) */
  smartCartRescanShare?: number;
  /**
   * the social providers (decision 054): server.ts passes the real ones of env.ts and, in development, the
   * demo providers it started; default: the real ones of env.ts
   */
  socialProviders?: readonly SocialProviderConfig[];
  /** sends push messages (default: Web Push with the stored VAPID key) */
  pushSender?: PushSender;
  /** sends the native apps' push messages (default: FCM when PUSH_FCM_CREDENTIALS_FILE is set, else none) */
  nativePushSender?: NativePushSender;
  /** where files are kept (default: env.ts's FILES_S3_* object storage, else PostgreSQL; decision 090) */
  files?: FileStore;
}

/** The built app: the Fastify instance with the modules' decorations (`app.catalogue`, `app.jobs` …). */
export type App = FastifyInstance;
