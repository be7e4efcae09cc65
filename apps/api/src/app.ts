import { createHash } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import { COOKIE_BANNER_SCRIPT, START_APP_SCRIPT } from '@spesa/shared/shell/inline-scripts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { DEFAULT_STORE } from '@spesa/shared/contracts/delivery';
import { PHYSICAL_CARD_DAYS } from '@spesa/shared/loyalty/premium';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, DbKind } from './db/client';
import {
  configuredSocialProviders,
  isDevMailboxOn,
  isFederationDemoOn,
  publicUrlOf,
  REPO_ROOT,
  type Env,
} from './env';
import { storedSecret } from './lib/app-secrets';
import { JobQueue } from './lib/jobs';
import { redactUrl } from './lib/redact-url';
import { romeNow } from './lib/rome-time';
import { memoSerializerCompiler } from './lib/memo-serializer';
import { VersionedReadCache } from './lib/read-cache';
import { AccountRepository } from './modules/account/account.repository';
import {
  AccountService,
  PASSWORD_RESET_JOB,
  type PasswordResetRequest,
  type PickupOrdersPort,
} from './modules/account/account.service';
import authRoutes from './modules/account/auth.routes';
import { AuthService } from './modules/account/auth.service';
import { BotCheckService } from './modules/account/bot-check.service';
import registrationRoutes from './modules/account/registration.routes';
import { SessionService } from './modules/account/session.service';
import { verifyPassword } from './modules/account/secrets';
import { DEMO_SAML_COMPANY } from './modules/identity/demo-saml-key';
import demoSamlIdpRoutes from './modules/identity/demo-saml-idp.routes';
import { IdentityRepository } from './modules/identity/identity.repository';
import identityRoutes, {
  SIGN_IN_RESULT_PAGE,
  WAITING_IDENTITY_COOKIE,
} from './modules/identity/identity.routes';
import { type AccountFacts, IdentityService } from './modules/identity/identity.service';
import { SamlSignIn } from './modules/identity/saml-sign-in';
import { SocialSignIn, type SocialProviderConfig } from './modules/identity/social-sign-in';
import type { UserRow } from './modules/account/account.repository';
import { CartRepository } from './modules/cart/cart.repository';
import cartDeliveryRoutes from './modules/cart/cart-delivery.routes';
import cartRoutes from './modules/cart/cart.routes';
import { CartService, type DailyPurchasesPort } from './modules/cart/cart.service';
import catalogueRoutes from './modules/catalogue/catalogue.routes';
import checkoutRoutes from './modules/checkout/checkout.routes';
import { buildCheckout } from './modules/checkout/checkout.module';
import { OrderAnswer } from './modules/orders/order-answer';
import { OrderPlacementRepository } from './modules/orders/order-placement.repository';
import { CatalogueService, readCatalogueVersion } from './modules/catalogue/catalogue.service';
import contentAdminRoutes from './modules/content/content-admin.routes';
import contentRoutes, { contentStoreRoutes } from './modules/content/content.routes';
import { ContentService } from './modules/content/content.service';
import { ContentPostsService } from './modules/content/content-posts.service';
import { ContentStoreService } from './modules/content/content-store.service';
import { readContentVersion } from './modules/content/content-store.repository';
import { productsQuerySchema } from '@spesa/shared/contracts/catalogue';
import { accountPortOf } from './modules/delivery/account-port';
import { NO_PRIVILEGES, promoFor } from './modules/catalogue/promo-audience';
import addressRoutes from './modules/delivery/address.routes';
import { DeliveryRepository } from './modules/delivery/delivery.repository';
import { DeliveryService } from './modules/delivery/delivery.service';
import geoRoutes from './modules/delivery/geo.routes';
import { TimeslotRepository } from './modules/delivery/timeslot.repository';
import { TimeslotService } from './modules/delivery/timeslot.service';
import { MailService } from './modules/mail/mail.service';
import mailboxRoutes from './modules/mail/mailbox.routes';
import mediaRoutes from './modules/media/media.routes';
import orderActionsRoutes from './modules/orders/order-actions.routes';
import { OrderStatusService } from './modules/orders/order-status.service';
import { orderMailListener, orderMailWanted } from './modules/orders/orders.mails';
import { orderNotificationListener, orderNotificationWanted } from './modules/orders/orders.notifications';
import { ParkingRepository } from './modules/orders/parking.repository';
import { ParkingService } from './modules/orders/parking.service';
import { SLOT_REMINDER_EVERY_MS, SLOT_REMINDER_JOB, SlotReminders } from './modules/orders/slot-reminders';
import { NotificationsRepository } from './modules/notifications/notifications.repository';
import notificationsRoutes from './modules/notifications/notifications.routes';
import { NotificationService } from './modules/notifications/notifications.service';
import { PushRepository } from './modules/notifications/push.repository';
import pushRoutes from './modules/notifications/push.routes';
import { fcmSenderFromFile } from './modules/notifications/push.fcm-sender';
import { WebPushSender, type NativePushSender, type PushSender } from './modules/notifications/push.sender';
import { PUSH_DEVICE_JOB, PUSH_FAN_OUT_JOB, PushService } from './modules/notifications/push.service';
import { OrdersRepository } from './modules/orders/orders.repository';
import ordersRoutes from './modules/orders/orders.routes';
import { OrdersService } from './modules/orders/orders.service';
import adminOrdersRoutes from './modules/orders/admin-orders.routes';
import { LeafletFiles } from './modules/leaflets/leaflet-files';
import { LeafletsRepository } from './modules/leaflets/leaflets.repository';
import leafletsRoutes, { leafletFilesRoutes } from './modules/leaflets/leaflets.routes';
import { LeafletsService } from './modules/leaflets/leaflets.service';
import { ListsRepository } from './modules/lists/lists.repository';
import listsRoutes from './modules/lists/lists.routes';
import { ListsService } from './modules/lists/lists.service';
import giftCardOrdersAdminRoutes from './modules/loyalty/gift-card-orders-admin.routes';
import { GiftCardOrdersRepository } from './modules/loyalty/gift-card-orders.repository';
import giftCardOrdersRoutes from './modules/loyalty/gift-card-orders.routes';
import { GiftCardOrdersService } from './modules/loyalty/gift-card-orders.service';
import loyaltyAdminRoutes from './modules/loyalty/loyalty-admin.routes';
import loyaltyRoutes from './modules/loyalty/loyalty.routes';
import inviteRoutes from './modules/loyalty/invite.routes';
import { InviteRepository } from './modules/loyalty/invite.repository';
import {
  INVITE_SETTLE_JOB,
  INVITE_SWEEP_JOB,
  INVITE_SWEEP_MS,
  InviteService,
  isDelivery,
} from './modules/loyalty/invite.service';
import { LoyaltyCardRepository } from './modules/loyalty/loyalty-card.repository';
import { LoyaltyCardService } from './modules/loyalty/loyalty-card.service';
import { PremiumService } from './modules/loyalty/premium.service';
import { PremiumProductRepository } from './modules/loyalty/premium-product.repository';
import { PremiumProductService } from './modules/loyalty/premium-product.service';
import { GiftCertificatesRepository } from './modules/loyalty/gift-certificates.repository';
import { GiftCertificatesService } from './modules/loyalty/gift-certificates.service';
import { WalletRepository } from './modules/loyalty/wallet.repository';
import { WalletService, type WalletAuditPort } from './modules/loyalty/wallet.service';
import { RatingsRepository } from './modules/ratings/ratings.repository';
import { FormFiles } from './modules/forms/form-files';
import { FormsRepository } from './modules/forms/forms.repository';
import formsAdminRoutes from './modules/forms/forms-admin.routes';
import formsRoutes from './modules/forms/forms.routes';
import { FORMS_RETENTION_EVERY_MS, FORMS_RETENTION_JOB, FormsService } from './modules/forms/forms.service';
import { ReceiptsRepository } from './modules/receipts/receipts.repository';
import receiptsAdminRoutes from './modules/receipts/receipts-admin.routes';
import receiptsRoutes from './modules/receipts/receipts.routes';
import { SmartCartRepository } from './modules/smartcart/smartcart.repository';
import smartCartAdminRoutes from './modules/smartcart/smartcart-admin.routes';
import { SelfScanningAdminService } from './modules/smartcart/smartcart-admin.service';
import smartCartRoutes from './modules/smartcart/smartcart.routes';
import { SmartCartService } from './modules/smartcart/smartcart.service';
import {
  RECEIPT_RETENTION_JOB,
  RECEIPT_RETENTION_MS,
  RECEIPT_SETTINGS_JOB,
  RECEIPT_SETTINGS_MS,
  ReceiptsService,
  type ReceiptNotificationsPort,
} from './modules/receipts/receipts.service';
import ratingsAdminRoutes from './modules/ratings/ratings-admin.routes';
import ratingsRoutes from './modules/ratings/ratings.routes';
import { RatingsModerationService, RatingsService } from './modules/ratings/ratings.service';
import { AdminProductsService } from './modules/backoffice/admin-products.service';
import { AdminSlotsService } from './modules/backoffice/admin-slots.service';
import { SlotAdmin } from './modules/delivery/slot-admin';
import { BackofficeRepository } from './modules/backoffice/backoffice.repository';
import backofficeRoutes, { STAFF_COOKIE } from './modules/backoffice/backoffice.routes';
import { AdminCategoriesService } from './modules/backoffice/admin-categories.service';
import { AdminCustomersRepository } from './modules/backoffice/admin-customers.repository';
import { CategoryAdmin } from './modules/catalogue/category-admin';
import { BlockAdmin } from './modules/content/block-admin';
import { AdminCustomersService } from './modules/backoffice/admin-customers.service';
import { AdminPromotionsService } from './modules/backoffice/admin-promotions.service';
import { AdminStaffService } from './modules/backoffice/admin-staff.service';
import { memberOf, StaffAuthService } from './modules/backoffice/staff-auth.service';
import operatorsAuditPlugin from './modules/operators/operators-audit.plugin';
import { OperatorsRepository } from './modules/operators/operators.repository';
import operatorsRoutes from './modules/operators/operators.routes';
import { OperatorsService } from './modules/operators/operators.service';
import { isActingRole } from '@spesa/shared/contracts/operators';
import { PriceHistory } from './modules/catalogue/price-history';
import { isImageSize, ProductImages } from './modules/catalogue/product-images';
import { PromotionsAdmin } from './modules/catalogue/promotions-admin';
import { Totp } from './modules/backoffice/totp';
import { CatalogueAdmin } from './modules/catalogue/catalogue-admin';
import { StaffService } from './modules/orders/staff.service';
import type { PaymentProvider } from './modules/payment/payment-provider';
import paymentRoutes from './modules/payment/payment.routes';
import { PaymentService } from './modules/payment/payment.service';
import { SandboxPaymentProvider } from './modules/payment/sandbox.provider';
import systemRoutes, { rootVersionRoute } from './modules/system/system.routes';
import { buildInfo } from './modules/system/system.service';
import contractsPlugin from './plugins/contract-route';
import accessPlugin from './plugins/access';
import dbPlugin from './plugins/db';
import envPlugin from './plugins/env';
import envelopePlugin from './plugins/envelope';
import errorsPlugin, {
  API_PREFIX,
  apiNotFoundHandler,
  clientErrorHandler,
  frameworkErrorHandler,
} from './plugins/errors';
import { wpNoRouteScope } from './plugins/wp-rest';
import inputHygienePlugin from './plugins/input-hygiene';
import rateLimitPlugin, { deleteEndedThrottleWindows } from './plugins/rate-limit';
import sessionPlugin from './plugins/session';
import adminApp, { staffRedirect } from './plugins/admin-app';
import webApp from './plugins/web-app';
import { productFirstViewRoute } from './modules/catalogue/product-first-view';
import { contentFirstViewRoute } from './modules/content/content-first-view';
import { leafletFirstViewRoute, leafletsFirstViewRoute } from './modules/leaflets/leaflet-first-view';

