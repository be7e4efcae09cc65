import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@spesa/shared/contracts/cart';
import { callApi } from '../../../lib/http';
import { storeCart } from '../../cart/api/get-cart';

/** POST /cart/add-all-from-wishlist: every product of the list goes into the open cart (refusals one by one). */
export function addAllFromList(listId: number): Promise<Cart> {
  return callApi('POST /cart/add-all-from-wishlist', { body: { list_id: listId } }, { quiet: 'errors' });
}

export function useAddAllFromList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAllFromList,
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}
