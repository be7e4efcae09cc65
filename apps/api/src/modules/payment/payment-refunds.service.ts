import { NO_SHOP_EVENTS, type ShopEvents } from '../../lib/shop-events';
import type { OrderMoney, RefundBody } from '@spesa/shared/contracts/admin-payments';
import { formatPrice } from '@spesa/shared/format/price';
import type { Db } from '../../db/client';
import { failWith, ok, type Result } from '../../lib/result';
import { orderMoneyOf } from './order-money';
import type { PaymentMoneyRepository, RefundRow } from './payment-money.repository';
import { lineRefundProblem } from './refund-line';
import type { PaymentProviders } from './payment-providers';
import { REFUND_REFUSAL, refundDone, refundReplayed, tooMuchOfLine, tooMuchRefund } from './payment.messages';

/** A staff member signed in to the back office (the access plugin's AdminMember has this shape). */
export interface RefundingStaff {
  userId: number;
  name: string;
  /** the stores they work for (empty: all) */
  warehouseIds: number[];
}

/** The orders module's authorisations, as a refund needs them (OrderPlacementRepository). */
export interface RefundRecordsPort {
  /** the authorisation, locked until the transaction ends: two refunds of one order queue here */
  lockAuthorizationByRef(
    provider: string,
    providerRef: string,
    tx: Db,
  ): Promise<{ authorizationId: number; capturedCents: number } | null>;
  /** adds a refund the provider made to the authorisation's refunded total (never above captured) */
  addRefunded(authorizationId: number, cents: number, tx: Db): Promise<boolean>;
}

/** The back office's audit log of orders (the backoffice module), written in the refund's transaction. */
export interface RefundAuditPort {
  record(
    entry: {
      staff: { userId: number; name: string };
      action: string;
      orderId: number;
      before: unknown;
      after: unknown;
    },
    db: Db,
  ): Promise<void>;
}

/**
 * Told of a refund the provider made, in the transaction that records it (the invoices module's credit note):
 * a listener that throws rolls the record back with it, and the refund stays 'requested' to be asked again.
 */
export type RefundSettledListener = (
  refund: {
    refundId: number;
    orderId: number;
    amountCents: number;
    reason: string;
    /** a refund of one order line: the line and the pieces or kg given back; null: an amount */
    line: { orderItemId: number; quantity: number } | null;
  },
  tx: Db,
) => Promise<void>;

type RefundAnswer = Result<{ data: { refund: ReturnType<typeof refundWire>; payment: OrderMoney } }>;

const refundWire = (r: RefundRow) => ({
  refundId: r.refundId,
  orderId: r.orderId,
  amount: r.amountCents / 100,
  reason: r.reason,
  state: r.state,
  requestedAt: r.requestedAt,
  settledAt: r.settledAt,
  line:
    r.orderItemId !== null && r.lineQuantity !== null
      ? { orderItemId: r.orderItemId, quantity: r.lineQuantity }
      : null,
});
const euroText = (cents: number) => formatPrice(cents / 100);

/**
 * Orders' money in the back office (decision 085): what moved, and refunds of captured money. A refund is two
 * short transactions: the first locks the order's captured authorisation, checks the amount against what is
 * captured less the refunds asked for or made, and records the refund 'requested' under the client's key
 * (unique: the same click twice finds it); the second locks that refund, asks its provider (the sandbox writes
 * its ledger in this transaction) and records the answer, the authorisation's refunded total and the audit
 * entry. A provider that throws leaves it 'requested' (in the payments to check); the same key asks again,
 * which a provider keyed by it answers without moving money twice.
 */
