import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Wishlist } from '@spesa/shared/contracts/lists';
import { callApi } from '../../../lib/http';
import { listKeys } from './query-keys';

/** POST /wishlist/insert: a new list by name (the customer's first one becomes the default). */
export function createList(name: string): Promise<Wishlist> {
  return callApi('POST /wishlist/insert', { body: { name } }, { quiet: 'errors' });
}

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKeys.lists() }),
  });
}
