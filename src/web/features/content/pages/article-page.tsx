import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { useParams } from 'react-router-dom';
import { useAppEnv, useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { parseId, requireId } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { useSession } from '../../../lib/session/session-context.js';
import { Head } from '../../../ui/head.js';
import { articleQuery, relatedArticlesQuery } from '../api/articles.js';
import { articleJsonLd } from '../components/article-json-ld.js';
import { ArticleView } from '../components/article-view.js';
import { ReadingProgress } from '../components/reading-progress.js';
import { RelatedList } from '../components/related-list.js';
import { ShareButton } from '../components/share-button.js';

export async function loader({ queryClient, http }: RouteDeps, { params, request }: LoaderFunctionArgs) {
  const id = requireId(params.id, request);
  await Promise.all([queryClient.ensureQueryData(articleQuery(http, id)), queryClient.prefetchQuery(relatedArticlesQuery(http, id))]);
  return null;
}

export function Component() {
  const http = useHttp();
  const { publicUrl } = useAppEnv();
  const { t } = useI18n();
  const id = parseId(useParams().id)!;
  // The page is rendered as a guest sees it; a logged-in reader of a locked article then asks again
  // with their token, under a key of their own.
  const { data: guestCopy } = useSuspenseQuery(articleQuery(http, id));
  // The session (in the entry chunk) rather than a Dexie query here: Dexie loads after hydration, not with the page.
  const { auth } = useSession();
  const viewer = auth?.isLogin ? auth.userid : 0;
  const own = useQuery({ ...articleQuery(http, id, viewer), enabled: viewer !== 0 && guestCopy.locked });
  const article = own.data ?? guestCopy;
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
      <ArticleView article={article} checkingAccess={own.isFetching} actions={<ShareButton title={guestCopy.title} path={url} />} />
      {related.length > 0 && (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title">{t('article.related')}</h2>
          <RelatedList articles={related} />
        </section>
      )}
    </>
  );
}
