/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import { OFFLINE_READ_TEXT, OFFLINE_WRITE_TEXT, STORED_AT_HEADER } from '../src/lib/offline-texts';
import { isShareable, storedCopyBody } from '../src/lib/stored-copy';

/**
 * The shop's service worker (decision 055), built by vite-plugin-pwa (injectManifest) into /sw.js:
 * - the shell (index.html, the entry's scripts and styles, manifest, icons) is precached; a new release's
 *   worker takes over at once and its precache replaces the old one;
 * - every other built file under /assets/ (hashed, so never stale) is cached when first used, and so are the
 *   files and reads a first visit fetched before the worker controlled it (the page hands their addresses
 *   over with Workbox's CACHE_URLS message, lib/service-worker.ts): the pages visited open again offline;
 * - catalogue and content reads, the same for every visitor: stale-while-revalidate in the shared cache, at
 *   most 120 answers for a week;
 * - the customer's reads (cart, lists, session check, the leaflets of their store): network first (4 s), the
 *   stored copy offline, in the customer's own cache, which the page deletes at logout;
 * - a stored copy never speaks for who the customer is (lib/stored-copy.ts): it keeps no root `user`, the
 *   shared cache refuses answers the server marks `private`, and each copy is stamped with the time it was
 *   stored (`x-spesa-stored-at`) so the page shows its age and ignores any `user` in it;
 * - any other API call offline answers the envelope with an Italian "Sei offline" refusal: writes are
 *   never queued (the spec's cart and order flows need the server's answer: prices, availability, slots);
 * - push messages (Web Push) are shown as notifications; a tap opens the page they name.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const API = '/ebsn/api/';

const SHARED_READS = 'spesa-shared-reads';
const CUSTOMER_READS = 'spesa-account';
/** caches this worker no longer reads (their copies hold the answers' root users): deleted as it takes over */
const RETIRED_CACHES = ['spesa-catalogue'];

void self.skipWaiting();
self.addEventListener('activate', (event) =>
  event.waitUntil(Promise.all([self.clients.claim(), ...RETIRED_CACHES.map((name) => caches.delete(name))])),
);

precacheAndRoute(self.__WB_MANIFEST);

// ---------- pages: the network, or the precached shell offline ----------
const shell = createHandlerBoundToURL('/index.html');
const pages = new NetworkFirst({ cacheName: 'spesa-pages', networkTimeoutSeconds: 4 });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return shell(options);
      }
    },
    // the back office, the API's pages (mailbox, card sandbox) and the content system are not the shop
    { denylist: [/^\/admin/, /^\/ebsn\//, /^\/dev\//, /^\/p\//, /^\/staff/] },
  ),
);

// ---------- built scripts, styles, images ----------
// every file under /assets/ has a hashed name (never stale): scripts, styles, fonts, images, and the barcode
// reader's .wasm (kept once used, so the camera reads codes in a store without network, decision 057). Matched
// by path, not by the request's destination: the first visit's files come back through CACHE_URLS requests,
// which have none.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'spesa-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 86_400 })],
  }),
);
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/media/'),
  new StaleWhileRevalidate({
    cacheName: 'spesa-media',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 86_400 })],
  }),
);

// ---------- API reads ----------
/**
 * Stores successful envelopes only, without their root user, and the content system's WordPress answers
 * (/p/wp-json/… but the forms' ebsn/v1, whose success is the HTTP status alone), stamped with the time they
 * were stored; `shared`: also refuses the answers the server marks private (lib/stored-copy.ts).
 */
const storedCopies = (shared: boolean): WorkboxPlugin => ({
  cacheWillUpdate: async ({ request, response }) => {
    if (!response.ok || (shared && !isShareable(response.headers))) return null;
    const path = new URL(request.url).pathname;
    const wordpress = path.startsWith('/p/wp-json/') && !path.startsWith('/p/wp-json/ebsn/');
    const body = storedCopyBody(await response.clone().text(), wordpress);
    if (body === null) return null;
    const headers = new Headers(response.headers);
    headers.set(STORED_AT_HEADER, new Date().toISOString());
    headers.delete('content-length');
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  },
});

