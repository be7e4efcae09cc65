import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import receiptsAdminRoutes from './receipts-admin.routes';
import { ReceiptsRepository } from './receipts.repository';
import receiptsRoutes from './receipts.routes';
import {
  RECEIPT_RETENTION_JOB,
  RECEIPT_RETENTION_MS,
  RECEIPT_SETTINGS_JOB,
  RECEIPT_SETTINGS_MS,
  ReceiptsService,
  type OrderReceiptsPort,
  type OrderStatusEvent,
  type ReceiptCardsPort,
  type ReceiptNotificationsPort,
} from './receipts.service';

export interface ReceiptsModuleDeps extends ModuleCore {
  /** the account module's repository: a customer's card, a card's holder */
  accounts: {
    findUserById(userId: number): Promise<{ cardNumber: string | null } | null>;
    holderOfCard: ReceiptCardsPort['holderOf'];
  };
  /** the orders module's repository: a delivered order's facts for its receipt */
  orders: { receiptFactsOf(orderId: number, tx: Db): ReturnType<OrderReceiptsPort['factsOf']> };
  /** the order status changes (the orders module): a delivered order gets its receipt */
  orderStatus: {
    onChange(
      listener: (event: OrderStatusEvent, once: unknown, db: Db) => Promise<void>,
      when: (event: OrderStatusEvent) => boolean,
    ): void;
  };
  /** a digital receipt written for a customer is also a message in their history (decision 048) */
  notifications: ReceiptNotificationsPort;
  /** what an order's delivery counts as (the loyalty module's rule, shared with invites) */
  isDelivery: (event: OrderStatusEvent) => boolean;
}

/**
 * Receipts (decision 046): the tills' and delivered online orders' receipts, the digital receipt service
 * switched within 24 hours (a job applies due changes), digital receipts deleted after 6 months (daily job).
 */
export function receiptsModule(app: FastifyInstance, d: ReceiptsModuleDeps) {
  const { db, env, jobs, accounts } = d;
  const repo = new ReceiptsRepository(db);
  const receipts = new ReceiptsService(
    db,
    repo,
    {
      cardOf: async (userId) => (await accounts.findUserById(userId))?.cardNumber ?? null,
      holderOf: (cardNumber, tx) => accounts.holderOfCard(cardNumber, tx),
    },
    { factsOf: (orderId, tx) => d.orders.receiptFactsOf(orderId, tx) },
    {
      now: d.now,
      notifications: d.notifications,
      ...(env.RECEIPT_SWITCH_DELAY_MS !== undefined ? { switchDelayMs: env.RECEIPT_SWITCH_DELAY_MS } : {}),
    },
  );
  app.decorate('receipts', receipts);
  d.orderStatus.onChange((event, _once, tx) => receipts.onOrderDelivered(event, tx), d.isDelivery);
  jobs.every(RECEIPT_SETTINGS_JOB, RECEIPT_SETTINGS_MS, async () => {
    await receipts.applyDueSettings();
  });
  jobs.every(RECEIPT_RETENTION_JOB, RECEIPT_RETENTION_MS, async () => {
    await receipts.deleteExpiredDigital();
  });
  return {
    receipts,
    eraseCustomer: (userId: number) => repo.eraseCustomer(userId),
    routes: (async (api) => {
      await api.register(receiptsRoutes, { receipts });
    }) satisfies RouteRegistrar,
    adminRoutes: (async (api) => {
      await api.register(receiptsAdminRoutes, { receipts });
    }) satisfies RouteRegistrar,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** receipts (tests run its jobs' work) */
    receipts: ReceiptsService;
  }
}
