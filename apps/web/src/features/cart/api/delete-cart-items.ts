import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { runCartChange, type CartChange } from './cart-change';

/** POST /cart/delete: lines by itemId (the cart page's "Svuota il carrello" sends every line). */
export const deleteCartItems = (
  queryClient: Parameters<typeof runCartChange>[0],
  itemIds: readonly number[],
  texts: { fallbackError: string },
): Promise<CartChange> =>
  runCartChange(queryClient, 'POST /cart/delete', { items: itemIds.map((itemId) => ({ itemId })) }, texts);

export function useDeleteCartItems() {
  const queryClient = useQueryClient();
  return useCallback(
    (itemIds: readonly number[], texts: { fallbackError: string }) =>
      deleteCartItems(queryClient, itemIds, texts),
    [queryClient],
  );
}
