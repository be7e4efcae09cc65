import { apiHeaders } from './request-init';

/**
 * The service worker (apps/web/sw/sw.ts, decision 055): registered after the first render in the production
 * build (both the web shop and the app), so the shell, the pages visited and the cart and lists stay
 * readable offline. Framework-free: it lives in the entry chunk.
 */
export const ACCOUNT_CACHE = 'spesa-account';

/** The paths whose files and reads the worker stores (its routes decide which and how). */
const STORED_PATHS = ['/assets/', '/media/', '/ebsn/api/', '/p/wp-json/'];

let registered = false;

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (registered) return;
  registered = true;
  // a page the worker did not control from its start (the first visit) fetched its files and reads without it
  if (!navigator.serviceWorker.controller)
    navigator.serviceWorker.addEventListener('controllerchange', handOverEarlierResources, { once: true });
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // a browser that refuses it (private mode, an old one) runs the shop online as before
  });
  // a signed-out customer's cart and lists are not kept on the device
  window.addEventListener('spesa:logged-out', () => void forgetAccountCopies());
}

/**
 * What a page fetched before a worker controlled it (`workerStart` 0: no worker saw the request), as the
 * entries of Workbox's CACHE_URLS message: the page's own files and reads, the API's with the page's headers
 * (the app build's session travels in one), so the worker stores them by its rules and the page just seen
 * opens offline too.
 */
export function earlierResources(
  entries: readonly Pick<PerformanceResourceTiming, 'name' | 'workerStart'>[],
  origin: string,
  headers: Record<string, string>,
): Array<string | [string, RequestInit]> {
  const urls = new Set<string>();
  for (const entry of entries) {
    if (entry.workerStart > 0) continue;
    const url = new URL(entry.name, origin);
    if (url.origin !== origin || !STORED_PATHS.some((p) => url.pathname.startsWith(p))) continue;
    urls.add(url.href);
  }
  return [...urls].map((url) => {
    const { pathname } = new URL(url);
    return pathname.startsWith('/ebsn/api/') || pathname.startsWith('/p/wp-json/')
      ? [url, { headers, credentials: 'same-origin' }]
      : url;
  });
}

/** How long after the worker takes control the page still hands over files that were in flight before it. */
const IN_FLIGHT_WINDOW_MS = 30_000;

/**
 * Hands the worker that now controls the page what the page fetched before it: what has arrived now, and for a
 * while what arrives later (a chunk whose request began before the worker took control lists its timing only
 * when it completes, and no worker saw it).
 */
function handOverEarlierResources(): void {
  const worker = navigator.serviceWorker.controller;
  if (!worker || typeof performance === 'undefined') return;
  const handOver = (entries: PerformanceResourceTiming[]) => {
    const urlsToCache = earlierResources(entries, window.location.origin, apiHeaders());
    if (urlsToCache.length) worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
  };
  handOver(performance.getEntriesByType('resource') as PerformanceResourceTiming[]);
  if (typeof PerformanceObserver === 'undefined') return;
  const observer = new PerformanceObserver((list) =>
    handOver(list.getEntries() as PerformanceResourceTiming[]),
  );
  observer.observe({ type: 'resource' });
  window.setTimeout(() => observer.disconnect(), IN_FLIGHT_WINDOW_MS);
}

/** Deletes the stored copies of the customer's own reads (cart, lists, session, their store's leaflets). */
export async function forgetAccountCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(ACCOUNT_CACHE).catch(() => false);
}

/** A new release is out: the worker checks for its new version now instead of at the next navigation. */
export function updateServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistration()
    .then((r) => r?.update())
    .catch(() => {});
}
