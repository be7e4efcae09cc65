import { describe, expect, it } from 'vitest';
import type { DeliveryDialogState } from '../../../lib/delivery-dialog-store';
import { hasChosenSlot, needsAddressFirst, nextAfterAddress } from './delivery-chain';

const slot = (autoAssigned: boolean) => ({
  date: '2026-05-12',
  timeslotId: 3,
  autoAssigned,
  beginTime: '10:00',
  endTime: '11:00',
  deliveryDayPeriodId: 1,
});
const state = (over: Partial<DeliveryDialogState> = {}): DeliveryDialogState => ({
  open: 'address',
  chain: true,
  returnTo: null,
  serviceId: null,
  ...over,
});

describe('the address ↔ slot chain (spec section 4)', () => {
  it.each([
    ['no slot: the slot picker follows', null, state(), 'timeslot'],
    ['a proposed slot still asks for a choice', slot(true), state(), 'timeslot'],
    ['a chosen slot ends the chain', slot(false), state(), null],
    ['outside a chain the dialog just closes', null, state({ chain: false }), null],
    ['opened from the slot picker: back to it', slot(false), state({ returnTo: 'timeslot' }), 'timeslot'],
  ] as const)('%s', (_name, timeslot, s, expected) => {
    expect(nextAfterAddress({ timeslot }, s)).toBe(expected);
  });

  it('knows when a slot is chosen and when an address is missing', () => {
    expect(hasChosenSlot({ timeslot: slot(false) })).toBe(true);
    expect(hasChosenSlot({ timeslot: null })).toBe(false);
    expect(needsAddressFirst({ shippingAddress: null })).toBe(true);
  });
});
