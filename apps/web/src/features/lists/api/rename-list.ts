import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Wishlist } from '@spesa/shared/contracts/lists';
import { callApi } from '../../../lib/http';
import { listKeys } from './query-keys';

/** POST /wishlist/update: a new name for one of the customer's own lists. */
export function renameList({ listId, name }: { listId: number; name: string }): Promise<Wishlist> {
  return callApi('POST /wishlist/update', { body: { list_id: listId, name } }, { quiet: 'errors' });
}

export function useRenameList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKeys.all }),
  });
}
