import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { runCartChange, type CartChange, type CartChangeBody } from './cart-change';

/** One item of POST /cart/add (spec section 7); the quantity in the product's base unit (kg for Sfuso). */
export type AddToCartItem = CartChangeBody<'POST /cart/add'>['items'][number];

/** POST /cart/add: answers the whole cart; the change goes into the cache. */
export const addToCart = (
  queryClient: Parameters<typeof runCartChange>[0],
  item: AddToCartItem,
  texts: { success?: string; fallbackError: string },
): Promise<CartChange> => runCartChange(queryClient, 'POST /cart/add', { items: [item] }, texts);

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useCallback(
    (item: AddToCartItem, texts: { success?: string; fallbackError: string }) =>
      addToCart(queryClient, item, texts),
    [queryClient],
  );
}
