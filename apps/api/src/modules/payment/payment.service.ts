import { NO_SHOP_EVENTS, type ShopEvents } from '../../lib/shop-events';
import type { PaymentCompletedStatus } from '@spesa/shared/contracts/checkout';
import { ORDER_STATUS, type OrderStatusId } from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import { failWith, ok, type Result } from '../../lib/result';
import { PAYMENT_TEXT } from './payment.messages';
import type { PaymentDisputesRepository } from './payment-disputes.repository';
import type { AcknowledgedEvent, VerifiedNotification } from './payment-provider';
import type { PaymentProviders } from './payment-providers';

/** An order's payment attempt, as the payment flow reads it. */
interface AttemptRecord {
  authorizationId: number;
  orderId: number;
  providerRef: string;
  status: string;
  amountCents: number;
}
type CardSeen = { cardBrand: string | null; cardLast4: string | null };

/**
 * The orders and payment attempts a notification changes: the port the payment flow needs, given by the
 * app (checkout's order records satisfy it). Payment imports neither checkout nor orders.
 */
export interface PaymentRecordsPort {
  lockAuthorizationByRef(provider: string, providerRef: string, tx: Db): Promise<AttemptRecord | null>;
  /** the authorisation and its order locked in one statement (the authorisation first) */
  lockAuthorizationAndOrder(
    provider: string,
    providerRef: string,
    tx: Db,
  ): Promise<{ auth: AttemptRecord; order: { orderId: number; orderStatusId: number } } | null>;
  lockOrder(
    orderId: number,
    userId: null,
    tx: Db,
  ): Promise<{ orderId: number; orderStatusId: number } | null>;
  latestAuthorization(orderId: number, tx?: Db): Promise<AttemptRecord | null>;
  recordPaymentEvent(
    e: {
      provider: string;
      eventId: string;
      authorizationId: number | null;
      channel: string;
      outcome: string;
    },
    tx: Db,
  ): Promise<boolean>;
  /** the event recorded once (`fresh`) and the order's newest attempt, after the locks, in one statement */
  recordEventWithLatest(
    e: { provider: string; eventId: string; authorizationId: number; channel: string; outcome: string },
    orderId: number,
    tx: Db,
  ): Promise<{ fresh: boolean; latest: AttemptRecord | null }>;
  fillCard(authorizationId: number, card: CardSeen, tx: Db): Promise<void>;
  /** an event recorded already: the card filled if missing, and what the answer needs; null: a new event */
  repeatedEvent(
    e: { provider: string; providerRef: string; eventId: string },
    card: CardSeen | null,
  ): Promise<RepeatedEvent | null>;
  setAuthorizationStatus(
    authorizationId: number,
    from: readonly string[],
    to: string,
    card: CardSeen | null,
    tx: Db,
  ): Promise<boolean>;
}

/** What the answer to a provider's event recorded already needs: the order's status, this attempt's and the newest's. */
export interface RepeatedEvent {
  orderId: number;
  orderStatusId: number;
  status: string;
  /** the event's attempt is the order's newest */
  live: boolean;
  latestStatus: string | null;
}

/** The order status change the flow asks for (the orders module's one entry point of status changes). */
export interface OrderStatusPort {
  transition(
    change: { orderId: number; from: number; to: OrderStatusId; actor: 'provider' },
    tx: Db,
  ): Promise<{ ok: boolean }>;
}

/** Where the browser goes back to: the order's status and its latest attempt's status decide. */
function completedOf(orderStatusId: number, latestStatus: string | undefined): PaymentCompletedStatus {
  if (orderStatusId === ORDER_STATUS.awaitingPayment) return 'pending';
  if (latestStatus === 'authorized' || latestStatus === 'captured') return 'success';
  if (latestStatus === 'created' || latestStatus === 'pending') return 'pending';
  return 'failed';
}

/**
 * Applies the provider's notifications (the browser's return and the webhook) to authorisations and orders.
 * Idempotent: each event is recorded once (payment_events), and every change is a compare-and-set on the
 * authorisation's status and the order's status, so a return and a webhook arriving in any order, or twice,
 * end in the same state. Success: order 3 'ordered'; declined: 11 (retry allowed); pending: 2. A success for
 * an attempt that is no longer the live one (retried, cancelled, payment type changed) is voided at once.
 */
export class PaymentService {
  constructor(
    private readonly db: Db,
    private readonly orders: PaymentRecordsPort,
    private readonly status: OrderStatusPort,
    private readonly providers: PaymentProviders,
    private readonly disputes: PaymentDisputesRepository,
    /** told of each notification applied, by outcome (the metrics) */
    private readonly events: ShopEvents = NO_SHOP_EVENTS,
  ) {}

