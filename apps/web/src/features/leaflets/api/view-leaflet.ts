import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeafletView } from '@spesa/shared/contracts/leaflets';
import { callApi } from '../../../lib/http';

/** GET /leaflet/view: one current leaflet (number or slug), its departments and hot-spots. */
export function viewLeaflet(leafletId: string, signal?: AbortSignal): Promise<LeafletView> {
  return callApi('GET /leaflet/view', { query: { leaflet_id: leafletId } }, { signal, quiet: true });
}

export const leafletQueryOptions = (leafletId: string) =>
  queryOptions({
    queryKey: ['leaflets', 'view', leafletId],
    queryFn: ({ signal }) => viewLeaflet(leafletId, signal),
    retry: false,
  });

export const useLeaflet = (leafletId: string) => useQuery(leafletQueryOptions(leafletId));
