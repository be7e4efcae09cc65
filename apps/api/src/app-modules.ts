import type { App, BuildAppOptions } from './app-options';
import type { ModuleCore } from './lib/module';
import type { accountModule } from './modules/account/account.module';
import type { backofficeModule } from './modules/backoffice/backoffice.module';
import type { cartModule } from './modules/cart/cart.module';
import type { catalogueModule } from './modules/catalogue/catalogue.module';
import type { checkoutModule } from './modules/checkout/checkout.module';
import type { contentModule } from './modules/content/content.module';
import type { deliveryModule } from './modules/delivery/delivery.module';
import type { formsModule } from './modules/forms/forms.module';
import type { identityModule } from './modules/identity/identity.module';
import type { integrationModule } from './modules/integration/integration.module';
import type { invoicesModule } from './modules/invoices/invoices.module';
import type { leafletsModule } from './modules/leaflets/leaflets.module';
import type { listsModule } from './modules/lists/lists.module';
import type { loyaltyModule } from './modules/loyalty/loyalty.module';
import type { mailModule } from './modules/mail/mail.module';
import type { mediaModule } from './modules/media/media.module';
import type { notificationsModule } from './modules/notifications/notifications.module';
import type { operatorsModule } from './modules/operators/operators.module';
import type { orderTransitionListeners, ordersModule } from './modules/orders/orders.module';
import type { paymentModule } from './modules/payment/payment.module';
import type { ratingsModule } from './modules/ratings/ratings.module';
import type { receiptsModule } from './modules/receipts/receipts.module';
import type { smartCartModule } from './modules/smartcart/smartcart.module';
import type { systemModule } from './modules/system/system.module';

/** What a module's function gives: its services, the ports it offers, its route registrars. */
type Built<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

/** The API's modules as app.ts builds them, each under its folder's name. */
export interface Modules {
  mail: Built<typeof mailModule>;
  content: Built<typeof contentModule>;
  catalogue: Built<typeof catalogueModule>;
  account: Built<typeof accountModule>;
  system: Built<typeof systemModule>;
  delivery: Built<typeof deliveryModule>;
  cart: Built<typeof cartModule>;
  leaflets: Built<typeof leafletsModule>;
  lists: Built<typeof listsModule>;
  notifications: Built<typeof notificationsModule>;
  orders: Built<typeof ordersModule>;
  loyalty: Built<typeof loyaltyModule>;
  receipts: Built<typeof receiptsModule>;
  smartcart: Built<typeof smartCartModule>;
  forms: Built<typeof formsModule>;
  payment: Built<typeof paymentModule>;
  checkout: Built<typeof checkoutModule>;
  invoices: Built<typeof invoicesModule>;
  backoffice: Built<typeof backofficeModule>;
  operators: Built<typeof operatorsModule>;
  ratings: Built<typeof ratingsModule>;
  identity: Built<typeof identityModule>;
  media: Built<typeof mediaModule>;
  integration: Built<typeof integrationModule>;
}

/**
 * What the modules are built with: `m` holds each module once built, so a module takes the ports of those
 * above it as `m.<module>.<port>`, and those of a module further down through `late` (read at first use).
 */
export interface Wiring {
  app: App;
  opts: BuildAppOptions;
  core: ModuleCore;
  m: Modules;
  /** account deletion also erases what the other modules keep about the customer */
  erasers: Array<(userId: number) => Promise<void>>;
  /** orders' status-transition listeners, registered by the modules in the order they are built */
  orderTransitions: ReturnType<typeof orderTransitionListeners>;
}
