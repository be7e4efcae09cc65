import { useQuery } from '@tanstack/react-query';
import type { Address } from '@spesa/shared/contracts/delivery';
import { callApi } from '../../../lib/http';
import { deliveryKeys } from './query-keys';

/** GET /user-address/view: one of the customer's addresses (the edit form). */
export function getAddress(addressId: number, signal?: AbortSignal): Promise<Address> {
  return callApi('GET /user-address/view', { query: { address_id: addressId } }, { signal, quiet: true });
}

export const useAddress = (addressId: number | null) =>
  useQuery({
    queryKey: deliveryKeys.address(addressId ?? 0),
    queryFn: ({ signal }) => getAddress(addressId ?? 0, signal),
    enabled: addressId !== null,
  });
