import type Stripe from 'stripe';
import type {
  AcknowledgedEvent,
  DisputeNotice,
  HoldRenewal,
  HostedSession,
  PaymentOutcome,
  PaymentProvider,
  ProviderActionResult,
  RenewHoldInput,
  StartSessionInput,
  VerifiedNotification,
  WebhookRequest,
} from './payment-provider';

/**
 * Cards through Stripe (decisions 080 and 083), payment types 12 and 1. The customer pays on Stripe's hosted
 * Checkout (3-D Secure there too): card data never reaches Spesa.
 *
 * - An authorisation's reference (payment_authorizations.provider_ref) is its Checkout Session (`cs_…`), whose
 *   PaymentIntent Stripe creates when the customer pays; a PaymentIntent id (`pi_…`) is taken as well, for holds
 *   the shop creates itself (the renewal of decision 083).
 * - Every PaymentIntent holds (`capture_method: manual`) the pre-authorised amount; `capture` takes the real
 *   amount, `void` cancels the hold (or expires a session nobody paid), `refund` gives captured money back.
 * - Idempotency: every call that moves money carries a key made of the order, the attempt and the action
 *   (`spesa-order-<id>-<attempt>-capture`): a call retried by the SDK, a job or another process is replayed by
 *   Stripe, not executed twice. A refund also names its key in its metadata, so a retry after Stripe's 24 hours
 *   of idempotency finds it.
 * - A card hold lasts about 7 days (`capture_before`): when the slot starts more than 6 days after the payment,
 *   Checkout also saves the card for this order (`customer_creation: always`, `setup_future_usage: off_session`),
 *   and `renewHold` places a new hold with it off-session before the first one lapses.
 * - Outcomes are never taken from the browser nor from an event's snapshot: the PaymentIntent is read back
 *   from Stripe's API and its `status` decides (requires_capture: authorised; processing: pending;
 *   requires_payment_method after a failure, canceled: declined).
 */
export const STRIPE_PROVIDER = 'stripe';
/** Stripe signs each webhook with a timestamp; older deliveries are refused (Stripe's default, 5 minutes) */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;
/** a slot further than this from the payment outlives a card hold (7 days): the card is saved to renew it */
export const SAVE_CARD_BEYOND_MS = 6 * 24 * 60 * 60_000;

export interface StripeProviderOptions {
  stripe: Stripe;
  /** the signing secret of the shop's webhook endpoint at Stripe (whsec_…) */
  webhookSecret: string;
  /** the shop's public origin: Checkout sends the browser back to it */
  publicUrl: string;
  now: () => Date;
}

const SESSION_REF = /^cs_(test|live)_[A-Za-z0-9]{8,}$/;
const INTENT_REF = /^pi_[A-Za-z0-9]{8,}$/;

/** The PaymentIntent events that may decide an authorisation: the intent is then read back. */
const OUTCOME_EVENTS = new Set<string>([
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
  'checkout.session.completed',
  'checkout.session.expired',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
]);

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  maestro: 'Maestro',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

/** the SDK's error classes (the client's own: the SDK is loaded with the client, lib/stripe-client.ts) */
type StripeErrors = Stripe['errors'];

/** what Stripe answered, as a refusal's reason: the error's code (declines: their decline code) */
function reasonOf(error: unknown, errors: StripeErrors): string {
  if (error instanceof errors.StripeError)
    return error.decline_code ?? error.code ?? error.type ?? 'stripe_error';
  throw error;
}

const isMissing = (error: unknown, errors: StripeErrors) =>
  error instanceof errors.StripeInvalidRequestError && error.code === 'resource_missing';

export class StripePaymentProvider implements PaymentProvider {
  readonly name = STRIPE_PROVIDER;
  readonly paymentTypeIds = [12, 1] as const;
  private readonly stripe: Stripe;

  constructor(private readonly o: StripeProviderOptions) {
    this.stripe = o.stripe;
  }

