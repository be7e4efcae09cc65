/**
 * Great-circle distance (haversine) between two points, the one formula both sides use: the API's proximity
 * queries (apps/api/src/modules/delivery/geo.ts and the repository's SQL) and the web's store finder, which
 * shows only the stores within the chosen radius of the chosen point.
 */
export const EARTH_RADIUS_METRES = 6_371_008.8;

const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversineMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** The places within `metres` of `centre`; a place without coordinates is nowhere near. */
export function withinMetres<T extends { latitude: number | null; longitude: number | null }>(
  places: readonly T[],
  centre: GeoPoint,
  metres: number,
): T[] {
  return places.filter(
    (p) =>
      p.latitude !== null &&
      p.longitude !== null &&
      haversineMetres(centre.latitude, centre.longitude, p.latitude, p.longitude) <= metres,
  );
}
