import type { Modules, Wiring } from './app-modules';
import { buildCore } from './app-core';
import type { App, BuildAppOptions } from './app-options';
import { registerRoutes } from './app-routes';
import { late } from './lib/module';
import { accountModule } from './modules/account/account.module';
import { backofficeModule } from './modules/backoffice/backoffice.module';
import { cartModule } from './modules/cart/cart.module';
import { catalogueModule, catalogueReadCache } from './modules/catalogue/catalogue.module';
import { checkoutModule } from './modules/checkout/checkout.module';
import { contentModule } from './modules/content/content.module';
import { deliveryModule } from './modules/delivery/delivery.module';
import { formsModule } from './modules/forms/forms.module';
import { SIGN_IN_RESULT_PAGE } from './modules/identity/identity.routes';
import { identityModule } from './modules/identity/identity.module';
import { integrationModule } from './modules/integration/integration.module';
import { invoicesModule } from './modules/invoices/invoices.module';
import { leafletsModule } from './modules/leaflets/leaflets.module';
import { listsModule } from './modules/lists/lists.module';
import { loyaltyModule } from './modules/loyalty/loyalty.module';
import { mailModule } from './modules/mail/mail.module';
import { mediaModule } from './modules/media/media.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { operatorsModule } from './modules/operators/operators.module';
import { orderTransitionListeners, ordersModule } from './modules/orders/orders.module';
import { paymentModule } from './modules/payment/payment.module';
import { ratingsModule } from './modules/ratings/ratings.module';
import { receiptsModule } from './modules/receipts/receipts.module';
import { smartCartModule } from './modules/smartcart/smartcart.module';
import { systemModule } from './modules/system/system.module';
import { createApp, registerAppPlugins, registerExternalPlugins } from './plugins/index';

export type { App, BuildAppOptions } from './app-options';

/**
 * Builds the app in the house order: external plugins -> app plugins -> modules' routes. The modules are
 * built first, because the app plugins take their ports (sessions, the back office's members, the
 * operators' trail). The caller owns the database (opens, migrates, seeds and closes it).
 */
export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { env, db } = opts;
  const app = createApp(env, opts.logger);
  await registerExternalPlugins(app, env, { openerPages: [SIGN_IN_RESULT_PAGE] });
  const core = await buildCore(app, opts);
  const orderTransitions = orderTransitionListeners();
  const m = await buildModules({ app, opts, core, m: {} as Modules, erasers: [], orderTransitions });
  const settings = { env, db, dbKind: opts.dbKind, jobs: core.jobs, runJobs: opts.runJobs !== false };
  await registerAppPlugins(
    app,
    { ...settings, secureCookie: secureCookieOf(env) },
    {
      ...{ resolveLogin: m.account.userIdOfLogin, sessions: m.account.sessions },
      ...{ admins: m.backoffice.adminAccess, acting: m.operators.actingAccess },
      operatorsTrail: m.operators.trail,
    },
  );
  await registerRoutes(app, m, opts);
  return app;
}

const secureCookieOf = (env: BuildAppOptions['env']) => env.NODE_ENV === 'production';

/** The modules in the order they are built (it fixes the order of their jobs, listeners and erasers). */
async function buildModules(w: Wiring): Promise<Modules> {
  await buildShopModules(w);
  await buildOrderModules(w);
  await buildStaffModules(w);
  const keepers = [w.m.notifications, w.m.cart, w.m.delivery, w.m.receipts, w.m.smartcart, w.m.backoffice];
  w.erasers.push(...keepers.map((keeper) => keeper.eraseCustomer));
  return w.m;
}

/** The shop's front: mail, content, catalogue, accounts, delivery, the cart, leaflets, lists, messages. */
async function buildShopModules({ app, opts, core, m, erasers, orderTransitions }: Wiring) {
  const versionCheckMs = opts.versionCheckMs ?? 1000;
  m.mail = mailModule({ ...core, audit: late(() => m.backoffice.audit.posts) });
  const catalogueCache = catalogueReadCache(core, versionCheckMs);
  m.content = contentModule(app, {
    ...{ ...core, catalogueCache, versionCheckMs },
    stores: late(() => m.delivery.storeCards),
    products: late(() => m.catalogue.contentProducts),
    audit: late(() => m.backoffice.audit),
  });
  m.catalogue = catalogueModule(app, {
    ...{ ...core, cache: catalogueCache, content: m.content.content, orderTransitions },
    storeOf: late(() => m.cart.storeOf),
    leafletProducts: late(() => m.leaflets.leafletProducts),
    audit: late(() => m.backoffice.audit.catalogue),
  });
  m.account = await accountModule({
    ...{ ...core, mail: m.mail.mail, secureCookie: secureCookieOf(core.env), erasers },
    gifts: late(() => m.loyalty.gifts),
    pickupOrders: opts.pickupOrders ?? late(() => m.orders.orders.pickupOrders),
    operators: late(() => m.backoffice.operators),
    socialSignUp: late(() => m.identity.socialSignUp),
  });
  const { accounts } = m.account;
  m.system = systemModule({ ...core, botChecks: m.account.botCheck, lifecycle: app.lifecycle });
  m.delivery = deliveryModule({ ...core, accounts, addressUsage: late(() => m.cart.cart), orderTransitions });
  m.cart = cartModule({
    ...{ ...core, catalogue: m.catalogue.catalogue },
    ...{ delivery: m.delivery.delivery, timeslots: m.delivery.timeslots },
    dailyPurchases: opts.dailyPurchases ?? late(() => m.orders.orders.dailyPurchases),
    accounts,
  });
  m.leaflets = leafletsModule(app, {
    ...{ ...core, catalogue: m.catalogue.catalogue, storeOf: m.cart.storeOf },
    productIdOf: (key) => m.catalogue.admin.products.idByEanOrCode(key),
    storeIds: async () => new Set((await m.delivery.storeCards()).map((s) => s.storeId)),
    audit: late(() => m.backoffice.audit.posts),
  });
  m.lists = listsModule({ ...core, catalogue: m.catalogue.catalogue, cart: m.cart.cart });
  const { pushSender, nativePushSender } = opts;
  m.notifications = await notificationsModule(app, { ...core, accounts, pushSender, nativePushSender });
}

