import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { Params } from './stripe-params';
import {
  cardError,
  invalidRequest,
  parameterInvalid,
  resourceMissing,
  unexpectedIntentState,
} from './stripe-errors';
import type { Customers, SavedPaymentMethod } from './customers';
import { AUTHENTICATION_FAILURE, offSessionRefusal, type CardDecline, type TestCard } from './test-cards';

/**
 * The stand-in's money: PaymentIntents, their Charges and Refunds, kept in memory per stand-in, moved as Stripe's
 * API reference describes (https://docs.stripe.com/api/payment_intents, /api/refunds). The object types are picks
 * of the SDK's own types, so a field the stand-in answers has Stripe's name and value set.
 *
 * - create: `requires_payment_method` (or `requires_confirmation` with a payment_method), confirmed at once with
 *   `confirm=true`;
 * - confirm with a test PaymentMethod (test-cards.ts): authorised -> `requires_capture` (capture_method manual,
 *   `amount_capturable` = amount) or `succeeded` (automatic); declined -> 402 card_error and back to
 *   `requires_payment_method` with `last_payment_error`; 3D Secure -> `requires_action` with `next_action`;
 * - capture (only from `requires_capture`): `amount_to_capture` <= `amount_capturable`, the rest is released;
 * - cancel (not after `succeeded`): the hold is released;
 * - refunds: of a captured charge, up to what was captured minus what was refunded;
 * - off-session (`customer`, a saved `payment_method`, `off_session=true`, `confirm=true`): nobody can answer 3D
 *   Secure, so a card that asks for it is refused with 402 `authentication_required` (the intent back to
 *   `requires_payment_method`), unless it was set up for off-session use and accepts that (customers.ts);
 * - an authorisation not captured within the lapse (Stripe: 7 days for cards, `capture_before` on the charge) is
 *   canceled with `cancellation_reason: 'automatic'`.
 */
export type IntentObject = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_capturable'
  | 'amount_received'
  | 'canceled_at'
  | 'cancellation_reason'
  | 'capture_method'
  | 'client_secret'
  | 'confirmation_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'last_payment_error'
  | 'latest_charge'
  | 'livemode'
  | 'metadata'
  | 'next_action'
  | 'payment_method'
  | 'payment_method_types'
  | 'receipt_email'
  | 'setup_future_usage'
  | 'status'
>;

type CardDetails = Pick<
  Stripe.Charge.PaymentMethodDetails.Card,
  | 'amount_authorized'
  | 'brand'
  | 'capture_before'
  | 'country'
  | 'exp_month'
  | 'exp_year'
  | 'funding'
  | 'last4'
>;

export type ChargeObject = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'captured'
  | 'created'
  | 'currency'
  | 'description'
  | 'failure_code'
  | 'failure_message'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'payment_intent'
  | 'payment_method'
  | 'refunded'
  | 'status'
> & { payment_method_details: { type: 'card'; card: CardDetails } };

export type RefundObject = Pick<
  Stripe.Refund,
  | 'id'
  | 'object'
  | 'amount'
  | 'charge'
  | 'created'
  | 'currency'
  | 'metadata'
  | 'payment_intent'
  | 'reason'
  | 'status'
>;

/** `event.request`: the API request that caused an event, nulls for Stripe's own (the lapse, the hosted page) */
export interface RequestContext {
  id: string | null;
  idempotency_key: string | null;
}
export const AUTOMATIC: RequestContext = { id: null, idempotency_key: null };

export type Emit = (type: Stripe.Event.Type, object: object, request: RequestContext) => void;

export interface IntentRecord {
  object: IntentObject;
  card: TestCard | null;
  /** the saved PaymentMethod it is confirmed with, if not a test one */
  saved: SavedPaymentMethod | null;
  /** confirmed with `off_session=true`: the customer is not there to authenticate */
  offSession: boolean;
  returnUrl: string | null;
  /** ms on the stand-in's clock */
  authorisedAt: number | null;
  checkoutSession: string | null;
}

