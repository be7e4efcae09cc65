import type { FastifyInstance } from 'fastify';
import { publicUrlOf } from '../../env';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import type { ShopEvents } from '../../lib/shop-events';
import type { AccountRepository } from '../account/account.repository';
import { CartPurchase } from '../cart/cart-purchase';
import type { CartRepository } from '../cart/cart.repository';
import type { CartService } from '../cart/cart.service';
import type { MailService } from '../mail/mail.service';
import type { PaymentAttempts } from '../payment/payment-attempts';
import type { PaymentTypeOffer } from '../../lib/payment-type-offer';
import type { PaymentProvider } from '../payment/payment-provider';
import adminOrdersRoutes from './admin-orders.routes';
import { OrderActionsService, type OrderActionsDeps, type OrderEditingPort } from './order-actions.service';
import orderActionsRoutes from './order-actions.routes';
import { OrderAnswer } from './order-answer';
import type { OrderGiftsPort } from './order-gifts';
import { OrderPlacementRepository } from './order-placement.repository';
import { OrderStatusService, OrderTransitionListeners } from './order-status.service';
import { orderMailComposer, orderMailListener, orderMailWanted } from './orders.mails';
import {
  orderNotificationComposer,
  orderNotificationListener,
  orderNotificationWanted,
  type OrderNotificationsPort,
} from './orders.notifications';
import { OrdersRepository } from './orders.repository';
import ordersRoutes from './orders.routes';
import { OrdersService, type OrderMoneyPort } from './orders.service';
import { ParkingRepository } from './parking.repository';
import { ParkingService } from './parking.service';
import { SLOT_REMINDER_EVERY_MS, SLOT_REMINDER_JOB, SlotReminders } from './slot-reminders';
import { StaffService, type AuditPort, type SubstitutePort, type WalletReturnPort } from './staff.service';
import { owedStock } from './owed-stock';

/**
 * The listeners of the orders' status transitions (decision 074): made before the modules, so that those
 * built before the orders module (catalogue, delivery) register theirs too; the orders module runs them.
 */
export function orderTransitionListeners() {
  return new OrderTransitionListeners();
}

export interface OrdersModuleDeps extends ModuleCore {
  cart: CartService;
  /** the carts as the order actions change them (the cart module) */
  carts: CartRepository;
  accounts: Pick<AccountRepository, 'findUserById'>;
  /** the listeners of status transitions the modules registered (orderTransitionListeners) */
  transitions: OrderTransitionListeners;
  mail: MailService;
  /** the customer's messages of an order's life (the notifications module) */
  notifications: OrderNotificationsPort;
  /** the gift certificates orders used (the loyalty module) */
  gifts: OrderGiftsPort & OrderActionsDeps['gifts'];
  /** the orders' payment attempts (the payment module) */
  attempts: PaymentAttempts;
  /** what the provider held, took and gave back of orders (the payment module, decision 085) */
  money: OrderMoneyPort;
  /** the payment provider of an authorisation, by name (the payment module): staff capture through it */
  providerFor: (name: string) => PaymentProvider | null;
  /** the payment types this shop offers (the payment module, decision 084): a new or retried payment's */
  paymentTypes: PaymentTypeOffer;
  /** the products staff may put instead of an ordered one (the catalogue module) */
  substitutes: SubstitutePort;
  /** the back office's audit log of orders */
  audit: AuditPort;
  /** the wallet's part of an order given back or set (the loyalty module) */
  wallet: WalletReturnPort & OrderActionsDeps['wallet'];
  /** the cart's checkout as an order edit needs it (the checkout module) */
  editing: OrderEditingPort;
}

/**
 * The orders module (decision 018): the customer's orders, the one entry point of status changes with its
 * e-mails and messages, the day-before reminders, parking at pickup (decision 049), staff picking.
 */
export function ordersModule(app: FastifyInstance, d: OrdersModuleDeps) {
  const { db, env, now, jobs, mail, notifications } = d;
  const repo = new OrdersRepository(db);
  const parkingRepo = new ParkingRepository(db);
  // the payment module is built after this one: its money is read through the port when asked
  const money: OrderMoneyPort = {
    of: (ids) => d.money.of(ids),
    ofNew: (orderId, attempt, at) => d.money.ofNew(orderId, attempt, at),
  };
  const orders = new OrdersService(
    repo,
    d.cart,
    { usesOf: (ids) => d.gifts.usesOf(ids) },
    now,
    parkingRepo,
    money,
  );
  const status = new OrderStatusService(
    (err) => app.log.error({ err }, 'order status listener failed'),
    d.transitions,
    () => orders.newAccessToken(),
  );
  const publicUrl = publicUrlOf(env);
  status.onChange(
    orderMailListener({ repo, orders, mail, publicUrl }),
    orderMailWanted,
    orderMailComposer({ mail, publicUrl }),
  );
  status.onChange(
    orderNotificationListener({ notify: notifications }),
    orderNotificationWanted,
    orderNotificationComposer({ notify: notifications }),
  );
  app.decorate('orderStatus', status);
  const slotReminders = new SlotReminders(db, repo, notifications, now);
  app.decorate('slotReminders', slotReminders);
  jobs.every(SLOT_REMINDER_JOB, SLOT_REMINDER_EVERY_MS, async () => {
    await slotReminders.run();
  });
  const parking = new ParkingService(repo, parkingRepo, now);
  const placements = new OrderPlacementRepository(db);
  const answer = new OrderAnswer(placements, d.gifts, money);
  const orderActions = new OrderActionsService({
    db,
    cart: d.cart,
    carts: new CartPurchase(d.carts),
    accounts: d.accounts,
    orders: placements,
    status,
    answer,
    attempts: d.attempts,
    paymentTypes: d.paymentTypes,
    wallet: d.wallet,
    gifts: d.gifts,
    editing: d.editing,
  });
  const staff = new StaffService(
    db,
    repo,
    orders,
    status,
    (name) => countedCaptures(d.providerFor(name), d.events),
    d.substitutes,
    d.audit,
    now,
    d.wallet,
  );
  return {
    orders,
    repo,
    status,
    /** the records of orders and their payment attempts as checkout and payments write them */
    placements,
    /** one order as checkout answers it */
    answer,
    /** what the orders at some stores took from their stock and nobody picked yet (decision 100) */
    owedStock,
    orderActions,
    routes: (async (api) => {
      await api.register(ordersRoutes, { orders, parking });
    }) satisfies RouteRegistrar,
    actionRoutes: (async (api) => {
      await api.register(orderActionsRoutes, { actions: orderActions });
    }) satisfies RouteRegistrar,
    adminRoutes: (async (api) => {
      await api.register(adminOrdersRoutes, { staff, parking });
    }) satisfies RouteRegistrar,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the one entry point of order status changes (its listener sends the order e-mails) */
    orderStatus: OrderStatusService;
    /** the day-before reminders (tests run them) */
    slotReminders: SlotReminders;
  }
}

/**
 * A provider whose captures are told to the metrics once the provider took the money (money taken stays taken
 * even when the staff's transaction then rolls back: the reconciliation finds it).
 */
function countedCaptures(provider: PaymentProvider | null, events: ShopEvents): PaymentProvider | null {
  if (!provider) return null;
  const capture: PaymentProvider['capture'] = async (...args) => {
    const taken = await provider.capture(...args);
    if (taken.ok) events.emit({ kind: 'payment.captured' });
    return taken;
  };
  return new Proxy(provider, {
    get: (target, key) => (key === 'capture' ? capture : Reflect.get(target, key, target)),
  });
}
