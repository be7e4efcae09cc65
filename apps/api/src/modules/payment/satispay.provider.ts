import { randomUUID } from 'node:crypto';
import {
  SatispayError,
  type CreatePaymentBody,
  type SatispayClient,
  type SatispayPayment,
} from '../../lib/satispay-client';
import { API_PREFIX } from '../../plugins/errors';
import type {
  HostedSession,
  PaymentOutcome,
  PaymentProvider,
  ProviderActionResult,
  StartSessionInput,
  VerifiedNotification,
  WebhookRequest,
} from './payment-provider';

/**
 * Satispay (payment type 24, "App di pagamento") through its GBusiness API (decision 082), signed by
 * src/lib/satispay-client.ts.
 *
 * A grocery order's real amount is known only after picking, so a session is a FUND_LOCK payment: the customer
 * authorises the pre-authorised amount in the Satispay app (web-redirect page), Satispay locks it (AUTHORIZED),
 * and the shop takes the picked amount later with `ACCEPT` + `amount_unit` (at most the lock; the rest goes back
 * to the customer's wallet). A cancelled order's lock is released with `CANCEL`; captured money goes back with a
 * REFUND payment keyed by the shop's idempotency key.
 *
 * Neither the browser's return nor Satispay's callback is trusted: the return carries only the shop's order and
 * attempt (Satispay's redirect_url takes no placeholder), the callback only a payment id (Satispay's callback is
 * an unsigned GET that says "something changed"); both end in a GET of the payment at Satispay (`lookup`), whose
 * status decides. Satispay has no event ids: a notification's id is the payment id and the status it reports, so
 * the same status seen twice (callback twice, callback and return) is applied once.
 */
export const SATISPAY_PROVIDER = 'satispay';
export const SATISPAY_PAYMENT_TYPE = 24;
/** Satispay's default life of a fund lock, from its creation */
const FUND_LOCK_LIFETIME_MS = 10 * 24 * 60 * 60 * 1000;
/** how long after the slot's start the lock must still hold (picking happens on the slot's day) */
const LOCK_AFTER_SLOT_MS = 24 * 60 * 60 * 1000;
const PAYMENT_ID = /^[0-9a-zA-Z-]{8,64}$/;

export interface SatispayProviderOptions {
  client: SatispayClient;
  /** the shop's public address (publicUrlOf(env)): Satispay calls it back and sends the browser back to it */
  publicUrl: string;
  /** the Satispay payment of an order's attempt, as the shop recorded it (payment_authorizations), or null */
  paymentRefOf(orderId: number, attempt: number): Promise<string | null>;
  /** the shop's clock */
  now?: () => number;
}

function outcomeOf(payment: SatispayPayment): PaymentOutcome {
  switch (payment.status) {
    case 'PENDING':
      return 'pending';
    case 'AUTHORIZED':
    case 'ACCEPTED':
      return 'success';
    case 'CANCELED':
      return payment.expired ? 'cancelled' : 'declined';
  }
}

const failed = (reason: string): ProviderActionResult => ({ ok: false, reason });
const describe = (e: unknown) =>
  e instanceof SatispayError
    ? `satispay ${e.status ?? 'unreachable'}${e.code ? ` code ${e.code}` : ''}: ${e.message}`
    : String(e);

export class SatispayProvider implements PaymentProvider {
  readonly name = SATISPAY_PROVIDER;
  readonly paymentTypeIds = [SATISPAY_PAYMENT_TYPE] as const;
  /** a fund lock may be authorised in the app until it expires (10 days), and its expiry is then to be seen */
  readonly reconcileWithinMs = FUND_LOCK_LIFETIME_MS + LOCK_AFTER_SLOT_MS;
  private readonly client: SatispayClient;
  private readonly now: () => number;

  constructor(private readonly options: SatispayProviderOptions) {
    this.client = options.client;
    this.now = options.now ?? Date.now;
  }

  /** Satispay's web-redirect page for a FUND_LOCK of the pre-authorised amount */
  async startSession(input: StartSessionInput): Promise<HostedSession> {
    const publicUrl = this.options.publicUrl.replace(/\/$/, '');
    const back = new URL(input.feedbackUrl, `${publicUrl}/`);
    back.searchParams.set('order_id', String(input.orderId));
    back.searchParams.set('attempt', String(input.attempt));
    const body: CreatePaymentBody = {
      flow: 'FUND_LOCK',
      amount_unit: input.amountCents,
      currency: input.currency,
      external_code: `Spesa ordine ${input.orderId}`.slice(0, 50),
      callback_url: `${publicUrl}${API_PREFIX}/payment/webhook/${SATISPAY_PROVIDER}?payment_id={uuid}`,
      redirect_url: back.toString(),
      metadata: { order_id: String(input.orderId), attempt: String(input.attempt) },
    };
    // the lock must outlive the picking: a slot beyond Satispay's default 10 days asks for a longer one
    const slot = input.slotStartsAt?.getTime();
    if (slot !== undefined && slot + LOCK_AFTER_SLOT_MS > this.now() + FUND_LOCK_LIFETIME_MS)
      body.expiration_date = new Date(slot + LOCK_AFTER_SLOT_MS).toISOString();
    // one key per session started: the client's retries of this call cannot lock the money twice
    const payment = await this.client.createPayment(body, randomUUID());
    if (!payment.redirect_url) throw new Error(`satispay: payment ${payment.id} came without its page`);
    return { providerRef: payment.id, redirectUrl: payment.redirect_url };
  }

