/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, PrecacheFallbackPlugin } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { API_CACHE, deviceCopyMarked, isCacheablePage, isContentApi, PAGES_CACHE, shareableOnly } from './features/pwa/cache-policy.js';
import { BACKGROUND_FETCH_MESSAGE, cacheOfBackgroundFetch, type BackgroundFetchMessage } from './lib/offline/background-fetch.js';
import { isOfflineCache, matchSaved } from './lib/offline/offline-caches.js';
import { buildRevision, isShellCache, SHELL_KEY, shellCacheName, shellFromPage, wasSeen } from './lib/offline/app-shell.js';
import { markDeviceCopy } from './lib/device-copy.js';

declare const self: ServiceWorkerGlobalScope;

const DAY = 24 * 3600;
const OFFLINE_PAGE = '/offline.html';
/** The offline library's page (`paths.offline()`). */
const OFFLINE_LIBRARY = '/offline';

// The offline library: what a reader saved on purpose ("Save for offline" on a course or an article), in the shared
// offline cache (a guest's free content) or the user's own cache (everything a logged-in reader saves:
// their copies hold premium bodies and done marks). Those caches are written by the page (or by Background
// Fetch below) and deleted by the page at logout; the worker only reads them, as the last answer before
// the offline page when neither the network nor the runtime caches have one. Runtime caches expire and
// refuse private answers; the library does neither, because the reader asked for exactly these entries.
// Marked as a device copy, so the page shows its offline indicator and a save in progress knows it got
// no fresh answer.
const savedCopy: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    if (request.method !== 'GET') return undefined;
    const saved = await matchSaved(self.caches, request);
    return saved ? markDeviceCopy(saved) : undefined;
  },
};

// The app shell: hashed scripts and styles, icons, the manifest and the offline page, all versioned by the
// build. `/` is a rendered page, never the raw template, so no directory index is mapped onto it; nor are clean
// URLs, which would answer the offline library's `/offline` with `/offline.html`, online too.
const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// The app shell (lib/offline/app-shell.ts): the site's document with an empty root and no server data, which the
// app renders into from what the device kept. Made from the offline library's page as the server renders it for
// this build (its scripts and styles are this build's precached files), once when this worker installs, and kept
// in a cache named for the build: an older worker still in charge keeps answering with its own.
const SHELL_CACHE = shellCacheName(buildRevision(manifest));
/** Headers of the page the shell is made from that do not describe the shell. */
const PAGE_ONLY_HEADERS = ['content-length', 'content-encoding', 'etag', 'last-modified', 'vary', 'set-cookie', 'x-ssr-cache', 'server-timing'];

async function storeShell(): Promise<void> {
  if (await self.caches.match(SHELL_KEY, { cacheName: SHELL_CACHE })) return;
  const response = await fetch(new Request(OFFLINE_LIBRARY, { credentials: 'same-origin' }));
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/html')) return;
  const shell = shellFromPage(await response.text());
  if (shell === null) return;
  const headers = new Headers(response.headers);
  for (const name of PAGE_ONLY_HEADERS) headers.delete(name);
  headers.set('cache-control', 'no-cache');
  await (await self.caches.open(SHELL_CACHE)).put(SHELL_KEY, new Response(shell, { status: 200, headers }));
}

// A shell that cannot be made now (the server unreachable) is tried again when the worker activates; meanwhile
// such navigations get the offline page, as before. The worker installs either way.
self.addEventListener('install', (event) => {
  event.waitUntil(storeShell().catch(() => undefined));
});

/**
 * The last answers for a navigation the network did not answer (an error, or nothing within the timeout) and the
 * pages cache does not hold: the copy saved in the offline library, else, for a page this device has shown its
 * reader (however they reached it), the app shell. Any other page gets the offline page (the plugins below), whose
 * words hold: it was never opened here. `cachedResponseWillBeUsed` runs on both of those paths of NetworkFirst.
 */
const keptPageOrShell: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
    if (cachedResponse) return cachedResponse;
    const saved = await matchSaved(self.caches, request);
    if (saved) return markDeviceCopy(saved);
    if (!(await wasSeen(self.caches, request.url))) return undefined;
    const shell = await self.caches.match(SHELL_KEY, { cacheName: SHELL_CACHE });
    return shell ? markDeviceCopy(shell) : undefined;
  },
};

/**
 * A saved copy when the network did not answer in time, not only when it failed (a captive portal, a dead signal
 * that still says online): the reader's own saved copy first for a call made with their token, since the runtime
 * cache can hold only the guest's answer for the same address.
 */
const savedOnMiss: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
    if (cachedResponse && !request.headers.has('authorization')) return cachedResponse;
    const saved = await matchSaved(self.caches, request);
    return saved ? markDeviceCopy(saved) : cachedResponse;
  },
};

