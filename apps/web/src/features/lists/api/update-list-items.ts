import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WishlistUpdateItem, WishlistView } from '@spesa/shared/contracts/lists';
import { callApi } from '../../../lib/http';
import { storeList } from './get-list';

/** POST /wishlist/update_prods: sets the quantities of items of the list (0 removes an item). */
export function updateListItems({
  listId,
  items,
}: {
  listId: number;
  items: WishlistUpdateItem[];
}): Promise<WishlistView> {
  // quiet: a step of the quantity needs no toast; the page shows a refusal next to the product
  return callApi('POST /wishlist/update_prods', { body: { wishlistId: listId, items } }, { quiet: true });
}

export function useUpdateListItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListItems,
    onSuccess: (view) => storeList(queryClient, view),
  });
}
