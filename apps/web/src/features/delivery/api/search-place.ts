import type { City } from '@spesa/shared/contracts/delivery';
import { callApi } from '../../../lib/http';

/** GET /geo/place-search: comuni by name (prefix, case- and accent-insensitive), with coordinates. */
export async function searchPlace(q: string, signal?: AbortSignal): Promise<City[]> {
  const data = await callApi('GET /geo/place-search', { query: { q, limit: 5 } }, { signal, quiet: true });
  return data.cities;
}
