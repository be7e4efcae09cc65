import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressFormOutput } from '@spesa/shared/contracts/delivery';
import { callApi } from '../../../lib/http';
import { cartKeys } from '../../cart/api/get-cart';
import { deliveryKeys } from './query-keys';

/** POST /user-address/update: saves a home address (a new one without addressId). */
export async function saveAddress(form: AddressFormOutput): Promise<Address> {
  const data = await callApi('POST /user-address/update', { body: form }, { quiet: 'errors' });
  return data.address;
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all });
      void queryClient.invalidateQueries({ queryKey: cartKeys.cart() });
    },
  });
}
