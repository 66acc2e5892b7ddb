import { lazy, Suspense, useEffect } from 'react';
import type { ArticleDetail, ArticleUnlock } from '../../../../shared/api/content.js';
import { contentPaths } from '../../../../shared/api/content-paths.js';
import { useHttp, useI18n } from '../../../app/context.js';
import { pathOf } from '../../../lib/http.js';
import { useOnline } from '../../../lib/online-status.js';

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
 * hydration: the save control, and, with no connection, the reader's own copy of a locked article (GET with
 * their token, never metered), which the worker answers from what they saved for offline. Kept apart from the
 * page so a guest's first visit carries none of it.
 */
export default function ArticleOfflineSlot({ guestCopy, unlocked, viewer, onOwnCopy, autoStart }: ArticleOfflineSlotProps) {
  const http = useHttp();
  const { lang } = useI18n();
  const online = useOnline();
  const wanted = viewer > 0 && guestCopy.locked && !online && !unlocked;
  // A plain call rather than a query (the page's chunk stays light): the copy lives as long as the page shows it.
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    http
      .get<ArticleDetail>(pathOf(contentPaths.article, { id: guestCopy.id }), { lang })
      .then((copy) => {
        if (current && !copy.locked) onOwnCopy(copy);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [wanted, http, lang, guestCopy.id, onOwnCopy]);
  // Saving reads the article as the viewer may read it without the meter: free, a free read, member, staff.
  const canSave = !guestCopy.locked || unlocked?.reason === 'member' || unlocked?.reason === 'staff';
  return (
    <Suspense fallback={null}>
      <SaveArticleOffline articleId={guestCopy.id} title={guestCopy.title} version={guestCopy.updated_at} viewer={viewer} canSave={canSave} autoStart={autoStart} />
    </Suspense>
  );
}
