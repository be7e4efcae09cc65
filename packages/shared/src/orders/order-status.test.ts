import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUS as S,
  ORDER_STATUS_IDS,
  ORDER_STATUS_LABEL,
  ORDER_TRANSITIONS,
  canChangePaymentType,
  canRate,
  canRetryPayment,
  canTransition,
  isCancellable,
  isEditable,
  isFinal,
  nextStatuses,
  orderStatusLabel,
} from './order-status';

describe('order statuses (spec section 4)', () => {
  it('has the 15 codes of the spec, each with an Italian label', () => {
    expect(ORDER_STATUS_IDS.sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 18,
    ]);
    expect(ORDER_STATUS_LABEL[10]).toBe('Annullato');
    expect(orderStatusLabel(18)).toBe('In preparazione');
    expect(orderStatusLabel(99)).toBe('Stato sconosciuto');
  });

  it.each([
    { from: S.inPayment, to: S.ordered, actor: 'provider', allowed: true },
    { from: S.inPayment, to: S.invalidated, actor: 'provider', allowed: true },
    { from: S.invalidated, to: S.inPayment, actor: 'customer', allowed: true },
    { from: S.ordered, to: S.invalidated, actor: 'provider', allowed: true },
    { from: S.ordered, to: S.invalidated, actor: 'customer', allowed: false },
    { from: S.preparing, to: S.invalidated, actor: 'provider', allowed: false },
    { from: S.ordered, to: S.cancelled, actor: 'customer', allowed: true },
    { from: S.atWarehouse, to: S.cancelled, actor: 'customer', allowed: true },
    { from: S.preparing, to: S.cancelled, actor: 'customer', allowed: false },
    { from: S.inPreparation, to: S.cancelled, actor: 'customer', allowed: false },
    { from: S.prepared, to: S.cancelled, actor: 'customer', allowed: false },
    { from: S.ordered, to: S.preparing, actor: 'staff', allowed: true },
    { from: S.ordered, to: S.preparing, actor: 'customer', allowed: false },
    { from: S.preparing, to: S.prepared, actor: 'staff', allowed: true },
    { from: S.prepared, to: S.outForDelivery, actor: 'staff', allowed: true },
    { from: S.outForDelivery, to: S.delivered, actor: 'staff', allowed: true },
    { from: S.outForDelivery, to: S.partiallyDelivered, actor: 'staff', allowed: true },
    { from: S.prepared, to: S.notCollected, actor: 'staff', allowed: true },
    { from: S.ordered, to: S.delivered, actor: 'staff', allowed: false },
    { from: S.cancelled, to: S.ordered, actor: 'provider', allowed: false },
    { from: S.delivered, to: S.cancelled, actor: 'staff', allowed: false },
    { from: S.ordered, to: S.ordered, actor: 'system', allowed: false },
  ] as const)('$from -> $to by $actor: $allowed', ({ from, to, actor, allowed }) => {
    expect(canTransition(from, to, actor)).toBe(allowed);
  });

  it('only what reached the customer can be rated: delivered (8) and partially delivered (9)', () => {
    expect(ORDER_STATUS_IDS.filter(canRate)).toEqual([S.delivered, S.partiallyDelivered]);
  });

  it('final statuses have no way out but the failure roll-up', () => {
    for (const status of ORDER_STATUS_IDS.filter(isFinal))
      for (const actor of ['customer', 'provider', 'staff'] as const)
        expect(nextStatuses(status, actor)).toEqual([]);
  });

  it('every transition names known statuses and at least one actor', () => {
    for (const t of ORDER_TRANSITIONS) {
      expect(ORDER_STATUS_IDS).toContain(t.from);
      expect(ORDER_STATUS_IDS).toContain(t.to);
      expect(t.actors.length).toBeGreaterThan(0);
    }
  });

  it.each(ORDER_STATUS_IDS.map((s) => ({ s })))('customer actions of status $s', ({ s }) => {
    const beforePreparation = [S.inPayment, S.awaitingPayment, S.ordered, S.atWarehouse, S.invalidated];
    expect(isCancellable(s)).toBe(beforePreparation.includes(s as never));
    expect(isEditable(s)).toBe([S.ordered, S.atWarehouse, S.invalidated].includes(s as never));
    expect(canRetryPayment(s)).toBe(s === S.invalidated || s === S.inPayment);
    if (canChangePaymentType(s)) expect(isCancellable(s)).toBe(true);
    // a cancellable status can reach 'cancelled' by the customer in the table
    if (isCancellable(s)) expect(canTransition(s, S.cancelled, 'customer')).toBe(true);
    else expect(canTransition(s, S.cancelled, 'customer')).toBe(false);
  });
});
