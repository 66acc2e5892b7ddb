import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { ArticleDetail, ArticleUnlock } from '../../../../shared/api/content.js';
import { useI18n } from '../../../app/context.js';
import { ApiError } from '../../../lib/http.js';
import { offlineCacheName } from '../../../lib/offline/offline-caches.js';
import { useOnline } from '../../../lib/online-status.js';
import { accessKeys } from '../api/article-access.js';
import { articleApiUrl } from './article-url.js';

/**
 * How long the page waits for the access check before it shows the reader's saved copy, while the browser says it
 * is online: a captive portal or a dead signal answers nothing, and the check would wait for its whole timeout.
 * The copy is shown at once when the browser knows it is offline or the check failed for want of a connection.
 */
export const SAVED_COPY_WAIT_MS = 3000;

type CheckState = 'waiting' | 'answered' | 'unreachable';

/** Where the page's access check is: no answer yet, answered by the site (whatever it said), or failed for want of a connection. */
function useAccessCheck(id: number, viewer: number): CheckState {
  const queryCache = useQueryClient().getQueryCache();
  const subscribe = useCallback((listener: () => void) => queryCache.subscribe(listener), [queryCache]);
  const read = useCallback((): CheckState => {
    const state = queryCache.find({ queryKey: accessKeys.access(id, viewer), exact: true })?.state;
    if (!state || state.status === 'pending') return 'waiting';
    if (state.status === 'success') return 'answered';
    return state.error instanceof ApiError && state.error.status > 0 ? 'answered' : 'unreachable';
  }, [queryCache, id, viewer]);
  return useSyncExternalStore(subscribe, read, () => 'waiting');
}

/**
 * The viewer's own saved copy of an article, read from their offline cache on this device (no network): the
 * answer "Save for offline" stored, in any language it was saved in. Only their own cache: a guest's saves hold
 * free content only.
 */
export async function readOwnSavedArticle(cacheStorage: CacheStorage, viewer: number, id: number, lang: Parameters<typeof articleApiUrl>[1]): Promise<ArticleDetail | null> {
  const cacheName = offlineCacheName(viewer);
  if (viewer <= 0 || !(await cacheStorage.has(cacheName))) return null;
  const options = { cacheName, ignoreVary: true };
  const response =
    (await cacheStorage.match(articleApiUrl(id, lang), options)) ?? (await cacheStorage.match(articleApiUrl(id, lang), { ...options, ignoreSearch: true }));
  if (!response?.ok) return null;
  try {
    return (await response.json()) as ArticleDetail;
  } catch {
    return null;
  }
}

// The control itself (its machine, Dexie, the library's messages) comes in a chunk of its own.
const SaveArticleOffline = lazy(() => import('./save-article.js'));

export interface ArticleOfflineSlotProps {
  /** The article as a guest gets it (what the server rendered). */
  guestCopy: ArticleDetail;
  /** The viewer's unlocked copy, when the unlock answered. */
  unlocked: ArticleUnlock | null;
  /** The user id, 0 for a guest. */
  viewer: number;
  /** The viewer's own copy read with no connection: the page shows it in place of the locked one. */
  onOwnCopy: (copy: ArticleDetail) => void;
  /** The guest pressed the page's "Save for offline": start at once. */
  autoStart: boolean;
}

/**
 * What the article page loads for a logged-in reader (or once a guest presses "Save for offline"), after
 * hydration: the save control, and, when the site cannot be reached, the reader's own copy of a locked article
 * that they saved for offline, read from their cache on this device. Unreachable means: the browser says it is
 * offline, the access check failed for want of a connection, or it has not answered within SAVED_COPY_WAIT_MS
 * (a connection that says it is online but carries nothing). A check that answers later still wins: the page
 * shows its unlocked copy over this one. Kept apart from the page so a guest's first visit carries none of it.
 */
export default function ArticleOfflineSlot({ guestCopy, unlocked, viewer, onOwnCopy, autoStart }: ArticleOfflineSlotProps) {
  const { lang } = useI18n();
  const online = useOnline();
  const check = useAccessCheck(guestCopy.id, viewer);
  const candidate = viewer > 0 && guestCopy.locked && !unlocked && check !== 'answered';
  const [stalled, setStalled] = useState(false);
  useEffect(() => {
    if (!candidate || !online) return;
    const timer = setTimeout(() => setStalled(true), SAVED_COPY_WAIT_MS);
    return () => clearTimeout(timer);
  }, [candidate, online]);
  const wanted = candidate && (!online || stalled || check === 'unreachable');
  // Read once per wish: the copy lives as long as the page shows it.
  useEffect(() => {
    if (!wanted || typeof caches === 'undefined') return;
    let current = true;
    readOwnSavedArticle(caches, viewer, guestCopy.id, lang)
      .then((copy) => {
        if (current && copy && !copy.locked && copy.id === guestCopy.id) onOwnCopy(copy);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [wanted, viewer, lang, guestCopy.id, onOwnCopy]);
  // Saving reads the article as the viewer may read it without the meter: free, a free read, member, staff.
  const canSave = !guestCopy.locked || unlocked?.reason === 'member' || unlocked?.reason === 'staff';
  return (
    <Suspense fallback={null}>
      <SaveArticleOffline articleId={guestCopy.id} title={guestCopy.title} version={guestCopy.updated_at} viewer={viewer} canSave={canSave} autoStart={autoStart} />
    </Suspense>
  );
}
