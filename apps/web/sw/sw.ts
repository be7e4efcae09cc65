/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import { OFFLINE_READ_TEXT, OFFLINE_WRITE_TEXT, STORED_AT_HEADER } from '../src/lib/offline-texts';

/**
 * The shop's service worker (decision 055), built by vite-plugin-pwa (injectManifest) into /sw.js:
 * - the shell (index.html, the entry's scripts and styles, manifest, icons) is precached; a new release's
 *   worker takes over at once and its precache replaces the old one;
 * - every other built script (hashed, so never stale) is cached when first used: the pages visited before
 *   going offline open again offline;
 * - catalogue and content reads: stale-while-revalidate, at most 120 answers for a week;
 * - the cart, the lists and the customer's pages' reads: network first (4 s), the stored copy offline,
 *   stamped with the time it was stored (`x-spesa-stored-at`) so the page shows its age;
 * - any other API call offline answers the envelope with an Italian "Sei offline" refusal: writes are
 *   never queued (the spec's cart and order flows need the server's answer: prices, availability, slots);
 * - push messages (Web Push) are shown as notifications; a tap opens the page they name.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const API = '/ebsn/api/';

void self.skipWaiting();
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/assets/') &&
    // the barcode reader's .wasm is fetched by script (no destination): kept once used, so the camera reads
    // codes in a store without network (decision 057)
    (['script', 'style', 'font', 'image'].includes(request.destination) || url.pathname.endsWith('.wasm')),
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
 * Keeps only successful answers, stamped with the time they were stored: envelopes with status 0, and the
 * content system's WordPress routes (/p/wp-json/… but the forms' ebsn/v1), whose success is the HTTP status
 * alone.
 */
const stamped: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => {
    if (!response.ok) return null;
    const text = await response.clone().text();
    const path = new URL(request.url).pathname;
    const wordpress = path.startsWith('/p/wp-json/') && !path.startsWith('/p/wp-json/ebsn/');
    if (!wordpress && !/"status"\s*:\s*0[,}]/.test(text)) return null;
    const headers = new Headers(response.headers);
    headers.set(STORED_AT_HEADER, new Date().toISOString());
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  },
};

const CATALOGUE_READS = [
  '/ebsn/api/category',
  '/ebsn/api/products',
  '/ebsn/api/adv',
  '/ebsn/api/category-block/',
  '/ebsn/api/leaflet/',
  '/ebsn/api/warehouse-locator/',
  '/p/wp-json/',
];
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    CATALOGUE_READS.some((p) => url.pathname.startsWith(p)) &&
    !url.pathname.startsWith('/ebsn/api/products/suggest'),
  new StaleWhileRevalidate({
    cacheName: 'spesa-catalogue',
    plugins: [stamped, new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 7 * 86_400 })],
  }),
);

/** The customer's own reads: readable offline, with their age (cleared at logout by the page). */
const ACCOUNT_READS = [
  '/ebsn/api/cart/view',
  '/ebsn/api/wishlist/list',
  '/ebsn/api/wishlist/view',
  '/ebsn/api/auth/test',
  // self-scanning (decision 057): the smart cart opens offline in the store; its scans wait in the page's queue
  '/ebsn/api/smart-cart/view',
];
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && ACCOUNT_READS.includes(url.pathname),
  new NetworkFirst({
    cacheName: 'spesa-account',
    networkTimeoutSeconds: 4,
    plugins: [stamped, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 86_400 })],
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
  if (
    event.request.method === 'GET' &&
    [...CATALOGUE_READS, ...ACCOUNT_READS].some((p) => url.pathname.startsWith(p))
  )
    return;
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
