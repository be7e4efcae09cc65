import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { storedSecret } from '../../lib/app-secrets';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import type { OrderTransitionsPort } from '../../lib/order-transitions';
import { API_PREFIX } from '../../plugins/errors';
import { PaymentAttempts, type AttemptRecordsPort } from './payment-attempts';
import type { PaymentProvider } from './payment-provider';
import paymentRoutes from './payment.routes';
import { PaymentService, type OrderStatusPort, type PaymentRecordsPort } from './payment.service';
import { SandboxPaymentProvider } from './sandbox.provider';

export interface PaymentModuleDeps extends ModuleCore {
  /** the records of orders' payment attempts (the orders module) */
  placements: PaymentRecordsPort & AttemptRecordsPort;
  /** the listeners of orders' status transitions (the orders module) */
  orderTransitions: OrderTransitionsPort;
  /** the one entry point of order status changes (the orders module) */
  status: OrderStatusPort;
  /** further payment providers by name (payment_authorizations.provider) */
  providers: readonly PaymentProvider[] | undefined;
}

/** The payment module: the sandbox provider, the provider's answers applied to orders, providers by name. */
export async function paymentModule(d: PaymentModuleDeps) {
  const { db, env, now, jobs } = d;
  // the sandbox's key: its own secret, or (never in production: env.ts) one generated once for this database
  const sandbox = new SandboxPaymentProvider(db, {
    secret: env.PAYMENT_SANDBOX_SECRET ?? (await storedSecret('payment-sandbox', db)),
    now,
  });
  const payments = new PaymentService(db, d.placements, d.status, sandbox);
  const providers = [sandbox, ...(d.providers ?? [])];
  const feedbackUrl = `${API_PREFIX}/payment/feedback/sandbox`;
  const attempts = new PaymentAttempts({ orders: d.placements, provider: sandbox, feedbackUrl });
  // a cancelled order's live authorisation is voided, at the provider too (decision 074)
  d.orderTransitions.onTransition(ORDER_STATUS.cancelled, 'payment: live authorisation voided', (order, tx) =>
    attempts.voidLive(order.orderId, tx),
  );
  return {
    sandbox,
    /** where the provider sends the browser back (the feedback endpoint) */
    feedbackUrl,
    /** orders' payment attempts: started by the purchase and the order actions */
    attempts,
    /** the provider of an authorisation, by its name */
    providerFor: (name: string) => providers.find((p) => p.name === name) ?? null,
    routes: (async (api) => {
      await api.register(paymentRoutes, {
        payments,
        sandbox,
        webhookDelayMs: env.PAYMENT_SANDBOX_WEBHOOK_DELAY_MS,
        jobs,
      });
    }) satisfies RouteRegistrar,
  };
}
