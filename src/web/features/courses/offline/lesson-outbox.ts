import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useSyncExternalStore } from 'react';
import { getDb } from '../../../lib/db.js';
import { useOfflineI18n } from '../../../lib/offline/offline-i18n.js';
import { lastOutboxResult, onOutboxSent, queueProgress, queuedDoneLessons } from '../../../lib/offline/progress-outbox.js';

const NONE = new Set<number>();
const noResult = () => null;

/**
 * The lesson page's side of the progress outbox: `queue()` keeps a "done" made with no connection (false
 * where it cannot: a guest, no IndexedDB), `queuedDone` says a lesson is marked here and waiting, and
 * `sentText` reports the server's answer once the queue of this course was sent.
 */
export function useProgressOutbox(viewer: number, courseId: number, lessonId: number) {
  const { t } = useOfflineI18n();
  const db = typeof window === 'undefined' ? undefined : getDb();
  const queued = useLiveQuery(() => (db && viewer ? queuedDoneLessons(db, viewer) : NONE), [db, viewer], NONE);
  const sent = useSyncExternalStore(onOutboxSent, lastOutboxResult, noResult);
  const queue = useCallback(
    async (now = new Date()) => {
      if (!db || !viewer) return false;
      await queueProgress(db, { user_id: viewer, course_id: courseId, lesson_id: lessonId, done: true, position: 1, client_updated_at: now.toISOString() });
      return true;
    },
    [db, viewer, courseId, lessonId],
  );
  const sentHere = sent?.sent.filter((answer) => answer.course_id === courseId && answer.done) ?? [];
  return {
    queue,
    queuedDone: queued.has(lessonId),
    queuedText: t('library.outboxQueued'),
    sentText: sentHere.length > 0 ? t('library.outboxSent', { count: sentHere.length }) : '',
  };
}
