import type { FastifyInstance } from 'fastify';
import type { Db, DbKind } from './db/client';
import type { Env } from './env';
import { JobQueue } from './lib/jobs';
import { late, type ModuleCore } from './lib/module';
import { accountModule } from './modules/account/account.module';
import type { PickupOrdersPort } from './modules/account/account.service';
import { backofficeModule } from './modules/backoffice/backoffice.module';
import { cartModule } from './modules/cart/cart.module';
import type { DailyPurchasesPort } from './modules/cart/cart.service';
import { catalogueModule, catalogueReadCache } from './modules/catalogue/catalogue.module';
import { checkoutModule } from './modules/checkout/checkout.module';
import { contentModule } from './modules/content/content.module';
import { deliveryModule } from './modules/delivery/delivery.module';
import { formsModule } from './modules/forms/forms.module';
import { identityModule } from './modules/identity/identity.module';
import type { SocialProviderConfig } from './modules/identity/social-sign-in';
import { leafletsModule } from './modules/leaflets/leaflets.module';
import { listsModule } from './modules/lists/lists.module';
import { loyaltyModule } from './modules/loyalty/loyalty.module';
import { mailModule } from './modules/mail/mail.module';
import { mediaModule } from './modules/media/media.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import type { NativePushSender, PushSender } from './modules/notifications/push.sender';
import { operatorsModule } from './modules/operators/operators.module';
import { orderTransitionListeners, ordersModule } from './modules/orders/orders.module';
import { paymentModule } from './modules/payment/payment.module';
import type { PaymentProvider } from './modules/payment/payment-provider';
import { ratingsModule } from './modules/ratings/ratings.module';
import { receiptsModule } from './modules/receipts/receipts.module';
import type { ReceiptNotificationsPort } from './modules/receipts/receipts.service';
import { smartCartModule } from './modules/smartcart/smartcart.module';
import { systemModule } from './modules/system/system.module';
import adminApp, { staffRedirect } from './plugins/admin-app';
import { API_PREFIX, apiNotFoundHandler } from './plugins/errors';
import { createApp, registerAppPlugins, registerExternalPlugins } from './plugins/index';
import webApp from './plugins/web-app';
import { wpNoRouteScope } from './plugins/wp-rest';

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
 * Builds the app in the house order: external plugins -> app plugins -> modules' routes. The modules are
 * built first, because the app plugins take their ports (sessions, the back office's members, the
 * operators' trail). The caller owns the database (opens, migrates, seeds and closes it).
 */
export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { env, db } = opts;
  const app = createApp(env, opts.logger);
  await registerExternalPlugins(app, env);
  const now = opts.now ?? (() => new Date());
  // work after the answer and later, once per cluster (decision 026)
  const jobs = new JobQueue(db, {
    onError: (err, job) => app.log.error({ err, job }, 'scheduled job failed'),
  });
  const m = await buildModules(app, opts, { db, env, now, jobs });
  await registerAppPlugins(app, {
    env,
    db,
    dbKind: opts.dbKind,
    jobs,
    runJobs: opts.runJobs !== false,
    resolveLogin: m.account.userIdOfLogin,
    sessions: m.account.sessions,
    secureCookie: secureCookieOf(env),
    adminOf: m.backoffice.adminOf,
    onAdminRefused: m.backoffice.onAdminRefused,
    recordOperatorAction: m.operators.record,
  });
  await registerRoutes(app, m, opts);
  return app;
}

const secureCookieOf = (env: Env) => env.NODE_ENV === 'production';

/**
 * Each module builds its services and says what it offers; a module takes the ports it needs from those
 * built above it, and those of a module further down through `late` (the port is read at its first use).
 */
