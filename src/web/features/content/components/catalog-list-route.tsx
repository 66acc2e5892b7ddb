import { useSuspenseQuery, type QueryKey, type UseSuspenseQueryOptions } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params } from 'react-router-dom';
import { useParams, useSearchParams } from 'react-router-dom';
import type { Paginated } from '../../../../shared/api/common.js';
import type { ArticleCard } from '../../../../shared/api/content.js';
import type { Language, MessageKey } from '../../../../shared/i18n/index.js';
import { useAppEnv, useI18n } from '../../../app/context.js';
import { notFound, parsePage, requirePage } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import type { HttpClient } from '../../../lib/http.js';
import { ArticleListPage, LIST_PAGE_SIZE, type ArticleListPageProps } from './article-list-page.js';

type Query<T, K extends QueryKey> = UseSuspenseQueryOptions<T, Error, T, K>;

/** What a list page shows of its owner, beside the articles. */
export type OwnerView = Omit<ArticleListPageProps, 'list' | 'page' | 'pageSize'>;

/**
 * A page listing the articles of one owner (a category, tag, topic or author): how the route names the
 * owner, how its record and its articles are fetched, and how it is shown.
 */
export interface CatalogListRoute<Key, Owner extends { id: number }, OwnerKey extends QueryKey, ListKey extends QueryKey> {
  /** The owner as the route's params name it (an id, a name, a slug), or null when they name nothing. */
  keyOf: (params: Params) => Key | null;
  /** The owner's id when the key says it, so its articles load beside it instead of after it. */
  idOf?: (key: Key) => number | null;
  /** The owner's record, with its description in the reader's language. */
  owner: (http: HttpClient, key: Key, lang: Language) => Query<Owner, OwnerKey>;
  /** The owner's articles, their category, tag and topic names in the reader's language. */
  articles: (http: HttpClient, id: number, page: number, lang: Language) => Query<Paginated<ArticleCard>, ListKey>;
  view: (owner: Owner, t: (key: MessageKey, vars?: Record<string, string | number>) => string) => OwnerView;
}

/** The route module (loader and page) of an article list page. */
export function catalogListRoute<Key, Owner extends { id: number }, OwnerKey extends QueryKey, ListKey extends QueryKey>(
  route: CatalogListRoute<Key, Owner, OwnerKey, ListKey>,
) {
  async function loader({ queryClient, http, lang = 'en' }: RouteDeps, { params, request }: LoaderFunctionArgs) {
    const key = route.keyOf(params) ?? notFound(request);
    const page = requirePage(request);
    const knownId = route.idOf?.(key) ?? null;
    const owner = queryClient.ensureQueryData(route.owner(http, key, lang));
    if (knownId !== null) {
      await Promise.all([owner, queryClient.ensureQueryData(route.articles(http, knownId, page, lang))]);
    } else {
      await queryClient.ensureQueryData(route.articles(http, (await owner).id, page, lang));
    }
    return null;
  }

  function Component() {
    const { http } = useAppEnv();
    const { t, lang } = useI18n();
    const [search] = useSearchParams();
    const page = parsePage(search) ?? 1;
    // The loader has answered 404 for params that name nothing, so the key is there.
    const { data: owner } = useSuspenseQuery(route.owner(http, route.keyOf(useParams())!, lang));
    const { data: list } = useSuspenseQuery(route.articles(http, owner.id, page, lang));
    return <ArticleListPage {...route.view(owner, t)} list={list} page={page} pageSize={LIST_PAGE_SIZE} />;
  }

  return { loader, Component };
}
