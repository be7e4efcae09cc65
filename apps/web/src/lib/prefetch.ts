import type { EndpointInput } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { apiHeaders, buildUrl, type QueryValue } from './request-init';
import { firstBannerOf } from '@spesa/shared/content/first-banner';

/**
 * First-visit prefetch: the entry script (prefetch-start.ts, which knows the pages) starts the API calls the
 * landing page will make, while the lazy layout and page chunks are still downloading. The HTTP client takes the pending response instead of
 * sending the same GET again (same URL, same headers). Each prefetched response is used at most once and
 * only shortly after start-up, so nothing stale is ever served.
 */
const MAX_AGE_MS = 15_000;
const pending = new Map<string, { response: Promise<Response>; at: number }>();

/** The catalogue reads a landing page starts before anything else (named as `callApi` names them). */
export type PrefetchName = 'GET /category' | 'GET /products';

/**
 * Starts a GET the page will make, with the query its `callApi` will send (same URL, so the client takes it);
 * undefined when it was already started.
 */
export function prefetch<K extends PrefetchName>(
  name: K,
  query?: EndpointInput<Endpoints[K]>['query'],
): Promise<Response> | undefined {
  const url = buildUrl(name.slice(name.indexOf(' ') + 1), query as Record<string, QueryValue> | undefined);
  if (pending.has(url)) return undefined;
  const response = fetch(url, { method: 'GET', headers: apiHeaders(), credentials: 'same-origin' });
  response.catch(() => undefined); // a failure surfaces when (if) the client takes it
  pending.set(url, { response, at: Date.now() });
  return response;
}

interface BlocksData {
  data?: { category?: { categoryBlocks?: Parameters<typeof firstBannerOf>[0] } };
}

/**
 * The page's first block, when a banner slider, shows its first image large at the top (the LCP of the home):
 * preload it as soon as the category data arrives, instead of when the blocks' code has loaded and rendered.
 * The same URLs and media queries as the <picture> of banner-item.tsx.
 */
export function preloadFirstBanner(response: Promise<Response>): void {
  void response
    .then((r) => (r.ok ? (r.clone().json() as Promise<BlocksData>) : null))
    .then((body) => {
      const banner = firstBannerOf(body?.data?.category?.categoryBlocks);
      if (!banner) return;
      const add = (href: string, media?: string) => {
        const link = document.createElement('link');
        link.rel = 'preload';
        link.as = 'image';
        link.href = href;
        link.fetchPriority = 'high';
        if (media) link.media = media;
        document.head.append(link);
      };
      if (banner.mobile) add(banner.mobile, '(max-width: 599px)');
      add(banner.desktop, banner.mobile ? '(min-width: 600px)' : undefined);
    })
    .catch(() => undefined);
}

/** The prefetched response for this GET URL, if any (removed from the cache). */
export function takePrefetched(url: string): Promise<Response> | undefined {
  const hit = pending.get(url);
  if (!hit) return undefined;
  pending.delete(url);
  return Date.now() - hit.at <= MAX_AGE_MS ? hit.response : undefined;
}

export function clearPrefetched(): void {
  pending.clear();
}
