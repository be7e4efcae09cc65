import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListGrant, Wishlist } from '@spesa/shared/contracts/lists';
import { callApi } from '../../../lib/http';
import { listKeys } from './query-keys';

export interface ShareListInput {
  listId: number;
  email: string;
  grant: ListGrant;
}

/** POST /wishlist/share: the owner shares the list with another customer by e-mail (again: changes the grant). */
export function shareList({ listId, email, grant }: ShareListInput): Promise<Wishlist> {
  return callApi('POST /wishlist/share', { body: { list_id: listId, email, grant } }, { quiet: 'errors' });
}

export function useShareList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareList,
    onSuccess: (_list, { listId }) =>
      queryClient
        .invalidateQueries({ queryKey: listKeys.view(listId) })
        .then(() => queryClient.invalidateQueries({ queryKey: listKeys.lists() })),
  });
}
