import { ORDER_STATUS_IDS, type OrderStatusId } from '@spesa/shared/orders/order-status';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AuditPort, ModuleCore, RouteRegistrar } from '../../lib/module';
import type { OrderTransitionsPort } from '../../lib/order-transitions';
import { webhookTargetPolicy } from '../../env';
import { hit } from '../../plugins/rate-limit';
import { IntegrationAdmin } from './integration-admin';
import { IntegrationAudit } from './integration-audit';
import tokenRoutes from './integration-auth.routes';
import integrationAdminRoutes from './integration-admin.routes';
import { IntegrationBatches } from './integration-batches';
import { IntegrationClients } from './integration-clients';
import { eventKindOf, IntegrationFeed } from './integration-feed';
import type { ProductMasterPort } from './integration-products';
import { IntegrationWebhooks, WEBHOOK_JOB } from './integration-webhooks';
import integrationRoutes from './integration.routes';
import type { OwedStockPort, StoreStockPort } from './integration-stock';
import { IntegrationService } from './integration.service';

export const PUBLISH_JOB = 'integration.publish';
const CLEANUP_JOB = 'integration.cleanup';

export interface IntegrationModuleDeps extends ModuleCore {
  /** the back office's audit log (the backoffice module): clients registered, revoked, their webhooks */
  adminAudit: AuditPort;
  /** the product master's rules and writes (the catalogue module, decision 092) */
  productMaster: ProductMasterPort;
  /** stock by store and price lists (the catalogue module, decision 095) */
  storeStock: StoreStockPort;
  /** what the orders at a store took from its stock and nobody picked yet (the orders module, decision 100) */
  owedStock: OwedStockPort;
  /** the orders' status transitions (decision 074): each one writes its feed event on its transaction */
  orderTransitions: OrderTransitionsPort;
  /** an order's first status and its edits (the orders module): their feed events */
  orderStatus: {
    /** a new order's first status: its feed event, on the purchase's transaction */
    onInitial(
      listener: (event: { orderId: number; status: OrderStatusId }, tx: Db) => Promise<void>,
      when: (status: OrderStatusId) => boolean,
    ): void;
    /** an order changed in place (its status kept): its "changed" event, on the edit's transaction */
    onEdit(listener: (event: { orderId: number; status: OrderStatusId }, tx: Db) => Promise<void>): void;
  };
}

/**
 * The integration API (issue 50, decision 096): OAuth 2.0 client credentials for the chain's systems, their
 * idempotent batches (product master, stock, prices), the orders' feed and its signed webhooks.
 */
export function integrationModule(app: FastifyInstance, d: IntegrationModuleDeps) {
  const { db, env, now, jobs } = d;
  const clients = new IntegrationClients(db, env.INTEGRATION_TOKEN_TTL_SECONDS, now);
  const audit = new IntegrationAudit(db);
  const batches = new IntegrationBatches(db);
  const feed = new IntegrationFeed(db);
  const policy = webhookTargetPolicy(env);
  const webhooks = new IntegrationWebhooks(
    db,
    jobs,
    { baseMs: env.INTEGRATION_WEBHOOK_RETRY_BASE_MS, maxAttempts: env.INTEGRATION_WEBHOOK_MAX_ATTEMPTS },
    now,
    policy,
  );
  const admin = new IntegrationAdmin(db, clients, d.adminAudit, policy);
  const service = new IntegrationService({
    ...{ batches, feed, webhooks, now },
    productMaster: d.productMaster,
    storeStock: d.storeStock,
    owedStock: d.owedStock,
  });
  /** each client's calls in a minute, counted where every process counts (the shop's throttle table) */
  const allowCall = async (clientId: number) =>
    (await hit(`integration:client:${clientId}`, 60_000, db)) <= env.INTEGRATION_RATE_PER_MINUTE;

  for (const to of ORDER_STATUS_IDS)
    d.orderTransitions.onTransitionWrite(to, 'integration: feed event', (order, changed) =>
      feed.recordWith(order.from, order.to, changed),
    );
  d.orderStatus.onInitial(
    (event, tx) => feed.record(event.orderId, null, event.status, tx),
    (status) => eventKindOf(null, status) !== null,
  );
  d.orderStatus.onEdit((event, tx) => feed.recordEdit(event.orderId, event.status, tx));
  jobs.register(WEBHOOK_JOB, (payload) => webhooks.deliver(payload));
  jobs.every(PUBLISH_JOB, 5_000, async () => {
    await service.publish();
  });
  jobs.every(CLEANUP_JOB, 3_600_000, async () => {
    await clients.deleteExpiredTokens();
    await audit.deleteOld();
    await batches.deleteOld();
  });
  app.decorate('integration', { service, webhooks, clients });
  return {
    routes: (async (api) => {
      await api.register(tokenRoutes, { clients, audit, allowCall });
      await api.register(integrationRoutes, { clients, audit, service, allowCall });
    }) satisfies RouteRegistrar,
    adminRoutes: (async (api) => {
      await api.register(integrationAdminRoutes, { clients, admin, webhooks });
    }) satisfies RouteRegistrar,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the integration API (tests publish the feed and run deliveries directly) */
    integration: { service: IntegrationService; webhooks: IntegrationWebhooks; clients: IntegrationClients };
  }
}