// Pages: the server-rendered HTML of every page visited (not the API, feeds or staff previews), so an article opened online reads offline.
// Never stored: account pages (/login, /signup, /lostpassword, /reset, /verify_email, /sso/*) with a query
// string, which may hold a typed username, a reset token or a password a form sent before the app ran, and
// any answer to a non-GET request (isCacheablePage, shareableOnly).
// Network first, because pages change with content; after 3 s without an answer the stored copy is
// shown; a page never stored opens from its saved copy or, when this device has shown it (reached inside the
// app), as the app shell; any other falls back to the precached offline page. Pages are rendered as a
// guest sees them, so they are shareable; a page marked private or no-store is still refused.
// Vary (Cookie, Accept-Language) is ignored on lookup: the worker cannot see cookies, and any stored
// language is better than none when offline.
const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: 3,
  matchOptions: { ignoreVary: true },
  plugins: [
    shareableOnly,
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    // After expiration, so only a copy that is actually used is marked as coming from the device.
    deviceCopyMarked,
    // After expiration and the mark: a saved copy or the shell, never expired, marked by the plugin itself.
    keptPageOrShell,
    // Before the offline page: a lesson page saved for offline (handlerDidError: the first answer wins).
    savedCopy,
    new PrecacheFallbackPlugin({ fallbackURL: OFFLINE_PAGE }),
  ],
});
registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.method === 'GET' && request.mode === 'navigate' && isCacheablePage(url),
  pages,
);

// Content API answers (articles, summaries, categories, tags, topics, authors, editorial slots,
// courses): what a page re-reads when it is opened again offline or navigated to inside the app.
// Network first so readers see fresh content; premium and personal answers are refused by header,
// and so is anything requested with a bearer token.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isContentApi(url),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 5,
    plugins: [
      shareableOnly,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * DAY, purgeOnQuotaError: true }),
      // The http client sees the mark and the page shows its offline indicator.
      deviceCopyMarked,
      savedOnMiss,
      // A saved lesson's or course's answer, the user's own copy included: the runtime cache never holds those.
      savedCopy,
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
      // An image of a saved course or article that this bounded cache let go (or never took: a private answer,
      // such as a premium article's own image under its signed URL).
      savedCopy,
    ],
  }),
);

// Background Fetch of a save (Chromium): the browser downloaded the entries, maybe with the app closed; they
// go in the offline cache named in the fetch's id (only an offline library cache: an id naming anything else
// is ignored), and the open pages are told, so a page in the middle of the save writes its library row.
// Answers that are not 200 are left out: the page's own pass fetches them again and reports the failure.
interface BackgroundFetchRecordLike {
  request: Request;
  responseReady: Promise<Response>;
}
interface BackgroundFetchEventLike extends ExtendableEvent {
  registration: { id: string; matchAll(): Promise<BackgroundFetchRecordLike[]> };
}

async function tellPages(message: BackgroundFetchMessage): Promise<void> {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

self.addEventListener('backgroundfetchsuccess' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const fetchEvent = event as unknown as BackgroundFetchEventLike;
  const { id } = fetchEvent.registration;
  const cacheName = cacheOfBackgroundFetch(id);
  if (!cacheName || !isOfflineCache(cacheName)) return;
  fetchEvent.waitUntil(
    (async () => {
      const cache = await self.caches.open(cacheName);
      let stored = true;
      for (const record of await fetchEvent.registration.matchAll()) {
        const response = await record.responseReady.catch(() => undefined);
        if (response?.status === 200) await cache.put(record.request.url, response);
        else stored = false;
      }
      await tellPages({ type: BACKGROUND_FETCH_MESSAGE, id, stored });
    })(),
  );
});

for (const type of ['backgroundfetchfail', 'backgroundfetchabort']) {
  self.addEventListener(type as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
    const { id } = (event as unknown as BackgroundFetchEventLike).registration;
    if (cacheOfBackgroundFetch(id)) (event as ExtendableEvent).waitUntil(tellPages({ type: BACKGROUND_FETCH_MESSAGE, id, stored: false }));
  });
}

// A new version waits until the reader accepts the update prompt (the page sends SKIP_WAITING), so an
// open page never changes under its reader.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Take control of the open pages as soon as this worker activates: on the first install right away,
// after an update only once the reader accepted it.
clientsClaim();

// The page a visitor landed on was loaded before this worker existed, so no fetch event stored it: store
// every open page of the site now, so a shared link read once opens offline later. Done here rather than
// by a message from the page: the worker needs no cooperation from a page (a message posted before the
// worker activates is lost, and a page whose script failed or is still loading sends none), and it sees
// every open tab. The pages are fetched through the pages strategy, so the same rules apply (account
// pages with a query, private or no-store answers are refused). Their API answers are not needed: the
// offline view of an in-app navigation opens the stored page when there is one. Activation waits for it
// (bounded by the pages' 3 s network timeout), so the worker is not stopped halfway.
self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([storeOpenPages(event), keepOnlyThisShell()]));
});

/** Shells of other builds go (their scripts left with their precache); this build's is made if install could not. */
async function keepOnlyThisShell(): Promise<void> {
  const others = (await self.caches.keys()).filter((name) => isShellCache(name) && name !== SHELL_CACHE);
  await Promise.all(others.map((name) => self.caches.delete(name)));
  await storeShell().catch(() => undefined);
}

async function storeOpenPages(event: ExtendableEvent): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const urls = new Set(
    windows
      .map((client) => new URL(client.url))
      .filter((url) => url.origin === self.location.origin && isCacheablePage(url))
      .map((url) => `${url.origin}${url.pathname}${url.search}`),
  );
  // The offline library too, visited or not: it is the page to open with no connection, by its address or from
  // the offline page's link (it reads what is saved from the device).
  urls.add(`${self.location.origin}${OFFLINE_LIBRARY}`);
  await Promise.all(
    [...urls].map((url) =>
      // A page that cannot be fetched now (offline, server error) is simply not stored.
      pages.handle({ event, request: new Request(url, { credentials: 'same-origin' }) }).catch(() => undefined),
    ),
  );
}
