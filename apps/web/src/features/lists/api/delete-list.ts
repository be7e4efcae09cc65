import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointData } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { callApi } from '../../../lib/http';
import { listKeys } from './query-keys';

/** POST /wishlist/delete: removes one of the customer's own lists (a default passes to the oldest left). */
export function deleteList(listId: number): Promise<EndpointData<Endpoints['POST /wishlist/delete']>> {
  return callApi('POST /wishlist/delete', { body: { list_id: listId } }, { quiet: 'errors' });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteList,
    onSuccess: (_data, listId) => {
      queryClient.removeQueries({ queryKey: listKeys.view(listId) });
      return queryClient.invalidateQueries({ queryKey: listKeys.lists() });
    },
  });
}
