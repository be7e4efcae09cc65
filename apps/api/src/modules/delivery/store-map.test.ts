import { describe, expect, it } from 'vitest';
import { tileImageSource } from '../../lib/tile-image-source';
import { storeMapOf } from './store-map';

describe('the stores’ map’s base map', () => {
  it('answers the configured tile address and attribution, or no tiles', () => {
    expect(
      storeMapOf({
        MAP_TILES_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        MAP_TILES_ATTRIBUTION: '© Contributori di OpenStreetMap',
      }),
    ).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© Contributori di OpenStreetMap',
    });
    expect(storeMapOf({ MAP_TILES_URL: undefined, MAP_TILES_ATTRIBUTION: 'x' }).tileUrl).toBeNull();
  });

  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.example.org/{z}/{x}/{y}.png', 'https://*.tile.example.org'],
    ['http://127.0.0.1:8263/tiles/{z}/{x}/{y}.png', 'http://127.0.0.1:8263'],
  ])('%s is fetched from %s (the img-src of the page)', (url, source) => {
    expect(tileImageSource(url)).toBe(source);
  });
});
