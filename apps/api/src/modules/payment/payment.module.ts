import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import { areOnlinePaymentsOn, isSandboxOn } from '../../env';
import { storedSecret } from '../../lib/app-secrets';
import { createSatispayClient } from '../../lib/satispay-client';
import { createStripeClient } from '../../lib/stripe-client';
import { publicUrlOf } from '../../env';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import type { OrderTransitionsPort } from '../../lib/order-transitions';
import { paymentTypeOffer } from '../../lib/payment-type-offer';
import { API_PREFIX } from '../../plugins/errors';
import { PaymentAttempts, type AttemptRecordsPort, type StartedAttempt } from './payment-attempts';
import { PaymentDisputesRepository } from './payment-disputes.repository';
import { HoldRenewals } from './payment-hold-renewal';
import { PaymentReconciliation } from './payment-reconciliation';
import type { PaymentProvider } from './payment-provider';
import { PaymentProviders } from './payment-providers';
import { customerMoneyOf, orderMoneyOf } from './order-money';
import paymentAdminRoutes from './payment-admin.routes';
import { PaymentMoneyRepository } from './payment-money.repository';
import {
  PaymentRefunds,
  type RefundAuditPort,
  type RefundRecordsPort,
  type RefundSettledListener,
} from './payment-refunds.service';
import { PaymentReports } from './payment-reports';
import { PaymentReportsRepository } from './payment-reports.repository';
import paymentRoutes from './payment.routes';
import { PaymentService, type OrderStatusPort, type PaymentRecordsPort } from './payment.service';
import { SandboxPaymentProvider } from './sandbox.provider';
import { SATISPAY_PROVIDER, SatispayProvider } from './satispay.provider';
import { StripePaymentProvider } from './stripe.provider';

export interface PaymentModuleDeps extends ModuleCore {
  /** the records of orders' payment attempts (the orders module) */
  placements: PaymentRecordsPort & AttemptRecordsPort & RefundRecordsPort;
  /** the back office's audit log of orders (refunds) */
  audit: RefundAuditPort;
  /** the listeners of orders' status transitions (the orders module) */
  orderTransitions: OrderTransitionsPort;
  /** the one entry point of order status changes (the orders module) */
  status: OrderStatusPort;
  /** further payment providers by name (payment_authorizations.provider) */
  providers: readonly PaymentProvider[] | undefined;
  /** a provider's call that failed during reconciliation (logged) */
  onError?: (err: unknown, what: string) => void;
}

/** Stripe takes the cards when its secret key and its webhook endpoint's signing secret are set (083). */
async function stripeOf(d: PaymentModuleDeps): Promise<StripePaymentProvider | null> {
  const { env, now } = d;
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  return new StripePaymentProvider({
    stripe: await createStripeClient({
      secretKey: env.STRIPE_SECRET_KEY,
      baseUrl: env.STRIPE_API_URL ?? null,
    }),
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    publicUrl: publicUrlOf(env),
    now,
  });
}

