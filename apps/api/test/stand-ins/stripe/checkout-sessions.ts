import type Stripe from 'stripe';
import {
  AUTOMATIC,
  randomId,
  type Emit,
  type IntentRecord,
  type PaymentLedger,
  type RequestContext,
} from './payment-ledger';
import type { Customers } from './customers';
import { Params } from './stripe-params';
import { invalidRequest, parameterInvalid, parameterMissing, resourceMissing } from './stripe-errors';
import type { CardDecline } from './test-cards';

/**
 * Checkout Sessions in `payment` mode (https://docs.stripe.com/api/checkout/sessions): created `open` with the
 * `url` of a hosted page (served by the stand-in, hosted-pages.ts); the PaymentIntent is created when the customer
 * pays, with `payment_intent_data` (capture_method manual for a hold); the session becomes `complete` and
 * `checkout.session.completed` is sent. With a hold `payment_status` stays `unpaid` (no funds have moved), with an
 * automatic capture it is `paid`. An open session expires at `expires_at` (24 hours by default).
 * `customer_creation=always` creates a Customer when the session completes (`customer` on the session and on its
 * PaymentIntent); `payment_intent_data[setup_future_usage]` saves the card: a PaymentMethod of its own, attached to
 * that Customer, becomes the intent's `payment_method` (without a Customer it is saved but attached to none).
 */
export type SessionObject = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_creation'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'ui_mode'
  | 'url'
>;

export interface LineItem {
  name: string;
  currency: string;
  unitAmount: number;
  quantity: number;
}

interface SessionRecord {
  object: SessionObject;
  lineItems: LineItem[];
  intentData: {
    captureMethod: 'automatic' | 'automatic_async' | 'manual';
    setupFutureUsage: 'on_session' | 'off_session' | null;
    metadata: Record<string, string>;
    description?: string;
  };
}

export const SESSION_PARAMS = [
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'metadata',
  'client_reference_id',
  'customer_creation',
  'customer_email',
  'payment_intent_data',
  'payment_method_types',
  'expires_at',
  'locale',
  'ui_mode',
];
const DAY = 24 * 60 * 60;

export class CheckoutSessions {
  readonly sessions = new Map<string, SessionRecord>();

  constructor(
    private readonly ledger: PaymentLedger,
    private readonly options: { now(): number; baseUrl: string; emit: Emit; customers: Customers },
  ) {}

  private seconds(): number {
    return Math.floor(this.options.now() / 1000);
  }

  session(id: string): SessionRecord {
    const record = this.sessions.get(id);
    if (!record) throw resourceMissing('checkout.session', id);
    return record;
  }

  /** POST /v1/checkout/sessions */
  create(raw: Params): SessionObject {
    const mode = raw.requiredString('mode');
    if (mode !== 'payment')
      throw parameterInvalid('mode', `The stand-in supports mode=payment only, not ${mode}.`);
    const items = raw.list('line_items', ['price', 'price_data', 'quantity']);
    if (!items || items.length === 0) throw parameterMissing('line_items');
    const lineItems = items.map((item, i) => this.lineItem(item, i));
    const currency = lineItems[0]!.currency;
    const other = lineItems.findIndex((item) => item.currency !== currency);
    if (other >= 0)
      throw invalidRequest('All line items must use the same currency.', {
        param: `line_items[${other}][price_data][currency]`,
      });
    const created = this.seconds();
    const expiresAt = raw.integer('expires_at') ?? created + DAY;
    if (expiresAt < created + 30 * 60 || expiresAt > created + DAY)
      throw parameterInvalid(
        'expires_at',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
      );
    const intentData = raw.nested('payment_intent_data', [
      'capture_method',
      'metadata',
      'description',
      'receipt_email',
      'setup_future_usage',
    ]);
    const id = randomId('cs_test_', 58);
    const total = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
    const record: SessionRecord = {
      object: {
        id,
        object: 'checkout.session',
        amount_subtotal: total,
        amount_total: total,
        cancel_url: raw.string('cancel_url') ?? null,
        client_reference_id: raw.string('client_reference_id') ?? null,
        created,
        currency,
        customer: null,
        customer_creation: raw.oneOf('customer_creation', ['always', 'if_required']) ?? 'if_required',
        customer_email: raw.string('customer_email') ?? null,
        expires_at: expiresAt,
        livemode: false,
        metadata: raw.metadata() ?? {},
        mode: 'payment',
        payment_intent: null,
        payment_method_types: raw.strings('payment_method_types') ?? ['card'],
        payment_status: 'unpaid',
        status: 'open',
        success_url: raw.string('success_url') ?? null,
        ui_mode: 'hosted_page',
        url: `${this.options.baseUrl}/c/pay/${id}`,
      },
      lineItems,
      intentData: {
        captureMethod:
          intentData?.oneOf('capture_method', ['automatic', 'automatic_async', 'manual']) ??
          'automatic_async',
        setupFutureUsage:
          intentData?.oneOf('setup_future_usage', ['on_session', 'off_session'] as const) ?? null,
        metadata: intentData?.metadata() ?? {},
        ...(intentData?.string('description') ? { description: intentData.string('description')! } : {}),
      },
    };
    this.sessions.set(id, record);
    return record.object;
  }