async function buildModules(app: App, opts: BuildAppOptions, core: ModuleCore) {
  const { env } = core;
  const secureCookie = secureCookieOf(env);
  const versionCheckMs = opts.versionCheckMs ?? 1000;
  const erasers: Array<(userId: number) => Promise<void>> = [];
  const mail = mailModule(core);
  // the listeners of orders' status transitions, registered by the modules below in the order they run
  const orderTransitions = orderTransitionListeners();
  const catalogueCache = catalogueReadCache(core, versionCheckMs);
  const content = contentModule(app, {
    ...core,
    catalogueCache,
    versionCheckMs,
    stores: late(() => delivery.storeCards),
    products: late(() => catalogue.contentProducts),
    audit: late(() => backoffice.audit),
  });
  const catalogue = catalogueModule(app, {
    ...core,
    cache: catalogueCache,
    content: content.content,
    storeOf: late(() => cart.storeOf),
    leafletProducts: late(() => leaflets.leafletProducts),
    orderTransitions,
  });
  const account = await accountModule({
    ...core,
    mail: mail.mail,
    secureCookie,
    erasers,
    gifts: late(() => loyalty.gifts),
    pickupOrders: opts.pickupOrders ?? late(() => orders.orders.pickupOrders),
    operators: late(() => backoffice.operators),
    socialSignUp: late(() => identity.socialSignUp),
  });
  const { accounts, sessions } = account;
  const system = systemModule({ ...core, botChecks: account.botCheck });
  const delivery = deliveryModule({
    ...core,
    accounts,
    addressUsage: late(() => cart.cart),
    orderTransitions,
  });
  const cart = cartModule({
    ...core,
    catalogue: catalogue.catalogue,
    delivery: delivery.delivery,
    timeslots: delivery.timeslots,
    dailyPurchases: opts.dailyPurchases ?? late(() => orders.orders.dailyPurchases),
    accounts,
  });
  const leaflets = leafletsModule(app, { ...core, catalogue: catalogue.catalogue, storeOf: cart.storeOf });
  const lists = listsModule({ ...core, catalogue: catalogue.catalogue, cart: cart.cart });
  const notifications = await notificationsModule(app, {
    ...core,
    accounts,
    pushSender: opts.pushSender,
    nativePushSender: opts.nativePushSender,
  });
  const orders = ordersModule(app, {
    ...core,
    cart: cart.cart,
    carts: cart.carts,
    accounts,
    transitions: orderTransitions,
    mail: mail.mail,
    notifications: notifications.notifications,
    gifts: late(() => loyalty.gifts),
    attempts: late(() => payment.attempts),
    providerFor: late(() => payment.providerFor),
    substitutes: catalogue.substitutes,
    audit: late(() => backoffice.audit.orders),
    wallet: late(() => loyalty.wallet),
    editing: late(() => checkout.editing),
  });
  const loyalty = loyaltyModule(app, {
    ...core,
    accounts,
    orders: orders.repo,
    orderStatus: orders.status,
    orderTransitions,
    catalogue: catalogue.catalogue,
    productOf: catalogue.productOf,
    notifications: notifications.notifications,
    mail,
    receipts: late(() => receipts.receipts),
    audit: late(() => backoffice.audit),
  });
  const receipts = receiptsModule(app, {
    ...core,
    accounts,
    orders: orders.repo,
    orderStatus: orders.status,
    notifications: opts.receiptNotifications ?? notifications.notifications,
    isDelivery: loyalty.isDelivery,
  });
  const smartcart = smartCartModule({
    ...core,
    catalogue: catalogue.catalogue,
    stores: delivery.delivery,
    storesByName: delivery.storesByName,
    accounts,
    listProducts: lists.listProducts,
    receipts: receipts.receipts,
    audit: late(() => backoffice.audit.selfScanning),
    rescanShare: opts.smartCartRescanShare ?? env.SMART_CART_RESCAN_SHARE,
  });
  const forms = formsModule(app, {
    ...core,
    mail: mail.mail,
    accounts,
    orders: orders.repo,
    receipts: receipts.receipts,
  });
  const payment = await paymentModule({
    ...core,
    placements: orders.placements,
    status: orders.status,
    orderTransitions,
    providers: opts.paymentProviders,
  });
  const checkout = checkoutModule({
    ...core,
    cart: cart.cart,
    carts: cart.carts,
    catalogue: catalogue.catalogue,
    delivery: delivery.delivery,
    timeslots: delivery.timeslots,
    accounts,
    orders: orders.placements,
    answer: orders.answer,
    status: orders.status,
    orderTransitions,
    attempts: payment.attempts,
    wallet: loyalty.wallet,
    premium: loyalty.premium,
    premiumProduct: loyalty.premiumProduct,
    gifts: loyalty.gifts,
  });
  const backoffice = await backofficeModule({
    ...core,
    secureCookie,
    accounts,
    account: account.account,
    catalogue: catalogue.admin,
    blocks: content.blocks,
    slotAdmin: delivery.slotAdmin,
    orders: orders.repo,
  });
  const operators = operatorsModule({
    ...core,
    secureCookie,
    accounts,
    sessions,
    staffAuth: backoffice.staffAuth,
    customers: backoffice.customers,
    backoffice: backoffice.repo,
  });
  const ratings = ratingsModule({
    ...core,
    catalogue: catalogue.productsOnSale,
    audit: backoffice.audit.votes,
  });
  const identity = identityModule(app, {
    ...core,
    accounts,
    sessions,
    secureCookie,
    socialProviders: opts.socialProviders,
    workplace: delivery.delivery,
  });
  const media = mediaModule({ env, productImage: catalogue.productImage });
  // account deletion also erases what the other modules keep about the customer
  erasers.push(
    notifications.eraseCustomer,
    cart.eraseCustomer,
    delivery.eraseCustomer,
    receipts.eraseCustomer,
    smartcart.eraseCustomer,
    backoffice.eraseCustomer,
  );
  return {
    ...{ mail, content, catalogue, account, system, delivery, cart, leaflets, lists, notifications, orders },
    ...{
      loyalty,
      receipts,
      smartcart,
      forms,
      payment,
      checkout,
      backoffice,
      operators,
      ratings,
      identity,
      media,
    },
  };
}

