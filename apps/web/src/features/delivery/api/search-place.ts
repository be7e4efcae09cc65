import type { City } from '@spesa/shared/contracts/delivery';
import { apiGet } from '../../../lib/http';

/** GET /geo/place-search: comuni by name (prefix, case- and accent-insensitive), with coordinates. */
export async function searchPlace(q: string, signal?: AbortSignal): Promise<City[]> {
  const data = await apiGet<{ cities: City[] }>(
    '/geo/place-search',
    { q, limit: 5 },
    { signal, quiet: true },
  );
  return data.cities;
}
