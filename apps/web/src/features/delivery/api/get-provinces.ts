import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { provinceListDataSchema } from '@spesa/shared/contracts/delivery';
import { apiGet } from '../../../lib/http';
import { geoKeys } from './query-keys';

export type Province = z.infer<typeof provinceListDataSchema>['provinces'][number];

/** GET /geo/province-list?home_delivery_only=true: the served provinces (CO, SO, LC, BG, MB, MI, BS). */
export async function getServedProvinces(signal?: AbortSignal): Promise<Province[]> {
  const data = await apiGet<{ provinces: Province[] }>(
    '/geo/province-list',
    { country_id: 1, home_delivery_only: true },
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
