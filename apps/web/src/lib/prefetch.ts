import { apiHeaders, buildUrl, type QueryValue } from './request-init';
import { PRODUCTS_PAGE_SIZE } from './config';
import { parseListingParams, toProductsQuery } from '../features/catalogue/utils/listing-params';
import { slugFromCategoryPath } from '../features/catalogue/utils/category-tree';

/**
 * First-visit prefetch: the entry script starts the API calls the landing page will make, while the
 * lazy layout and page chunks are still downloading. The HTTP client takes the pending response instead of
 * sending the same GET again (same URL, same headers). Each prefetched response is used at most once and
 * only shortly after start-up, so nothing stale is ever served.
 */
const MAX_AGE_MS = 15_000;
const pending = new Map<string, { response: Promise<Response>; at: number }>();

function prefetch(path: string, query?: Record<string, QueryValue>): void {
  const url = buildUrl(path, query);
  if (pending.has(url)) return;
  const response = fetch(url, { method: 'GET', headers: apiHeaders(), credentials: 'same-origin' });
  response.catch(() => undefined); // a failure surfaces when (if) the client takes it
  pending.set(url, { response, at: Date.now() });
}

/** The prefetched response for this GET URL, if any (removed from the cache). */
export function takePrefetched(url: string): Promise<Response> | undefined {
  const hit = pending.get(url);
  if (!hit) return undefined;
  pending.delete(url);
  return Date.now() - hit.at <= MAX_AGE_MS ? hit.response : undefined;
}

/** Starts the requests the page at `location` makes first; mirrors the query functions of the routes. */
export function prefetchForLocation(location: Pick<Location, 'pathname' | 'search'>): void {
  try {
    // no router here (this runs before anything else): the patterns of routes.tsx, by hand
    const pathname = location.pathname.replace(/\/+$/, '') || '/';
    if (pathname === '/') prefetch('/category', { slug: 'home' });
    const category = /^\/category\/(.+)$/.exec(pathname);
    if (category) {
      const slug = slugFromCategoryPath(category[1]);
      if (slug) prefetch('/category', { slug });
    }
    const product = /^\/product\/([^/]+)$/.exec(pathname);
    if (product?.[1]) prefetch('/products', { slug: decodeURIComponent(product[1]) });
    if (pathname === '/search') {
      const sp = new URLSearchParams(location.search);
      const q = (sp.get('q') ?? '').trim();
      if (q) prefetch('/products', toProductsQuery(parseListingParams(sp), { q }, PRODUCTS_PAGE_SIZE));
    }
    // the header's department links (every page)
    prefetch('/category');
  } catch {
    /* prefetching is only an optimisation */
  }
}

export function clearPrefetched(): void {
  pending.clear();
}