const isApiRead = (url: URL, request: Request, prefixes: readonly string[]) =>
  request.method === 'GET' &&
  url.origin === self.location.origin &&
  prefixes.some((p) => url.pathname.startsWith(p));

/** The catalogue and the content: the same answer for every visitor (public routes of the API). */
const CATALOGUE_READS = [
  '/ebsn/api/category',
  '/ebsn/api/products',
  '/ebsn/api/adv',
  '/ebsn/api/category-block/',
  '/ebsn/api/warehouse-locator/',
  '/p/wp-json/',
];
registerRoute(
  ({ url, request }) =>
    isApiRead(url, request, CATALOGUE_READS) && !url.pathname.startsWith('/ebsn/api/products/suggest'),
  new StaleWhileRevalidate({
    cacheName: SHARED_READS,
    plugins: [storedCopies(true), new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 7 * 86_400 })],
  }),
);

/** The customer's own reads: readable offline, with their age (deleted at logout by the page). */
const ACCOUNT_READS = [
  '/ebsn/api/cart/view',
  '/ebsn/api/wishlist/list',
  '/ebsn/api/wishlist/view',
  '/ebsn/api/auth/test',
  // the leaflets of the customer's store (the chain's for a visitor)
  '/ebsn/api/leaflet/',
  // self-scanning (decision 057): the smart cart opens offline in the store; its scans wait in the page's queue
  '/ebsn/api/smart-cart/view',
];
registerRoute(
  ({ url, request }) => isApiRead(url, request, ACCOUNT_READS),
  new NetworkFirst({
    cacheName: CUSTOMER_READS,
    networkTimeoutSeconds: 4,
    plugins: [storedCopies(false), new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 86_400 })],
  }),
);

// ---------- everything else offline: the envelope's Italian refusal ----------
function offlineEnvelope(text: string): Response {
  const body = {
    response: {
      status: 1,
      errors: [{ error: text, code: 'msg.offline' }],
      infos: [],
      warnings: [],
      errorsMessage: [text],
      infosMessage: [],
      warningsMessage: [],
    },
    // no root `user`: the page must not take an offline answer for "signed out"
    data: null,
  };
  return new Response(JSON.stringify(body), {
    status: 503,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-spesa-offline': '1' },
  });
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(API)) return;
  // reads with a route above are answered by it
  if (isApiRead(url, event.request, [...CATALOGUE_READS, ...ACCOUNT_READS])) return;
  const request = event.request;
  event.respondWith(
    fetch(request).catch(() =>
      offlineEnvelope(request.method === 'GET' ? OFFLINE_READ_TEXT : OFFLINE_WRITE_TEXT),
    ),
  );
});

setCatchHandler(async ({ request, url }) => {
  if (url.pathname.startsWith(API) || url.pathname.startsWith('/p/wp-json/'))
    return offlineEnvelope(request.method === 'GET' ? OFFLINE_READ_TEXT : OFFLINE_WRITE_TEXT);
  return Response.error();
});

// ---------- push messages ----------
interface PushMessage {
  title?: string;
  body?: string;
  url?: string;
  notificationId?: number;
}

self.addEventListener('push', (event) => {
  let message: PushMessage = {};
  try {
    message = (event.data?.json() ?? {}) as PushMessage;
  } catch {
    message = { body: event.data?.text() ?? '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title ?? 'Spesa', {
      body: message.body ?? '',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      lang: 'it',
      tag: message.notificationId ? `spesa-${message.notificationId}` : undefined,
      data: { url: message.url ?? '/profile/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data as { url?: string } | null)?.url ?? '/',
    self.location.origin,
  );
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(target.href);
      } else await self.clients.openWindow(target.href);
    })(),
  );
});
