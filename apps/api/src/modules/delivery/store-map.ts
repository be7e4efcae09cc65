import type { StoreMapData } from '@spesa/shared/contracts/delivery';
import type { Env } from '../../env';

/** The stores' map's base map as configured (decision 071): a tile address and its attribution, or none. */
export function storeMapOf(env: Pick<Env, 'MAP_TILES_URL' | 'MAP_TILES_ATTRIBUTION'>): StoreMapData {
  return { tileUrl: env.MAP_TILES_URL ?? null, attribution: env.MAP_TILES_ATTRIBUTION };
}
