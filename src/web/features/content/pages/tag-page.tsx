import type { Params } from 'react-router-dom';
import { feedPaths, paths } from '../../../app/paths.js';
import { parseId, parseName } from '../../../app/route-params.js';
import { articleSummariesQuery } from '../api/articles.js';
import { tagQuery, type CatalogLookup } from '../api/catalog.js';
import { LIST_PAGE_SIZE } from '../components/article-list-page.js';
import { catalogListRoute } from '../components/catalog-list-route.js';

/** One page for /tag/{id} and /tag/n/{name}. */
function lookupOf(params: Params): (CatalogLookup & { by: 'id' | 'name' }) | null {
  if (params.id !== undefined) {
    const id = parseId(params.id);
    return id ? { by: 'id', value: id } : null;
  }
  const name = parseName(params.name);
  return name ? { by: 'name', value: name } : null;
}

export const { loader, Component } = catalogListRoute({
  keyOf: lookupOf,
  idOf: (lookup) => (lookup.by === 'id' ? lookup.value : null),
  owner: tagQuery,
  articles: (http, tag, page, lang) => articleSummariesQuery(http, { tag, page, page_size: LIST_PAGE_SIZE }, lang),
  view: (tag, t) => ({
    kicker: t('tag.kicker'),
    title: tag.name,
    headTitle: `#${tag.name}`,
    description: tag.description,
    fallbackDescription: t('tag.description', { name: tag.name }),
    path: paths.tag(tag.id),
    feeds: { rss: feedPaths.tag(tag.id), atom: feedPaths.tag(tag.id, 'atom') },
  }),
});