export const randomId = (prefix: string, length = 24) =>
  prefix +
  randomBytes(length)
    .toString('base64')
    .replace(/[^a-zA-Z0-9]/g, '')
    .slice(0, length)
    .padEnd(length, '0');

export const euros = (cents: number, currency: string) =>
  currency === 'eur' ? `€${(cents / 100).toFixed(2)}` : `${(cents / 100).toFixed(2)} ${currency}`;

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation'];
const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const;
/** Stripe's minimum charge amounts (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts) */
const MINIMUM_AMOUNT: Record<string, number> = { eur: 50, usd: 50, gbp: 30, chf: 50 };

export interface LedgerOptions {
  now(): number;
  baseUrl: string;
  authorisationLapseMs: number;
  emit: Emit;
  customers: Customers;
}

export class PaymentLedger {
  readonly intents = new Map<string, IntentRecord>();
  readonly charges = new Map<string, ChargeObject>();
  readonly refunds = new Map<string, RefundObject>();

  constructor(private readonly options: LedgerOptions) {}

  private seconds(): number {
    return Math.floor(this.options.now() / 1000);
  }

  private emit(type: Stripe.Event.Type, object: object, request: RequestContext): void {
    this.options.emit(type, structuredClone(object), request);
  }

  intent(id: string): IntentRecord {
    const record = this.intents.get(id);
    if (!record) throw resourceMissing('payment_intent', id);
    return record;
  }

  charge(id: string): ChargeObject {
    const charge = this.charges.get(id);
    if (!charge) throw resourceMissing('charge', id);
    return charge;
  }

  refund(id: string): RefundObject {
    const refund = this.refunds.get(id);
    if (!refund) throw resourceMissing('refund', id);
    return refund;
  }

  /** POST /v1/payment_intents; `checkoutSession` when Checkout creates it for its session */
  createIntent(p: Params, request: RequestContext, checkoutSession: string | null = null): IntentRecord {
    const amount = p.requiredInteger('amount');
    const currency = p.requiredString('currency').toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw parameterInvalid('currency', `Invalid currency: ${currency}.`);
    const minimum = MINIMUM_AMOUNT[currency] ?? 1;
    if (amount < minimum)
      throw invalidRequest(`Amount must be at least ${euros(minimum, currency)}`, {
        code: 'amount_too_small',
        param: 'amount',
      });
    if (amount > 99_999_999)
      throw invalidRequest('Amount must be no more than 99999999', {
        code: 'amount_too_large',
        param: 'amount',
      });
    const paymentMethod = p.string('payment_method') ?? null;
    const customer = p.string('customer') ?? null;
    if (customer) this.options.customers.customer(customer, 'customer');
    const offSession = p.boolean('off_session') ?? false;
    const confirm = p.boolean('confirm') ?? false;
    if (offSession && !confirm)
      throw invalidRequest('You may only specify `off_session` when `confirm` is true.', {
        param: 'off_session',
      });
    const found = paymentMethod ? this.options.customers.cardFor(paymentMethod, customer) : null;
    const setupFutureUsage = p.oneOf('setup_future_usage', ['on_session', 'off_session']) ?? null;
    const id = randomId('pi_');
    const record: IntentRecord = {
      object: {
        id,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        canceled_at: null,
        cancellation_reason: null,
        capture_method:
          p.oneOf('capture_method', ['automatic', 'automatic_async', 'manual']) ?? 'automatic_async',
        client_secret: `${id}_secret_${randomId('', 25)}`,
        confirmation_method: p.oneOf('confirmation_method', ['automatic', 'manual']) ?? 'automatic',
        created: this.seconds(),
        currency,
        customer,
        description: p.string('description') ?? null,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        metadata: p.metadata() ?? {},
        next_action: null,
        payment_method: paymentMethod,
        payment_method_types: p.strings('payment_method_types') ?? ['card'],
        receipt_email: p.string('receipt_email') ?? null,
        setup_future_usage: setupFutureUsage,
        status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
      },
      card: found?.card ?? null,
      saved: found?.saved ?? null,
      offSession,
      returnUrl: p.string('return_url') ?? null,
      authorisedAt: null,
      checkoutSession,
    };
    this.intents.set(id, record);
    this.emit('payment_intent.created', record.object, request);
    if (confirm) this.throwIfDeclined(record, this.attempt(record, request));
    return record;
  }

