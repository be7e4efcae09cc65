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

/** The reads a landing page starts before anything else (named as `callApi` names them). */
export type PrefetchName =
  | 'GET /category'
  | 'GET /products'
  | 'GET /p/wp-json/wp/v2/pages'
  | 'GET /leaflet/search'
  | 'GET /leaflet/view';

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

/** An image to fetch early: one URL, or a `srcset` with its `sizes` (and a type the browser may not take). */
export interface ImagePreload {
  href?: string;
  srcset?: string;
  sizes?: string;
  type?: string;
  media?: string;
}

/** Asks for an image at high priority now, as the `<img>`/`<picture>` that will show it would. */
export function preloadImage(image: ImagePreload): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  if (image.href) link.href = image.href;
  if (image.srcset) link.setAttribute('imagesrcset', image.srcset);
  if (image.sizes) link.setAttribute('imagesizes', image.sizes);
  if (image.type) link.type = image.type;
  if (image.media) link.media = image.media;
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/**
 * The images a page shows first, known from its prefetched data: preloaded as soon as the data arrives, instead
 * of when the page's code has loaded and rendered. `pick` reads the envelope's `data`.
 */
export function preloadImagesOf<T>(response: Promise<Response>, pick: (data: T | undefined) => ImagePreload[]): void {
  void response
    .then((r) => (r.ok ? (r.clone().json() as Promise<{ data?: T }>) : null))
    .then((body) => {
      for (const image of pick(body?.data)) preloadImage(image);
    })
    .catch(() => undefined);
}

/**
 * The page's first block, when a banner slider, shows its first image large at the top (the LCP of the home).
 * The same URLs and media queries as the <picture> of banner-item.tsx.
 */
export function preloadFirstBanner(response: Promise<Response>): void {
  preloadImagesOf<{ category?: { categoryBlocks?: Parameters<typeof firstBannerOf>[0] } }>(response, (data) => {
    const banner = firstBannerOf(data?.category?.categoryBlocks);
    if (!banner) return [];
    return banner.mobile
      ? [
          { href: banner.mobile, media: '(max-width: 599px)' },
          { href: banner.desktop, media: '(min-width: 600px)' },
        ]
      : [{ href: banner.desktop }];
  });
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
