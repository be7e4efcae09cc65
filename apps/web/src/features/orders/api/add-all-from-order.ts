import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@spesa/shared/contracts/cart';
import { callApi } from '../../../lib/http';
import { storeCart } from '../../cart/api/get-cart';

/** POST /cart/add-all-from-order: every product of the order goes into the open cart again. */
export function addAllFromOrder(orderId: number): Promise<Cart> {
  return callApi('POST /cart/add-all-from-order', { body: { order_id: orderId } }, { quiet: 'errors' });
}

export function useAddAllFromOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAllFromOrder,
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}
