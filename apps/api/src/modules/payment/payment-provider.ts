/**
 * The payment provider port (decision 017). Checkout and the order actions talk to a provider only through
 * this interface; the built-in sandbox (sandbox.provider.ts) behaves like a real hosted payment page, and a
 * real acquirer would be another implementation of it. Card data never reaches Spesa: the customer types it
 * on the provider's page; Spesa keeps the provider's reference, amounts, and at most brand + last 4 digits.
 *
 * Flow of an online payment:
 * 1. `startSession` when the order is bought (or a payment is retried): the provider answers the URL of its
 *    hosted page, where the customer authorises `amountCents` (the pre-authorised amount).
 * 2. The provider sends the browser back to the feedback URL with a signed query (`verifyReturn`) and, on its
 *    own, posts a signed webhook (`verifyWebhook`). Either may arrive first; both are idempotent by `eventId`.
 * 3. When the order is prepared, `capture` takes the real amount (never above the authorisation); a cancel
 *    `void`s the hold; `refund` gives back captured money.
 */

export type PaymentOutcome = 'success' | 'declined' | 'pending' | 'cancelled';

export interface StartSessionInput {
  orderId: number;
  /** 1 for the first payment of an order, then one more per retry */
  attempt: number;
  amountCents: number;
  currency: 'EUR';
  /** shown on the hosted page, e.g. "Ordine 1234 - Spesa" */
  description: string;
  /** absolute URL of our feedback endpoint the browser returns to */
  feedbackUrl: string;
  /** the start of the booked slot, when known: a hold must last until the order is prepared */
  slotStartsAt?: Date;
}

export interface HostedSession {
  /** the provider's reference of this authorisation (session / transaction id) */
  providerRef: string;
  /** where the browser goes to pay */
  redirectUrl: string;
}

/** A provider notification whose signature was verified. */
export interface VerifiedNotification {
  providerRef: string;
  outcome: PaymentOutcome;
  /** unique per notification: the same event applied twice changes nothing */
  eventId: string;
  /** at most brand and last four digits */
  cardBrand: string | null;
  cardLast4: string | null;
  /** the amount the provider authorised, when it says so */
  amountCents: number | null;
}

/** A dispute (chargeback) the cardholder's bank opened or settled, as the provider reports it. */
export interface DisputeNotice {
  /** the provider's dispute id */
  disputeRef: string;
  /** e.g. warning_needs_response, needs_response, under_review, won, lost */
  status: string;
  /** e.g. fraudulent, product_not_received */
  reason: string;
  amountCents: number;
  /** when the provider made this report (a late delivery of an older report changes nothing) */
  reportedAt: Date;
}

/**
 * A verified webhook that is no authorisation outcome (a refund, a capture confirmed, a dispute): acknowledged
 * (HTTP 200, or the provider would send it again for days) and recorded, never applied to an order's payment.
 */
export interface AcknowledgedEvent {
  acknowledged: true;
  eventId: string;
  /** the provider's event type, e.g. charge.refunded */
  type: string;
  /** the authorisation it concerns (payment_authorizations.provider_ref), when known */
  providerRef: string | null;
  dispute: DisputeNotice | null;
}

export const isAcknowledged = (v: VerifiedNotification | AcknowledgedEvent): v is AcknowledgedEvent =>
  'acknowledged' in v;

/** `reference`: the provider's own id of the action (e.g. a refund's), when it gives one. */
export type ProviderActionResult =
  | { ok: true; amountCents: number; reference?: string }
  /** `code` names a refusal the shop tells apart: `hold_lapsed`, a hold that expired and cannot be charged again */
  | { ok: false; reason: string; code?: 'hold_lapsed' };

/**
 * `tx` on capture, void and refund: the shop's transaction the call is part of. A remote provider ignores it;
 * a provider whose ledger lives in the shop's database (the sandbox) writes in it, so that its record commits
 * or rolls back with the shop's (and the embedded database, one connection, is never asked twice at once).
 */
export type ShopTransaction = unknown;

/** A provider's server-to-server call as it reached us: the raw body (signatures cover it), headers, query. */
export interface WebhookRequest {
  rawBody: string;
  headers: Record<string, string | undefined>;
  query: Record<string, string>;
}

/** A hold to renew before it lapses (decision 083): the new attempt's number and what the old hold covers. */
export interface RenewHoldInput {
  orderId: number;
  /** the new attempt (payment_authorizations.attempt): it names the renewal's idempotency key */
  attempt: number;
  amountCents: number;
  description: string;
  /** a hold authorised after this instant is not renewed yet */
  authorisedBefore: Date;
  /** a hold that lasts past the slot's start needs no renewal */
  slotStartsAt: Date;
}

/**
 * The answer of a renewal: a new hold (its reference, to record as a new attempt), a refusal by the bank (the
 * customer must pay again; `providerRef` is the refused payment's, when the provider made one), or nothing to do.
 */
export type HoldRenewal =
  | {
      status: 'renewed';
      providerRef: string;
      amountCents: number;
      cardBrand: string | null;
      cardLast4: string | null;
    }
  | { status: 'refused'; providerRef: string | null; reason: string }
  | { status: 'not_due' }
  | { status: 'not_renewable'; reason: string };

export interface PaymentProvider {
  /** stored in payment_authorizations.provider; the last segment of its feedback and webhook URLs */
  readonly name: string;
  /** the payment types it takes (cards: 12 and 1; the mobile pay app: 24) */
  readonly paymentTypeIds: readonly number[];
  startSession(input: StartSessionInput): Promise<HostedSession>;
  /** the hosted page of a session already started (a repeated buy answers the same page), null if unknown */
  resumeSession(providerRef: string, input: StartSessionInput): Promise<HostedSession | null>;
  /** takes `amountCents` (at most the authorised amount) */
  capture(providerRef: string, amountCents: number, tx?: ShopTransaction): Promise<ProviderActionResult>;
  /** releases the hold */
  void(providerRef: string, tx?: ShopTransaction): Promise<ProviderActionResult>;
  /** gives back captured money; `key` names this refund: the same key again moves no money */
  refund(
    providerRef: string,
    amountCents: number,
    key: string,
    tx?: ShopTransaction,
  ): Promise<ProviderActionResult>;
  /**
   * The browser's return (the query of the feedback URL): null when it proves nothing. A provider whose
   * return is not signed asks its own API (`lookup`): the browser's word alone never pays an order.
   */
  verifyReturn(query: Record<string, string>): Promise<VerifiedNotification | null>;
  /**
   * The provider's server-to-server call; null when its signature (or the provider's answer) does not hold. An
   * event that decides no authorisation is answered as acknowledged: recorded, and answered 200.
   */
  verifyWebhook(request: WebhookRequest): Promise<VerifiedNotification | AcknowledgedEvent | null>;
  /**
   * How long after it started an attempt may still change at the provider by itself (the customer pays late on a
   * page or in an app, or the provider lets it expire): reconciliation asks about waiting attempts that long.
   * Unset: RECONCILE_UNTIL_MS (3 days; a Checkout page expires after 24 hours).
   */
  readonly reconcileWithinMs?: number;
  /** asks the provider where an authorisation stands (reconciliation); null when it does not know it */
  lookup(providerRef: string): Promise<VerifiedNotification | null>;
  /**
   * Only providers whose holds lapse before a far slot and that can charge a saved card without the customer
   * (Stripe): a new hold of the same amount with the card the customer saved, off-session. The old hold is left
   * to the caller, who cancels it (`void`) once the new one is recorded.
   */
  renewHold?(providerRef: string, input: RenewHoldInput): Promise<HoldRenewal>;
}
