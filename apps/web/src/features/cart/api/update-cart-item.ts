import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { runCartChange, type CartChange } from './cart-change';

/** POST /cart/update: a line's new quantity (base unit; 0 removes the line). */
export const updateCartItem = (
  queryClient: Parameters<typeof runCartChange>[0],
  item: { itemId: number; quantity: number; weight?: number },
  texts: { success?: string; fallbackError: string },
): Promise<CartChange> => runCartChange(queryClient, 'POST /cart/update', { items: [item] }, texts);

export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useCallback(
    (item: { itemId: number; quantity: number; weight?: number }, texts: { fallbackError: string }) =>
      updateCartItem(queryClient, item, texts),
    [queryClient],
  );
}