  /**
   * A provider's event that decides no authorisation (a refund, a capture confirmed, a dispute): recorded once
   * (payment_events), a dispute kept for the staff (payment_disputes). Answers whether it was new.
   */
  async record(providerName: string, e: AcknowledgedEvent): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const auth = e.providerRef
        ? await this.orders.lockAuthorizationByRef(providerName, e.providerRef, tx)
        : null;
      const fresh = await this.orders.recordPaymentEvent(
        {
          provider: providerName,
          eventId: e.eventId,
          authorizationId: auth?.authorizationId ?? null,
          channel: 'webhook',
          outcome: e.type.slice(0, 60),
        },
        tx,
      );
      if (fresh && e.dispute)
        await this.disputes.record(
          {
            ...e.dispute,
            provider: providerName,
            providerRef: auth ? e.providerRef : null,
            orderId: auth?.orderId ?? null,
            eventId: e.eventId,
          },
          tx,
        );
      return fresh;
    });
  }

  async apply(
    providerName: string,
    n: VerifiedNotification,
    channel: 'return' | 'webhook' | 'lookup',
  ): Promise<Result<{ orderId: number; completed: PaymentCompletedStatus }>> {
    const provider = this.providers.byName(providerName);
    if (!provider) return failWith(PAYMENT_TEXT.unknownSession, 'notFound');
    if (channel === 'webhook') {
      // the webhook of an event the return applied already (the usual order): one statement, no transaction
      const card = n.cardLast4 ? { cardBrand: n.cardBrand, cardLast4: n.cardLast4 } : null;
      const seen = await this.orders.repeatedEvent(
        { provider: provider.name, providerRef: n.providerRef, eventId: n.eventId },
        card,
      );
      if (seen)
        return ok({
          orderId: seen.orderId,
          completed: completedOf(
            seen.orderStatusId,
            seen.live ? seen.status : (seen.latestStatus ?? undefined),
          ),
        });
    }
    let applies = false;
    const applied = await this.db.transaction(async (tx) => {
      const locked = await this.orders.lockAuthorizationAndOrder(provider.name, n.providerRef, tx);
      if (!locked) return null;
      const { auth, order } = locked;
      // the event recorded once, and the order's latest attempt as this transaction sees it after the locks
      const { fresh, latest } = await this.orders.recordEventWithLatest(
        {
          provider: provider.name,
          eventId: n.eventId,
          authorizationId: auth.authorizationId,
          channel,
          outcome: n.outcome,
        },
        order.orderId,
        tx,
      );
      const card = n.cardLast4 ? { cardBrand: n.cardBrand, cardLast4: n.cardLast4 } : null;
      const live = latest?.authorizationId === auth.authorizationId;
      let s = order.orderStatusId;
      let authStatus = auth.status;
      const answer = () => ({
        orderId: order.orderId,
        completed: completedOf(s, live ? authStatus : latest?.status),
      });
      if (!fresh) {
        // the same event by the other channel: only the card's brand and last digits may be new
        if (card) await this.orders.fillCard(auth.authorizationId, card, tx);
        return answer();
      }
      if (n.amountCents !== null && n.amountCents !== auth.amountCents) return answer();
      applies = true;
      const waiting = ['created', 'pending'];
      const setAuth = async (from: readonly string[], to: string): Promise<boolean> => {
        const set = await this.orders.setAuthorizationStatus(auth.authorizationId, from, to, card, tx);
        if (set) authStatus = to;
        return set;
      };
      const moveOrder = async (to: OrderStatusId) => {
        await this.moveOrder(order.orderId, s, to, tx);
        s = to;
      };
      if (n.outcome === 'success') {
        const payable =
          live &&
          (s === ORDER_STATUS.inPayment ||
            s === ORDER_STATUS.awaitingPayment ||
            s === ORDER_STATUS.invalidated);
        if (payable) {
          if (await setAuth([...waiting, 'declined'], 'authorized')) await moveOrder(ORDER_STATUS.ordered);
        } else if ([...waiting, 'declined', 'voided'].includes(auth.status)) {
          // money held for an attempt nobody waits for (a provider's page may still take a card after a
          // decline, or after a retry opened another page): give it back
          await provider.void(auth.providerRef, tx);
          await setAuth([...waiting, 'declined'], 'voided');
        }
      } else if (n.outcome === 'pending') {
        if (await setAuth(['created'], 'pending'))
          if (live && s === ORDER_STATUS.inPayment) await moveOrder(ORDER_STATUS.awaitingPayment);
      } else if (await setAuth(waiting, 'declined')) {
        if (live && (s === ORDER_STATUS.inPayment || s === ORDER_STATUS.awaitingPayment))
          await moveOrder(ORDER_STATUS.invalidated);
      }
      return answer();
    });
    if (applied === null) return failWith(PAYMENT_TEXT.unknownSession, 'notFound');
    if (applies) this.events.emit({ kind: 'payment.outcome', outcome: n.outcome });
    return ok(applied);
  }

  private async moveOrder(orderId: number, from: number, to: OrderStatusId, tx: Db) {
    const moved = await this.status.transition({ orderId, from, to, actor: 'provider' }, tx);
    if (!moved.ok) throw new Error(`payment: ${from} -> ${to} refused for order ${orderId}`);
  }
}