  /** the key of one money-moving call of an attempt; the reference stands in when the intent has no metadata */
  private key(intent: Stripe.PaymentIntent, action: string): string {
    const { order_id: order, attempt } = intent.metadata ?? {};
    return order && attempt ? `spesa-order-${order}-${attempt}-${action}` : `spesa-${intent.id}-${action}`;
  }

  async startSession(input: StartSessionInput): Promise<HostedSession> {
    const back = `${this.o.publicUrl}${input.feedbackUrl}?session_id={CHECKOUT_SESSION_ID}`;
    const metadata = { order_id: String(input.orderId), attempt: String(input.attempt) };
    // only a slot the hold cannot reach keeps the card (Checkout shows the customer the consent to it)
    const saveCard =
      input.slotStartsAt !== undefined &&
      input.slotStartsAt.getTime() - this.o.now().getTime() > SAVE_CARD_BEYOND_MS;
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amountCents,
              product_data: { name: input.description },
            },
          },
        ],
        locale: 'it',
        client_reference_id: `${input.orderId}-${input.attempt}`,
        metadata,
        ...(saveCard ? { customer_creation: 'always' as const } : {}),
        payment_intent_data: {
          capture_method: 'manual',
          description: input.description,
          metadata,
          ...(saveCard ? { setup_future_usage: 'off_session' as const } : {}),
        },
        success_url: back,
        cancel_url: `${back}&cancelled=1`,
      },
      { idempotencyKey: `spesa-order-${input.orderId}-${input.attempt}-session` },
    );
    if (!session.url) throw new Error(`Stripe answered a Checkout Session without a page: ${session.id}`);
    return { providerRef: session.id, redirectUrl: session.url };
  }

  async resumeSession(providerRef: string): Promise<HostedSession | null> {
    if (!SESSION_REF.test(providerRef)) return null;
    try {
      const session = await this.stripe.checkout.sessions.retrieve(providerRef);
      return session.status === 'open' && session.url ? { providerRef, redirectUrl: session.url } : null;
    } catch (error) {
      if (isMissing(error, this.stripe.errors)) return null;
      throw error;
    }
  }

  /** The PaymentIntent of an authorisation (its card's charge expanded); null: none yet, or unknown. */
  private async intentOf(
    providerRef: string,
  ): Promise<{ session: Stripe.Checkout.Session | null; intent: Stripe.PaymentIntent | null } | null> {
    try {
      if (SESSION_REF.test(providerRef)) {
        const session = await this.stripe.checkout.sessions.retrieve(providerRef);
        const intentId = idOf(session.payment_intent);
        const intent = intentId
          ? await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] })
          : null;
        return { session, intent };
      }
      if (INTENT_REF.test(providerRef))
        return {
          session: null,
          intent: await this.stripe.paymentIntents.retrieve(providerRef, { expand: ['latest_charge'] }),
        };
      return null;
    } catch (error) {
      if (isMissing(error, this.stripe.errors)) return null;
      throw error;
    }
  }

  /** Where an authorisation stands, read from Stripe: the outcome its PaymentIntent's status says, if any. */
  private stateOf(
    providerRef: string,
    found: { session: Stripe.Checkout.Session | null; intent: Stripe.PaymentIntent | null },
    eventId: (outcome: PaymentOutcome) => string,
  ): VerifiedNotification | null {
    const { session, intent } = found;
    let outcome: PaymentOutcome | null = null;
    if (intent) {
      if (intent.status === 'requires_capture' || intent.status === 'succeeded') outcome = 'success';
      else if (intent.status === 'processing') outcome = 'pending';
      else if (intent.status === 'canceled') outcome = 'cancelled';
      else if (intent.status === 'requires_payment_method' && intent.last_payment_error) outcome = 'declined';
    } else if (session?.status === 'expired') outcome = 'cancelled';
    if (!outcome) return null;
    const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const card = charge?.payment_method_details?.card;
    return {
      providerRef,
      outcome,
      eventId: eventId(outcome),
      cardBrand: card?.brand ? (BRANDS[card.brand] ?? card.brand) : null,
      cardLast4: card?.last4 && /^\d{4}$/.test(card.last4) ? card.last4 : null,
      amountCents: intent ? intent.amount : null,
    };
  }

  async capture(providerRef: string, amountCents: number): Promise<ProviderActionResult> {
    if (!Number.isSafeInteger(amountCents) || amountCents < 0) return { ok: false, reason: 'invalid amount' };
    const found = await this.intentOf(providerRef);
    const intent = found?.intent;
    if (!intent) return { ok: false, reason: 'unknown payment' };
    if (intent.status === 'succeeded')
      // captured already (a retry after Stripe's answer was lost): the same amount is the same capture
      return intent.amount_received === amountCents
        ? { ok: true, amountCents }
        : { ok: false, reason: 'already captured' };
    if (intent.status === 'canceled' && intent.cancellation_reason === 'automatic')
      return this.chargeSavedCard(intent, amountCents);
    if (intent.status !== 'requires_capture') return { ok: false, reason: `payment ${intent.status}` };
    if (amountCents > intent.amount_capturable)
      return { ok: false, reason: 'amount above the authorisation' };
    try {
      if (amountCents === 0) {
        // nothing to take (every line missing): the whole hold is released
        await this.stripe.paymentIntents.cancel(
          intent.id,
          { cancellation_reason: 'abandoned' },
          { idempotencyKey: this.key(intent, 'capture-none') },
        );
        return { ok: true, amountCents: 0 };
      }
      const captured = await this.stripe.paymentIntents.capture(
        intent.id,
        { amount_to_capture: amountCents },
        { idempotencyKey: this.key(intent, 'capture') },
      );
      return { ok: true, amountCents: captured.amount_received };
    } catch (error) {
      return { ok: false, reason: reasonOf(error, this.stripe.errors) };
    }
  }

  /**
   * The capture of a hold that lapsed before picking ended (decision 083: picking began before the renewal was
   * due, or the renewal job did not run in time): the card saved at payment is charged off-session for the picked
   * amount, never more than the lapsed hold, in one automatic-capture PaymentIntent keyed by the hold's order and
   * attempt (a retried capture replays it). The answer's `reference` names the new PaymentIntent, which the order's
   * authorisation then points at (refunds go there). No saved card, or the bank refusing (it wants the cardholder,
   * or declines): the capture fails, the order stays in preparation and staff read why.
   */
  private async chargeSavedCard(
    lapsed: Stripe.PaymentIntent,
    amountCents: number,
  ): Promise<ProviderActionResult> {
    const customer = idOf(lapsed.customer);
    const paymentMethod = idOf(lapsed.payment_method);
    if (!customer || !paymentMethod)
      return { ok: false, reason: 'hold lapsed, no saved card', code: 'hold_lapsed' };
    if (amountCents > lapsed.amount) return { ok: false, reason: 'amount above the authorisation' };
    if (amountCents === 0) return { ok: true, amountCents: 0 };
    try {
      const charged = await this.stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: lapsed.currency,
          capture_method: 'automatic',
          customer,
          payment_method: paymentMethod,
          off_session: true,
          confirm: true,
          ...(lapsed.description ? { description: lapsed.description } : {}),
          metadata: { ...lapsed.metadata, replaces: lapsed.id },
        },
        { idempotencyKey: this.key(lapsed, 'capture-saved-card') },
      );
      return charged.status === 'succeeded'
        ? { ok: true, amountCents: charged.amount_received, reference: charged.id }
        : { ok: false, reason: `hold lapsed, saved card: payment ${charged.status}`, code: 'hold_lapsed' };
    } catch (error) {
      return {
        ok: false,
        reason: `hold lapsed, saved card: ${reasonOf(error, this.stripe.errors)}`,
        code: 'hold_lapsed',
      };
    }
  }

  async void(providerRef: string): Promise<ProviderActionResult> {
    const found = await this.intentOf(providerRef);
    if (!found) return { ok: false, reason: 'unknown payment' };
    const { session, intent } = found;
    try {
      if (intent?.status === 'requires_capture') {
        await this.stripe.paymentIntents.cancel(
          intent.id,
          { cancellation_reason: 'abandoned' },
          { idempotencyKey: this.key(intent, 'void') },
        );
      } else if (intent?.status === 'succeeded') {
        return { ok: false, reason: 'already captured' };
      } else if (session?.status === 'open') {
        // nobody paid yet: the page is closed, so nobody can pay this attempt later
        await this.stripe.checkout.sessions.expire(session.id);
      }
      return { ok: true, amountCents: 0 };
    } catch (error) {
      return { ok: false, reason: reasonOf(error, this.stripe.errors) };
    }
  }

  async refund(providerRef: string, amountCents: number, key: string): Promise<ProviderActionResult> {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
      return { ok: false, reason: 'invalid amount' };
    if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(key)) return { ok: false, reason: 'invalid key' };
    const found = await this.intentOf(providerRef);
    const intent = found?.intent;
    if (!intent) return { ok: false, reason: 'unknown payment' };
    try {
      // the same key after Stripe's idempotency window: the refund made then is the answer
      for await (const r of this.stripe.refunds.list({ payment_intent: intent.id, limit: 100 }))
        if (r.metadata?.spesa_key === key)
          return r.amount === amountCents
            ? { ok: true, amountCents }
            : { ok: false, reason: 'key used for another amount' };
      const refund = await this.stripe.refunds.create(
        { payment_intent: intent.id, amount: amountCents, metadata: { spesa_key: key } },
        { idempotencyKey: this.key(intent, `refund-${key}`) },
      );
      return { ok: true, amountCents: refund.amount ?? amountCents };
    } catch (error) {
      return { ok: false, reason: reasonOf(error, this.stripe.errors) };
    }
  }

  /**
   * A new hold with the card the customer saved for this order, off-session (`off_session`, `confirm`), keyed
   * `spesa-order-<id>-<attempt>-renewal`: a job retried, or run by two processes, places it once. Not due while
   * the hold is younger than `authorisedBefore` or lasts past the slot's start; not possible without a saved card
   * (a near slot never saves it) or once captured. A hold that lapsed already is renewed all the same. The
   * bank's refusal (`authentication_required`: the cardholder must be there; a decline) is answered, not thrown.
   */
  async renewHold(providerRef: string, input: RenewHoldInput): Promise<HoldRenewal> {
    const old = (await this.intentOf(providerRef))?.intent;
    if (!old) return { status: 'not_renewable', reason: 'unknown payment' };
    if (old.status === 'succeeded') return { status: 'not_renewable', reason: 'already captured' };
    if (old.status === 'requires_capture') {
      const charge = typeof old.latest_charge === 'object' ? old.latest_charge : null;
      const lapsesAt = charge?.payment_method_details?.card?.capture_before;
      const young = charge !== null && charge.created * 1000 > input.authorisedBefore.getTime();
      const lastsTheSlot =
        lapsesAt !== null && lapsesAt !== undefined && lapsesAt * 1000 > input.slotStartsAt.getTime();
      if (young || lastsTheSlot) return { status: 'not_due' };
    } else if (old.status !== 'canceled') return { status: 'not_renewable', reason: `payment ${old.status}` };
    const customer = idOf(old.customer);
    const paymentMethod = idOf(old.payment_method);
    if (!customer || !paymentMethod) return { status: 'not_renewable', reason: 'no saved card' };
    const metadata = { order_id: String(input.orderId), attempt: String(input.attempt), renews: old.id };
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: old.currency,
          capture_method: 'manual',
          customer,
          payment_method: paymentMethod,
          off_session: true,
          confirm: true,
          description: input.description,
          metadata,
          expand: ['latest_charge'],
        },
        { idempotencyKey: `spesa-order-${input.orderId}-${input.attempt}-renewal` },
      );
      if (intent.status !== 'requires_capture')
        return { status: 'refused', providerRef: intent.id, reason: `payment ${intent.status}` };
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const card = charge?.payment_method_details?.card;
      return {
        status: 'renewed',
        providerRef: intent.id,
        amountCents: intent.amount_capturable,
        cardBrand: card?.brand ? (BRANDS[card.brand] ?? card.brand) : null,
        cardLast4: card?.last4 && /^\d{4}$/.test(card.last4) ? card.last4 : null,
      };
    } catch (error) {
      if (!(error instanceof this.stripe.errors.StripeCardError)) throw error;
      return {
        status: 'refused',
        providerRef: error.payment_intent?.id ?? null,
        reason: error.decline_code ?? error.code ?? 'card_error',
      };
    }
  }

  /**
   * The browser back from Checkout (success_url, or cancel_url with `cancelled`): Stripe is asked. A customer
   * who left an unpaid page closes it (the session expires: nobody can pay this attempt later) and may retry.
   */
  async verifyReturn(query: Record<string, string>): Promise<VerifiedNotification | null> {
    const ref = query.session_id ?? '';
    if (!SESSION_REF.test(ref)) return null;
    let found = await this.intentOf(ref);
    if (!found?.session) return null;
    if (query.cancelled === '1' && found.session.status === 'open') {
      await this.void(ref);
      found = await this.intentOf(ref);
      if (!found) return null;
    }
    return this.stateOf(ref, found, (outcome) => `${ref}:${outcome}`);
  }

  async lookup(providerRef: string): Promise<VerifiedNotification | null> {
    const found = await this.intentOf(providerRef);
    return found ? this.stateOf(providerRef, found, (outcome) => `${providerRef}:${outcome}`) : null;
  }

  /** The authorisation a PaymentIntent belongs to: its Checkout Session, or itself (an off-session hold). */
  private async refOfIntent(intentId: string): Promise<string> {
    const sessions = await this.stripe.checkout.sessions.list({ payment_intent: intentId, limit: 1 });
    return sessions.data[0]?.id ?? intentId;
  }

  async verifyWebhook({
    rawBody,
    headers,
  }: WebhookRequest): Promise<VerifiedNotification | AcknowledgedEvent | null> {
    const signature = headers['stripe-signature'];
    if (!signature || rawBody === '') return null;
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.o.webhookSecret,
        STRIPE_WEBHOOK_TOLERANCE_S,
        undefined,
        this.o.now().getTime(),
      );
    } catch (error) {
      if (error instanceof this.stripe.errors.StripeSignatureVerificationError) return null;
      if (error instanceof SyntaxError) return null;
      throw error;
    }
    const object = event.data.object as { object?: string; id?: string };
    const acknowledged = (providerRef: string | null, dispute: DisputeNotice | null = null) =>
      ({ acknowledged: true, eventId: event.id, type: event.type, providerRef, dispute }) as const;
    if (event.type.startsWith('charge.dispute.')) {
      const d = event.data.object as Stripe.Dispute;
      const intentId = idOf(d.payment_intent);
      return acknowledged(intentId ? await this.refOfIntent(intentId) : null, {
        disputeRef: d.id,
        status: d.status,
        reason: d.reason,
        amountCents: d.amount,
        reportedAt: new Date(event.created * 1000),
      });
    }
    if (!OUTCOME_EVENTS.has(event.type)) {
      const intentId =
        object.object === 'payment_intent'
          ? (object.id ?? null)
          : idOf((object as { payment_intent?: string | { id: string } | null }).payment_intent);
      return acknowledged(intentId ? await this.refOfIntent(intentId) : null);
    }
    // the event says something happened; what stands now is read back (it may be late, or out of order)
    const ref =
      object.object === 'checkout.session' && object.id
        ? object.id
        : object.object === 'payment_intent' && object.id
          ? await this.refOfIntent(object.id)
          : null;
    const found = ref ? await this.intentOf(ref) : null;
    const state = ref && found ? this.stateOf(ref, found, () => event.id) : null;
    return state ?? acknowledged(ref);
  }
}
