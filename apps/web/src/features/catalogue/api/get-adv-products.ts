import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointData, EndpointQuery } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { callApi } from '../../../lib/http';

type AdvEndpoint = Endpoints['GET /adv'];
export type AdvData = EndpointData<AdvEndpoint>;
type AdvRequest = EndpointQuery<AdvEndpoint>;
/** The query of a slider: the algorithm (layout) and the optional filters the web app sends. */
export type AdvQuery = Pick<AdvRequest, 'layout'> &
  Partial<Pick<AdvRequest, 'limit' | 'category_id' | 'product_id' | 'promo' | 'shuffle'>>;

/** GET /adv: recommendation sliders (CRM algorithm = layout). */
export function getAdvProducts(query: AdvQuery, signal?: AbortSignal): Promise<AdvData> {
  return callApi('GET /adv', { query: { ...query } }, { signal, quiet: true });
}

export const advProductsQueryOptions = (query: AdvQuery) =>
  queryOptions({ queryKey: ['adv', query], queryFn: ({ signal }) => getAdvProducts(query, signal) });

export const useAdvProducts = (query: AdvQuery, enabled = true) =>
  useQuery({ ...advProductsQueryOptions(query), enabled });
