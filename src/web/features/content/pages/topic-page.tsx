import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { useParams, useSearchParams } from 'react-router-dom';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { parseId, parsePage, requireId, requirePage } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { topicArticlesQuery, topicQuery } from '../api/catalog.js';
import { ArticleListPage, LIST_PAGE_SIZE } from '../components/article-list-page.js';

export async function loader({ queryClient, http }: RouteDeps, { params, request }: LoaderFunctionArgs) {
  const id = requireId(params.id, request);
  const page = requirePage(request);
  await Promise.all([
    queryClient.ensureQueryData(topicQuery(http, id)),
    queryClient.ensureQueryData(topicArticlesQuery(http, id, page, LIST_PAGE_SIZE)),
  ]);
  return null;
}

/** A topic's articles, in the order its editors set. */
export function Component() {
  const http = useHttp();
  const { t } = useI18n();
  const id = parseId(useParams().id)!;
  const [search] = useSearchParams();
  const page = parsePage(search) ?? 1;
  const { data: topic } = useSuspenseQuery(topicQuery(http, id));
  const { data: list } = useSuspenseQuery(topicArticlesQuery(http, id, page, LIST_PAGE_SIZE));
  return (
    <ArticleListPage
      list={list}
      page={page}
      kicker={t('topic.kicker')}
      title={topic.name}
      description={topic.description}
      fallbackDescription={t('topic.description', { name: topic.name })}
      path={paths.topic(topic.id)}
      image={topic.cover}
    >
      {topic.cover && <img className="page-header__cover" src={topic.cover} alt="" decoding="async" />}
    </ArticleListPage>
  );
}
