import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { offlineEn, offlineZhCN } from '../../../../shared/i18n/offline.js';
import { offlineArticlesEn, offlineArticlesZhCN } from '../../../../shared/i18n/offline-articles.js';
import { paths } from '../../../app/paths.js';
import { getDb, type LecternDb } from '../../../lib/db.js';
import { createFeatureI18n } from '../../../lib/feature-i18n.js';
import { useOnline, useSavedItem } from '../../../lib/offline/library-hooks.js';
import { formatBytes } from '../../../lib/offline/offline-i18n.js';
import type { SaveOfflineSnapshot } from '../../../lib/offline/save-offline-machine.js';
import { provideSaveService } from '../../../lib/offline/save-service.js';
import { SaveProgress } from '../../../lib/offline/save-progress.js';
import { saveStatus } from '../../../lib/offline/save-status.js';
import { accessTokenForCall } from '../../../lib/session/session-context.js';
import { articlePlanner } from './article-save.js';
import '../../../lib/offline/offline.css';

const useArticleOfflineI18n = createFeatureI18n({
  en: { ...offlineEn, ...offlineArticlesEn },
  'zh-CN': { ...offlineZhCN, ...offlineArticlesZhCN },
});

export interface SaveArticleProps {
  articleId: number;
  title: string;
  /** The article's update time as the page read it: a saved copy of another one is out of date. */
  version: string;
  /** The viewer: the user id, 0 for a guest. */
  viewer: number;
  /** Whether the viewer may save it now (they read it without the meter: free, a free read, member, staff). */
  canSave: boolean;
  /** Start saving at once: the guest pressed the page's own button, which loaded this control. */
  autoStart?: boolean;
}

/**
 * "Save for offline" on an article page: the save with a progress bar, cancel, resume once the connection
 * returns, the storage-short refusal, and "update available" for a saved copy of an older version. Loaded on
 * demand (a logged-in reader's page, or a guest's press of the button), never with an article's first visit.
 */
export default function SaveArticleOffline(props: SaveArticleProps) {
  const db = typeof window === 'undefined' ? undefined : getDb();
  if (!db || typeof caches === 'undefined') return null;
  // A new viewer (a logout in any tab, a login) starts a new save: a save never outlives its owner.
  return <SaveArticleControl key={props.viewer} {...props} db={db} />;
}

function SaveArticleControl({ articleId, title, version, viewer, canSave, autoStart = false, db }: SaveArticleProps & { db: LecternDb }) {
  const { t, lang } = useArticleOfflineI18n();
  const size = (bytes: number) => formatBytes(bytes, lang);
  const online = useOnline();
  const labelId = useId();
  const machine = useMemo(
    () =>
      provideSaveService(
        {
          db,
          cacheStorage: caches,
          token: accessTokenForCall,
          ...(navigator.storage ? { storage: navigator.storage } : {}),
          registration: async () => (navigator.serviceWorker ? await navigator.serviceWorker.getRegistration() : undefined),
        },
        articlePlanner({ token: accessTokenForCall, lang }),
      ),
    [db, lang],
  );
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (s: SaveOfflineSnapshot) => s);
  const state = snapshot.value;
  const { progress, reason } = snapshot.context;
  const saved = useSavedItem(db, viewer, 'article', articleId);
  const save = () => actor.send({ type: 'SAVE', request: { kind: 'article', id: articleId, title, owner: viewer } });

  const started = useRef(false);
  useEffect(() => {
    if (autoStart && canSave && !started.current) {
      started.current = true;
      actor.send({ type: 'SAVE', request: { kind: 'article', id: articleId, title, owner: viewer } });
    }
  }, [autoStart, canSave, actor, articleId, title, viewer]);

  // A save stopped by a lost connection goes on by itself once the browser is back online.
  useEffect(() => {
    if (online && state === 'failed' && reason === 'offline') actor.send({ type: 'RESUME' });
  }, [online, state, reason, actor]);

  if (!canSave && !saved) return null;
  const stale = saved !== undefined && saved.version !== version;
  const busy = state === 'checking' || state === 'downloading';
  const total = Math.max(progress.bytesTotal, progress.bytesDone);
  const progressText = t('articleOffline.progressText', { done: size(progress.bytesDone), total: size(total) });

  const { status, error } = saveStatus({ state, context: snapshot.context, savedSize: saved?.size, busy }, t, size);

  return (
    <section className="save-offline" aria-labelledby={labelId}>
      <h2 id={labelId} className="visually-hidden">{t('library.save')}</h2>
      <div className="save-offline__actions">
        {!busy && canSave && (!saved || state === 'failed' || state === 'storage_short') && (
          <button type="button" className="button" disabled={!online} onClick={state === 'failed' ? () => actor.send({ type: 'RESUME' }) : save}>
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
      {stale && !busy && canSave && (
        <p className="save-offline__actions">
          <span>{t('articleOffline.update')}</span>
          <button type="button" className="button button--quiet" disabled={!online} onClick={save}>
            {t('library.updateButton')}
          </button>
        </p>
      )}
      {!saved && !busy && state !== 'storage_short' && state !== 'failed' && <p className="save-offline__hint">{t('articleOffline.hint')}</p>}
      <p className={error ? 'save-offline__status save-offline__status--error' : 'save-offline__status'} role="status">
        {status}
      </p>
    </section>
  );
}
