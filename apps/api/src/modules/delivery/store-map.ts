import type { StoreMapData } from '@spesa/shared/contracts/delivery';
import type { Env } from '../../env';

/** The stores' map's base map as configured (decision 071): a tile address and its attribution, or none. */
export function storeMapOf(env: Pick<Env, 'MAP_TILES_URL' | 'MAP_TILES_ATTRIBUTION'>): StoreMapData {
  return { tileUrl: env.MAP_TILES_URL ?? null, attribution: env.MAP_TILES_ATTRIBUTION };
}

/**
 * Where the browser fetches the tiles from, as a Content-Security-Policy img-src source: the tile address's
 * scheme and host, its subdomain placeholder ({s}) a wildcard ("https://*.tile.example.org").
 */
export function tileImageSource(tileUrl: string): string {
  const match = /^(https?:\/\/[^/?#]+)/i.exec(tileUrl);
  if (!match?.[1]) throw new Error(`not a tile address: ${tileUrl}`);
  return match[1].replace(/\{[^}]*\}/g, '*');
}