export class PaymentRefunds {
  readonly #settled: RefundSettledListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly repo: PaymentMoneyRepository,
    private readonly records: RefundRecordsPort,
    private readonly providers: PaymentProviders,
    private readonly audit: RefundAuditPort,
    /** told of each refund the provider made (the metrics) */
    private readonly events: ShopEvents = NO_SHOP_EVENTS,
  ) {}

  /** A module told of every refund the provider made (the port the payment module offers as `refundsMade`). */
  onSettled(listener: RefundSettledListener): void {
    this.#settled.push(listener);
  }

  private async orderFor(staff: RefundingStaff, orderId: number) {
    const o = await this.repo.order(orderId);
    if (!o) return null;
    if (staff.warehouseIds.length > 0 && !staff.warehouseIds.includes(o.warehouseId)) return null;
    return o;
  }

  /** An order's money: provider, reference, every movement (GET /admin/orders/:id/payment). */
  async money(staff: RefundingStaff, orderId: number): Promise<Result<{ data: OrderMoney }>> {
    const o = await this.orderFor(staff, orderId);
    if (!o) return failWith(REFUND_REFUSAL.orderNotFound, 'notFound');
    return ok({ data: await this.moneyOf(orderId) });
  }

  async moneyOf(orderId: number, db: Db = this.db): Promise<OrderMoney> {
    const [auths, refunds, disputes] = [
      await this.repo.authorizations([orderId], db),
      await this.repo.refunds([orderId], db),
      await this.repo.disputes([orderId], db),
    ];
    return orderMoneyOf(orderId, auths, refunds, disputes);
  }

  /** The money of several orders at once (the customer's order answers), by order id. */
  async moneyOfOrders(orderIds: readonly number[]): Promise<Map<number, OrderMoney>> {
    const auths = await this.repo.authorizations(orderIds);
    const refunds = await this.repo.refunds(orderIds);
    return new Map(
      orderIds.map((id) => [
        id,
        orderMoneyOf(
          id,
          auths.filter((a) => a.orderId === id),
          refunds.filter((r) => r.orderId === id),
        ),
      ]),
    );
  }

  /** POST /admin/orders/:id/refunds: gives back part or all of what the provider captured. */
  async refund(staff: RefundingStaff, orderId: number, body: RefundBody): Promise<RefundAnswer> {
    const o = await this.orderFor(staff, orderId);
    if (!o) return failWith(REFUND_REFUSAL.orderNotFound, 'notFound');
    const cents = Math.round(body.amount * 100);
    const known = await this.repo.refundByKey(body.idempotencyKey);
    if (known) return this.replay(staff, known, orderId, cents, body);
    const auth = await this.repo.capturedAuthorization(orderId);
    if (!auth) return failWith(REFUND_REFUSAL.nothingCaptured);
    const asked = await this.db.transaction(async (tx) => {
      const locked = await this.records.lockAuthorizationByRef(auth.provider, auth.providerRef, tx);
      if (!locked) return failWith(REFUND_REFUSAL.nothingCaptured);
      const left = locked.capturedCents - (await this.repo.reservedCents(locked.authorizationId, tx));
      if (cents > left) return failWith(tooMuchRefund(euroText(Math.max(0, left))));
      if (body.line) {
        const line = await this.repo.refundableLine(orderId, body.line.orderItemId, tx);
        if (!line) return failWith(REFUND_REFUSAL.lineNotFound);
        const problem = lineRefundProblem(line, body.line.quantity, cents);
        if (problem) return failWith(tooMuchOfLine({ name: line.name, ...problem }));
      }
      const refundId = await this.repo.insertRequested(
        {
          orderId,
          authorizationId: locked.authorizationId,
          idempotencyKey: body.idempotencyKey,
          amountCents: cents,
          reason: body.reason,
          staffUserId: staff.userId,
          provider: auth.provider,
          line: body.line ?? null,
        },
        tx,
      );
      return ok({ refundId });
    });
    if (!asked.ok) return asked;
    // null: the same key committed meanwhile by a concurrent click
    if (asked.data.refundId === null) {
      const raced = await this.repo.refundByKey(body.idempotencyKey);
      if (!raced) throw new Error('payment refund: key taken but not found');
      return this.replay(staff, raced, orderId, cents, body);
    }
    return this.settle(staff, asked.data.refundId, auth.provider, auth.providerRef);
  }

  /** The same key again: the same refund's answer (settled now if it was left asked for). */
  private async replay(
    staff: RefundingStaff,
    known: RefundRow,
    orderId: number,
    cents: number,
    body: RefundBody,
  ) {
    if (known.orderId !== orderId || known.amountCents !== cents) return failWith(REFUND_REFUSAL.keyReused);
    if ((known.orderItemId ?? null) !== (body.line?.orderItemId ?? null))
      return failWith(REFUND_REFUSAL.keyReused);
    const ref = await this.repo.authorizationRef(known.authorizationId);
    if (ref === null) throw new Error(`payment refund ${known.refundId}: its authorisation vanished`);
    return this.settle(staff, known.refundId, known.provider, ref);
  }

  /**
   * Asks the provider for a refund still 'requested', once: the refund's row lock makes a second caller wait.
   * The authorisation is locked first, as the request's transaction does: the same order of locks, no deadlock.
   */
  private async settle(
    staff: RefundingStaff,
    refundId: number,
    providerName: string,
    providerRef: string,
  ): Promise<RefundAnswer> {
    const settled = await this.db.transaction(async (tx) => {
      await this.records.lockAuthorizationByRef(providerName, providerRef, tx);
      const r = await this.repo.lockRefund(refundId, tx);
      if (!r) throw new Error(`payment refund ${refundId} vanished`);
      if (r.state !== 'requested') return { r, moved: false };
      const provider = this.providers.byName(r.provider);
      const answer = provider
        ? await provider.refund(providerRef, r.amountCents, r.idempotencyKey, tx)
        : ({ ok: false, reason: 'provider not configured' } as const);
      if (answer.ok) {
        await this.repo.settle(
          refundId,
          { state: 'succeeded', providerRefundRef: answer.reference ?? null },
          tx,
        );
        if (!(await this.records.addRefunded(r.authorizationId, r.amountCents, tx)))
          throw new Error(`payment refund ${refundId}: more than captured`);
        for (const listener of this.#settled)
          await listener(
            {
              ...{ refundId, orderId: r.orderId, amountCents: r.amountCents, reason: r.reason },
              line: refundWire(r).line,
            },
            tx,
          );
      } else await this.repo.settle(refundId, { state: 'failed', failure: answer.reason }, tx);
      await this.audit.record(
        {
          staff,
          action: 'refund',
          orderId: r.orderId,
          before: null,
          after: {
            refundId,
            amountCents: r.amountCents,
            reason: r.reason,
            state: answer.ok ? 'succeeded' : 'failed',
            provider: r.provider,
            line: refundWire(r).line,
          },
        },
        tx,
      );
      return { r: (await this.repo.lockRefund(refundId, tx)) ?? r, moved: true };
    });
    if (settled.moved && settled.r.state === 'succeeded') this.events.emit({ kind: 'payment.refunded' });
    const payment = await this.moneyOf(settled.r.orderId);
    if (settled.r.state === 'failed') return failWith(REFUND_REFUSAL.refused);
    const infos = settled.moved ? [refundDone(euroText(settled.r.amountCents))] : [refundReplayed];
    return ok({ data: { refund: refundWire(settled.r), payment } }, infos);
  }
}
