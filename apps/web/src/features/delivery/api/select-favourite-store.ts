import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@spesa/shared/contracts/cart';
import { callApi } from '../../../lib/http';
import { storeCart } from '../../cart/api/get-cart';
import { deliveryKeys } from './query-keys';

/** GET /store-proximity/select: the store becomes the favourite one (the star); answers the cart. */
export function selectFavouriteStore(storeId: number): Promise<Cart> {
  return callApi('GET /store-proximity/select', { query: { store_id: storeId } });
}

export function useSelectFavouriteStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectFavouriteStore,
    onSuccess: async (cart) => {
      await storeCart(queryClient, cart);
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all });
    },
  });
}
