import { useQueries } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useHttp } from '../../app/context.js';
import { paths } from '../../app/paths.js';
import { getDb, type LecternDb, type LibraryItem } from '../../lib/db.js';
import { Head } from '../../ui/head.js';
import { itemsFor, removeItem } from '../../lib/offline/library-store.js';
import { formatBytes } from '../../lib/offline/offline-i18n.js';
import { createFeatureI18n } from '../../lib/feature-i18n.js';
import { pathOf } from '../../lib/http.js';
import { offlineEn, offlineZhCN } from '../../../shared/i18n/offline.js';
import { offlineArticlesEn, offlineArticlesZhCN } from '../../../shared/i18n/offline-articles.js';
import type { ArticleCard } from '../../../shared/api/content.js';
import { contentPaths } from '../../../shared/api/content-paths.js';
import { pendingCount } from '../../lib/offline/progress-outbox.js';
import { manifestQuery, updateCost, useOnline } from '../../lib/offline/library-hooks.js';
import { useSession } from '../../lib/session/session-context.js';
import '../../lib/offline/offline.css';

const useLibraryI18n = createFeatureI18n({ en: { ...offlineEn, ...offlineArticlesEn }, 'zh-CN': { ...offlineZhCN, ...offlineArticlesZhCN } });

/** The library's messages (courses and articles), and sizes in the reader's language. */
function useOfflineI18n() {
  const { t, lang } = useLibraryI18n();
  return { t, lang, size: (bytes: number) => formatBytes(bytes, lang) };
}

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
  // A saved article's version is its update time, which its public summary tells (no body, the same for everyone).
  const articles = (items ?? []).filter((item) => item.kind === 'article');
  const summaries = useQueries({
    queries: articles.map((item) => ({
      queryKey: ['articles', 'summary', item.id] as const,
      queryFn: () => http.get<ArticleCard>(pathOf(contentPaths.articleSummary, { id: item.id }), undefined, { anonymous: true }),
      enabled: online,
      retry: false,
      staleTime: 60_000,
    })),
  });
  if (!items) return null;
  const versions = new Map(courses.map((item, i) => [item.key, manifests[i]?.data]));
  const articleVersions = new Map(articles.map((item, i) => [item.key, summaries[i]?.data?.updated_at]));

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
        <p>{t('articleOffline.none')}</p>
      ) : (
        <>
          <ul className="offline-library__list">
            {items.map((item) => {
              const manifest = versions.get(item.key);
              const stale = manifest && manifest.version !== item.version ? updateCost(manifest, item) : null;
              const articleVersion = articleVersions.get(item.key);
              const articleStale = articleVersion !== undefined && articleVersion !== item.version;
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
                    {articleStale && (
                      <span className="offline-library__meta">
                        <Link to={hrefOf(item)}>{t('articleOffline.listUpdate')}</Link>
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
      <Head title={t('library.title')} description={t('articleOffline.description')} noindex />
      <header className="page-header">
        <h1 id="offline-library-title">{t('library.title')}</h1>
        <p className="page-header__description">{t('articleOffline.description')}</p>
      </header>
      {db && <LibraryList db={db} viewer={viewer} />}
    </section>
  );
}
