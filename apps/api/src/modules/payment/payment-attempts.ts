import { TZDate } from '@date-fns/tz';
import { paysOnline } from '@spesa/shared/checkout/payment-types';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import { TIME_ZONE } from '../../lib/rome-time';
import type { StartSessionInput } from './payment-provider';
import type { PaymentProviders } from './payment-providers';
import { NO_PROVIDER } from './sandbox.provider';

/** The instant a booked slot starts: its Rome day and begin time (`2026-05-04`, `09:30`). */
export function slotStartOf(slot: { slotDate: string; beginTime: string }): Date {
  const [y = 0, m = 1, d = 1] = slot.slotDate.slice(0, 10).split('-').map(Number);
  const [h = 0, min = 0] = slot.beginTime.split(':').map(Number);
  return new Date(new TZDate(y, m - 1, d, h, min, 0, TIME_ZONE).getTime());
}

/** An order's payment attempt as the attempts read it (the orders module's payment_authorizations row). */
interface AttemptRow {
  authorizationId: number;
  attempt: number;
  provider: string;
  providerRef: string;
  amountCents: number;
  status: string;
}

/** What starting an attempt needs (PaymentAttempts.start). */
interface AttemptStart {
  orderId: number;
  paymentTypeId: number;
  amountCents: number;
  /** a new order's first attempt is 1; otherwise the next after the recorded ones */
  firstAttempt?: boolean;
  /** the booked slot's start (slotStartOf): a hold that would lapse before it keeps the card to renew it */
  slotStartsAt: Date | null;
}

/** An attempt as `startRecorded` wrote it (the orders module's authorisation row). */
export interface StartedAttempt {
  authorizationId: number;
  orderId: number;
  attempt: number;
  provider: string;
  providerRef: string;
  paymentTypeId: number;
  amountCents: number;
  capturedCents: number;
  refundedCents: number;
  status: string;
  cardBrand: string | null;
  cardLast4: string | null;
}

/** An order as its payment attempts need it. */
interface PayingOrder {
  orderId: number;
  orderStatusId: number;
  paymentTypeId: number;
}

/**
 * The records of orders' payment attempts (the orders module's OrderPlacementRepository, wired in app.ts):
 * payment imports neither checkout nor orders.
 */
export interface AttemptRecordsPort {
  latestAuthorization(orderId: number, db?: Db): Promise<AttemptRow | null>;
  nextAttempt(orderId: number, tx: Db): Promise<number>;
  insertAuthorization(
    a: Pick<
      StartedAttempt,
      'orderId' | 'attempt' | 'provider' | 'providerRef' | 'paymentTypeId' | 'amountCents' | 'status'
    >,
    tx: Db,
  ): Promise<number>;
  setAuthorizationStatus(
    authorizationId: number,
    from: readonly string[],
    to: string,
    card: null,
    tx: Db,
  ): Promise<boolean>;
}

export interface PaymentAttemptsDeps {
  orders: AttemptRecordsPort;
  providers: PaymentProviders;
  /** where a provider sends the browser back (our feedback endpoint), by the provider's name */
  feedbackUrl: (providerName: string) => string;
}

/**
 * An order's payment attempts (decision 017): each opens a hosted session at the provider for online types
 * (or records that none is needed), inside the caller's transaction; a new attempt voids the live one. The
 * purchase and the order actions start and void them; a cancelled order's live one is voided by this
 * module's listener of the transition (decision 074).
 */
export class PaymentAttempts {
  constructor(private readonly d: PaymentAttemptsDeps) {}

  /** The hosted page of the order's live online attempt, when one is waiting for the customer. */
  async livePaymentUrl(order: PayingOrder): Promise<string | null> {
    if (order.orderStatusId !== ORDER_STATUS.inPayment) return null;
    const auth = await this.d.orders.latestAuthorization(order.orderId);
    const provider = auth && this.d.providers.byName(auth.provider);
    if (!auth || !provider || auth.status !== 'created') return null;
    const session = await provider.resumeSession(
      auth.providerRef,
      this.sessionInput(provider.name, order.orderId, auth.attempt, auth.amountCents),
    );
    return session?.redirectUrl ?? null;
  }

  sessionInput(
    providerName: string,
    orderId: number,
    attempt: number,
    amountCents: number,
    slotStartsAt?: Date | null,
  ): StartSessionInput {
    return {
      orderId,
      attempt,
      amountCents,
      currency: 'EUR' as const,
      description: `Ordine ${orderId} - Spesa`,
      feedbackUrl: this.d.feedbackUrl(providerName),
      ...(slotStartsAt ? { slotStartsAt } : {}),
    };
  }

  /**
   * Starts a payment attempt of an order inside the caller's transaction: online types open a session at
   * the provider (status 'created'); the others, and an order the wallet pays whole, record 'not_required'.
   * Answers the hosted page or null.
   */
  async start(a: AttemptStart, tx: Db): Promise<string | null> {
    return (await this.startRecorded(a, tx)).paymentUrl;
  }