  private lineItem(item: Params, i: number): LineItem {
    const price = item.string('price');
    if (price) throw resourceMissing('price', price, `line_items[${i}][price]`);
    const priceData = item.nested('price_data', [
      'currency',
      'unit_amount',
      'product_data',
      'product',
      'tax_behavior',
    ]);
    if (!priceData) throw parameterMissing(`line_items[${i}][price_data]`);
    const currency = priceData.requiredString('currency').toLowerCase();
    const product = priceData.nested('product_data', ['name', 'description', 'metadata']);
    if (!product) throw parameterMissing(`line_items[${i}][price_data][product_data]`);
    const unitAmount = priceData.requiredInteger('unit_amount');
    if (unitAmount < 0)
      throw parameterInvalid(
        `line_items[${i}][price_data][unit_amount]`,
        'Invalid non-negative integer',
        'parameter_invalid_integer',
      );
    const quantity = item.integer('quantity') ?? 1;
    if (quantity < 1)
      throw parameterInvalid(
        `line_items[${i}][quantity]`,
        'Invalid positive integer',
        'parameter_invalid_integer',
      );
    return { name: product.requiredString('name'), unitAmount, quantity, currency };
  }

  /** POST /v1/checkout/sessions/:id/expire */
  expire(id: string, request: RequestContext): SessionObject {
    const record = this.session(id);
    if (record.object.status !== 'open')
      throw invalidRequest(`This Checkout Session is not open: its status is ${record.object.status}.`, {
        code: 'checkout_session_not_open',
      });
    this.close(record, 'expired', request);
    return record.object;
  }

  private close(record: SessionRecord, status: 'complete' | 'expired', request: RequestContext): void {
    const { object } = record;
    object.status = status;
    object.url = null;
    if (status === 'expired') {
      const intent = object.payment_intent
        ? this.ledger.intents.get(object.payment_intent as string)
        : undefined;
      if (
        intent &&
        intent.object.status !== 'canceled' &&
        intent.object.status !== 'succeeded' &&
        intent.object.status !== 'requires_capture'
      ) {
        intent.object.status = 'canceled';
        intent.object.canceled_at = this.seconds();
        intent.object.cancellation_reason = 'abandoned';
        this.options.emit('payment_intent.canceled', structuredClone(intent.object), request);
      }
      this.options.emit('checkout.session.expired', structuredClone(object), request);
      return;
    }
    const intent = this.ledger.intent(object.payment_intent as string);
    this.keepCustomer(record, intent, request);
    object.payment_status = intent.object.status === 'succeeded' ? 'paid' : 'unpaid';
    this.options.emit('checkout.session.completed', structuredClone(object), request);
  }

  /** the completed payment's Customer (customer_creation=always) and the card it saved (setup_future_usage) */
  private keepCustomer(record: SessionRecord, intent: IntentRecord, request: RequestContext): void {
    const { object } = record;
    const { customers } = this.options;
    if (object.customer_creation === 'always' && !object.customer) {
      const params = new Params(object.customer_email ? { email: object.customer_email } : {}, ['email']);
      object.customer = customers.create(params, request).id;
      intent.object.customer = object.customer;
    }
    const usage = record.intentData.setupFutureUsage;
    if (!usage || !intent.card) return;
    const saved = customers.save(
      intent.card,
      (object.customer as string | null) ?? null,
      usage === 'off_session',
      request,
    );
    intent.saved = saved;
    intent.object.payment_method = saved.object.id;
    const charge = intent.object.latest_charge
      ? this.ledger.charges.get(intent.object.latest_charge as string)
      : null;
    if (charge) charge.payment_method = saved.object.id;
  }

  /** open sessions past `expires_at` expire */
  lapse(): number {
    let count = 0;
    const now = this.seconds();
    for (const record of this.sessions.values())
      if (record.object.status === 'open' && now >= record.object.expires_at) {
        this.close(record, 'expired', AUTOMATIC);
        count++;
      }
    return count;
  }

  /**
   * The customer pays on the hosted page with a test PaymentMethod: the session's PaymentIntent is created (once)
   * and confirmed. Returns the decline to show on the page, or the intent (authorised, or waiting for 3D Secure).
   */
  pay(id: string, paymentMethod: string): { decline: CardDecline } | { intent: IntentRecord } {
    const record = this.session(id);
    const { object } = record;
    if (object.status !== 'open') throw invalidRequest('This Checkout Session is no longer active.');
    let intent = object.payment_intent ? this.ledger.intent(object.payment_intent as string) : null;
    if (!intent) {
      const raw: Record<string, string | Record<string, string>> = {
        amount: String(object.amount_total),
        currency: object.currency!,
        capture_method: record.intentData.captureMethod,
        metadata: record.intentData.metadata,
      };
      if (record.intentData.description) raw.description = record.intentData.description;
      if (record.intentData.setupFutureUsage) raw.setup_future_usage = record.intentData.setupFutureUsage;
      const params = new Params(raw, [
        'amount',
        'currency',
        'capture_method',
        'metadata',
        'description',
        'setup_future_usage',
      ]);
      intent = this.ledger.createIntent(params, AUTOMATIC, id);
      object.payment_intent = intent.object.id;
    }
    const decline = this.ledger.confirmFromPage(
      intent,
      paymentMethod,
      `${this.options.baseUrl}/c/pay/${id}/return`,
    );
    if (decline) return { decline };
    if (intent.object.status === 'requires_capture' || intent.object.status === 'succeeded')
      this.close(record, 'complete', AUTOMATIC);
    return { intent };
  }

  /** after 3D Secure: completes the session when the intent was authorised */
  afterAuthentication(id: string): SessionRecord {
    const record = this.session(id);
    const intent = this.ledger.intent(record.object.payment_intent as string).object;
    if (
      record.object.status === 'open' &&
      (intent.status === 'requires_capture' || intent.status === 'succeeded')
    )
      this.close(record, 'complete', AUTOMATIC);
    return record;
  }

  /** success_url with Checkout's `{CHECKOUT_SESSION_ID}` template filled in */
  successUrl(record: SessionRecord): string | null {
    return record.object.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', record.object.id) ?? null;
  }
}
