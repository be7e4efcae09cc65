import type Stripe from 'stripe';
import { randomId, type Emit, type RequestContext } from './payment-ledger';
import type { Params } from './stripe-params';
import { invalidRequest, resourceMissing } from './stripe-errors';
import { TEST_PAYMENT_METHODS, type CardDecline, type TestCard } from './test-cards';

/**
 * Customers and the PaymentMethods saved on them (https://docs.stripe.com/api/customers,
 * /api/payment_methods). A test PaymentMethod id (`pm_card_visa`, test-cards.ts) stands for a card typed on a
 * page; a payment that sets it up for future use (`setup_future_usage`, with a Customer: Checkout's
 * `customer_creation=always`) saves a PaymentMethod of its own (`pm_…`) attached to the Customer, which later
 * PaymentIntents name with `customer` and `payment_method` (off-session: `off_session=true`, `confirm=true`).
 */
export type CustomerObject = Pick<
  Stripe.Customer,
  'id' | 'object' | 'created' | 'description' | 'email' | 'livemode' | 'metadata' | 'name'
>;

export type PaymentMethodObject = Pick<
  Stripe.PaymentMethod,
  'id' | 'object' | 'created' | 'customer' | 'livemode' | 'metadata' | 'type'
> & {
  card: Pick<Stripe.PaymentMethod.Card, 'brand' | 'last4' | 'exp_month' | 'exp_year' | 'country' | 'funding'>;
};

export interface SavedPaymentMethod {
  object: PaymentMethodObject;
  card: TestCard;
  /** set up for off-session payments (`setup_future_usage: off_session`) */
  offSession: boolean;
  /** test control: the next off-session payment with it meets this refusal */
  failNextOffSession: CardDecline | null;
}

export const CUSTOMER_PARAMS = ['email', 'name', 'description', 'metadata', 'phone'];

export class Customers {
  readonly customers = new Map<string, CustomerObject>();
  readonly paymentMethods = new Map<string, SavedPaymentMethod>();

  constructor(private readonly options: { now(): number; emit: Emit }) {}

  private seconds(): number {
    return Math.floor(this.options.now() / 1000);
  }

  /** POST /v1/customers */
  create(p: Params, request: RequestContext): CustomerObject {
    const customer: CustomerObject = {
      id: randomId('cus_', 14),
      object: 'customer',
      created: this.seconds(),
      description: p.string('description') ?? null,
      email: p.string('email') ?? null,
      livemode: false,
      metadata: p.metadata() ?? {},
      name: p.string('name') ?? null,
    };
    this.customers.set(customer.id, customer);
    this.options.emit('customer.created', structuredClone(customer), request);
    return customer;
  }

  /** GET /v1/customers/:id; `param` when a parameter names it (400 instead of 404) */
  customer(id: string, param?: string): CustomerObject {
    const customer = this.customers.get(id);
    if (!customer) throw resourceMissing('customer', id, param);
    return customer;
  }

  /** GET /v1/payment_methods/:id */
  paymentMethod(id: string): PaymentMethodObject {
    const saved = this.paymentMethods.get(id);
    if (!saved) throw resourceMissing('payment_method', id);
    return saved.object;
  }

  /**
   * The card a PaymentIntent's `payment_method` names: a test PaymentMethod, or a saved one (which must be used
   * with its own Customer, as Stripe requires).
   */
  cardFor(
    paymentMethod: string,
    customer: string | null,
  ): { card: TestCard; saved: SavedPaymentMethod | null } {
    const test = TEST_PAYMENT_METHODS[paymentMethod];
    if (test) return { card: test, saved: null };
    const saved = this.paymentMethods.get(paymentMethod);
    if (!saved) throw resourceMissing('PaymentMethod', paymentMethod, 'payment_method');
    const owner = saved.object.customer as string | null;
    if (owner !== null && owner !== customer)
      throw invalidRequest(
        `The provided PaymentMethod ${paymentMethod} belongs to a Customer, and the PaymentIntent names ${customer ? `another Customer (${customer})` : 'no Customer'}. Pass the Customer the PaymentMethod is attached to.`,
        { param: 'payment_method' },
      );
    return { card: saved.card, saved };
  }

  /** A card used with `setup_future_usage` is saved on the Customer: a PaymentMethod of its own. */
  save(
    card: TestCard,
    customer: string | null,
    offSession: boolean,
    request: RequestContext,
  ): SavedPaymentMethod {
    const now = this.options.now();
    const saved: SavedPaymentMethod = {
      object: {
        id: randomId('pm_', 24),
        object: 'payment_method',
        created: Math.floor(now / 1000),
        customer,
        livemode: false,
        metadata: {},
        type: 'card',
        card: {
          brand: card.brand,
          last4: card.last4,
          exp_month: 12,
          exp_year: new Date(now).getUTCFullYear() + 3,
          country: 'IT',
          funding: 'credit',
        },
      },
      card,
      offSession,
      failNextOffSession: null,
    };
    this.paymentMethods.set(saved.object.id, saved);
    if (customer) this.options.emit('payment_method.attached', structuredClone(saved.object), request);
    return saved;
  }
}
