import { describe, expect, it } from 'vitest';
import { earlierResources } from './service-worker';

// A first visit fetches its files and reads before the worker controls the page: they are handed over to it
// (Workbox's CACHE_URLS), so the page just seen opens offline too.
describe('the files and reads handed over to the service worker', () => {
  const origin = 'https://shop.example';
  const headers = { Accept: 'application/json', 'X-Ebsn-Client': 'production', 'x-ebsn-account': 'tok' };

  it('are the page’s own, fetched without a worker; the API’s with the page’s headers', () => {
    expect(
      earlierResources(
        [
          { name: `${origin}/assets/product-route-abc.js`, workerStart: 0 },
          { name: `${origin}/assets/product-route-abc.css`, workerStart: 0 },
          { name: `${origin}/media/products/1.webp`, workerStart: 0 },
          { name: `${origin}/ebsn/api/products?slug=latte`, workerStart: 0 },
          { name: `${origin}/p/wp-json/menus/v1/locations/footer`, workerStart: 0 },
          // already seen by the worker
          { name: `${origin}/assets/home-route-def.js`, workerStart: 812.4 },
          // not the shop's files
          { name: 'https://cdn.example/lib.js', workerStart: 0 },
          { name: `${origin}/version.json`, workerStart: 0 },
          // twice fetched, handed over once
          { name: `${origin}/assets/product-route-abc.js`, workerStart: 0 },
        ],
        origin,
        headers,
      ),
    ).toEqual([
      `${origin}/assets/product-route-abc.js`,
      `${origin}/assets/product-route-abc.css`,
      `${origin}/media/products/1.webp`,
      [`${origin}/ebsn/api/products?slug=latte`, { headers, credentials: 'same-origin' }],
      [`${origin}/p/wp-json/menus/v1/locations/footer`, { headers, credentials: 'same-origin' }],
    ]);
  });
});