/** The Content-Security-Policy sources of index.html's two inline scripts (packages/shared/src/shell). */
const INLINE_SCRIPT_SOURCES = [COOKIE_BANNER_SCRIPT, START_APP_SCRIPT].map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
);

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
}

export type App = FastifyInstance;

/**
 * Builds the app in the house order: external plugins -> app plugins -> modules.
 * The caller owns the database (opens, migrates, seeds and closes it).
 */
export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { env } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers["x-ebsn-account"]', 'req.headers.authorization'],
            // some platform calls carry passwords and tokens in the query string: never log them
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: redactUrl(req.url),
                remoteAddress: req.ip,
              }),
            },
          },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // refusals before routing answer the envelope too (plugins/errors.ts)
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    bodyLimit: 1_048_576,
    trustProxy: (_address: string, hop: number) => hop < env.TRUST_PROXY_HOPS,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoSerializerCompiler);

  // ---- external plugins ----
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets our own WebAssembly compile (the camera's barcode reader, decision 057);
        // it allows no JavaScript eval. index.html's two inline scripts (the cookie banner's, decision 024,
        // and the one starting the app after the first paint, decision 021) by their hashes.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...INLINE_SCRIPT_SOURCES],
        // MUI / emotion inject style elements at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // video links open in a dialog (spec section 2)
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // the social sign-in's popup (decision 054) must keep its opener while it visits the provider
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // the sign-in popup's last page speaks to its opener: it opts out of the opener isolation (decision 054)
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(SIGN_IN_RESULT_PAGE))
      reply.header('cross-origin-opener-policy', 'unsafe-none');
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(formbody);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Spesa API',
        description: 'The shop API under /ebsn/api (envelope answers).',
        version: env.APP_VERSION,
      },
      tags: [
        { name: 'catalogue' },
        { name: 'content' },
        { name: 'account' },
        { name: 'identity' },
        { name: 'delivery' },
        { name: 'cart' },
        { name: 'checkout' },
        { name: 'orders' },
        { name: 'payments' },
        { name: 'staff' },
        { name: 'backoffice' },
        { name: 'receipts' },
        { name: 'forms' },
        { name: 'system' },
      ],
    },
    transform: jsonSchemaTransform,
  });

  // ---- app plugins ----
  await app.register(envPlugin, { env });
  await app.register(dbPlugin, { db: opts.db, kind: opts.dbKind });
  await app.register(envelopePlugin);
  await app.register(errorsPlugin);
  await app.register(inputHygienePlugin);
  const accounts = new AccountRepository(opts.db);
  await app.register(rateLimitPlugin, {
    db: opts.db,
    maxPerAccount: env.AUTH_RATE_MAX_PER_ACCOUNT,
    maxPerAddress: env.AUTH_RATE_MAX_PER_ADDRESS,
    windowMinutes: env.AUTH_RATE_WINDOW_MINUTES,
    resolveLogin: async (login) => (await accounts.findUserByLogin(login))?.userId ?? null,
  });
  const now = opts.now ?? (() => new Date());
  const secureCookie = env.NODE_ENV === 'production';
  // work after the answer and later, once per cluster (decision 026)
  const jobs = new JobQueue(opts.db, {
    onError: (err, job) => app.log.error({ err, job }, 'scheduled job failed'),
  });
  app.decorate('jobs', jobs);
  if (opts.runJobs !== false) {
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', () => jobs.stop());
  }
  const sessions = new SessionService(
    accounts,
    {
      idleMinutes: env.SESSION_IDLE_MINUTES,
      absoluteHours: env.SESSION_ABSOLUTE_HOURS,
      rememberDays: env.SESSION_REMEMBER_DAYS,
    },
    now,
    // an operator's session lives while its staff member may act for customers (decision 053)
    {
      operatorOf: async (userId) => {
        const found = await backoffice.staff(userId);
        const member = found ? memberOf(found) : null;
        return member && isActingRole(member.role)
          ? { username: member.email, name: member.name, role: member.role }
          : null;
      },
    },
  );
  await app.register(sessionPlugin, { sessions, secureCookie });
  // every route registered from here on must declare who may call it (decision 027)
  await app.register(accessPlugin, {
    adminOf: async (request) => {
      const token = request.cookies[STAFF_COOKIE];
      return token ? staffAuth.memberOfSession(token) : null;
    },
    onAdminRefused: (request, member) =>
      backoffice.audit(opts.db, {
        staffUserId: member.userId,
        staffName: member.name,
        action: `${request.method} ${request.routeOptions.url ?? request.url}`,
        resource: 'access',
        resourceId: null,
        allowed: false,
        before: null,
        after: null,
      }),
  });
  // what operators do while acting for a customer, and every refusal, in one trail (decision 053)
  const operatorsRepo = new OperatorsRepository(opts.db);
  await app.register(operatorsAuditPlugin, { record: (row) => operatorsRepo.record(row) });
  // every contract of packages/shared is served by one route
  await app.register(contractsPlugin);
  // swagger-ui registers routes: after the access plugin, which checks every route
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });

  // ---- modules ----
  const cache = new VersionedReadCache({
    ttlMs: env.CACHE_TTL_MS,
    maxEntries: env.CACHE_MAX_ENTRIES,
    maxItems: env.CACHE_MAX_ITEMS,
    versionCheckMs: opts.versionCheckMs ?? 1000,
    readVersion: () => readCatalogueVersion(opts.db),
  });
  const content = new ContentService(opts.db, cache);
  const catalogue = new CatalogueService(opts.db, cache, content, opts.now ? { now: opts.now } : {});
  app.decorate('catalogue', catalogue);
  const mail = new MailService(opts.db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  // the user's answer counts the personal gift certificates usable today (the loyalty module's, below)
  const giftCount = { usableCount: (userId: number) => gifts.usableCount(userId) };
  const auth = new AuthService(accounts, sessions, mail, giftCount, now);
  // orders (decision 018): the ports of account and cart read the orders tables
  const ordersRepo = new OrdersRepository(opts.db);
  const cartPort = {
    add: (...args: Parameters<CartService['add']>) => cart.add(...args),
    view: (...args: Parameters<CartService['view']>) => cart.view(...args),
  };
  const parkingRepo = new ParkingRepository(opts.db);
  const orders = new OrdersService(
    ordersRepo,
    cartPort,
    { usesOf: (ids) => gifts.usesOf(ids) },
    now,
    parkingRepo,
  );
  // account deletion also erases what other modules keep about the customer (filled in below)
  const erasers: Array<(userId: number) => Promise<void>> = [];
  const account = new AccountService(accounts, sessions, mail, {
    publicUrl: publicUrlOf(env),
    pickupOrders: opts.pickupOrders ?? orders.pickupOrders,
    gifts: giftCount,
    erasers,
    later: (kind, payload) => jobs.enqueue(kind, payload),
    now,
  });
  jobs.register(PASSWORD_RESET_JOB, (payload) => account.sendPasswordReset(payload as PasswordResetRequest));
  const botCheck = new BotCheckService(opts.db, {
    hmacKey: env.BOT_CHECK_HMAC_KEY ?? (await storedSecret(opts.db, 'bot-check-hmac')),
    maxNumber: env.BOT_CHECK_MAX_NUMBER,
  });
  // what the shared tables no longer need, once per cluster every ten minutes
  jobs.every('system.cleanup', 10 * 60_000, async () => {
    await deleteEndedThrottleWindows(opts.db);
    await botCheck.deleteExpired();
    await jobs.deleteFinished();
  });
  // delivery and cart: the cart asks delivery where it goes; delivery asks the cart before deleting an address
  const timeslots = new TimeslotService(new TimeslotRepository(opts.db), now);
  const delivery = new DeliveryService(new DeliveryRepository(opts.db), accountPortOf(accounts), {
    isAddressInUse: (userId: number, addressId: number): Promise<boolean> =>
      cart.isAddressInUse(userId, addressId),
  });
  // the content store (decisions 050, 056): its own cache keyed on content_version; stores and products by port
  const contentCache = new VersionedReadCache({
    ttlMs: env.CACHE_TTL_MS,
    maxEntries: env.CACHE_MAX_ENTRIES,
    versionCheckMs: opts.versionCheckMs ?? 1000,
    readVersion: () => readContentVersion(opts.db),
  });
  const contentPosts = new ContentPostsService(opts.db, contentCache, {
    audit: (db, e) =>
      backoffice.audit(db, {
        staffUserId: e.staff.userId,
        staffName: e.staff.name,
        action: e.action,
        resource: e.resource,
        resourceId: String(e.id),
        allowed: true,
        before: e.before,
        after: e.after,
      }),
  });
  const contentStore = new ContentStoreService(opts.db, contentCache, {
    stores: async () => {
      const list = await delivery.storeList();
      return list.ok
        ? list.data.stores.map((s) => ({
            storeId: s.storeId,
            name: s.name,
            address: `${s.address.address1} ${s.address.addressNumber}`.trim(),
            city: s.address.city,
            province: s.address.province,
            postalcode: s.address.postalcode,
            phone: s.metaData.warehouse_locator.PHONE,
          }))
        : [];
    },
    product: async (productId) => {
      const found = await catalogue.product({ productId });
      return found.ok ? found.data : null;
    },
    searchProducts: async (text, page, perPage) => {
      const found = await catalogue.products(
        productsQuerySchema.parse({ q: text, page, page_size: perPage }),
      );
      return found.ok && 'products' in found.data
        ? { products: found.data.products, page: found.data.page }
        : { products: [], page: { selPage: page, totPages: 0, totItems: 0, itemsPerPage: perPage } };
    },
    audit: (db, e) =>
      backoffice.audit(db, {
        staffUserId: e.staff.userId,
        staffName: e.staff.name,
        action: e.action,
        resource: 'pages',
        resourceId: String(e.pageId),
        allowed: true,
        before: e.before,
        after: e.after,
      }),
  });
  app.decorate('contentStore', contentStore);
  app.decorate('contentPosts', contentPosts);
  const cartRepo = new CartRepository(opts.db);
  const cart: CartService = new CartService(cartRepo, delivery, timeslots, {
    catalogue,
    dailyPurchases: opts.dailyPurchases ?? orders.dailyPurchases,
    buyers: (userId) => accounts.pricingFacts(userId, catalogue.today()),
  });
  // the store whose assortment a request sees: a signed-in customer's cart's, else the chain's default
  const storeOf = async (request: FastifyRequest) =>
    request.session ? cart.warehouseOf(request.session.userId) : DEFAULT_STORE.storeId;
  // digital leaflets (decision 052): their products read through the catalogue's service; files drawn on demand
  const leaflets = new LeafletsService(
    new LeafletsRepository(opts.db),
    {
      productsAt: (ids, warehouseId) => catalogue.productsAt(ids, warehouseId),
      today: () => catalogue.today(),
    },
    new LeafletFiles(env.LEAFLETS_DIR),
  );
  app.decorate('leaflets', leaflets);
  // shopping lists (decision 035): products read from the catalogue, the whole list into the cart through it
  const lists = new ListsService(new ListsRepository(opts.db), catalogue, {
    add: (...args: Parameters<CartService['add']>) => cart.add(...args),
    view: (...args: Parameters<CartService['view']>) => cart.view(...args),
    warehouseOf: (userId: number) => cart.warehouseOf(userId),
  });
  // the one entry point of status changes; its listener sends the order e-mails (decision 018)
  const orderStatus = new OrderStatusService((err) => app.log.error({ err }, 'order status listener failed'));
  orderStatus.onChange(
    orderMailListener({ repo: ordersRepo, orders, mail, publicUrl: publicUrlOf(env) }),
    orderMailWanted,
  );
  app.decorate('orderStatus', orderStatus);
  // the customer's messages (decision 048): the one writer of the history, reached by the other modules' events
  // push notifications (decision 055): the customer's devices, the history's messages sent to them by jobs
  const push = new PushService(
    new PushRepository(opts.db),
    opts.pushSender ??
      new WebPushSender(
        env.PUSH_VAPID_PRIVATE_KEY ?? (await storedSecret(opts.db, 'push-vapid')),
        env.PUSH_VAPID_SUBJECT,
      ),
    { wantsPush: async (userId) => (await accounts.findUserById(userId))?.contactPush === true },
    (kind, payload, db) => jobs.enqueue(kind, payload, db ? { db } : {}),
    env.PUSH_ENDPOINTS,
    now,
    opts.nativePushSender ??
      (env.PUSH_FCM_CREDENTIALS_FILE
        ? await fcmSenderFromFile(env.PUSH_FCM_CREDENTIALS_FILE, env.PUSH_FCM_API_URL)
        : null),
  );
  app.decorate('push', push);
  jobs.register(PUSH_FAN_OUT_JOB, async (payload) => {
    await push.fanOut((payload as { notificationId: number }).notificationId);
  });
  jobs.register(PUSH_DEVICE_JOB, async (payload) => {
    const p = payload as { notificationId: number; deviceId: number };
    await push.deliver(p.notificationId, p.deviceId);
  });
  const notifications = new NotificationService(new NotificationsRepository(opts.db), now, (tx, m) =>
    push.queue(tx, m),
  );
  app.decorate('notifications', notifications);
  erasers.push(
    (userId) => push.erase(userId),
    (userId) => notifications.erase(userId),
  );
  orderStatus.onChange(
    orderNotificationListener({ repo: ordersRepo, notify: notifications }),
    orderNotificationWanted,
  );
  const slotReminders = new SlotReminders(opts.db, ordersRepo, notifications, now);
  app.decorate('slotReminders', slotReminders);
  jobs.every(SLOT_REMINDER_JOB, SLOT_REMINDER_EVERY_MS, async () => {
    await slotReminders.run();
  });
  // parking at pickup (decision 049): the customer's arrival at the store, today's arrivals for its staff
  const parking = new ParkingService(ordersRepo, parkingRepo, now);
  erasers.push(
    (userId) => cart.forgetDelivery(userId),
    (userId) => delivery.eraseCustomer(userId),
  );
  // the back office's records (decision 030): its resources and the audit log, which other modules write
  const backoffice = new BackofficeRepository(opts.db);
  // the wallet (decision 037): credits as a ledger in cents, goodwill credits by customer service (audited)
  const walletAudit: WalletAuditPort = {
    record: (db, e) =>
      backoffice.audit(db, {
        staffUserId: e.staff.userId,
        staffName: e.staff.name,
        action: e.action,
        resource: 'customers',
        resourceId: String(e.userId),
        allowed: true,
        before: e.before,
        after: e.after,
      }),
  };
  const wallet = new WalletService(opts.db, new WalletRepository(opts.db), walletAudit);
  // the loyalty card and the premium card (decision 038): the cards are the account module's, linked and
  // issued through its repository (the CardAccountsPort) in the loyalty module's transaction
  const loyaltyCards = new LoyaltyCardRepository(opts.db, PHYSICAL_CARD_DAYS);
  const romeToday = () => romeNow(now()).date;
  const premium = new PremiumService(opts.db, loyaltyCards, accounts, walletAudit, romeToday);
  const loyaltyCardService = new LoyaltyCardService(
    opts.db,
    loyaltyCards,
    accounts,
    premium,
    romeToday,
    // the tills' receipts of a card no account held become the customer's who links it (decision 046)
    (tx, userId, cardNumber) => receipts.cardLinked(tx, userId, cardNumber),
  );
  // the premium card's 20 % product (decision 043): chosen from the catalogue, discounted by checkout's pricing
  const premiumProduct = new PremiumProductService(
    new PremiumProductRepository(opts.db),
    premium,
    {
      productOf: async (productId) => {
        const found = await catalogue.product({ productId });
        return found.ok ? found.data : null;
      },
    },
    romeToday,
  );
  // gift certificates and advantages (decision 040): checkout and orders reach them through their ports;
  // customer service grants personal ones (audited)
  const gifts = new GiftCertificatesService(
    opts.db,
    new GiftCertificatesRepository(opts.db),
    {
      facts: (userId) => accounts.loyaltyFacts(userId),
      deliveredOrdersSince: (userId, since) => ordersRepo.deliveredSince(userId, since),
      setProfileLevel: (userId, level) => accounts.setProfileLevel(userId, level),
      hasOrders: (userId, exceptOrderId) => ordersRepo.hasOrders(userId, exceptOrderId),
    },
    walletAudit,
    () => catalogue.today(),
    now,
    // "voucher issued" in the customer's messages (decision 048)
    (tx, g) => notifications.voucherIssued(tx, g),
  );
  // invite a friend (decision 045): the friend's first-order certificate, the inviter's vouchers issued after
  // the friend's delivered order (a job enqueued by the delivery, and an hourly sweep)
  const invites = new InviteService(
    opts.db,
    new InviteRepository(opts.db),
    gifts,
    {
      identities: (userIds) => accounts.identityFacts(userIds),
      hasOrders: (userId, exceptOrderId) => ordersRepo.hasOrders(userId, exceptOrderId),
      firstDeliveredOf: (userIds) => ordersRepo.firstDeliveredOf(userIds),
      ownerOfOrder: (db, orderId) => ordersRepo.ownerOf(orderId, db),
    },
    {
      sendVoucherMail: async (tx, { to, ...m }) => {
        await mail.send(
          to,
          { template: 'invite-voucher', ...m, link: `${publicUrlOf(env)}/profile/gift-certificates` },
          tx,
        );
      },
      later: (db, friendUserId) => jobs.enqueue(INVITE_SETTLE_JOB, { friendUserId }, { db }),
      today: romeToday,
    },
  );
  app.decorate('invites', invites);
  jobs.register(INVITE_SETTLE_JOB, async (payload) => {
    await invites.settle((payload as { friendUserId: number }).friendUserId);
  });
  jobs.every(INVITE_SWEEP_JOB, INVITE_SWEEP_MS, async () => {
    await invites.sweep();
  });
  orderStatus.onChange((db, event) => invites.onOrderDelivered(db, event), isDelivery);
  // receipts (decision 046): the tills' and delivered online orders' receipts, the digital receipt service
  // switched within 24 hours (a job applies due changes), digital receipts deleted after 6 months (daily job)
  const receiptsRepo = new ReceiptsRepository(opts.db);
  const receipts = new ReceiptsService(
    opts.db,
    receiptsRepo,
    {
      cardOf: async (userId) => (await accounts.findUserById(userId))?.cardNumber ?? null,
      holderOf: (cardNumber, db) => accounts.holderOfCard(cardNumber, db),
    },
    { factsOf: (db, orderId) => ordersRepo.receiptFactsOf(db, orderId) },
    {
      now,
      // a digital receipt written for a customer is also a message in their history (decision 048)
      notifications: opts.receiptNotifications ?? notifications,
      ...(env.RECEIPT_SWITCH_DELAY_MS !== undefined ? { switchDelayMs: env.RECEIPT_SWITCH_DELAY_MS } : {}),
    },
  );
  app.decorate('receipts', receipts);
  orderStatus.onChange((db, event) => receipts.onOrderDelivered(db, event), isDelivery);
  jobs.every(RECEIPT_SETTINGS_JOB, RECEIPT_SETTINGS_MS, async () => {
    await receipts.applyDueSettings();
  });
  jobs.every(RECEIPT_RETENTION_JOB, RECEIPT_RETENTION_MS, async () => {
    await receipts.deleteExpiredDigital();
  });
  erasers.push((userId) => receiptsRepo.eraseCustomer(userId));
  // self-scanning in the store (decision 057): the store's prices through the catalogue, a list as reminders,
  // the till's receipt written by the receipts module
  const smartCartRepo = new SmartCartRepository(opts.db);
  const smartCart = new SmartCartService(
    opts.db,
    smartCartRepo,
    {
      catalogue: {
        productsForCart: (ids, warehouseId) => catalogue.productsForCart(ids, warehouseId),
        productIdByBarcode: async (barcode) => {
          const found = await catalogue.product({ barcode });
          return found.ok ? found.data.productId : null;
        },
      },
      storeName: (warehouseId) => delivery.warehouseName(warehouseId),
      buyer: (userId) => accounts.pricingFacts(userId, catalogue.today()),
      listProducts: async (userId, listId) => {
        const list = await lists.view(userId, listId);
        return list.ok
          ? list.data.wishlistItems.map((i) => ({ productId: i.product.productId, quantity: i.quantity }))
          : null;
      },
      cardOf: async (userId) => (await accounts.findUserById(userId))?.cardNumber ?? null,
      ingestReceipt: (system, body) => receipts.ingest(system, body),
    },
    { rescanShare: opts.smartCartRescanShare ?? env.SMART_CART_RESCAN_SHARE },
  );
  erasers.push((userId) => smartCartRepo.eraseCustomer(userId));
  // its back office: the stores (delivery's), the audit log (the back office's)
  const selfScanningAdmin = new SelfScanningAdminService(
    opts.db,
    smartCartRepo,
    {
      stores: async (only) =>
        (await slotAdmin.stores(only)).map(({ id, name, city }) => ({ id, name, city })),
      audit: (db, e) =>
        backoffice.audit(db, {
          staffUserId: e.staff.userId,
          staffName: e.staff.name,
          action: e.action,
          resource: 'self-scanning',
          resourceId: String(e.storeId),
          allowed: e.allowed,
          before: e.before,
          after: e.after,
        }),
      now,
    },
    opts.smartCartRescanShare ?? env.SMART_CART_RESCAN_SHARE,
  );
  // the content system's forms (decision 051): the customer's data, last orders and voucher mode through ports,
  // submissions mailed to the chain with their files, deleted after the retention period (daily job)
  const forms = new FormsService(opts.db, new FormsRepository(opts.db), new FormFiles(env.FORM_UPLOADS_DIR), {
    customers: {
      profileOf: async (userId) => {
        const u = await accounts.findUserById(userId);
        return u
          ? {
              firstName: u.firstName,
              lastName: u.lastName,
              fullName: [u.firstName, u.lastName].filter(Boolean).join(' '),
              email: u.email,
              phone: u.mobilePhone || u.homePhone,
              cardNumber: u.cardNumber ?? '',
              fiscalCode: u.fiscalCode,
              address: [u.address1, u.addressNumber].filter(Boolean).join(' '),
              postalCode: u.postalCode,
              city: u.city,
            }
          : null;
      },
    },
    orders: {
      recentOrders: async (userId, count) =>
        (await ordersRepo.listOrders({ userId, includePending: false }, count, 0)).map((o) => ({
          value: String(o.orderId),
          label: `Ordine n. ${o.orderId} del ${new Date(`${o.slotDate}T12:00:00Z`).toLocaleDateString('it-IT', { timeZone: 'Europe/Rome' })}`,
        })),
    },
    voucherMode: {
      setVoucherMode: async (userId, voucherMode) => {
        await receipts.changeSettings(userId, { voucherMode });
      },
    },
    mail: {
      send: (db, to, m, attachments) =>
        mail.send(to, { template: 'form-submission', firstName: '', ...m }, db, attachments),
    },
    now,
  });
  app.decorate('forms', forms);
  jobs.every(FORMS_RETENTION_JOB, FORMS_RETENTION_EVERY_MS, async () => {
    await forms.deleteExpired((db, mailIds) => mail.dropAttachments(db, mailIds));
  });
  // checkout, payments and the customer's order actions (decision 017)
  // the sandbox's key: its own secret, or (never in production: env.ts) one generated once for this database
  const sandbox = new SandboxPaymentProvider(opts.db, {
    secret: env.PAYMENT_SANDBOX_SECRET ?? (await storedSecret(opts.db, 'payment-sandbox')),
    now,
  });
  const placements = new OrderPlacementRepository(opts.db);
  const { checkout, orderActions } = buildCheckout({
    db: opts.db,
    cart,
    carts: cartRepo,
    catalogue,
    delivery,
    timeslots,
    accounts,
    orders: placements,
    answer: new OrderAnswer(placements, gifts),
    status: orderStatus,
    provider: sandbox,
    feedbackUrl: `${API_PREFIX}/payment/feedback/sandbox`,
    wallet,
    premium,
    premiumProduct,
    gifts,
  });
  const payments = new PaymentService(opts.db, placements, orderStatus, sandbox);
  const providers = [sandbox, ...(opts.paymentProviders ?? [])];
  // the back office (decision 030): staff sign-in with a one-time code, its resources, the audit log
  const priceHistory = new PriceHistory();
  const catalogueAdmin = new CatalogueAdmin(opts.db, priceHistory);
  const staffAuth = new StaffAuthService(
    opts.db,
    backoffice,
    accounts,
    new Totp(env.STAFF_TOTP_KEY ?? (await storedSecret(opts.db, 'staff-totp'))),
    { absoluteHours: 10, idleMinutes: 30, enrolmentMinutes: 15, now },
  );
  const staff = new StaffService(
    opts.db,
    ordersRepo,
    orders,
    orderStatus,
    (name) => providers.find((p) => p.name === name) ?? null,
    {
      productOf: async (productId, warehouseId) => {
        const f = (await catalogue.productsForCart([productId], warehouseId)).get(productId);
        if (!f || !f.active) return null;
        // a substitute is never charged more than the ordered line; its price for everyone is the bound
        const promo = promoFor(f.promos, null, NO_PRIVILEGES);
        return {
          productId,
          name: f.product.name,
          brand: f.product.shortDescr,
          format: f.product.description,
          priceCents: promo?.priceCents ?? f.listPriceCents,
        };
      },
      candidates: async (productId, q, limit) => {
        const ordered = await catalogueAdmin.find(productId);
        if (!ordered) return [];
        const { rows } = await catalogueAdmin.list(
          q ? { q, active: true } : { categoryId: ordered.categoryId, active: true },
          { by: 'name', desc: false },
          limit,
          0,
        );
        return rows.map((p) => ({
          productId: p.id,
          name: p.name,
          brand: p.brand,
          format: p.format,
          priceCents: Math.round(p.price * 100),
        }));
      },
    },
    {
      record: (db, e) =>
        backoffice.audit(db, {
          staffUserId: e.staff.userId,
          staffName: e.staff.name,
          action: e.action,
          resource: 'orders',
          resourceId: String(e.orderId),
          allowed: true,
          before: e.before,
          after: e.after,
        }),
    },
    now,
    wallet,
  );
  const productImages = new ProductImages();
  const slotAdmin = new SlotAdmin(opts.db);
  const adminProducts = new AdminProductsService(
    opts.db,
    catalogueAdmin,
    backoffice,
    priceHistory,
    productImages,
    { stores: async (ids) => (await slotAdmin.stores(ids)).map((s) => s.id) },
    now,
  );
  const adminPromotions = new AdminPromotionsService(
    opts.db,
    new PromotionsAdmin(opts.db, priceHistory),
    backoffice,
    now,
  );
  const adminCustomersRepo = new AdminCustomersRepository(opts.db);
  const adminCustomers = new AdminCustomersService(opts.db, adminCustomersRepo, backoffice, {
    anonymize: (userId) => account.anonymizeOnRequest(userId),
  });
  erasers.push((userId) => adminCustomersRepo.deleteNotes(opts.db, userId));
  const adminSlots = new AdminSlotsService(opts.db, slotAdmin, ordersRepo, backoffice, now);
  // operators acting for a customer (decision 053): the back office's sign-in check and customer search
  const operators = new OperatorsService(operatorsRepo, sessions, staffAuth, {
    search: async (q, sort, limit, offset) => {
      const { rows, total } = await adminCustomersRepo.list(q, sort, limit, offset, { liveOnly: true });
      return {
        rows: rows.map((c) => ({
          userId: c.id,
          firstName: c.firstName,
          lastName: c.lastName,
          email: c.email,
          cardNumber: c.cardNumber,
          mobilePhone: c.mobilePhone,
          fiscalCode: c.fiscalCode,
        })),
        total,
      };
    },
    accountOf: async (userId) => {
      const user = await accounts.findUserById(userId);
      return user ? { userId, staff: (await backoffice.staff(userId)) !== null } : null;
    },
  });
  // product ratings (decision 036): votes of received products, their summaries, moderation of text
  const ratingsRepo = new RatingsRepository(opts.db);
  const ratings = new RatingsService(
    opts.db,
    ratingsRepo,
    {
      // one read for the page's products (not one per product); a product no longer sold is absent
      products: async (ids) => {
        const facts = await catalogue.productsForCart(ids, DEFAULT_STORE.storeId);
        return new Map([...facts].flatMap(([id, f]) => (f.active ? [[id, f.product] as const] : [])));
      },
    },
    now,
  );
  const ratingsModeration = new RatingsModerationService(
    opts.db,
    ratingsRepo,
    {
      record: (db, e) =>
        backoffice.audit(db, {
          staffUserId: e.staff.userId,
          staffName: e.staff.name,
          action: e.action,
          resource: 'votes',
          resourceId: String(e.voteId),
          allowed: true,
          before: e.before,
          after: e.after,
        }),
    },
    now,
  );
  // the gift-card partner programme (decision 044): companies' requests, their mails, customer service's moves
  const giftCards = new GiftCardOrdersService(
    opts.db,
    new GiftCardOrdersRepository(opts.db),
    { send: (to, m, db) => mail.send(to, { template: 'gift-card-order', ...m }, db) },
    {
      record: (db, e) =>
        backoffice.audit(db, {
          staffUserId: e.staff.userId,
          staffName: e.staff.name,
          action: e.action,
          resource: 'gift-card-orders',
          resourceId: String(e.orderId),
          allowed: true,
          before: e.before,
          after: e.after,
        }),
    },
    { deskEmail: env.GIFT_CARD_DESK_EMAIL, now },
  );
  // social sign-in and companies' single sign-on (decision 054): the identity module, the accounts through
  // the account module's repository and sessions, the companies' work addresses through the delivery module
  const identityRepo = new IdentityRepository(opts.db);
  const apiUrl = `${publicUrlOf(env)}${API_PREFIX}`;
  const socialProviders = opts.socialProviders ?? configuredSocialProviders(env);
  const factsOf = (u: UserRow | null): AccountFacts | null =>
    u && {
      userId: u.userId,
      email: u.email,
      hasPassword: u.passwordHash !== null,
      confirmed: u.profileConfirmed,
      closed: u.anonymizedAt !== null,
    };
  const identity = new IdentityService(
    identityRepo,
    {
      byEmail: async (email) => {
        const u = await accounts.findUserByLogin(email);
        return u && u.email.toLowerCase() === email.toLowerCase() ? factsOf(u) : null;
      },
      byId: async (userId) => factsOf(await accounts.findUserById(userId)),
      checkPassword: async (userId, password) =>
        verifyPassword((await accounts.findUserById(userId))?.passwordHash ?? null, password),
      provision: async (person) =>
        (
          await accounts.insertUser({
            login: person.email,
            email: person.email,
            passwordHash: null,
            profileConfirmed: true,
            firstName: person.firstName,
            lastName: person.lastName,
            companyId: person.companyId,
          })
        )?.userId ?? null,
    },
    {
      subscribe: async (userId, code) => {
        const subscribed = await delivery.subscribeToWork(userId, code);
        if (!subscribed.ok) app.log.warn({ code: subscribed.code }, 'a company user got no work address');
      },
    },
    socialProviders,
    now,
  );
  const socialSignIn = new SocialSignIn(
    identityRepo,
    socialProviders,
    (provider) => `${apiUrl}/social-redir/${provider}-mobile`,
    now,
  );
  const samlSignIn = new SamlSignIn(identityRepo, { apiUrl, production: env.NODE_ENV === 'production' });
  jobs.every('identity.cleanup', 10 * 60_000, async () => {
    await identityRepo.deleteExpired(now());
  });
  const build = buildInfo({ version: env.APP_VERSION, buildSha: env.BUILD_SHA, repoRoot: REPO_ROOT });

  await app.register(
    async (api) => {
      api.setNotFoundHandler(apiNotFoundHandler);
      await api.register(catalogueRoutes, {
        catalogue,
        storeOf,
        leafletProducts: async (request, { leaflet, ...query }) =>
          leaflets.listing(leaflet, query, await storeOf(request)),
      });
      await api.register(leafletsRoutes, { leaflets, storeOf });
      await api.register(contentRoutes, { content, store: contentStore });
      await api.register(systemRoutes, { build });
      await api.register(authRoutes, { auth, botCheck, sessions, secureCookie });
      await api.register(registrationRoutes, {
        account,
        sessions,
        secureCookie,
        socialSignUp: {
          ticketOf: (request) => request.cookies[WAITING_IDENTITY_COOKIE],
          waiting: (ticket, provider) => identity.waitingForRegistration(ticket, provider),
          link: (ticket, userId) => identity.linkRegistered(ticket, userId),
        },
      });
      await api.register(identityRoutes, {
        identity,
        social: socialSignIn,
        saml: samlSignIn,
        startSession: async (userId, request) => ({
          token: await sessions.create(userId, true, {
            userAgent: request.headers['user-agent'] ?? '',
            clientIp: request.ip,
          }),
          maxAge: sessions.cookieMaxAge(true),
        }),
        endSession: (tokenHash) => sessions.revoke(tokenHash),
        publicUrl: publicUrlOf(env),
        secureCookie,
      });
      await api.register(geoRoutes, { delivery });
      await api.register(addressRoutes, { delivery });
      await api.register(cartDeliveryRoutes, { cart, delivery });
      await api.register(cartRoutes, { cart, allowAnonymous: env.ANONYMOUS_CART === 'true' });
      await api.register(checkoutRoutes, {
        checkout,
        giftCodeLimits: {
          maxPerAccount: env.GIFT_CODE_RATE_MAX_PER_CUSTOMER,
          maxPerAddress: env.GIFT_CODE_RATE_MAX_PER_ADDRESS,
        },
      });
      await api.register(paymentRoutes, {
        payments,
        sandbox,
        webhookDelayMs: env.PAYMENT_SANDBOX_WEBHOOK_DELAY_MS,
        jobs,
      });
      await api.register(ordersRoutes, { orders, parking });
      await api.register(notificationsRoutes, { notifications });
      await api.register(pushRoutes, { push });
      await api.register(listsRoutes, { lists });
      // the customer's order actions: the checkout module's service behind the orders module's routes
      await api.register(orderActionsRoutes, { actions: orderActions });
      await api.register(adminOrdersRoutes, { staff, parking });
      await api.register(ratingsRoutes, { ratings });
      await api.register(ratingsAdminRoutes, { moderation: ratingsModeration });
      await api.register(loyaltyRoutes, {
        wallet,
        cards: loyaltyCardService,
        premium,
        gifts,
        premiumProduct,
      });
      await api.register(inviteRoutes, { invites });
      await api.register(operatorsRoutes, { operators, sessions, secureCookie });
      await api.register(receiptsRoutes, { receipts });
      await api.register(smartCartRoutes, {
        smartCart,
        authenticateTill: (systemId, secret) => receipts.authenticate(systemId, secret),
      });
      await api.register(smartCartAdminRoutes, { admin: selfScanningAdmin });
      await api.register(receiptsAdminRoutes, { receipts });
      await api.register(contentAdminRoutes, { store: contentStore, posts: contentPosts });
      await api.register(formsAdminRoutes, { forms });
      await api.register(loyaltyAdminRoutes, { wallet, premium, premiumProduct, gifts });
      await api.register(giftCardOrdersRoutes, { giftCards });
      await api.register(giftCardOrdersAdminRoutes, { giftCards });
      await api.register(backofficeRoutes, {
        auth: staffAuth,
        products: adminProducts,
        slots: adminSlots,
        customers: adminCustomers,
        categories: new AdminCategoriesService(
          opts.db,
          new CategoryAdmin(opts.db),
          new BlockAdmin(),
          backoffice,
        ),
        promotions: adminPromotions,
        staff: new AdminStaffService(opts.db, backoffice, accounts),
        repo: backoffice,
        secureCookie,
      });
    },
    { prefix: API_PREFIX },
  );
  await app.register(rootVersionRoute, { build });
  await app.register(leafletFilesRoutes, { leaflets });
  // the content system at the spec's paths, outside /ebsn/api: pages, menus, search, forms (decisions 050, 051)
  await app.register(contentStoreRoutes, { store: contentStore, posts: contentPosts });
  await app.register(formsRoutes, { forms, maxPerAddress: env.FORM_RATE_MAX_PER_ADDRESS });
  // a path under /p/wp-json that no route serves answers WordPress's rest_no_route
  await app.register(wpNoRouteScope, { prefix: '/p/wp-json' });
  await app.register(mediaRoutes, {
    mediaDir: env.MEDIA_DIR,
    productImage: (productId, hash, size) =>
      isImageSize(size) ? productImages.read(opts.db, productId, hash, size) : Promise.resolve(null),
  });
  if (isDevMailboxOn(env)) await app.register(mailboxRoutes, { mail });
  if (isFederationDemoOn(env))
    await app.register(demoSamlIdpRoutes, {
      entityId: samlSignIn.entityId,
      acsUrl: samlSignIn.acsUrl,
      companyName: DEMO_SAML_COMPANY.name,
    });
  await app.register(staffRedirect);
  if (opts.serveWebApp) {
    await app.register(adminApp, { dist: env.ADMIN_DIST });
    await app.register(webApp, {
      dist: env.WEB_DIST,
      firstViews: [
        productFirstViewRoute(catalogue),
        contentFirstViewRoute(contentStore),
        leafletsFirstViewRoute(leaflets, storeOf),
        leafletFirstViewRoute(leaflets),
      ],
    });
  } else
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).type('text/plain; charset=utf-8').send('Not found'),
    );

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueService;
    /** the content store (tests write pages through it) */
    contentStore: ContentStoreService;
    /** the content store's recipes, ux-blocks and slides (decision 056) */
    contentPosts: ContentPostsService;
    /** the one entry point of order status changes (its listener sends the order e-mails) */
    orderStatus: OrderStatusService;
    /** scheduled work (tests run due jobs with `app.jobs.runDue()`) */
    jobs: JobQueue;
    /** invite a friend (tests run its sweep and settlements) */
    invites: InviteService;
    /** the content system's forms (tests run the retention job's work) */
    forms: FormsService;
    /** receipts (tests run its jobs' work) */
    receipts: ReceiptsService;
    /** the customer's messages; `receiptAvailable(tx, ...)` is the receipts module's port (decision 048) */
    notifications: NotificationService;
    push: PushService;
    /** digital leaflets (server.ts draws the current ones' files at start) */
    leaflets: LeafletsService;
    /** the day-before reminders (tests run them) */
    slotReminders: SlotReminders;
  }
}
