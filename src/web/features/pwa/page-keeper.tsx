import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterStateContext as DataRouterStateContext, useLocation } from 'react-router-dom';
import { useSession } from '../../lib/session/session-context.js';

/**
 * Notes `url` as seen by `owner`. A user's note that lands once they are no longer the one logged in (a logout or
 * another login while it was being written) goes again: their record must not outlive their session. Logout
 * changes the stored session before it drops the users' records, so either that drop or this check removes it.
 */
async function keep(owner: number, url: URL): Promise<void> {
  const [{ recordSeen, seenCacheName }, { isCacheablePage }] = await Promise.all([import('../../lib/offline/app-shell.js'), import('./page-policy.js')]);
  if (!isCacheablePage(url)) return;
  await recordSeen(caches, owner, url);
  if (owner === 0) return;
  const { readAuthState } = await import('../../lib/auth-state.js');
  const auth = await readAuthState();
  if (auth.isLogin !== 1 || auth.userid !== owner) await caches.delete(seenCacheName(owner));
}

/**
 * Notes every page the app shows its reader (loaded in full or reached inside the app) in the device's record of
 * seen pages (lib/offline/app-shell.ts), under the reader: the guest's record, or the logged-in user's, which
 * logout drops. The service worker opens such a page after a reload with no connection as the app shell, and the
 * page then reads what the app kept. A page shown as an error (offline, not found) is not noted, nor are pages
 * never kept offline (account pages with a query, previews). Renders nothing.
 */
export function PageKeeper() {
  const location = useLocation();
  const routerState = useContext(DataRouterStateContext);
  const { ready, loggedIn, auth } = useSession();
  const owner = loggedIn && auth ? auth.userid : 0;
  const settled = routerState?.navigation.state === 'idle';
  const failed = Boolean(routerState?.errors && Object.keys(routerState.errors).length > 0);
  const href = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!ready || !settled || failed || typeof caches === 'undefined') return;
    const url = new URL(href, window.location.origin);
    // The record module loads with the first page shown, not with the entry chunk.
    void keep(owner, url).catch(() => undefined);
  }, [ready, settled, failed, owner, href]);
  return null;
}
