import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreMapData } from '@spesa/shared/contracts/delivery';
import { callApi } from '../../../lib/http';
import { geoKeys } from './query-keys';

/**
 * GET /warehouse-locator/map: the stores' map's base map as the server is configured (MAP_TILES_URL and its
 * attribution, decision 071); no tile address: the stores on a plain plot.
 */
export function getStoreMap(signal?: AbortSignal): Promise<StoreMapData> {
  return callApi('GET /warehouse-locator/map', {}, { signal, quiet: true });
}

export const storeMapQueryOptions = () =>
  queryOptions({
    queryKey: geoKeys.storeMap(),
    queryFn: ({ signal }) => getStoreMap(signal),
    staleTime: Infinity,
  });

export const useStoreMap = () => useQuery(storeMapQueryOptions());
