import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WishlistView } from '@spesa/shared/contracts/lists';
import { callApi } from '../../../lib/http';
import { storeList } from './get-list';

/** POST /wishlist/delete_prods: removes items from the list. */
export function deleteListItems({
  listId,
  itemIds,
}: {
  listId: number;
  itemIds: number[];
}): Promise<WishlistView> {
  return callApi(
    'POST /wishlist/delete_prods',
    { body: { wishlistId: listId, items: itemIds.map((itemId) => ({ itemId })) } },
    { quiet: 'errors' },
  );
}

export function useDeleteListItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListItems,
    onSuccess: (view) => storeList(queryClient, view),
  });
}