/** Orders and what follows them: loyalty, receipts, self-scanning, forms, payments, the checkout. */
async function buildOrderModules({ app, opts, core, m, orderTransitions }: Wiring) {
  const { accounts } = m.account;
  const { catalogue } = m.catalogue;
  const notifications = m.notifications.notifications;
  m.orders = ordersModule(app, {
    ...{ ...core, cart: m.cart.cart, carts: m.cart.carts, accounts, transitions: orderTransitions },
    ...{ mail: m.mail.mail, notifications, substitutes: m.catalogue.substitutes },
    gifts: late(() => m.loyalty.gifts),
    attempts: late(() => m.payment.attempts),
    providerFor: late(() => m.payment.providerFor),
    money: late(() => m.payment.customerMoney),
    paymentTypes: late(() => m.payment.paymentTypes),
    audit: late(() => m.backoffice.audit.orders),
    wallet: late(() => m.loyalty.wallet),
    editing: late(() => m.checkout.editing),
  });
  const { repo: orders, status: orderStatus } = m.orders;
  m.loyalty = loyaltyModule(app, {
    ...{ ...core, accounts, orders, orderStatus, orderTransitions },
    ...{ catalogue, productOf: m.catalogue.productOf },
    notifications,
    mail: m.mail,
    receipts: late(() => m.receipts.receipts),
    audit: late(() => m.backoffice.audit),
  });
  m.receipts = receiptsModule(app, {
    ...{ ...core, accounts, orders, orderStatus, isDelivery: m.loyalty.isDelivery },
    notifications: opts.receiptNotifications ?? notifications,
  });
  m.smartcart = smartCartModule({
    ...{ ...core, catalogue, stores: m.delivery.delivery, storesByName: m.delivery.storesByName, accounts },
    ...{ listProducts: m.lists.listProducts, receipts: m.receipts.receipts },
    audit: late(() => m.backoffice.audit.selfScanning),
    rescanShare: opts.smartCartRescanShare ?? core.env.SMART_CART_RESCAN_SHARE,
  });
  m.forms = formsModule(app, { ...core, mail: m.mail.mail, accounts, orders, receipts: m.receipts.receipts });
  m.payment = await paymentModule({
    ...{ ...core, placements: m.orders.placements, status: orderStatus, orderTransitions },
    providers: opts.paymentProviders,
    onError: (err, what) => app.log.error({ err }, what),
    audit: late(() => m.backoffice.audit.orders),
  });
  m.checkout = checkoutModule({
    ...{ ...core, cart: m.cart.cart, carts: m.cart.carts, catalogue, accounts },
    ...{ delivery: m.delivery.delivery, timeslots: m.delivery.timeslots },
    ...{ orders: m.orders.placements, answer: m.orders.answer, status: orderStatus },
    ...{ orderTransitions, attempts: m.payment.attempts, paymentTypes: m.payment.paymentTypes },
    ...{ wallet: m.loyalty.wallet, premium: m.loyalty.premium, premiumProduct: m.loyalty.premiumProduct },
    gifts: m.loyalty.gifts,
  });
  m.invoices = invoicesModule(app, {
    ...{ ...core, orderTransitions, refundsMade: m.payment.refundsMade, mail: m.mail.mail },
    goodwillGranted: m.loyalty.wallet,
    audit: late(() => m.backoffice.audit.posts),
  });
}

/** The staff's side: the back office, operators acting for customers, ratings, sign-in providers, media. */
async function buildStaffModules({ app, opts, core, m, orderTransitions }: Wiring) {
  const { accounts, sessions } = m.account;
  const secureCookie = secureCookieOf(core.env);
  m.backoffice = await backofficeModule({
    ...{ ...core, secureCookie, accounts, account: m.account.account, catalogue: m.catalogue.admin },
    ...{ blocks: m.content.blocks, slotAdmin: m.delivery.slotAdmin, orders: m.orders.repo },
  });
  const { staffAuth, customers, repo: backoffice, audit } = m.backoffice;
  m.operators = operatorsModule({
    ...{ ...core, secureCookie, accounts, sessions },
    ...{ staffAuth, customers, backoffice },
  });
  m.ratings = ratingsModule({ ...core, catalogue: m.catalogue.productsOnSale, audit: audit.votes });
  m.identity = identityModule(app, {
    ...{ ...core, accounts, sessions, secureCookie, socialProviders: opts.socialProviders },
    workplace: m.delivery.delivery,
  });
  m.media = mediaModule({ env: core.env, productImage: m.catalogue.productImage });
  m.integration = integrationModule(app, {
    ...{ ...core, productMaster: m.catalogue.productMaster, storeStock: m.catalogue.storeStock },
    ...{ orderTransitions, orderStatus: m.orders.status },
    ...{ owedStock: m.orders.owedStock, adminAudit: (e, tx) => audit.posts(e, tx) },
  });
}
