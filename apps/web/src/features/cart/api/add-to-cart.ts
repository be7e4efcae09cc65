import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { runCartChange, type CartChange } from './cart-change';

/** One item of POST /cart/add (spec section 7); the quantity in the product's base unit (kg for Sfuso). */
export interface AddToCartItem {
  productId: number;
  quantity: number;
  /** Sfuso: the weight in the base unit (same as quantity) */
  weight?: number;
  params?: Record<string, string>;
  warehousePromoId?: number;
  infos?: { accept_alternatives: 'true' | 'false' };
}

/** POST /cart/add: answers the whole cart; the change goes into the cache. */
export const addToCart = (
  queryClient: Parameters<typeof runCartChange>[0],
  item: AddToCartItem,
  texts: { success?: string; fallbackError: string },
): Promise<CartChange> => runCartChange(queryClient, '/cart/add', { items: [item] }, texts);

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useCallback(
    (item: AddToCartItem, texts: { success?: string; fallbackError: string }) =>
      addToCart(queryClient, item, texts),
    [queryClient],
  );
}
