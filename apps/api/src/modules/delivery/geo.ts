/**
 * Geometry and place names without an outside service: great-circle distance (haversine), the bounding box
 * that prefilters proximity queries on indexed latitude/longitude columns, and the search key of comune
 * names (lower case, no accents, no punctuation: "Cantù" and "cantu" meet, "Sant'Angelo" and "santangelo").
 */
import { EARTH_RADIUS_METRES, haversineMetres } from '@spesa/shared/delivery/distance';

export { EARTH_RADIUS_METRES, haversineMetres };

const rad = (deg: number) => (deg * Math.PI) / 180;

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** A box that contains every point within `metres` of (lat, lng) (slightly larger than the circle). */
export function boundingBox(lat: number, lng: number, metres: number): BoundingBox {
  const dLat = (metres / EARTH_RADIUS_METRES) * (180 / Math.PI);
  const cosLat = Math.cos(rad(lat));
  // near the poles a degree of longitude is tiny: take every longitude
  const dLng = cosLat < 1e-6 ? 360 : Math.min(360, dLat / cosLat);
  return {
    minLat: Math.max(-90, lat - dLat),
    maxLat: Math.min(90, lat + dLat),
    minLng: dLng >= 180 ? -180 : lng - dLng,
    maxLng: dLng >= 180 ? 180 : lng + dLng,
  };
}

/** The key comune names are searched by (stored in comuni.search_name). */
export function placeSearchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Escapes LIKE wildcards so a user's text is matched literally. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);
