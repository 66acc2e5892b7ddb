/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, PrecacheFallbackPlugin } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { isCacheablePage, isContentApi, shareableOnly } from './features/pwa/cache-policy.js';

declare const self: ServiceWorkerGlobalScope;

const DAY = 24 * 3600;
const OFFLINE_PAGE = '/offline.html';

// The app shell: hashed scripts and styles, icons, the manifest and the offline page, all versioned by the
// build. `/` is a rendered page, never the raw template, so no directory index is mapped onto it.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();

// Pages: the server-rendered HTML of every page visited (not the API, feeds or staff previews), so an article opened online reads offline.
// Never stored: account pages (/login, /signup, /lostpassword, /reset, /verify_email, /sso/*) with a query
// string, which may hold a typed username, a reset token or a password a form sent before the app ran, and
// any answer to a non-GET request (isCacheablePage, shareableOnly).
// Network first, because pages change with content; after 3 s without an answer the stored copy is
// shown, and a page never stored falls back to the precached offline page. Pages are rendered as a
// guest sees them, so they are shareable; a page marked private or no-store is still refused.
// Vary (Cookie, Accept-Language) is ignored on lookup: the worker cannot see cookies, and any stored
// language is better than none when offline.
registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.method === 'GET' && request.mode === 'navigate' && isCacheablePage(url),
  new NetworkFirst({
    cacheName: 'lectern-pages',
    networkTimeoutSeconds: 3,
    matchOptions: { ignoreVary: true },
    plugins: [
      shareableOnly,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
      new PrecacheFallbackPlugin({ fallbackURL: OFFLINE_PAGE }),
    ],
  }),
);

// Content API answers (articles, summaries, categories, tags, topics, authors, editorial slots,
// courses): what a page re-reads when it is opened again offline or navigated to inside the app.
// Network first so readers see fresh content; premium and personal answers are refused by header,
// and so is anything requested with a bearer token.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isContentApi(url),
  new NetworkFirst({
    cacheName: 'lectern-api',
    networkTimeoutSeconds: 5,
    plugins: [
      shareableOnly,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

// Images (covers, avatars, illustrations): uploaded media have content-addressed names and never
// change, so the stored copy is always right; expiration keeps the cache bounded.
registerRoute(
  ({ request, sameOrigin }) => sameOrigin && request.destination === 'image',
  new CacheFirst({
    cacheName: 'lectern-images',
    plugins: [
      shareableOnly,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

// A new version waits until the reader accepts the update prompt (the page sends SKIP_WAITING), so an
// open page never changes under its reader.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Take control of the open pages as soon as this worker activates: on the first install right away,
// after an update only once the reader accepted it.
clientsClaim();