  /** POST /v1/payment_intents/:id/confirm */
  confirmIntent(id: string, p: Params, request: RequestContext): IntentRecord {
    const record = this.intent(id);
    const { object } = record;
    if (!CONFIRMABLE.includes(object.status))
      throw unexpectedIntentState(
        `You cannot confirm this PaymentIntent because it has a status of ${object.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
      );
    const paymentMethod = p.string('payment_method');
    if (paymentMethod) {
      const found = this.options.customers.cardFor(paymentMethod, object.customer as string | null);
      record.card = found.card;
      record.saved = found.saved;
      object.payment_method = paymentMethod;
    }
    const returnUrl = p.string('return_url');
    if (returnUrl) record.returnUrl = returnUrl;
    if (!record.card)
      throw unexpectedIntentState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. Update the PaymentIntent with a payment method and then confirm it again.",
      );
    this.throwIfDeclined(record, this.attempt(record, request));
    return record;
  }

  /** the hosted page's confirmation: a decline is shown on the page, not thrown */
  confirmFromPage(record: IntentRecord, paymentMethod: string, returnUrl: string): CardDecline | null {
    const found = this.options.customers.cardFor(paymentMethod, record.object.customer as string | null);
    record.card = found.card;
    record.saved = found.saved;
    record.object.payment_method = paymentMethod;
    record.returnUrl = returnUrl;
    return this.attempt(record, AUTOMATIC);
  }

  /** one authorisation attempt with the intent's card; the decline it met, if any */
  private attempt(record: IntentRecord, request: RequestContext): CardDecline | null {
    const card = record.card!;
    if (record.offSession) {
      const { saved } = record;
      const refusal = saved?.failNextOffSession ?? offSessionRefusal(card, saved?.offSession ?? false);
      if (saved) saved.failNextOffSession = null;
      if (refusal) return this.decline(record, refusal, request);
      this.authorise(record, request);
      return null;
    }
    if (card.outcome === 'authenticate') {
      this.requireAction(record, request);
      return null;
    }
    if (card.outcome === 'decline') return this.decline(record, card.decline!, request);
    this.authorise(record, request);
    return null;
  }

  private throwIfDeclined(record: IntentRecord, decline: CardDecline | null): void {
    if (!decline) return;
    throw cardError({
      ...decline,
      charge: record.object.latest_charge as string,
      payment_intent: structuredClone(record.object),
    });
  }

  private newCharge(
    record: IntentRecord,
    status: 'succeeded' | 'failed',
    decline?: CardDecline,
  ): ChargeObject {
    const { object } = record;
    const card = record.card!;
    const now = this.options.now();
    const charge: ChargeObject = {
      id: randomId('ch_'),
      object: 'charge',
      amount: object.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      created: Math.floor(now / 1000),
      currency: object.currency,
      description: object.description,
      failure_code: decline?.code ?? null,
      failure_message: decline?.message ?? null,
      livemode: false,
      metadata: { ...object.metadata },
      paid: status === 'succeeded',
      payment_intent: object.id,
      payment_method: object.payment_method as string,
      payment_method_details: {
        type: 'card',
        card: {
          amount_authorized: status === 'succeeded' ? object.amount : null,
          brand: card.brand,
          country: 'IT',
          exp_month: 12,
          exp_year: new Date(now).getUTCFullYear() + 3,
          funding: 'credit',
          last4: card.last4,
          ...(status === 'succeeded' && object.capture_method === 'manual'
            ? { capture_before: Math.floor((now + this.options.authorisationLapseMs) / 1000) }
            : {}),
        },
      },
      refunded: false,
      status,
    };
    this.charges.set(charge.id, charge);
    object.latest_charge = charge.id;
    return charge;
  }

  private requireAction(record: IntentRecord, request: RequestContext): void {
    const { object } = record;
    const url = `${this.options.baseUrl}/3d_secure/${object.id}`;
    object.status = 'requires_action';
    object.last_payment_error = null;
    object.next_action = record.returnUrl
      ? { type: 'redirect_to_url', redirect_to_url: { url, return_url: record.returnUrl } }
      : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url } };
    this.emit('payment_intent.requires_action', object, request);
  }

  private decline(record: IntentRecord, decline: CardDecline, request: RequestContext): CardDecline {
    const { object } = record;
    const charge = this.newCharge(record, 'failed', decline);
    this.emit('charge.failed', charge, request);
    object.status = 'requires_payment_method';
    object.next_action = null;
    object.last_payment_error = {
      type: 'card_error',
      code: decline.code as Stripe.PaymentIntent.LastPaymentError.Code,
      decline_code: decline.decline_code,
      message: decline.message,
      charge: charge.id,
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
    };
    this.emit('payment_intent.payment_failed', object, request);
    return decline;
  }

  private authorise(record: IntentRecord, request: RequestContext): void {
    const { object } = record;
    const charge = this.newCharge(record, 'succeeded');
    object.next_action = null;
    object.last_payment_error = null;
    if (object.capture_method === 'manual') {
      // an authorised charge is `succeeded` with `captured: false`
      this.emit('charge.succeeded', charge, request);
      record.authorisedAt = this.options.now();
      object.status = 'requires_capture';
      object.amount_capturable = object.amount;
      this.emit('payment_intent.amount_capturable_updated', object, request);
    } else {
      charge.captured = true;
      charge.amount_captured = object.amount;
      object.status = 'succeeded';
      object.amount_received = object.amount;
      this.emit('charge.succeeded', charge, request);
      this.emit('payment_intent.succeeded', object, request);
    }
  }

  /** the customer's answer on the 3D Secure page: authorised (or declined after it, by the card), or failed */
  completeAuthentication(id: string, passed: boolean): IntentRecord {
    const record = this.intent(id);
    if (record.object.status !== 'requires_action')
      throw unexpectedIntentState(
        `This PaymentIntent has a status of ${record.object.status}: no authentication is pending.`,
      );
    const card = record.card!;
    if (!passed) {
      const { object } = record;
      object.status = 'requires_payment_method';
      object.next_action = null;
      object.last_payment_error = { type: 'invalid_request_error', ...AUTHENTICATION_FAILURE };
      this.emit('payment_intent.payment_failed', object, AUTOMATIC);
    } else if (card.decline) this.decline(record, card.decline, AUTOMATIC);
    else this.authorise(record, AUTOMATIC);
    return record;
  }

  /** POST /v1/payment_intents/:id/capture */
  captureIntent(id: string, p: Params, request: RequestContext): IntentRecord {
    const record = this.intent(id);
    const { object } = record;
    if (object.status !== 'requires_capture')
      throw unexpectedIntentState(
        `This PaymentIntent could not be captured because it has a status of ${object.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      );
    const amount = p.integer('amount_to_capture') ?? object.amount_capturable;
    if (amount <= 0)
      throw parameterInvalid('amount_to_capture', 'Invalid positive integer', 'parameter_invalid_integer');
    if (amount > object.amount_capturable)
      throw invalidRequest(
        `The amount to capture (${euros(amount, object.currency)}) is greater than the amount capturable on this PaymentIntent (${euros(object.amount_capturable, object.currency)}).`,
        { code: 'amount_too_large', param: 'amount_to_capture' },
      );
    const metadata = p.metadata();
    if (metadata) object.metadata = { ...object.metadata, ...metadata };
    const charge = this.charge(object.latest_charge as string);
    charge.captured = true;
    charge.amount_captured = amount;
    object.amount_received = amount;
    object.amount_capturable = 0;
    object.status = 'succeeded';
    this.emit('charge.captured', charge, request);
    this.emit('payment_intent.succeeded', object, request);
    return record;
  }

  /** POST /v1/payment_intents/:id/cancel */
  cancelIntent(id: string, p: Params, request: RequestContext): IntentRecord {
    const record = this.intent(id);
    const { object } = record;
    if (!CANCELABLE.includes(object.status))
      throw unexpectedIntentState(
        `You cannot cancel this PaymentIntent because it has a status of ${object.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
      );
    if (record.checkoutSession && object.status !== 'requires_capture')
      throw unexpectedIntentState(
        'You cannot cancel this PaymentIntent because it was created by Checkout. Expire the Checkout Session instead.',
      );
    this.cancel(record, p.oneOf('cancellation_reason', CANCELLATION_REASONS) ?? null, request);
    return record;
  }

  private cancel(
    record: IntentRecord,
    reason: Stripe.PaymentIntent.CancellationReason | null,
    request: RequestContext,
  ) {
    const { object } = record;
    if (object.status === 'requires_capture') {
      // "the remaining amount_capturable is automatically refunded": the hold is released
      const charge = this.charge(object.latest_charge as string);
      charge.amount_refunded = charge.amount;
      charge.refunded = true;
      if (reason === 'automatic') this.emit('charge.expired', charge, request);
    }
    object.status = 'canceled';
    object.canceled_at = this.seconds();
    object.cancellation_reason = reason;
    object.amount_capturable = 0;
    object.next_action = null;
    this.emit('payment_intent.canceled', object, request);
  }

  /** authorisations older than the lapse are canceled, as Stripe does when a hold is not captured in time */
  lapse(): number {
    let count = 0;
    const now = this.options.now();
    for (const record of this.intents.values())
      if (
        record.object.status === 'requires_capture' &&
        record.authorisedAt !== null &&
        now >= record.authorisedAt + this.options.authorisationLapseMs
      ) {
        this.cancel(record, 'automatic', AUTOMATIC);
        count++;
      }
    return count;
  }

  /** POST /v1/refunds */
  createRefund(p: Params, request: RequestContext): RefundObject {
    const intentId = p.string('payment_intent');
    const chargeId = p.string('charge');
    if (!intentId && !chargeId)
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
        {
          code: 'parameter_missing',
        },
      );
    let charge: ChargeObject;
    if (intentId) {
      const record = this.intents.get(intentId);
      if (!record) throw resourceMissing('payment_intent', intentId, 'payment_intent');
      if (record.object.status !== 'succeeded' || !record.object.latest_charge)
        throw invalidRequest(
          `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
          { code: 'charge_not_refundable', param: 'payment_intent' },
        );
      charge = this.charge(record.object.latest_charge as string);
      if (chargeId && chargeId !== charge.id)
        throw invalidRequest(`Charge ${chargeId} does not belong to PaymentIntent ${intentId}.`, {
          param: 'charge',
        });
    } else {
      const found = this.charges.get(chargeId!);
      if (!found) throw resourceMissing('charge', chargeId!, 'charge');
      charge = found;
    }
    if (!charge.captured)
      throw invalidRequest(
        `Charge ${charge.id} has not been captured: cancel its PaymentIntent to release the hold.`,
        {
          code: 'charge_not_refundable',
        },
      );
    const remaining = charge.amount_captured - charge.amount_refunded;
    if (remaining <= 0)
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    const amount = p.integer('amount') ?? remaining;
    if (amount <= 0)
      throw parameterInvalid('amount', 'Invalid positive integer', 'parameter_invalid_integer');
    if (amount > remaining)
      throw invalidRequest(
        `Refund amount (${euros(amount, charge.currency)}) is greater than unrefunded amount on charge (${euros(remaining, charge.currency)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    const refund: RefundObject = {
      id: randomId('re_'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: this.seconds(),
      currency: charge.currency,
      metadata: p.metadata() ?? {},
      payment_intent: charge.payment_intent as string,
      reason: p.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer']) ?? null,
      status: 'succeeded',
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    this.emit('refund.created', refund, request);
    this.emit('charge.refunded', charge, request);
    return refund;
  }
}
