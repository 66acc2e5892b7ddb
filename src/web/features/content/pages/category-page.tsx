import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params } from 'react-router-dom';
import { useParams, useSearchParams } from 'react-router-dom';
import { useI18n, useHttp } from '../../../app/context.js';
import { feedPaths, paths } from '../../../app/paths.js';
import { notFound, parseId, parseName, parsePage, requirePage } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { articleSummariesQuery } from '../api/articles.js';
import { categoryQuery, type CatalogLookup } from '../api/catalog.js';
import { ArticleListPage, LIST_PAGE_SIZE } from '../components/article-list-page.js';

/** One page for /category/{id}, /category/n/{name} and /category/s/{slug}: the route's param says which. */
function lookupOf(params: Params): CatalogLookup | null {
  if (params.id !== undefined) {
    const id = parseId(params.id);
    return id ? { by: 'id', value: id } : null;
  }
  const name = parseName(params.name ?? params.slug);
  return name ? { by: params.name !== undefined ? 'name' : 'slug', value: name } : null;
}

const listParams = (category: number, page: number) => ({ category, page, page_size: LIST_PAGE_SIZE });

export async function loader({ queryClient, http }: RouteDeps, { params, request }: LoaderFunctionArgs) {
  const page = requirePage(request);
  const category = await queryClient.ensureQueryData(categoryQuery(http, lookupOf(params) ?? notFound(request)));
  await queryClient.ensureQueryData(articleSummariesQuery(http, listParams(category.id, page)));
  return null;
}

export function Component() {
  const http = useHttp();
  const { t } = useI18n();
  const [search] = useSearchParams();
  const page = parsePage(search) ?? 1;
  const { data: category } = useSuspenseQuery(categoryQuery(http, lookupOf(useParams())!));
  const { data: list } = useSuspenseQuery(articleSummariesQuery(http, listParams(category.id, page)));
  return (
    <ArticleListPage
      list={list}
      page={page}
      kicker={t('category.kicker')}
      title={category.name}
      description={category.description}
      fallbackDescription={t('category.description', { name: category.name })}
      path={paths.category(category.id)}
      feeds={{ rss: feedPaths.category(category.id), atom: feedPaths.category(category.id, 'atom') }}
    />
  );
}
