import { paysOnline } from '@spesa/shared/checkout/payment-types';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../payment/payment-provider';
import { NO_PROVIDER } from '../payment/sandbox.provider';
import type { OrderPlacementRepository, OrderRow } from '../orders/order-placement.repository';

export interface PaymentAttemptsDeps {
  orders: OrderPlacementRepository;
  provider: PaymentProvider;
  /** where the provider sends the browser back (our feedback endpoint) */
  feedbackUrl: string;
}

/**
 * An order's payment attempts (decision 017): each opens a hosted session at the provider for online types
 * (or records that none is needed), inside the caller's transaction; a new attempt voids the live one.
 */
export class PaymentAttempts {
  constructor(private readonly d: PaymentAttemptsDeps) {}

  /** The hosted page of the order's live online attempt, when one is waiting for the customer. */
  async livePaymentUrl(order: OrderRow): Promise<string | null> {
    if (order.orderStatusId !== ORDER_STATUS.inPayment) return null;
    const auth = await this.d.orders.latestAuthorization(order.orderId);
    if (!auth || auth.provider !== this.d.provider.name || auth.status !== 'created') return null;
    return (
      this.d.provider.resumeSession(
        auth.providerRef,
        this.sessionInput(order.orderId, auth.attempt, auth.amountCents),
      )?.redirectUrl ?? null
    );
  }

  sessionInput(orderId: number, attempt: number, amountCents: number) {
    return {
      orderId,
      attempt,
      amountCents,
      currency: 'EUR' as const,
      description: `Ordine ${orderId} - Spesa`,
      feedbackUrl: this.d.feedbackUrl,
    };
  }

  /**
   * Starts a payment attempt of an order inside the caller's transaction: online types open a session at
   * the provider (status 'created'); the others, and an order the wallet pays whole, record 'not_required'.
   * Answers the hosted page or null.
   */
  async start(
    tx: Db,
    orderId: number,
    paymentTypeId: number,
    amountCents: number,
    /** a new order's first attempt is 1; otherwise the next after the recorded ones */
    firstAttempt = false,
  ): Promise<string | null> {
    const attempt = firstAttempt ? 1 : await this.d.orders.nextAttempt(tx, orderId);
    if (paysOnline(paymentTypeId, amountCents)) {
      const session = await this.d.provider.startSession(this.sessionInput(orderId, attempt, amountCents));
      await this.d.orders.insertAuthorization(tx, {
        orderId,
        attempt,
        provider: this.d.provider.name,
        providerRef: session.providerRef,
        paymentTypeId,
        amountCents,
        status: 'created',
      });
      return session.redirectUrl;
    }
    await this.d.orders.insertAuthorization(tx, {
      orderId,
      attempt,
      provider: NO_PROVIDER,
      providerRef: `${orderId}-${attempt}`,
      paymentTypeId,
      amountCents,
      status: 'not_required',
    });
    return null;
  }

  /** Voids the order's live authorisation (held or waiting), at the provider and in our records. */
  async voidLive(tx: Db, orderId: number): Promise<void> {
    const auth = await this.d.orders.latestAuthorization(orderId, tx);
    if (!auth) return;
    if (
      auth.provider === this.d.provider.name &&
      ['created', 'pending', 'authorized'].includes(auth.status)
    ) {
      if (auth.status !== 'created') await this.d.provider.void(auth.providerRef, tx);
      await this.d.orders.setAuthorizationStatus(
        tx,
        auth.authorizationId,
        ['created', 'pending', 'authorized'],
        'voided',
      );
    } else if (auth.status === 'not_required')
      await this.d.orders.setAuthorizationStatus(tx, auth.authorizationId, ['not_required'], 'voided');
  }

  /** An edited order keeps its authorisation when the type is the same and the hold still covers it. */
  async keepsAuthorization(tx: Db, order: OrderRow, paymentTypeId: number, preauthCents: number) {
    if (order.paymentTypeId !== paymentTypeId) return false;
    const auth = await this.d.orders.latestAuthorization(order.orderId, tx);
    if (!auth) return false;
    if (!paysOnline(paymentTypeId, preauthCents)) return auth.status === 'not_required';
    return auth.status === 'authorized' && auth.amountCents >= preauthCents;
  }
}
