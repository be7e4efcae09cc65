import { NO_SHOP_EVENTS, type ShopEvents } from '../../lib/shop-events';
import type { PaymentCompletedStatus } from '@spesa/shared/contracts/checkout';
import { ORDER_STATUS, type OrderStatusId } from '@spesa/shared/orders/order-status';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ComposedStatusChange, OrderReadForListeners } from '../../lib/order-transitions';
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
  ): Promise<{
    auth: AttemptRecord;
    /** `read`: the order as its status change's listeners read it (for `composedTransition`) */
    order: { orderId: number; orderStatusId: number; read: OrderReadForListeners };
  } | null>;
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
  /**
   * After the locks, in one statement: the event recorded once (`fresh`), the order's newest attempt, and for a
   * fresh event the attempt's status moved (`set`, compare-and-set from `from`; `onlyLive`: only when it is the
   * newest attempt) and the order's status change (`move`, composed to wait for the attempt set and the newest)
   */
  applyEvent(
    e: { provider: string; eventId: string; authorizationId: number; channel: string; outcome: string },
    orderId: number,
    set: { from: readonly string[]; to: string; card: CardSeen | null; onlyLive: boolean } | null,
    move: ((when: SQL) => ComposedStatusChange | null) | null,
    tx: Db,
  ): Promise<{
    fresh: boolean;
    latest: { authorizationId: number; status: string } | null;
    set: boolean;
    moved: { row: Record<string, unknown>; change: ComposedStatusChange } | null;
  }>;
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
  /**
   * the change as CTEs of the statement `applyEvent` composes (`when`: what its compare-and-set also waits for;
   * `read`: the order as the lock read it, so that its notifications are written by that statement too)
   */
  composedTransition(
    change: { orderId: number; from: number; to: OrderStatusId; actor: 'provider' },
    when: SQL,
    read?: OrderReadForListeners,
  ): ComposedStatusChange | null;
}

/** An attempt's statuses while its provider has not decided. */
const WAITING: readonly string[] = ['created', 'pending'];

/**
 * What a fresh event of the order's live attempt does, decided once the attempt and its order are locked: the
 * attempt's status moved (`from` → `to`; `onlyLive`: only for the live attempt) and then, for the live attempt,
 * the order's (`move`). Null: nothing in one statement (a success for an order not payable: see `apply`).
 */
function planOf(
  outcome: VerifiedNotification['outcome'],
  orderStatusId: number,
): { from: readonly string[]; to: string; onlyLive: boolean; move: OrderStatusId | null } | null {
  const s = orderStatusId;
  if (outcome === 'success')
    return s === ORDER_STATUS.inPayment ||
      s === ORDER_STATUS.awaitingPayment ||
      s === ORDER_STATUS.invalidated
      ? { from: [...WAITING, 'declined'], to: 'authorized', onlyLive: true, move: ORDER_STATUS.ordered }
      : null;
  if (outcome === 'pending')
    return {
      from: ['created'],
      to: 'pending',
      onlyLive: false,
      move: s === ORDER_STATUS.inPayment ? ORDER_STATUS.awaitingPayment : null,
    };
  return {
    from: WAITING,
    to: 'declined',
    onlyLive: false,
    move:
      s === ORDER_STATUS.inPayment || s === ORDER_STATUS.awaitingPayment ? ORDER_STATUS.invalidated : null,
  };
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
    // the order's notifications (its mail, its message) written by the change's own statement when their
    // listeners can compose them (from the order as the lock read it), else on the transaction itself; should
    // the first try fail, all of it again with them run after the change in their savepoint, so that a failing
    // mail never undoes a payment (decision 018; decision 059, session 52)
    const inTransaction = (first: boolean) =>
      this.db.transaction(async (tx) => {
        applies = false;
        const locked = await this.orders.lockAuthorizationAndOrder(provider.name, n.providerRef, tx);
        if (!locked) return null;
        const { auth, order } = locked;
        const card = n.cardLast4 ? { cardBrand: n.cardBrand, cardLast4: n.cardLast4 } : null;
        const amountChecked = n.amountCents === null || n.amountCents === auth.amountCents;
        const plan = amountChecked ? planOf(n.outcome, order.orderStatusId) : null;
        const move = plan?.move ?? null;
        // the event recorded once, the order's latest attempt as this transaction sees it after the locks, and
        // what a fresh event does to the attempt and the order: one statement
        const { fresh, latest, set, moved } = await this.orders.applyEvent(
          {
            provider: provider.name,
            eventId: n.eventId,
            authorizationId: auth.authorizationId,
            channel,
            outcome: n.outcome,
          },
          order.orderId,
          plan && { from: plan.from, to: plan.to, card, onlyLive: plan.onlyLive },
          move &&
            ((when) =>
              this.status.composedTransition(
                { orderId: order.orderId, from: order.orderStatusId, to: move, actor: 'provider' },
                when,
                first ? order.read : undefined,
              )),
          tx,
        );
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
        if (!amountChecked) return answer();
        applies = true;
        if (set && plan) authStatus = plan.to;
        if (set && move && live) {
          // the attempt set for the live attempt: its order moved with it, or the change was refused
          if (!moved) throw new Error(`payment: ${s} -> ${move} refused for order ${order.orderId}`);
          await moved.change.written(moved.row, { unguarded: first }, tx);
          s = move;
        }
        const payable = plan !== null && live;
        if (n.outcome === 'success' && !payable && [...WAITING, 'declined', 'voided'].includes(auth.status)) {
          // money held for an attempt nobody waits for (a provider's page may still take a card after a
          // decline, or after a retry opened another page): give it back
          await provider.void(auth.providerRef, tx);
          const voided = [...WAITING, 'declined'];
          if (await this.orders.setAuthorizationStatus(auth.authorizationId, voided, 'voided', card, tx))
            authStatus = 'voided';
        }
        return answer();
      });
    // a notification that failed unguarded (`StatusListenersFailed`) or composed into the statement (its error is
    // the statement's): the second try runs them guarded; a failure of the payment's own writes fails it again
    const applied = await inTransaction(true).catch(() => inTransaction(false));
    if (applied === null) return failWith(PAYMENT_TEXT.unknownSession, 'notFound');
    if (applies) this.events.emit({ kind: 'payment.outcome', outcome: n.outcome });
    return ok(applied);
  }
}
