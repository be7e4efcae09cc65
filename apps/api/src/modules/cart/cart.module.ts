import { DEFAULT_STORE } from '@spesa/shared/contracts/delivery';
import type { FastifyRequest } from 'fastify';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { DeliveryService } from '../delivery/delivery.service';
import type { TimeslotService } from '../delivery/timeslot.service';
import cartDeliveryRoutes from './cart-delivery.routes';
import { CartRepository } from './cart.repository';
import cartRoutes from './cart.routes';
import { CartService, type CartServiceOptions, type DailyPurchasesPort } from './cart.service';

export interface CartModuleDeps extends Pick<ModuleCore, 'db' | 'env'> {
  catalogue: CatalogueService;
  delivery: DeliveryService;
  timeslots: TimeslotService;
  /** the daily purchase limit's count of a product in a day's orders (the orders module) */
  dailyPurchases: DailyPurchasesPort;
  /** the customer's card and CRM segments on a day (the account module's repository) */
  accounts: { pricingFacts(userId: number, today: string): ReturnType<CartServiceOptions['buyers']> };
}

/** The cart module: one open cart per customer with its delivery part; the store a request sees. */
export function cartModule(d: CartModuleDeps) {
  const { catalogue, delivery } = d;
  const carts = new CartRepository(d.db);
  const cart: CartService = new CartService(carts, delivery, d.timeslots, {
    catalogue,
    dailyPurchases: d.dailyPurchases,
    buyers: (userId) => d.accounts.pricingFacts(userId, catalogue.today()),
  });
  return {
    cart,
    carts,
    /** the store whose assortment a request sees: a signed-in customer's cart's, else the chain's default */
    storeOf: async (request: FastifyRequest) =>
      request.session ? cart.warehouseOf(request.session.userId) : DEFAULT_STORE.storeId,
    eraseCustomer: (userId: number) => cart.forgetDelivery(userId),
    routes: (async (api) => {
      await api.register(cartDeliveryRoutes, { cart, delivery });
      await api.register(cartRoutes, { cart, allowAnonymous: d.env.ANONYMOUS_CART === 'true' });
    }) satisfies RouteRegistrar,
  };
}