type Modules = Awaited<ReturnType<typeof buildModules>>;

/** The modules' routes in the order the OpenAPI document lists them: the API's, then those at the root. */
async function registerRoutes(app: App, m: Modules, { env, serveWebApp }: BuildAppOptions) {
  await app.register(
    async (api) => {
      api.setNotFoundHandler(apiNotFoundHandler);
      for (const routes of [
        ...[m.catalogue.routes, m.leaflets.routes, m.content.routes, m.system.routes, m.account.routes],
        ...[m.identity.routes, m.delivery.routes, m.cart.routes, m.checkout.routes, m.payment.routes],
        ...[
          m.orders.routes,
          m.notifications.routes,
          m.lists.routes,
          m.orders.actionRoutes,
          m.orders.adminRoutes,
        ],
        ...[m.ratings.routes, m.loyalty.routes, m.operators.routes, m.receipts.routes, m.smartcart.routes],
        ...[m.receipts.adminRoutes, m.content.adminRoutes, m.forms.adminRoutes, m.loyalty.adminRoutes],
        m.backoffice.routes,
      ])
        await routes(api);
    },
    { prefix: API_PREFIX },
  );
  for (const routes of [
    ...[m.system.rootRoutes, m.leaflets.rootRoutes, m.content.rootRoutes, m.forms.rootRoutes],
    ...[m.media.rootRoutes, m.mail.rootRoutes, m.identity.rootRoutes],
  ])
    await routes(app);
  // a path under /p/wp-json that no route serves answers WordPress's rest_no_route
  await app.register(wpNoRouteScope, { prefix: '/p/wp-json' });
  await app.register(staffRedirect);
  if (serveWebApp) {
    await app.register(adminApp, { dist: env.ADMIN_DIST });
    await app.register(webApp, {
      dist: env.WEB_DIST,
      firstViews: [m.catalogue.firstView, m.content.firstView, ...m.leaflets.firstViews],
    });
  } else
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).type('text/plain; charset=utf-8').send('Not found'),
    );
}
