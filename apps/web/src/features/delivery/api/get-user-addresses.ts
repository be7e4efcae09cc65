import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '@spesa/shared/contracts/delivery';
import { callApi } from '../../../lib/http';
import { deliveryKeys } from './query-keys';

/** GET /user-address/list: the customer's own addresses (home and work). */
export async function getUserAddresses(signal?: AbortSignal): Promise<Address[]> {
  const data = await callApi(
    'GET /user-address/list',
    { query: { address_type: 'home' } },
    { signal, quiet: true },
  );
  return data.addresses;
}

export const userAddressesQueryOptions = () =>
  queryOptions({
    queryKey: deliveryKeys.addresses(),
    queryFn: ({ signal }) => getUserAddresses(signal),
    staleTime: 60_000,
  });

export const useUserAddresses = () => useQuery(userAddressesQueryOptions());
