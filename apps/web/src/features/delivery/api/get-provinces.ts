import { useQuery } from '@tanstack/react-query';
import type { EndpointData } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { callApi } from '../../../lib/http';
import { geoKeys } from './query-keys';

export type Province = EndpointData<Endpoints['GET /geo/province-list']>['provinces'][number];

/** GET /geo/province-list?home_delivery_only=true: the served provinces (CO, SO, LC, BG, MB, MI, BS). */
export async function getServedProvinces(signal?: AbortSignal): Promise<Province[]> {
  const data = await callApi(
    'GET /geo/province-list',
    { query: { country_id: 1, home_delivery_only: true } },
    { signal, quiet: true },
  );
  return data.provinces;
}

export const useServedProvinces = () =>
  useQuery({
    queryKey: geoKeys.provinces(),
    queryFn: ({ signal }) => getServedProvinces(signal),
    staleTime: Infinity,
  });
