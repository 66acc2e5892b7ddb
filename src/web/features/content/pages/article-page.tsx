import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { useParams } from 'react-router-dom';
import { useAppEnv, useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { parseId, requireId } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { useSession } from '../../../lib/session/session-context.js';
import { Head } from '../../../ui/head.js';
import { articleAccessQuery, fingerprintQuery } from '../api/article-access.js';
import { articleQuery, relatedArticlesQuery } from '../api/articles.js';
import { articleJsonLd } from '../components/article-json-ld.js';
import { ArticleView } from '../components/article-view.js';
import { Paywall } from '../components/paywall.js';
import { ReadingProgress } from '../components/reading-progress.js';
import { RelatedList } from '../components/related-list.js';
import { ShareButton } from '../components/share-button.js';
import { useOnlineStatus } from '../offline/online-status.js';
import { SAVE_LABEL } from '../offline/save-label.js';

// "Save for offline" (its machine, Dexie and messages) loads for a logged-in reader, or when a guest presses
// the button: never with a guest's first visit.
const SaveArticleOffline = lazy(() => import('../offline/save-article.js'));

export async function loader({ queryClient, http }: RouteDeps, { params, request }: LoaderFunctionArgs) {
  const id = requireId(params.id, request);
  await Promise.all([queryClient.ensureQueryData(articleQuery(http, id)), queryClient.prefetchQuery(relatedArticlesQuery(http, id))]);
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
  const { data: guestCopy } = useSuspenseQuery(articleQuery(http, id));
  // The session (in the entry chunk) rather than a Dexie query here: Dexie loads after hydration, not with the page.
  const { auth, ready } = useSession();
  const viewer = auth?.isLogin ? auth.userid : 0;
  const online = useOnlineStatus();
  const access = useQuery({
    ...articleAccessQuery(http, id, viewer, () => queryClient.fetchQuery(fingerprintQuery(http, viewer))),
    enabled: ready && guestCopy.locked && online,
  });
  // With no connection the unlock cannot be asked: a user's own copy is read instead (GET with their token,
  // never metered), which the worker answers from the copy they saved for offline, if any.
  const ownCopy = useQuery({
    ...articleQuery(http, id, viewer),
    enabled: ready && viewer > 0 && guestCopy.locked && (!online || access.isError),
    retry: false,
  });
  const offlineCopy = ownCopy.data && !ownCopy.data.locked ? ownCopy.data : null;
  const article = access.data?.unlocked ?? offlineCopy ?? guestCopy;
  // Saving reads the article as the viewer may read it without the meter (free, a free read, member, staff).
  const reason = access.data?.unlocked?.reason;
  const canSave = !article.locked && (!guestCopy.locked || reason === 'member' || reason === 'staff');
  const [pressed, setPressed] = useState(false);
  // Opened under the monthly meter: how many free articles are left, so the reader is not surprised later.
  const metered = access.data?.unlocked?.reason === 'metered' ? access.data.unlocked : null;
  const related = useQuery(relatedArticlesQuery(http, id)).data ?? [];
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
            {ready && !viewer && canSave && !pressed && (
              <button type="button" className="button button--quiet" onClick={() => setPressed(true)}>
                {SAVE_LABEL[lang]}
              </button>
            )}
            {ready && (viewer > 0 || pressed) && (
              <Suspense fallback={null}>
                <SaveArticleOffline articleId={id} title={guestCopy.title} version={guestCopy.updated_at} viewer={viewer} canSave={canSave} autoStart={pressed} />
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
            checking={access.isFetching || ownCopy.isFetching}
            failed={access.isError || (!online && !ownCopy.isFetching)}
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
