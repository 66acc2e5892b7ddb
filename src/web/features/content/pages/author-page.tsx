import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { useParams, useSearchParams } from 'react-router-dom';
import { useHttp, useI18n } from '../../../app/context.js';
import { feedPaths, paths } from '../../../app/paths.js';
import { parseId, parsePage, requireId, requirePage } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { articlesByAuthorQuery } from '../api/articles.js';
import { authorQuery } from '../api/catalog.js';
import { ArticleListPage, LIST_PAGE_SIZE } from '../components/article-list-page.js';

export async function loader({ queryClient, http }: RouteDeps, { params, request }: LoaderFunctionArgs) {
  const id = requireId(params.id, request);
  const page = requirePage(request);
  await Promise.all([
    queryClient.ensureQueryData(authorQuery(http, id)),
    queryClient.ensureQueryData(articlesByAuthorQuery(http, id, page, LIST_PAGE_SIZE)),
  ]);
  return null;
}

export function Component() {
  const http = useHttp();
  const { t } = useI18n();
  const id = parseId(useParams().id)!;
  const [search] = useSearchParams();
  const page = parsePage(search) ?? 1;
  const { data: author } = useSuspenseQuery(authorQuery(http, id));
  const { data: list } = useSuspenseQuery(articlesByAuthorQuery(http, id, page, LIST_PAGE_SIZE));
  return (
    <ArticleListPage
      list={list}
      page={page}
      kicker={t('author.kicker')}
      title={author.display_name}
      description={author.description}
      fallbackDescription={t('author.description', { name: author.display_name })}
      path={paths.author(author.id)}
      image={author.avatar}
      feeds={{ rss: feedPaths.author(author.id), atom: feedPaths.author(author.id, 'atom') }}
    >
      {author.avatar && <img className="avatar" src={author.avatar} alt="" width={64} height={64} />}
    </ArticleListPage>
  );
}
