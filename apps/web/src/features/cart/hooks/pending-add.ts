import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Cart } from '@spesa/shared/contracts/cart';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { getAuthState } from '../../../lib/auth-state';
import { ANONYMOUS_CART_ALLOWED } from '../../../lib/config';
import { useAuth } from '../../../lib/use-auth';
import { openLoginDialog, useLoginDialogRequest } from '../../../lib/login-dialog-store';
import {
  openAddressSelector,
  openTimeslotPicker,
  useDeliveryDialog,
} from '../../../lib/delivery-dialog-store';
import { cartKeys, useCart } from '../api/get-cart';
import { deliveryChosen } from '../utils/cart-lines';
import { addProduct } from './add-flow';

/**
 * An add waiting for the customer to be allowed to add (spec section 4: "adding to cart when anonymous carts
 * are not allowed: login first, then address, then time slot, in that order"): the product and quantity are
 * kept while the login dialog and the delivery chain run, then added. Closing a dialog drops the add.
 */
export interface PendingAdd {
  product: Product;
  quantity: number;
  /** login: the login dialog is open; delivery: signed in, the cart is being read; chain: delivery dialogs */
  stage: 'login' | 'delivery' | 'chain';
}

type Listener = () => void;
let pending: PendingAdd | null = null;
const listeners = new Set<Listener>();
function set(next: PendingAdd | null) {
  pending = next;
  for (const l of listeners) l();
}
const subscribe = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => pending;
export const usePendingAdd = () => useSyncExternalStore(subscribe, snapshot, snapshot);
export const cancelPendingAdd = () => set(null);

/**
 * The control's "Aggiungi": adds at once when the customer may, otherwise starts the chain (login, address,
 * slot) and adds at its end. Answers whether the add ran now.
 */
export async function requestAdd(
  queryClient: QueryClient,
  product: Product,
  quantity: number,
): Promise<boolean> {
  const signedIn = getAuthState().status === 'authenticated';
  const cart = queryClient.getQueryData<Cart>(cartKeys.cart());
  if (ANONYMOUS_CART_ALLOWED || (signedIn && cart && deliveryChosen(cart))) {
    await addProduct(queryClient, product, quantity);
    return true;
  }
  set({ product, quantity, stage: signedIn ? 'delivery' : 'login' });
  if (!signedIn) openLoginDialog();
  return false;
}

/** Drives a pending add through login, address and slot (mounted once, by the cart host). */
export function usePendingAddRunner(): void {
  const queryClient = useQueryClient();
  const current = usePendingAdd();
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const loginRequest = useLoginDialogRequest();
  const dialog = useDeliveryDialog();
  const cart = useCart(signedIn && current !== null);

  useEffect(() => {
    if (!current) return;
    if (current.stage === 'login') {
      if (signedIn) set({ ...current, stage: 'delivery' });
      else if (loginRequest === null) set(null); // the login dialog was closed
      return;
    }
    if (!signedIn) {
      set(null);
      return;
    }
    const data = cart.data;
    if (current.stage === 'delivery') {
      if (!data || cart.isFetching) return;
      if (deliveryChosen(data)) {
        set(null);
        void addProduct(queryClient, current.product, current.quantity);
        return;
      }
      set({ ...current, stage: 'chain' });
      if (!data.shippingAddress || data.shippingAddress.autoAssigned) openAddressSelector({ chain: true });
      else openTimeslotPicker({ chain: true });
      return;
    }
    // the chain: wait for its dialogs to close, then add if both were chosen
    if (dialog.open !== null) return;
    set(null);
    if (data && deliveryChosen(data)) void addProduct(queryClient, current.product, current.quantity);
  }, [current, signedIn, loginRequest, cart.data, cart.isFetching, dialog.open, queryClient]);
}