/** The payment module: the sandbox provider, the provider's answers applied to orders, providers by name. */
export async function paymentModule(d: PaymentModuleDeps) {
  const { db, env, now, jobs } = d;
  // the sandbox's key: its own secret, or (never in production: env.ts) one generated once for this database
  const sandbox = new SandboxPaymentProvider(db, {
    secret: env.PAYMENT_SANDBOX_SECRET ?? (await storedSecret('payment-sandbox', db)),
    now,
  });
  // real providers first: they take their payment types before the sandbox does (decision 081)
  const stripe = await stripeOf(d);
  const providers = new PaymentProviders(
    [...(d.providers ?? []), ...(stripe ? [stripe] : []), ...satispayOf(d), sandbox],
    (p) => areOnlinePaymentsOn(env) && (p !== sandbox || isSandboxOn(env)),
  );
  const payments = new PaymentService(
    db,
    d.placements,
    d.status,
    providers,
    new PaymentDisputesRepository(),
    d.events,
  );
  const reconciliation = new PaymentReconciliation({
    db,
    providers,
    payments,
    now,
    onError: (err, a) => d.onError?.(err, `payment reconciliation of ${a.provider} ${a.providerRef}`),
  });
  reconciliation.register(jobs);
  // card holds that would lapse before a far slot, renewed with the card saved for it (decision 083)
  const renewals = new HoldRenewals({
    db,
    providers,
    records: d.placements,
    status: d.status,
    now,
    onError: (err, a) => d.onError?.(err, `payment hold renewal of ${a.provider} ${a.providerRef}`),
  });
  renewals.register(jobs);
  const feedbackUrl = (providerName: string) => `${API_PREFIX}/payment/feedback/${providerName}`;
  const attempts = new PaymentAttempts({ orders: d.placements, providers, feedbackUrl });
  const refunds = new PaymentRefunds(
    db,
    new PaymentMoneyRepository(db),
    d.placements,
    providers,
    d.audit,
    d.events,
  );
  const reports = new PaymentReports(new PaymentReportsRepository(db), now);
  // a cancelled order's live authorisation is voided, at the provider too (decision 074)
  d.orderTransitions.onTransition(ORDER_STATUS.cancelled, 'payment: live authorisation voided', (order, tx) =>
    attempts.voidLive(order.orderId, tx),
  );
  return {
    sandbox,
    /** the shop's providers: which takes a payment type, whose an authorisation is */
    providers,
    /**
     * the payment types offered (decision 084): an online one when a provider that is on takes it (the sandbox
     * only when on), none with ONLINE_PAYMENTS=off; checkout and the order actions take it as a port
     */
    paymentTypes: paymentTypeOffer((paymentTypeId) => providers.takes(paymentTypeId)),
    /** orders' payment attempts: started by the purchase and the order actions */
    attempts,
    /** the provider's answers applied to authorisations and orders */
    payments,
    /** asks the providers about authorisations left waiting (a recurring job) */
    reconciliation,
    /** what the customer reads of orders' money (the orders module's answers): by order id */
    customerMoney: {
      of: async (orderIds: readonly number[]) =>
        new Map([...(await refunds.moneyOfOrders(orderIds))].map(([id, m]) => [id, customerMoneyOf(m)])),
      /** a new order's, from its first attempt as its purchase wrote it (no refund, no event yet) */
      ofNew: (
        orderId: number,
        a: Pick<
          StartedAttempt,
          | 'authorizationId'
          | 'attempt'
          | 'provider'
          | 'providerRef'
          | 'amountCents'
          | 'capturedCents'
          | 'status'
        >,
        at: string,
      ) =>
        customerMoneyOf(
          orderMoneyOf(
            orderId,
            [{ ...a, createdAt: at, updatedAt: at, authorizedAt: null, capturedAt: null }],
            [],
          ),
        ),
    },
    /** refunds the provider made, told in their transaction (the invoices module's credit notes) */
    refundsMade: { onSettled: (listener: RefundSettledListener) => refunds.onSettled(listener) },
    /** renews card holds that would lapse before the slot (a recurring job) */
    renewals,
    /** the provider of an authorisation, by its name */
    providerFor: (name: string) => providers.byName(name),
    routes: (async (api) => {
      await api.register(paymentRoutes, {
        payments,
        providers,
        sandbox,
        webhookDelayMs: env.PAYMENT_SANDBOX_WEBHOOK_DELAY_MS,
        jobs,
      });
      await api.register(paymentAdminRoutes, { refunds, reports });
    }) satisfies RouteRegistrar,
  };
}

/** Satispay (payment type 24, decision 082) when its key id and private key are set */
function satispayOf({ env, now, placements }: PaymentModuleDeps): SatispayProvider[] {
  if (!env.SATISPAY_KEY_ID || !env.SATISPAY_PRIVATE_KEY) return [];
  const records: AttemptRecordsPort = placements;
  const client = createSatispayClient({
    keyId: env.SATISPAY_KEY_ID,
    privateKey: env.SATISPAY_PRIVATE_KEY,
    baseUrl: env.SATISPAY_API_URL ?? null,
  });
  return [
    new SatispayProvider({
      client,
      publicUrl: publicUrlOf(env),
      // the browser's return names the order and attempt; the shop's record of it names the payment
      paymentRefOf: async (orderId, attempt) => {
        const auth = await records.latestAuthorization(orderId);
        return auth?.provider === SATISPAY_PROVIDER && auth.attempt === attempt ? auth.providerRef : null;
      },
      now: () => now().getTime(),
    }),
  ];
}
