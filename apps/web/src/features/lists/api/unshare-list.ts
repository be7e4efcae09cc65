import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Wishlist } from '@spesa/shared/contracts/lists';
import { callApi } from '../../../lib/http';
import { listKeys } from './query-keys';

/** POST /wishlist/unshare: the owner revokes a customer's access to the list. */
export function unshareList({ listId, userId }: { listId: number; userId: number }): Promise<Wishlist> {
  return callApi(
    'POST /wishlist/unshare',
    { body: { list_id: listId, user_id: userId } },
    { quiet: 'errors' },
  );
}

export function useUnshareList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unshareList,
    onSuccess: (_list, { listId }) =>
      queryClient
        .invalidateQueries({ queryKey: listKeys.view(listId) })
        .then(() => queryClient.invalidateQueries({ queryKey: listKeys.lists() })),
  });
}
