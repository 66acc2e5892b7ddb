import { queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common.js';
import type { Access, ArticleCard, ArticleDetail } from '../../../../shared/api/content.js';
import { contentPaths } from '../../../../shared/api/content-paths.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { pathOf, type HttpClient } from '../../../lib/http.js';
import { GUEST, PERSONAL } from './guest.js';

export interface ArticleListParams {
  page?: number;
  page_size?: number;
  category?: number;
  tag?: number;
  topic?: number;
  author?: number;
  access?: Access;
}

export const HOT_LIMIT = 8;
export const RELATED_LIMIT = 6;

/**
 * Cards and articles name their category, tags and topics in the reader's language: the keys name it, and
 * the calls pass it as `lang`, so a page rendered on the server (which sends no cookie) and any cache keyed
 * by URL get the names in the page's language.
 */
export const articleKeys = {
  all: ['articles'] as const,
  /** `viewer` is the user id (0 = guest): what a user may read differs from what a guest may. */
  detail: (id: number, viewer: number, lang: Language) => ['articles', 'detail', id, viewer, lang] as const,
  adminPreview: (id: number, viewer: number) => ['articles', 'admin-preview', id, viewer] as const,
  summaries: (params: ArticleListParams, lang: Language) => ['articles', 'summaries', params, lang] as const,
  byAuthor: (id: number, page: number, lang: Language) => ['articles', 'author', id, page, lang] as const,
  hot: (categoryId: number, lang: Language) => ['articles', 'hot', categoryId, lang] as const,
  hotBanner: (categoryId: number, lang: Language) => ['articles', 'hot-banner', categoryId, lang] as const,
  related: (id: number, lang: Language) => ['articles', 'related', id, lang] as const,
};

/**
 * An article as `viewer` may read it. The guest version (viewer 0) is fetched without a token, so it is
 * exactly what the server rendered; a user's version carries their token and is marked personal.
 */
export const articleQuery = (http: HttpClient, id: number, lang: Language, viewer = 0) =>
  queryOptions({
    queryKey: articleKeys.detail(id, viewer, lang),
    queryFn: () => http.get<ArticleDetail>(pathOf(contentPaths.article, { id }), { lang }, viewer ? undefined : GUEST),
    ...(viewer ? { meta: PERSONAL } : {}),
  });

/** Staff only: drafts included, always with the token. */
export const adminPreviewQuery = (http: HttpClient, id: number, viewer: number) =>
  queryOptions({
    queryKey: articleKeys.adminPreview(id, viewer),
    queryFn: () => http.get<ArticleDetail>(pathOf(contentPaths.articleAdminPreview, { id })),
    meta: PERSONAL,
  });

/** Resolves when the admin-preview page secret is right; a 404 (ApiError) otherwise. */
export const checkAdminPreviewSecret = (http: HttpClient, secret: string) =>
  http.get<void>(pathOf(contentPaths.articleAdminPreviewSecret, { secret }), undefined, GUEST);

export const articleSummariesQuery = (http: HttpClient, params: ArticleListParams, lang: Language) =>
  queryOptions({
    queryKey: articleKeys.summaries(params, lang),
    queryFn: () => http.get<Paginated<ArticleCard>>(contentPaths.articleSummaryList, { ...params, lang }, GUEST),
  });

export const articlesByAuthorQuery = (http: HttpClient, id: number, page: number, pageSize: number, lang: Language) =>
  queryOptions({
    queryKey: articleKeys.byAuthor(id, page, lang),
    queryFn: () => http.get<Paginated<ArticleCard>>(pathOf(contentPaths.articlesByAuthor, { id }), { page, page_size: pageSize, lang }, GUEST),
  });

/** Hot articles of a category; 0 means every category. */
export const hotArticlesQuery = (http: HttpClient, lang: Language, categoryId = 0) =>
  queryOptions({
    queryKey: articleKeys.hot(categoryId, lang),
    queryFn: () => http.get<ArticleCard[]>(pathOf(contentPaths.articleHot, { id: categoryId }), { limit: HOT_LIMIT, lang }, GUEST),
  });

/** Hot articles with a cover, for the carousel when no banner is set. */
export const hotBannerArticlesQuery = (http: HttpClient, lang: Language, categoryId = 0) =>
  queryOptions({
    queryKey: articleKeys.hotBanner(categoryId, lang),
    queryFn: () => http.get<ArticleCard[]>(pathOf(contentPaths.articleHotBanner, { id: categoryId }), { limit: HOT_LIMIT, lang }, GUEST),
  });

export const relatedArticlesQuery = (http: HttpClient, id: number, lang: Language) =>
  queryOptions({
    queryKey: articleKeys.related(id, lang),
    queryFn: () => http.get<ArticleCard[]>(pathOf(contentPaths.articleRelated, { id }), { limit: RELATED_LIMIT, lang }, GUEST),
  });
