import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESPONSE_CACHE_MAX_ENTRIES, RESPONSE_CACHE_TTL_MS } from './config';
import { apiRequest } from './http';
import { cachedAnswer, isCachedRead, keepAnswer } from './response-cache';
import { STORED_AT_HEADER } from './offline-texts';

// The response cache of spec section 9: 15 minutes, 50 entries, products (not a wishlist's nor the preferred
// ones), category, adv, warehouse locator and content; a non-GET call removes the entry of its resource.

const status = {
  status: 0,
  errors: [],
  infos: [],
  warnings: [],
  errorsMessage: [],
  infosMessage: [],
  warningsMessage: [],
};
const envelope = (data: unknown) =>
  JSON.stringify({ response: status, user: { userId: -1, login: null, profileConfirmed: false }, data });

/** A server that answers each call with a new version of the data, counting the calls per URL. */
function countingServer(headers: Record<string, string> = {}) {
  const calls: string[] = [];
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    return new Response(envelope({ version: calls.length }), { status: 200, headers });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

afterEach(() => vi.useRealTimers());

describe('response cache (spec section 9)', () => {
  it('answers the same product read from memory for 15 minutes, then asks the server again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = countingServer();
    await expect(apiRequest('/products', { query: { slug: 'latte' } })).resolves.toEqual({ version: 1 });
    vi.advanceTimersByTime(RESPONSE_CACHE_TTL_MS - 1);
    await expect(apiRequest('/products', { query: { slug: 'latte' } })).resolves.toEqual({ version: 1 });
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await expect(apiRequest('/products', { query: { slug: 'latte' } })).resolves.toEqual({ version: 2 });
    expect(RESPONSE_CACHE_TTL_MS).toBe(900_000);
  });

  it('keeps 50 entries and evicts the least recently used', async () => {
    const calls = countingServer();
    for (let i = 0; i < RESPONSE_CACHE_MAX_ENTRIES; i += 1)
      await apiRequest('/products', { query: { slug: `p${i}` } });
    // the oldest is read again: now the most recent, so the second oldest is the one to go
    await apiRequest('/products', { query: { slug: 'p0' } });
    expect(calls).toHaveLength(50);
    await apiRequest('/products', { query: { slug: 'p50' } });
    await apiRequest('/products', { query: { slug: 'p0' } });
    expect(calls).toHaveLength(51);
    await apiRequest('/products', { query: { slug: 'p1' } });
    expect(calls).toHaveLength(52);
    expect(calls.at(-1)).toBe('GET /ebsn/api/products?slug=p1');
    expect(RESPONSE_CACHE_MAX_ENTRIES).toBe(50);
  });

  it('a non-GET call on the same resource removes its entries; on another resource it does not', async () => {
    const calls = countingServer();
    await apiRequest('/category', { query: { slug: 'frutta' } });
    await apiRequest('/adv', { query: { layout: 25 } });
    await apiRequest('/cart/add', { method: 'POST', body: { items: [] } });
    await expect(apiRequest('/category', { query: { slug: 'frutta' } })).resolves.toEqual({ version: 1 });
    await apiRequest('/category', { method: 'POST', body: {} });
    await expect(apiRequest('/category', { query: { slug: 'frutta' } })).resolves.toEqual({ version: 5 });
    await apiRequest('/adv', { query: { layout: 25 } });
    expect(calls).toEqual([
      'GET /ebsn/api/category?slug=frutta',
      'GET /ebsn/api/adv?layout=25',
      'POST /ebsn/api/cart/add',
      'POST /ebsn/api/category',
      'GET /ebsn/api/category?slug=frutta',
    ]);
  });

  it('covers products, category, adv, stores and content; not a wishlist, the preferred, suggestions aside', () => {
    for (const url of [
      '/ebsn/api/products?slug=latte',
      '/ebsn/api/products/suggest?q=lat',
      '/ebsn/api/category?slug=frutta',
      '/ebsn/api/category-block/info?categoryBlockId=3',
      '/ebsn/api/adv?layout=25',
      '/ebsn/api/warehouse-locator/search',
      '/p/wp-json/wp/v2/pages?slug=chi-siamo',
    ])
      expect(isCachedRead(url), url).toBe(true);
    for (const url of [
      '/ebsn/api/products?parent_wishlist_id=4',
      '/ebsn/api/products?preferred=true',
      '/ebsn/api/cart/view',
      '/ebsn/api/leaflet/search',
      '/ebsn/api/wishlist/list',
      '/ebsn/api/auth/test',
    ])
      expect(isCachedRead(url), url).toBe(false);
  });

  it('a forced read (skip_cache) asks the server and refreshes the entry', async () => {
    const calls = countingServer();
    await apiRequest('/category', { query: { slug: 'frutta' } });
    await expect(apiRequest('/category', { query: { slug: 'frutta', skip_cache: true } })).resolves.toEqual({
      version: 2,
    });
    expect(calls).toHaveLength(2);
    keepAnswer('/ebsn/api/category?slug=x', { data: 1, status });
    expect(cachedAnswer('/ebsn/api/category?slug=x')?.data).toBe(1);
  });

  it('keeps neither answers that depend on who asks (private) nor the service worker’s stored copies', async () => {
    const calls = countingServer({ 'cache-control': 'private' });
    await apiRequest('/products', { query: { slug: 'latte' } });
    await apiRequest('/products', { query: { slug: 'latte' } });
    expect(calls).toHaveLength(2);
    const copies = countingServer({ [STORED_AT_HEADER]: new Date().toISOString() });
    await apiRequest('/products', { query: { slug: 'burro' } });
    await apiRequest('/products', { query: { slug: 'burro' } });
    expect(copies).toHaveLength(2);
  });
});
