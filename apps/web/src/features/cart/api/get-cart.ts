import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@spesa/shared/contracts/cart';
import { apiGet } from '../../../lib/http';

export const cartKeys = {
  /** under ['account']: the cart goes with the session */
  cart: () => ['account', 'cart'] as const,
};

/** GET /cart/view: the open cart (service, store, shipping address, time slot, fee). */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return apiGet<Cart>('/cart/view', undefined, { signal, quiet: true });
}

export const cartQueryOptions = () =>
  queryOptions({ queryKey: cartKeys.cart(), queryFn: ({ signal }) => getCart(signal), staleTime: 30_000 });

export const useCart = (enabled = true) => useQuery({ ...cartQueryOptions(), enabled });
