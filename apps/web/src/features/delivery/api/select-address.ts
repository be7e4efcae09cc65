import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@spesa/shared/contracts/cart';
import { callApi } from '../../../lib/http';
import { storeCart } from '../../cart/api/get-cart';
import { deliveryKeys } from './query-keys';

/** POST /user-address/select: the cart delivers to this address or pickup point (answers the cart). */
export function selectAddress(vars: { addressId: number; deliveryServiceId: number }): Promise<Cart> {
  return callApi('POST /user-address/select', {
    query: { address_id: vars.addressId, delivery_service_id: vars.deliveryServiceId },
  });
}

export function useSelectAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectAddress,
    onSuccess: async (cart) => {
      await storeCart(queryClient, cart);
      // the star of the default delivery address, the slots and the fee follow the new address
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all });
    },
  });
}
