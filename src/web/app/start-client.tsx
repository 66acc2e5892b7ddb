import { hydrate, type QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { hasMessages, loadMessages, pickLanguage, primeMessages } from '../../shared/i18n/index.js';
import { AppProviders, createQueryClient, type BootData } from './app-shell.js';
import { createRoutes, resolveLazyMatches } from './routes.js';
import { readBootData, toHydrationState } from '../lib/boot-data.js';
import { whenIdle } from '../lib/idle.js';
import { parseColorMode } from '../lib/color-mode.js';
import { createHttpClient } from '../lib/http.js';
import { accessTokenForCall, sessionHost } from '../lib/session/session-context.js';
import { createSessionFetch } from '../lib/session/session-fetch.js';
import { registerServiceWorker } from '../features/pwa/register.js';

/** Restores the public query answers kept on the device and keeps them from now on (loaded on first use). */
const persistQueries = (queryClient: QueryClient, lang: string) =>
  import('../lib/query-persist.js').then((m) => m.persistPublicQueries(queryClient, { lang }).restored, () => undefined);

/** Runs `then` once the server's markup is hydrated (the first commit); what it returns undoes it. */
function AfterHydration({ then, children }: { then: () => () => void; children: ReactNode }) {
  useEffect(() => then(), [then]);
  return children;
}

/**
 * Hydrates the server's page (or renders the offline shell): loaded by the entry once the page is painted.
 */
export async function start(): Promise<void> {
  const boot = readBootData<BootData>(document);
  const queryClient = createQueryClient();
  if (boot?.state) hydrate(queryClient, boot.state);
  const http = createHttpClient({
    baseUrl: window.location.origin,
    // Dexie (and the session, when a token needs refreshing) load with the first call, not with the entry chunk.
    getAccessToken: accessTokenForCall,
    // A call refused for its token: one refresh, one retry, then logout.
    fetch: createSessionFetch(sessionHost),
  });
  const lang = boot?.lang ?? pickLanguage(undefined, navigator.language);
  // A page opened in the app (not the one being hydrated) waits for the reader's whole catalogue; a failed
  // load leaves the texts there are.
  let hydrated = false;
  const beforePage = () => (hydrated && !hasMessages(lang) ? loadMessages(lang).catch(() => undefined) : undefined);
  const routes = createRoutes({ queryClient, http, lang, beforePage });
  // The server's page brings the messages it shows: hydration waits for the page's modules only, and the
  // catalogue (the reader's language only; the other stays on the server) loads when another page opens.
  if (boot?.messages) primeMessages(lang, boot.messages);
  await Promise.all([resolveLazyMatches(routes, window.location.pathname), boot?.messages ? undefined : loadMessages(lang)]);
  hydrated = true;
  const container = document.getElementById('root')!;
  // The offline shell has no server markup: render instead of hydrating.
  const hydrating = Boolean(boot) && container.hasChildNodes();
  // Nothing to hydrate: the kept answers go in first, so the loaders find the last lists and pages offline.
  // When hydrating they wait until the markup is hydrated, so they never change what it is hydrated with.
  if (!hydrating) await persistQueries(queryClient, lang);
  // The router starts from the state the server rendered with (loader data, route errors such as a 404).
  const router = createBrowserRouter(routes, boot?.router ? { hydrationData: toHydrationState(boot.router) } : undefined);
  // Any navigation starts loading the rest of the catalogue too (a page whose module is already here waits
  // for no import, and a text it lacks would otherwise show only once the catalogue arrives).
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle') void beforePage();
  });
  const env = {
    http,
    lang,
    colorMode: boot?.colorMode ?? parseColorMode(document.documentElement.dataset.colorMode),
    publicUrl: boot?.publicUrl ?? window.location.origin,
    siteName: boot?.siteName ?? document.title,
  };
  // Without server data (the offline shell) the router runs the loaders first. When hydrating, loaders that
  // must run in the browser (the login check of protected pages) run while the server's markup is hydrated.
  if (!hydrating && !router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (state.initialized) {
          unsubscribe();
          resolve();
        }
      });
    });
  }
  const app = (
    <AppProviders env={env} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  // What no reader needs at once waits until the page has loaded and the browser is idle: the service worker
  // (workbox-window) and the kept query answers (their restore and first write).
  const afterLoad = () =>
    whenIdle(() => {
      void persistQueries(queryClient, lang);
      void registerServiceWorker();
    });
  if (hydrating) {
    // Hydrated as a transition: React works in short slices and yields to the browser between them (a tap or a
    // scroll is answered meanwhile) instead of one long task over the whole page.
    startTransition(() => {
      hydrateRoot(container, <AfterHydration then={afterLoad}>{app}</AfterHydration>);
    });
  } else {
    createRoot(container).render(app);
    void registerServiceWorker();
  }
}