  /**
   * A new order's first attempt opened at the provider (online types) or found not needed, without writing
   * it: the caller writes the row it answers (checkout's one-statement purchase, the orders module's
   * `newOrderSql`). Answers the hosted page, if any.
   */
  async openFirst(a: Omit<AttemptStart, 'firstAttempt'>): Promise<{
    paymentUrl: string | null;
    row: Pick<StartedAttempt, 'provider' | 'providerRef' | 'status'>;
  }> {
    const { orderId, paymentTypeId, amountCents } = a;
    if (paysOnline(paymentTypeId, amountCents)) {
      // checkout offers and accepts only the types a provider here takes (PaymentProviders.takes)
      const online = this.d.providers.forType(paymentTypeId);
      if (!online) throw new Error(`no payment provider takes payment type ${paymentTypeId}`);
      const session = await online.startSession(
        this.sessionInput(online.name, orderId, 1, amountCents, a.slotStartsAt),
      );
      return {
        paymentUrl: session.redirectUrl,
        row: { provider: online.name, providerRef: session.providerRef, status: 'created' },
      };
    }
    return {
      paymentUrl: null,
      row: { provider: NO_PROVIDER, providerRef: `${orderId}-1`, status: 'not_required' },
    };
  }

  /** An attempt as written, from its row's parts (a new one: nothing captured, no card yet). */
  static written(
    a: Pick<StartedAttempt, 'orderId' | 'attempt' | 'paymentTypeId' | 'amountCents'>,
    row: Pick<StartedAttempt, 'provider' | 'providerRef' | 'status'>,
    authorizationId: number,
  ): StartedAttempt {
    return {
      ...a,
      ...row,
      authorizationId,
      capturedCents: 0,
      refundedCents: 0,
      cardBrand: null,
      cardLast4: null,
    };
  }

  /** `start`, answering also the attempt as written (a new order's answer is built from it, not read). */
  async startRecorded(
    a: AttemptStart,
    tx: Db,
  ): Promise<{ paymentUrl: string | null; attempt: StartedAttempt }> {
    const { orderId, paymentTypeId, amountCents } = a;
    const attempt = a.firstAttempt ? 1 : await this.d.orders.nextAttempt(orderId, tx);
    const written = (
      row: { provider: string; providerRef: string; status: string },
      authorizationId: number,
    ): StartedAttempt => ({
      ...row,
      authorizationId,
      orderId,
      attempt,
      paymentTypeId,
      amountCents,
      capturedCents: 0,
      refundedCents: 0,
      cardBrand: null,
      cardLast4: null,
    });
    if (paysOnline(paymentTypeId, amountCents)) {
      // checkout offers and accepts only the types a provider here takes (PaymentProviders.takes)
      const online = this.d.providers.forType(paymentTypeId);
      if (!online) throw new Error(`no payment provider takes payment type ${paymentTypeId}`);
      const provider = online.name;
      const session = await online.startSession(
        this.sessionInput(provider, orderId, attempt, amountCents, a.slotStartsAt),
      );
      const row = { provider, providerRef: session.providerRef, status: 'created' };
      const id = await this.d.orders.insertAuthorization(
        { orderId, attempt, paymentTypeId, amountCents, ...row },
        tx,
      );
      return { paymentUrl: session.redirectUrl, attempt: written(row, id) };
    }
    const row = { provider: NO_PROVIDER, providerRef: `${orderId}-${attempt}`, status: 'not_required' };
    const id = await this.d.orders.insertAuthorization(
      { orderId, attempt, paymentTypeId, amountCents, ...row },
      tx,
    );
    return { paymentUrl: null, attempt: written(row, id) };
  }

  /** Voids the order's live authorisation (held or waiting), at the provider and in our records. */
  async voidLive(orderId: number, tx: Db): Promise<void> {
    const auth = await this.d.orders.latestAuthorization(orderId, tx);
    if (!auth) return;
    const live = ['created', 'pending', 'authorized'];
    const provider = this.d.providers.byName(auth.provider);
    if (provider && live.includes(auth.status)) {
      // a page nobody paid yet is closed too: Stripe's session expired, Satispay's payment cancelled, so the
      // customer cannot confirm it later for an order that no longer waits
      await provider.void(auth.providerRef, tx);
      await this.d.orders.setAuthorizationStatus(auth.authorizationId, live, 'voided', null, tx);
    } else if (auth.status === 'not_required')
      await this.d.orders.setAuthorizationStatus(auth.authorizationId, ['not_required'], 'voided', null, tx);
  }

  /** An edited order keeps its authorisation when the type is the same and the hold still covers it. */
  async keepsAuthorization(order: PayingOrder, paymentTypeId: number, preauthCents: number, tx: Db) {
    if (order.paymentTypeId !== paymentTypeId) return false;
    const auth = await this.d.orders.latestAuthorization(order.orderId, tx);
    if (!auth) return false;
    if (!paysOnline(paymentTypeId, preauthCents)) return auth.status === 'not_required';
    return auth.status === 'authorized' && auth.amountCents >= preauthCents;
  }
}
