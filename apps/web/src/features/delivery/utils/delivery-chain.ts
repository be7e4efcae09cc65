import type { Cart } from '@spesa/shared/contracts/cart';
import type { DeliveryDialog, DeliveryDialogState } from '../../../lib/delivery-dialog-store';

/** A slot the customer has chosen (a proposed, auto-assigned one still asks for a choice). */
export const hasChosenSlot = (cart: Pick<Cart, 'timeslot'>): boolean =>
  cart.timeslot !== null && !cart.timeslot.autoAssigned;

/** Where the chain goes after an address or store was chosen (spec section 4); null: it is done. */
export function nextAfterAddress(
  cart: Pick<Cart, 'timeslot'>,
  state: DeliveryDialogState,
): DeliveryDialog | null {
  if (state.returnTo === 'timeslot') return 'timeslot';
  if (!state.chain) return null;
  return hasChosenSlot(cart) ? null : 'timeslot';
}

/** The slot picker needs an address first (then comes back). */
export const needsAddressFirst = (cart: Pick<Cart, 'shippingAddress'>): boolean =>
  cart.shippingAddress === null;
