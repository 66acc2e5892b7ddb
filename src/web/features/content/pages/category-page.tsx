import type { Params } from 'react-router-dom';
import { feedPaths, paths } from '../../../app/paths.js';
import { parseId, parseName } from '../../../app/route-params.js';
import { articleSummariesQuery } from '../api/articles.js';
import { categoryQuery, type CatalogLookup } from '../api/catalog.js';
import { LIST_PAGE_SIZE } from '../components/article-list-page.js';
import { catalogListRoute } from '../components/catalog-list-route.js';

/** One page for /category/{id}, /category/n/{name} and /category/s/{slug}: the route's param says which. */
function lookupOf(params: Params): CatalogLookup | null {
  if (params.id !== undefined) {
    const id = parseId(params.id);
    return id ? { by: 'id', value: id } : null;
  }
  const name = parseName(params.name ?? params.slug);
  return name ? { by: params.name !== undefined ? 'name' : 'slug', value: name } : null;
}

export const { loader, Component } = catalogListRoute({
  keyOf: lookupOf,
  idOf: (lookup) => (lookup.by === 'id' ? lookup.value : null),
  owner: categoryQuery,
  articles: (http, category, page, lang) => articleSummariesQuery(http, { category, page, page_size: LIST_PAGE_SIZE }, lang),
  view: (category, t) => ({
    kicker: t('category.kicker'),
    title: category.name,
    description: category.description,
    fallbackDescription: t('category.description', { name: category.name }),
    path: paths.category(category.id),
    feeds: { rss: feedPaths.category(category.id), atom: feedPaths.category(category.id, 'atom') },
  }),
});
