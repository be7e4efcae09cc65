import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@spesa/shared/contracts/delivery';
import { ADDRESS_PROVIDER } from '@spesa/shared/delivery/constants';
import { callApi } from '../../../lib/http';
import { cartKeys } from '../../cart/api/get-cart';
import { deliveryKeys } from './query-keys';

/**
 * GET /{provider}-address-class-controller/set-address-class-id: 1 marks the elderly address (one per
 * entitled customer, never a work address), 0 removes the mark. The lists reload (spec section 4).
 */
export async function setAddressClass(vars: { addressId: number; elderly: boolean }): Promise<Address> {
  const data = await callApi(
    `GET /${ADDRESS_PROVIDER}-address-class-controller/set-address-class-id` as const,
    { query: { address_id: vars.addressId, address_class_id: vars.elderly ? 1 : 0 } },
    { quiet: 'errors' },
  );
  return data.address;
}

export function useSetAddressClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAddressClass,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all });
      void queryClient.invalidateQueries({ queryKey: cartKeys.cart() });
    },
  });
}
