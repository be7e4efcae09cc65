import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { runCartChange, type CartChange } from './cart-change';

/** POST /cart/update-infos: a line's accept_alternatives ("accetta sostituti"). */
export const updateItemInfos = (
  queryClient: Parameters<typeof runCartChange>[0],
  itemId: number,
  acceptAlternatives: boolean,
  texts: { fallbackError: string },
): Promise<CartChange> =>
  runCartChange(
    queryClient,
    'POST /cart/update-infos',
    { items: [{ itemId, infos: { accept_alternatives: acceptAlternatives ? 'true' : 'false' } }] },
    texts,
  );

export function useUpdateItemInfos() {
  const queryClient = useQueryClient();
  return useCallback(
    (itemId: number, acceptAlternatives: boolean, texts: { fallbackError: string }) =>
      updateItemInfos(queryClient, itemId, acceptAlternatives, texts),
    [queryClient],
  );
}
