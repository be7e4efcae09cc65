import { useQuery } from '@tanstack/react-query';
import type { City } from '@spesa/shared/contracts/delivery';
import { ApiError, callApi } from '../../../lib/http';
import { geoKeys } from './query-keys';

/** GET /geo/cap/{cap}: the comuni of a CAP (none: the CAP is outside the served area). */
export async function getCitiesByCap(postalcode: string, signal?: AbortSignal): Promise<City[]> {
  try {
    const data = await callApi(
      'GET /geo/cap/:postalcode',
      { params: { postalcode } },
      { signal, quiet: true },
    );
    return data.cities;
  } catch (error) {
    if (error instanceof ApiError && error.isNotFound) return [];
    throw error;
  }
}

export const useCitiesByCap = (postalcode: string) =>
  useQuery({
    queryKey: geoKeys.cap(postalcode),
    queryFn: ({ signal }) => getCitiesByCap(postalcode, signal),
    enabled: /^\d{5}$/.test(postalcode),
    staleTime: Infinity,
  });
