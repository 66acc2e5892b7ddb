import { useQueries } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useHttp } from '../../app/context.js';
import { paths } from '../../app/paths.js';
import { getDb, type LecternDb, type LibraryItem } from '../../lib/db.js';
import { Head } from '../../ui/head.js';
import { itemsFor, removeItem } from '../../lib/offline/library-store.js';
import { useOfflineI18n } from '../../lib/offline/offline-i18n.js';
import { pendingCount } from '../../lib/offline/progress-outbox.js';
import { manifestQuery, updateCost, useOnline } from '../../lib/offline/library-hooks.js';
import { useSession } from '../../lib/session/session-context.js';
import '../../lib/offline/offline.css';

const hrefOf = (item: LibraryItem) => (item.kind === 'course' ? paths.course(item.id) : paths.article(item.id));

/** The saved items of the viewer, with what each weighs and, online, whether a newer version exists. */
function LibraryList({ db, viewer }: { db: LecternDb; viewer: number }) {
  const http = useHttp();
  const { t, lang, size } = useOfflineI18n();
  const online = useOnline();
  const items = useLiveQuery(() => itemsFor(db, viewer), [db, viewer]);
  const waiting = useLiveQuery(() => (viewer ? pendingCount(db, viewer) : 0), [db, viewer], 0);
  const [status, setStatus] = useState('');
  const statusRef = useRef<HTMLParagraphElement>(null);
  const courses = (items ?? []).filter((item) => item.kind === 'course');
  const manifests = useQueries({
    queries: courses.map((item) => ({ ...manifestQuery(http, item.id, item.owner), enabled: online, retry: false })),
  });
  if (!items) return null;
  const versions = new Map(courses.map((item, i) => [item.key, manifests[i]?.data]));

  const remove = async (item: LibraryItem) => {
    await removeItem(db, typeof caches === 'undefined' ? undefined : caches, item);
    setStatus(t('library.removed', { title: item.title }));
    // The button that had focus is gone: the announcement takes it, so keyboard users are not lost.
    statusRef.current?.focus();
  };
  const total = items.reduce((sum, item) => sum + item.size, 0);
  return (
    <>
      <p ref={statusRef} className="form-status" role="status" tabIndex={-1}>{status}</p>
      {waiting > 0 && <p>{t('library.outboxWaiting', { count: waiting })}</p>}
      {items.length === 0 ? (
        <p>{t('library.none')}</p>
      ) : (
        <>
          <ul className="offline-library__list">
            {items.map((item) => {
              const manifest = versions.get(item.key);
              const stale = manifest && manifest.version !== item.version ? updateCost(manifest, item) : null;
              return (
                <li key={item.key} className="offline-library__item">
                  <span className="offline-library__name">
                    <Link to={hrefOf(item)}>{item.title}</Link>
                    <span className="offline-library__meta">
                      {t(`library.kind.${item.kind}`)}
                      {item.kind === 'course' && <> · {t(item.lesson_count === 1 ? 'library.lessonsOne' : 'library.lessons', { count: item.lesson_count })}</>}
                      {' · '}
                      {size(item.size)}
                      {' · '}
                      {t('library.savedOn', { date: new Date(item.saved_at).toLocaleDateString(lang) })}
                    </span>
                    {stale && (
                      <span className="offline-library__meta">
                        <Link to={hrefOf(item)}>{t(stale.lessons === 1 ? 'library.updateOne' : 'library.update', { count: stale.lessons, size: size(stale.bytes) })}</Link>
                      </span>
                    )}
                    {item.owner === 0 && viewer > 0 && <span className="offline-library__meta">{t('library.guestNote')}</span>}
                  </span>
                  <button type="button" className="button button--quiet" aria-label={t('library.removeNamed', { title: item.title })} onClick={() => void remove(item)}>
                    {t('library.remove')}
                  </button>
                </li>
              );
            })}
          </ul>
          <p className="offline-library__meta">{t('library.total', { size: size(total) })}</p>
        </>
      )}
    </>
  );
}

/**
 * `/offline`: what this device holds for offline reading (the guest's saves, and the user's own when logged
 * in), each with its size and a Remove button that deletes its stored entries and its row. The server renders
 * the page's frame; the list is read from this device after hydration.
 */
export function Component() {
  const { t } = useOfflineI18n();
  const { auth, ready } = useSession();
  const viewer = ready && auth?.isLogin ? auth.userid : 0;
  const db = ready ? getDb() : undefined;
  return (
    <section className="offline-library" aria-labelledby="offline-library-title">
      <Head title={t('library.title')} description={t('library.description')} noindex />
      <header className="page-header">
        <h1 id="offline-library-title">{t('library.title')}</h1>
        <p className="page-header__description">{t('library.description')}</p>
      </header>
      {db && <LibraryList db={db} viewer={viewer} />}
    </section>
  );
}