  /** the page of a lock the customer has not authorised yet, while it can still be authorised */
  async resumeSession(providerRef: string, input: StartSessionInput): Promise<HostedSession | null> {
    const payment = await this.find(providerRef);
    if (
      !payment?.redirect_url ||
      payment.status !== 'PENDING' ||
      payment.expired ||
      payment.amount_unit !== input.amountCents
    )
      return null;
    return { providerRef, redirectUrl: payment.redirect_url };
  }

  /**
   * Takes the picked amount from the lock (ACCEPT, at most the lock). 0 releases the lock. A repeated capture
   * (its first answer lost) finds the payment ACCEPTED and answers what Satispay took.
   */
  async capture(providerRef: string, amountCents: number): Promise<ProviderActionResult> {
    if (!Number.isSafeInteger(amountCents) || amountCents < 0) return failed('invalid amount');
    if (amountCents === 0) {
      const released = await this.void(providerRef);
      return released.ok ? { ok: true, amountCents: 0 } : released;
    }
    try {
      const payment = await this.client.updatePayment(providerRef, {
        action: 'ACCEPT',
        amount_unit: amountCents,
      });
      return payment.status === 'ACCEPTED'
        ? { ok: true, amountCents }
        : failed(`satispay: payment ${payment.status} after ACCEPT`);
    } catch (error) {
      const payment = await this.afterRefusal(providerRef, error);
      if (payment?.status === 'ACCEPTED') return { ok: true, amountCents: payment.amount_unit };
      return failed(payment ? `satispay: payment ${payment.status}` : describe(error));
    }
  }

  /** Releases the lock (or gives up a payment not yet authorised): CANCEL; already CANCELED is done. */
  async void(providerRef: string): Promise<ProviderActionResult> {
    try {
      const payment = await this.client.updatePayment(providerRef, { action: 'CANCEL' });
      return payment.status === 'CANCELED'
        ? { ok: true, amountCents: payment.amount_unit }
        : failed(`satispay: payment ${payment.status} after CANCEL`);
    } catch (error) {
      const payment = await this.afterRefusal(providerRef, error);
      if (payment?.status === 'CANCELED') return { ok: true, amountCents: payment.amount_unit };
      return failed(payment ? `satispay: payment ${payment.status}, not released` : describe(error));
    }
  }

  /** Gives back captured money: a REFUND payment; the same key never refunds twice (Satispay replays it). */
  async refund(providerRef: string, amountCents: number, key: string): Promise<ProviderActionResult> {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return failed('invalid amount');
    try {
      const refund = await this.client.createPayment(
        { flow: 'REFUND', amount_unit: amountCents, currency: 'EUR', parent_payment_uid: providerRef },
        key,
      );
      return refund.status === 'ACCEPTED'
        ? { ok: true, amountCents: refund.amount_unit }
        : failed(`satispay: refund ${refund.status}`);
    } catch (error) {
      return failed(describe(error));
    }
  }

  /** The browser's return: order and attempt name the payment in the shop's records; Satispay says its status. */
  async verifyReturn(query: Record<string, string>): Promise<VerifiedNotification | null> {
    const orderId = Number(query.order_id);
    const attempt = Number(query.attempt);
    if (!/^\d{1,12}$/.test(query.order_id ?? '') || !/^\d{1,6}$/.test(query.attempt ?? '')) return null;
    const ref = await this.options.paymentRefOf(orderId, attempt);
    return ref ? this.lookup(ref) : null;
  }

  /** Satispay's callback: an unsigned GET naming a payment; only its status read back from Satispay counts. */
  async verifyWebhook(request: WebhookRequest): Promise<VerifiedNotification | null> {
    const id = request.query.payment_id;
    return id ? this.lookup(id) : null;
  }

  /** Where the payment stands at Satispay; null for a payment Satispay does not know (for this shop). */
  async lookup(providerRef: string): Promise<VerifiedNotification | null> {
    const payment = await this.find(providerRef);
    if (!payment || payment.type !== 'TO_BUSINESS') return null;
    return {
      providerRef: payment.id,
      outcome: outcomeOf(payment),
      eventId: `${payment.id}:${payment.status}${payment.expired ? ':expired' : ''}`,
      cardBrand: null,
      cardLast4: null,
      amountCents: payment.amount_unit,
    };
  }

  private async find(providerRef: string): Promise<SatispayPayment | null> {
    if (!PAYMENT_ID.test(providerRef)) return null;
    try {
      return await this.client.getPayment(providerRef);
    } catch (error) {
      if (error instanceof SatispayError && error.status === 404) return null;
      throw error;
    }
  }

  /** after a refused or unanswered update: the payment as Satispay has it now, or null when that is unknown */
  private async afterRefusal(providerRef: string, error: unknown): Promise<SatispayPayment | null> {
    if (!(error instanceof SatispayError)) throw error;
    try {
      return await this.find(providerRef);
    } catch {
      return null;
    }
  }
}
