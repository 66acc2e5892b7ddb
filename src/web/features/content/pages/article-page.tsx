import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { useParams } from 'react-router-dom';
import { useAppEnv, useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { parseId, requireId } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { useSession } from '../../../lib/session/session-context.js';
import { Head } from '../../../ui/head.js';
import { articleAccessQuery, fingerprintQuery } from '../api/article-access.js';
import type { ArticleDetail } from '../../../../shared/api/content.js';
import { articleQuery, relatedArticlesQuery } from '../api/articles.js';
import { articleJsonLd } from '../components/article-json-ld.js';
import { ArticleView } from '../components/article-view.js';
import { Paywall } from '../components/paywall.js';
import { ReadingProgress } from '../components/reading-progress.js';
import { RelatedList } from '../components/related-list.js';
import { ShareButton } from '../components/share-button.js';
import { SAVE_LABEL } from '../offline/save-label.js';

// "Save for offline" and a user's offline copy load for a logged-in reader, or when a guest presses the
// button: never with a guest's first visit.
const ArticleOfflineSlot = lazy(() => import('../offline/article-offline-slot.js'));

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps, { params, request }: LoaderFunctionArgs) {
  const id = requireId(params.id, request);
  await Promise.all([queryClient.ensureQueryData(articleQuery(http, id, lang)), queryClient.prefetchQuery(relatedArticlesQuery(http, id, lang))]);
  return null;
}

export function Component() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const { publicUrl } = useAppEnv();
  const { t, lang } = useI18n();
  const id = parseId(useParams().id)!;
  // The page is rendered as a guest sees it, locked when premium; after hydration the browser asks for the
  // caller's own access and, when they may read, unlocks the body under a personal key.
  const { data: guestCopy } = useSuspenseQuery(articleQuery(http, id, lang));
  // The session (in the entry chunk) rather than a Dexie query here: Dexie loads after hydration, not with the page.
  const { auth, ready } = useSession();
  const viewer = auth?.isLogin ? auth.userid : 0;
  const access = useQuery({
    ...articleAccessQuery(http, id, viewer, () => queryClient.fetchQuery(fingerprintQuery(http, viewer))),
    enabled: ready && guestCopy.locked,
  });
  // With no connection, a user's own copy saved for offline (read by the offline slot): only for this article
  // and the user who read it, so neither another article nor the next person on the device shows it.
  const [own, setOwn] = useState<{ copy: ArticleDetail; viewer: number } | null>(null);
  const onOwnCopy = useCallback((copy: ArticleDetail) => setOwn({ copy, viewer }), [viewer]);
  const ownCopy = own && viewer > 0 && own.viewer === viewer && own.copy.id === id ? own.copy : null;
  const article = access.data?.unlocked ?? ownCopy ?? guestCopy;
  const [pressed, setPressed] = useState(false);
  // Opened under the monthly meter: how many free articles are left, so the reader is not surprised later.
  const metered = access.data?.unlocked?.reason === 'metered' ? access.data.unlocked : null;
  const related = useQuery(relatedArticlesQuery(http, id, lang)).data ?? [];
  const url = paths.article(id);
  return (
    <>
      <Head
        title={guestCopy.title}
        description={guestCopy.summary}
        canonical={url}
        image={guestCopy.cover}
        type="article"
        jsonLd={articleJsonLd(guestCopy, publicUrl, url)}
      />
      <ReadingProgress />
      <ArticleView
        article={article}
        actions={
          <>
            <ShareButton title={guestCopy.title} path={url} />
            {ready && !viewer && !guestCopy.locked && !pressed && (
              <button type="button" className="button button--quiet" onClick={() => setPressed(true)}>
                {SAVE_LABEL[lang]}
              </button>
            )}
            {ready && (viewer > 0 || pressed) && (
              <Suspense fallback={null}>
                <ArticleOfflineSlot guestCopy={guestCopy} unlocked={access.data?.unlocked ?? null} viewer={viewer} onOwnCopy={onOwnCopy} autoStart={pressed} />
              </Suspense>
            )}
            {metered && metered.reads_left !== null && metered.reads_limit !== null && (
              <p className="meter-note">{t('paywall.readsLeft', { left: metered.reads_left, limit: metered.reads_limit })}</p>
            )}
          </>
        }
        paywall={
          <Paywall
            status={access.data?.status ?? null}
            checking={access.isFetching}
            failed={access.isError}
            next={url}
          />
        }
      />
      {related.length > 0 && (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title">{t('article.related')}</h2>
          <RelatedList articles={related} />
        </section>
      )}
    </>
  );
}
