import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Wishlist } from '@spesa/shared/contracts/lists';
import { callApi } from '../../../lib/http';
import { listKeys } from './query-keys';

/** POST /wishlist/select: makes one of the customer's own lists their default. */
export function selectList(listId: number): Promise<Wishlist> {
  return callApi('POST /wishlist/select', { body: { list_id: listId } }, { quiet: 'errors' });
}

export function useSelectList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKeys.all }),
  });
}
