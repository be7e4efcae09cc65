import type { MoneyMovement, OrderMoney } from '@spesa/shared/contracts/admin-payments';
import type { DisputeRow, MoneyAuthorizationRow, RefundRow } from './payment-money.repository';
import { NO_PROVIDER } from './sandbox.provider';

const euro = (cents: number) => Math.round(cents) / 100;
/** authorisation statuses in which the provider held the amount at some point */
const WAS_HELD = new Set(['authorized', 'captured']);

/**
 * An order's money as a list of movements (decision 085), from its authorisations, refunds and disputes: each attempt
 * held (its state: authorised, declined, …), the capture taken, the part of the hold a smaller capture left
 * released, a hold voided, every refund. Pure: the repository reads the rows, this orders them.
 */
export function orderMoneyOf(
  orderId: number,
  auths: readonly MoneyAuthorizationRow[],
  refunds: readonly RefundRow[],
  disputes: readonly DisputeRow[] = [],
): OrderMoney {
  const online = auths.filter((a) => a.provider !== NO_PROVIDER);
  const live = auths.at(-1) ?? null;
  const movements: MoneyMovement[] = [];
  for (const a of online) {
    const held = a.authorizedAt !== null || WAS_HELD.has(a.status);
    movements.push({
      kind: 'held',
      source: 'authorization',
      amount: euro(a.amountCents),
      state: a.status,
      at: a.authorizedAt ?? (held ? a.updatedAt : null),
      reason: null,
      reference: a.providerRef,
    });
    if (a.capturedCents > 0) {
      const at = a.capturedAt ?? a.updatedAt;
      movements.push({
        kind: 'taken',
        source: 'capture',
        amount: euro(a.capturedCents),
        state: 'captured',
        at,
        reason: null,
        reference: a.providerRef,
      });
      // a capture below the hold releases the rest of it
      if (a.capturedCents < a.amountCents)
        movements.push({
          kind: 'returned',
          source: 'void',
          amount: euro(a.amountCents - a.capturedCents),
          state: 'released',
          at,
          reason: null,
          reference: a.providerRef,
        });
    } else if (a.status === 'voided' && held) {
      movements.push({
        kind: 'returned',
        source: 'void',
        amount: euro(a.amountCents),
        state: 'voided',
        at: a.updatedAt,
        reason: null,
        reference: a.providerRef,
      });
    }
  }
  for (const r of refunds)
    movements.push({
      kind: 'returned',
      source: 'refund',
      amount: euro(r.amountCents),
      state: r.state,
      at: r.settledAt ?? r.requestedAt,
      reason: r.reason,
      reference: r.providerRefundRef,
    });
  movements.sort((x, y) => (x.at ?? '9').localeCompare(y.at ?? '9'));
  const capturedCents = online.reduce((s, a) => s + a.capturedCents, 0);
  const refundedCents = refunds.filter((r) => r.state === 'succeeded').reduce((s, r) => s + r.amountCents, 0);
  const reservedCents = refunds.filter((r) => r.state !== 'failed').reduce((s, r) => s + r.amountCents, 0);
  const heldNow = live && live.provider !== NO_PROVIDER && WAS_HELD.has(live.status) ? live.amountCents : 0;
  return {
    orderId,
    provider: live?.provider ?? null,
    providerRef: live && live.provider !== NO_PROVIDER ? live.providerRef : null,
    held: euro(heldNow),
    captured: euro(capturedCents),
    refunded: euro(refundedCents),
    refundable: euro(Math.max(0, capturedCents - reservedCents)),
    movements,
    disputes: disputes.map((d) => ({
      amount: euro(d.amountCents),
      state: d.status,
      reason: d.reason,
      at: d.openedAt,
      reference: d.disputeRef,
    })),
  };
}

/**
 * What the customer reads of an order's money: the movements that moved money (a hold the provider granted,
 * the capture, a released hold, a refund made), without staff's reasons or references.
 */
export function customerMoneyOf(m: OrderMoney): {
  amountRefunded: number;
  movements: Array<{ kind: 'held' | 'taken' | 'returned'; amount: number; at: string }>;
} {
  const moved = m.movements.filter(
    (mv) =>
      mv.at !== null &&
      (mv.source === 'authorization'
        ? WAS_HELD.has(mv.state) || mv.state === 'voided'
        : mv.source !== 'refund' || mv.state === 'succeeded'),
  );
  return {
    amountRefunded: m.refunded,
    movements: moved.map((mv) => ({ kind: mv.kind, amount: mv.amount, at: mv.at ?? '' })),
  };
}
