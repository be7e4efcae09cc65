import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WishlistAddItem, WishlistView } from '@spesa/shared/contracts/lists';
import { callApi } from '../../../lib/http';
import { storeList } from './get-list';

/** POST /wishlist/add_prod: adds each product's quantity to its line of the list. */
export function addToList({
  listId,
  items,
}: {
  listId: number;
  items: WishlistAddItem[];
}): Promise<WishlistView> {
  // quiet: the selector says "Prodotto aggiunto alla lista" itself and shows a refusal inside its dialog
  return callApi('POST /wishlist/add_prod', { body: { wishlistId: listId, items } }, { quiet: true });
}

export function useAddToList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToList,
    onSuccess: (view) => storeList(queryClient, view),
  });
}
