import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CartUpdateInfosBody } from '@spesa/shared/contracts/cart';
import { runCartChange, type CartChange } from './cart-change';

/** What a line's infos may change: "accetta sostituti", and the substitute the customer prefers ('' none). */
export type LineInfos = NonNullable<CartUpdateInfosBody['items'][number]['infos']>;

/** POST /cart/update-infos: a line's accept_alternatives or preferred substitute. */
export const updateItemInfos = (
  queryClient: Parameters<typeof runCartChange>[0],
  itemId: number,
  infos: LineInfos,
  texts: { fallbackError: string },
): Promise<CartChange> =>
  runCartChange(queryClient, 'POST /cart/update-infos', { items: [{ itemId, infos }] }, texts);

export function useUpdateItemInfos() {
  const queryClient = useQueryClient();
  return useCallback(
    (itemId: number, infos: LineInfos, texts: { fallbackError: string }) =>
      updateItemInfos(queryClient, itemId, infos, texts),
    [queryClient],
  );
}
