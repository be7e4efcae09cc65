import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@spesa/shared/contracts/cart';
import type { ResponseStatus } from '@spesa/shared/contracts/envelope';
import { ApiError, callApi, showResponseMessages } from '../../../lib/http';
import { hasStoreChangeReport, storeCart } from '../../cart/api/get-cart';
import { deliveryKeys } from './query-keys';

/**
 * POST /user-address/select: the cart delivers to this address or pickup point (answers the cart). When the
 * cart moves to another store, what that did to its lines is reported by the cart's store-change dialog
 * (`storeCart`), so the same news is not also toasted; the other messages show as usual.
 */
export async function selectAddress(vars: { addressId: number; deliveryServiceId: number }): Promise<Cart> {
  let status: ResponseStatus | null = null;
  try {
    const cart = await callApi(
      'POST /user-address/select',
      { query: { address_id: vars.addressId, delivery_service_id: vars.deliveryServiceId } },
      {
        quiet: true,
        onResponse: (r) => {
          status = r;
        },
      },
    );
    if (status)
      showResponseMessages(
        hasStoreChangeReport(cart)
          ? { ...(status as ResponseStatus), warnings: [], warningsMessage: [] }
          : status,
      );
    return cart;
  } catch (error) {
    if (error instanceof ApiError) showResponseMessages(error.response);
    throw error;
  }
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
