import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PackagingProduct } from '@spesa/shared/contracts/checkout';
import { callApi } from '../../../lib/http';
import { checkoutKeys } from './query-keys';

/** GET /packaging-type/list: the shopping bags, in the shape of product cards (data.products). */
export async function getPackagingTypes(signal?: AbortSignal): Promise<PackagingProduct[]> {
  const data = await callApi('GET /packaging-type/list', {}, { signal, quiet: true });
  return data.products;
}

export const packagingTypesQueryOptions = () =>
  queryOptions({
    queryKey: checkoutKeys.packagingTypes(),
    queryFn: ({ signal }) => getPackagingTypes(signal),
  });

export const usePackagingTypes = () => useQuery(packagingTypesQueryOptions());
