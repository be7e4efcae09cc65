import type { ShopEvents } from '../../lib/shop-events';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { RouteRegistrar } from '../../lib/module';
import type { PaymentTypeOffer } from '../../lib/payment-type-offer';
import type { OrderTransitionsPort } from '../../lib/order-transitions';
import type { AccountRepository } from '../account/account.repository';
import { CartPurchase } from '../cart/cart-purchase';
import type { CartRepository } from '../cart/cart.repository';
import type { CartService } from '../cart/cart.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { DeliveryService } from '../delivery/delivery.service';
import type { TimeslotService } from '../delivery/timeslot.service';
import type { OrderStatusService } from '../orders/order-status.service';
import type { PaymentAttempts } from '../payment/payment-attempts';
import { CheckoutPricing } from './checkout-pricing';
import { CheckoutReadiness } from './checkout-readiness';
import { CheckoutRepository } from './checkout.repository';
import checkoutRoutes from './checkout.routes';
import { CheckoutService } from './checkout.service';
import type { OrderAnswer } from '../orders/order-answer';
import type { OrderPlacementRepository } from '../orders/order-placement.repository';
import { OrderPlacement } from './order-placement.service';
import { orderEditingOf } from './order-editing';
import type { CheckoutGiftsPort } from './checkout-gifts';
import type { OrderWalletPort } from './order-wallet';
import type { OrderPremiumPort, PremiumProductPort } from './order-premium';

export interface CheckoutModuleDeps {
  db: Db;
  /** told of each order placed (the metrics) */
  events: ShopEvents;
  cart: CartService;
  carts: CartRepository;
  catalogue: CatalogueService;
  delivery: DeliveryService;
  timeslots: TimeslotService;
  accounts: AccountRepository;
  /** the orders module's records of orders and their payment attempts, and its answer of one order */
  orders: OrderPlacementRepository;
  answer: OrderAnswer;
  status: OrderStatusService;
  /** the listeners of orders' status transitions (the orders module) */
  orderTransitions: OrderTransitionsPort;
  /** orders' payment attempts (the payment module) */
  attempts: PaymentAttempts;
  /** the customer's wallet (the loyalty module) for the part of an order paid with it */
  wallet: OrderWalletPort;
  /** the premium card's free deliveries (the loyalty module) */
  premium: OrderPremiumPort;
  /** the premium card's 20 % product (the loyalty module) */
  premiumProduct: PremiumProductPort;
  /** gift certificates (the loyalty module): their rules, the codes of a cart and the uses of an order */
  gifts: CheckoutGiftsPort;
  /** the payment types this shop offers (the payment module, decision 084) */
  paymentTypes: PaymentTypeOffer;
}

/**
 * The checkout module's parts, wired once (decision 017): pricing and readiness checks, the purchase
 * (OrderPlacement), the customer's calls (CheckoutService), and the cart's checkout as the orders module's
 * order edit asks it. Gift certificates' rules are the loyalty module's (decision 040), reached through
 * `gifts`; payment attempts are the payment module's. A cancelled order being edited leaves its cart a
 * normal cart (this module's listener of the transition, decision 074).
 */
export function buildCheckout(d: CheckoutModuleDeps) {
  const repo = new CheckoutRepository(d.db);
  const { orders, answer } = d;
  const carts = new CartPurchase(d.carts);
  const { gifts } = d;
  const pricing = new CheckoutPricing({
    carts,
    catalogue: d.catalogue,
    delivery: d.delivery,
    repo,
    gifts,
    buyers: (userId) => d.accounts.pricingFacts(userId, d.catalogue.today()),
    premium: d.premium,
    premiumProduct: d.premiumProduct,
    paymentTypes: d.paymentTypes,
  });
  const readiness = new CheckoutReadiness({
    db: d.db,
    delivery: d.delivery,
    timeslots: d.timeslots,
    accounts: d.accounts,
    orders,
  });
  const { attempts } = d;
  const placement = new OrderPlacement({
    db: d.db,
    cart: d.cart,
    carts,
    catalogue: d.catalogue,
    timeslots: d.timeslots,
    accounts: d.accounts,
    repo,
    orders,
    status: d.status,
    answer,
    pricing,
    readiness,
    attempts,
    wallet: d.wallet,
    premium: d.premium,
    gifts,
    paymentTypes: d.paymentTypes,
    events: d.events,
  });
  const checkout = new CheckoutService({
    cart: d.cart,
    carts,
    accounts: d.accounts,
    repo,
    orders,
    pricing,
    readiness,
    gifts,
    placement,
    paymentTypes: d.paymentTypes,
  });
  d.orderTransitions.onTransition(ORDER_STATUS.cancelled, 'checkout: order edit left', (order, tx) =>
    repo.clearEditing(order.orderId, tx),
  );
  return { checkout, editing: orderEditingOf(repo, checkout) };
}

/** The checkout module with its routes: the gift codes' throttling limits come from the configuration. */
export function checkoutModule(d: CheckoutModuleDeps & { env: Env }) {
  const { checkout, editing } = buildCheckout(d);
  return {
    checkout,
    /** the cart's checkout as the orders module's order edit asks it */
    editing,
    routes: (async (api) => {
      await api.register(checkoutRoutes, {
        checkout,
        giftCodeLimits: {
          maxPerAccount: d.env.GIFT_CODE_RATE_MAX_PER_CUSTOMER,
          maxPerAddress: d.env.GIFT_CODE_RATE_MAX_PER_ADDRESS,
        },
      });
    }) satisfies RouteRegistrar,
  };
}
