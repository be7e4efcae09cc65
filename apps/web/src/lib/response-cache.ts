import type { ResponseStatus } from '@spesa/shared/contracts/envelope';
import { API_BASE, RESPONSE_CACHE_MAX_ENTRIES, RESPONSE_CACHE_TTL_MS } from './config';

/**
 * The response cache of spec section 9, under the HTTP client (lib/http.ts): the answers of GET requests for
 * products, categories, ads, stores (warehouse locator) and content are kept RESPONSE_CACHE_TTL_MS (15
 * minutes), at most RESPONSE_CACHE_MAX_ENTRIES (50), the least recently used leaving first; the same URL
 * within that time is answered from memory. Product queries about a wishlist or the preferred products, and a
 * forced read (`skip_cache`), go to the server. Any non-GET call removes the entries of the resource it calls
 * (its path, whatever the query). The client keeps only the server's own answers that are the same for
 * everyone (not `private`, lib/stored-copy.ts), and never reads `user` from an entry: it keeps none.
 */
export interface CachedAnswer {
  data: unknown;
  /** the envelope's status of the answer (messages included), for the caller's `onResponse` */
  status: ResponseStatus;
}

const CACHED_API_RESOURCES = ['products', 'category', 'category-block', 'adv', 'warehouse-locator'];
const CONTENT_PREFIX = '/p/wp-json/';

const entries = new Map<string, { answer: CachedAnswer; at: number }>();

const parse = (url: string) => new URL(url, 'http://shop.invalid');

/** True when a GET of this URL belongs to the response cache. */
export function isCachedRead(url: string): boolean {
  const { pathname, searchParams } = parse(url);
  if (pathname.startsWith(CONTENT_PREFIX)) return true;
  if (!pathname.startsWith(`${API_BASE}/`)) return false;
  const resource = pathname.slice(API_BASE.length + 1).split('/')[0] ?? '';
  if (!CACHED_API_RESOURCES.includes(resource)) return false;
  if (resource === 'products')
    for (const key of searchParams.keys()) if (/wishlist|preferred/i.test(key)) return false;
  return true;
}

/** A forced read (spec: "the category is cached unless forced") asks the server and refreshes the entry. */
const isForced = (url: string) => ['true', '1'].includes(parse(url).searchParams.get('skip_cache') ?? '');

/** The kept answer of this GET URL, if any and younger than the cache's lifetime. */
export function cachedAnswer(url: string, now = Date.now()): CachedAnswer | undefined {
  if (isForced(url)) return undefined;
  const entry = entries.get(url);
  if (!entry) return undefined;
  entries.delete(url);
  if (now - entry.at >= RESPONSE_CACHE_TTL_MS) return undefined;
  // the most recently used goes to the end of the map's order: the first key is the one to evict
  entries.set(url, entry);
  return entry.answer;
}

/** Keeps the answer of a GET URL of the cache (others are ignored), evicting the least recently used. */
export function keepAnswer(url: string, answer: CachedAnswer, now = Date.now()): void {
  if (!isCachedRead(url)) return;
  entries.delete(url);
  entries.set(url, { answer, at: now });
  while (entries.size > RESPONSE_CACHE_MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    entries.delete(oldest);
  }
}

/** A non-GET call: the entries of the same resource (path) are removed. */
export function forgetResource(url: string): void {
  const path = parse(url).pathname;
  for (const key of [...entries.keys()]) if (parse(key).pathname === path) entries.delete(key);
}

export function clearResponseCache(): void {
  entries.clear();
}
