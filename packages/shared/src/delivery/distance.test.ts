import { describe, expect, it } from 'vitest';
import { haversineMetres, withinMetres } from './distance';

// some of the seed's stores (their pickup points' coordinates) and a customer standing in Milano Città Studi
const CITTA_STUDI = { latitude: 45.4781, longitude: 9.2272 };
const stores = [
  { name: 'Spesa Milano Città Studi', latitude: 45.4781, longitude: 9.2262 },
  { name: 'Spesa Milano Navigli', latitude: 45.4497, longitude: 9.1697 },
  { name: 'Spesa Sesto San Giovanni', latitude: 45.5391, longitude: 9.2318 },
  { name: 'Spesa Monza', latitude: 45.5961, longitude: 9.2941 },
  { name: 'Spesa Bergamo', latitude: 45.6821, longitude: 9.6604 },
  { name: 'Spesa Brescia', latitude: 45.5581, longitude: 10.2263 },
  { name: 'a store without coordinates', latitude: null, longitude: null },
];

describe('distances on the earth', () => {
  it.each([
    ['Milano Duomo – Bergamo', 45.4642, 9.19, 45.6983, 9.6773, 45_000],
    ['Milano Duomo – Brescia', 45.4642, 9.19, 45.5416, 10.2118, 80_000],
    ['a point and itself', 45.4642, 9.19, 45.4642, 9.19, 0],
  ])('%s: about %i m', (_, lat1, lng1, lat2, lng2, metres) => {
    expect(Math.abs(haversineMetres(lat1, lng1, lat2, lng2) - metres)).toBeLessThan(1_500);
  });

  it.each([
    [10_000, ['Spesa Milano Città Studi', 'Spesa Milano Navigli', 'Spesa Sesto San Giovanni']],
    [30_000, ['Spesa Milano Città Studi', 'Spesa Milano Navigli', 'Spesa Sesto San Giovanni', 'Spesa Monza']],
  ])('within %i m of Città Studi: %j (never Bergamo or Brescia)', (metres, names) => {
    expect(withinMetres(stores, CITTA_STUDI, metres).map((s) => s.name)).toEqual(names);
  });
});
