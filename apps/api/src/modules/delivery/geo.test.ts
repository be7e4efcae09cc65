import { describe, expect, it } from 'vitest';
import { boundingBox, escapeLike, haversineMetres, placeSearchKey } from './geo';

describe('haversineMetres', () => {
  it.each([
    // Milano Duomo -> Como Duomo: about 40 km; Milano -> Brescia about 81 km
    [45.4642, 9.19, 45.8119, 9.0842, 39_500, 40_500],
    [45.466647, 9.190648, 45.539935, 10.219113, 80_000, 81_500],
    [45.4642, 9.19, 45.4642, 9.19, 0, 0],
  ])('(%f, %f) -> (%f, %f) is between %i and %i m', (lat1, lng1, lat2, lng2, min, max) => {
    const d = haversineMetres(lat1, lng1, lat2, lng2);
    expect(d).toBeGreaterThanOrEqual(min);
    expect(d).toBeLessThanOrEqual(max);
  });
});

describe('boundingBox', () => {
  it('contains every point of the circle (checked on its edge in 8 directions)', () => {
    const [lat, lng, r] = [45.8, 9.1, 30_000];
    const box = boundingBox(lat, lng, r);
    for (let bearing = 0; bearing < 360; bearing += 45) {
      const b = (bearing * Math.PI) / 180;
      const dLat = ((r * Math.cos(b)) / 6_371_008.8) * (180 / Math.PI);
      const dLng = ((r * Math.sin(b)) / (6_371_008.8 * Math.cos((lat * Math.PI) / 180))) * (180 / Math.PI);
      const p = { lat: lat + dLat * 0.999, lng: lng + dLng * 0.999 };
      expect(p.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(p.lat).toBeLessThanOrEqual(box.maxLat);
      expect(p.lng).toBeGreaterThanOrEqual(box.minLng);
      expect(p.lng).toBeLessThanOrEqual(box.maxLng);
    }
  });

  it('stays inside the valid ranges near the poles', () => {
    const box = boundingBox(89.99, 10, 200_000);
    expect(box.maxLat).toBe(90);
    expect(box.minLng).toBe(-180);
    expect(box.maxLng).toBe(180);
  });
});

describe('placeSearchKey', () => {
  it.each([
    ['Cantù', 'cantu'],
    ['  SAN Fermo della Battaglia ', 'san fermo della battaglia'],
    ["Sant'Angelo Lodigiano", 'sant angelo lodigiano'],
    ['Erbusco!!', 'erbusco'],
  ])('%s -> %s', (input, key) => expect(placeSearchKey(input)).toBe(key));
});

describe('escapeLike', () => {
  it('makes wildcards literal', () => expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b'));
});
