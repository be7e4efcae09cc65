import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeafletSearchData } from '@spesa/shared/contracts/leaflets';
import { callApi } from '../../../lib/http';

/** GET /leaflet/search: the leaflets valid today for the visitor's store (the chain's included). */
export function searchLeaflets(signal?: AbortSignal): Promise<LeafletSearchData> {
  return callApi('GET /leaflet/search', { query: {} }, { signal, quiet: true });
}

export const leafletsQueryOptions = () =>
  queryOptions({ queryKey: ['leaflets', 'search'], queryFn: ({ signal }) => searchLeaflets(signal) });

export const useLeaflets = () => useQuery(leafletsQueryOptions());
