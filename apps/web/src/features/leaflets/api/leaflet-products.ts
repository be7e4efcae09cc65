import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeafletProductSearchData } from '@spesa/shared/contracts/leaflets';
import { callApi } from '../../../lib/http';

export interface LeafletProductsFilter {
  q?: string;
  department?: string;
}

/** GET /leaflet/product-search: the leaflet's products sold at the store, by words or department. */
export function leafletProducts(
  leafletId: number,
  filter: LeafletProductsFilter,
  signal?: AbortSignal,
): Promise<LeafletProductSearchData> {
  return callApi(
    'GET /leaflet/product-search',
    {
      query: {
        parent_leaflet_id: leafletId,
        page_size: 100,
        ...(filter.q ? { q: filter.q } : {}),
        ...(filter.department ? { department: filter.department } : {}),
      },
    },
    { signal, quiet: true },
  );
}

export const leafletProductsQueryOptions = (leafletId: number, filter: LeafletProductsFilter) =>
  queryOptions({
    queryKey: ['leaflets', 'products', leafletId, filter.q ?? '', filter.department ?? ''],
    queryFn: ({ signal }) => leafletProducts(leafletId, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useLeafletProducts = (leafletId: number, filter: LeafletProductsFilter) =>
  useQuery(leafletProductsQueryOptions(leafletId, filter));
