import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useHttp } from '../../../app/context.js';
import { getDb, type LecternDb } from '../../../lib/db.js';
import { accessTokenForCall } from '../../../lib/session/session-context.js';
import { useViewer } from '../components/viewer.js';
import type { SaveOfflineSnapshot } from '../machines/save-offline-machine.js';
import { useOfflineI18n } from '../../../lib/offline/offline-i18n.js';
import { paths } from '../../../app/paths.js';
import { manifestQuery, updateCost, useOnline, useSavedItem } from '../../../lib/offline/library-hooks.js';
import { SaveProgress } from '../../../lib/offline/save-progress.js';
import { saveStatus } from '../../../lib/offline/save-status.js';
import { provideSaveMachine } from '../machines/save-service.js';
import '../../../lib/offline/offline.css';

interface SaveCourseProps {
  courseId: number;
  title: string;
  /** Whether the viewer may read every lesson (the manifest answers only then). */
  canRead: boolean;
  /** A premium course: its saved copy goes when the saver's membership does. */
  membersOnly: boolean;
}

/**
 * "Save for offline" on a course page: its size, the save with a progress bar (bytes and lessons), cancel,
 * resume once the connection returns, the storage-short refusal, and "update available" for a saved copy of
 * an older version. Rendered in the browser only, once the session is read (the server's page has none).
 */
export function SaveCourseOffline(props: SaveCourseProps) {
  const { viewer, ready } = useViewer();
  const db = typeof window === 'undefined' ? undefined : getDb();
  if (!ready || !db || typeof caches === 'undefined') return null;
  // A new viewer (a logout in any tab, a login) starts a new save: a save never outlives its owner.
  return <SaveCourseControl key={viewer} {...props} viewer={viewer} db={db} />;
}

function SaveCourseControl({ courseId, title, canRead, membersOnly, viewer, db }: SaveCourseProps & { viewer: number; db: LecternDb }) {
  const http = useHttp();
  const { t, size, lang } = useOfflineI18n();
  const online = useOnline();
  const labelId = useId();
  const machine = useMemo(
    () =>
      provideSaveMachine({
        db,
        http,
        cacheStorage: caches,
        token: accessTokenForCall,
        ...(navigator.storage ? { storage: navigator.storage } : {}),
        registration: async () => (navigator.serviceWorker ? await navigator.serviceWorker.getRegistration() : undefined),
        lang,
      }),
    [db, http, lang],
  );
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (s: SaveOfflineSnapshot) => s);
  const state = snapshot.value;
  const { progress, reason } = snapshot.context;
  const saved = useSavedItem(db, viewer, 'course', courseId);
  const manifest = useQuery({ ...manifestQuery(http, courseId, viewer), enabled: canRead && online });

  // A save stopped by a lost connection goes on by itself once the browser is back online.
  useEffect(() => {
    if (online && state === 'failed' && reason === 'offline') actor.send({ type: 'RESUME' });
  }, [online, state, reason, actor]);

  if (!canRead && !saved) return null;
  const save = () => actor.send({ type: 'SAVE', request: { kind: 'course', id: courseId, title, owner: viewer, membersOnly } });
  const stale = saved && manifest.data && manifest.data.version !== saved.version ? updateCost(manifest.data, saved) : null;
  const busy = state === 'checking' || state === 'downloading';
  const progressText = t('library.progressText', {
    lessons: progress.lessonsDone,
    lessonsTotal: progress.lessonsTotal,
    done: size(progress.bytesDone),
    total: size(Math.max(progress.bytesTotal, progress.bytesDone)),
  });

  const { status, error } = saveStatus({ state, context: snapshot.context, savedSize: saved?.size, busy }, t, size);

  return (
    <section className="save-offline" aria-labelledby={labelId}>
      <h2 id={labelId} className="visually-hidden">{t('library.save')}</h2>
      <div className="save-offline__actions">
        {!busy && canRead && (!saved || state === 'failed' || state === 'storage_short') && (
          <button type="button" className="button" disabled={!online} onClick={state === 'failed' ? () => actor.send({ type: 'RESUME' }) : save}>
            {/* No size here: the manifest counts the answers and images, not the pages the save stores too. Once saved, the size stored is shown. */}
            {state === 'failed' ? t('library.resume') : t('library.save')}
          </button>
        )}
        {busy && (
          <button type="button" className="button button--quiet" onClick={() => actor.send({ type: 'CANCEL' })}>
            {t('library.cancel')}
          </button>
        )}
        {saved && <Link to={paths.offline()}>{t('library.open')}</Link>}
      </div>
      {state === 'downloading' && (
        <SaveProgress id={`${labelId}-bar`} label={t('library.progressLabel')} done={progress.bytesDone} expected={progress.bytesTotal} text={progressText} />
      )}
      {stale && !busy && canRead && (
        <p className="save-offline__actions">
          <span>{t(stale.lessons === 1 ? 'library.updateOne' : 'library.update', { count: stale.lessons, size: size(stale.bytes) })}</span>
          <button type="button" className="button button--quiet" disabled={!online} onClick={save}>
            {t('library.updateButton')}
          </button>
        </p>
      )}
      {!saved && !busy && state !== 'storage_short' && state !== 'failed' && <p className="save-offline__hint">{t('library.saveHint')}</p>}
      <p className={error ? 'save-offline__status save-offline__status--error' : 'save-offline__status'} role="status">
        {status}
      </p>
    </section>
  );
}
