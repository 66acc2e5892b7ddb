import { installChunkReloadGuard } from './lib/chunk-reload.js';
import './ui/styles.css';
import './features/pwa/offline-indicator.css';

/*
 * The browser's entry: the stylesheet, and the app once the server's page is on screen. The page is complete
 * and readable as it arrives (its links and the settings menu work without script), so its first paint never
 * waits for React, the router and the query cache to be evaluated; they load and hydrate right after it.
 */

/** Resolves once the page has been painted (at once in a hidden tab, which paints nothing until shown). */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

// A chunk of an older deployment is gone: reload once, rather than show an error.
installChunkReloadGuard();
// The app shell (the worker's answer, with no connection, for a page seen here but not kept as HTML) carries no
// server data: it is given the reader's language and colour mode, as the server would have chosen them. Loaded
// only there (from the worker's precache), so a page the server rendered carries none of it.
const shellReady = document.getElementById('lectern-boot')
  ? undefined
  : import('./lib/offline/shell-boot.js').then((m) => m.prepareShell(document, navigator));
void afterFirstPaint()
  .then(() => shellReady)
  .then(() => import('./app/start-client.js'))
  .then((app) => app.start());
