import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params } from 'react-router-dom';
import { useParams, useSearchParams } from 'react-router-dom';
import { useHttp, useI18n } from '../../../app/context.js';
import { feedPaths, paths } from '../../../app/paths.js';
import { notFound, parseId, parseName, parsePage, requirePage } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { articleSummariesQuery } from '../api/articles.js';
import { tagQuery, type CatalogLookup } from '../api/catalog.js';
import { ArticleListPage, LIST_PAGE_SIZE } from '../components/article-list-page.js';

/** One page for /tag/{id} and /tag/n/{name}. */
function lookupOf(params: Params): (CatalogLookup & { by: 'id' | 'name' }) | null {
  if (params.id !== undefined) {
    const id = parseId(params.id);
    return id ? { by: 'id', value: id } : null;
  }
  const name = parseName(params.name);
  return name ? { by: 'name', value: name } : null;
}

const listParams = (tag: number, page: number) => ({ tag, page, page_size: LIST_PAGE_SIZE });

export async function loader({ queryClient, http }: RouteDeps, { params, request }: LoaderFunctionArgs) {
  const page = requirePage(request);
  const tag = await queryClient.ensureQueryData(tagQuery(http, lookupOf(params) ?? notFound(request)));
  await queryClient.ensureQueryData(articleSummariesQuery(http, listParams(tag.id, page)));
  return null;
}

export function Component() {
  const http = useHttp();
  const { t } = useI18n();
  const [search] = useSearchParams();
  const page = parsePage(search) ?? 1;
  const { data: tag } = useSuspenseQuery(tagQuery(http, lookupOf(useParams())!));
  const { data: list } = useSuspenseQuery(articleSummariesQuery(http, listParams(tag.id, page)));
  return (
    <ArticleListPage
      list={list}
      page={page}
      kicker={t('tag.kicker')}
      title={tag.name}
      headTitle={`#${tag.name}`}
      description={tag.description}
      fallbackDescription={t('tag.description', { name: tag.name })}
      path={paths.tag(tag.id)}
      feeds={{ rss: feedPaths.tag(tag.id), atom: feedPaths.tag(tag.id, 'atom') }}
    />
  );
}
