import { queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common.js';
import type { ArticleCard, ArticleDetail } from '../../../../shared/api/content.js';
import { contentPaths } from '../../../../shared/api/content-paths.js';
import { pathOf, type HttpClient } from '../../../lib/http.js';
import { GUEST, PERSONAL } from './guest.js';

export interface ArticleListParams {
  page?: number;
  page_size?: number;
  category?: number;
  tag?: number;
  topic?: number;
  author?: number;
  access?: 'free' | 'premium';
}

export const HOT_LIMIT = 8;
export const RELATED_LIMIT = 6;

export const articleKeys = {
  all: ['articles'] as const,
  /** `viewer` is the user id (0 = guest): what a user may read differs from what a guest may. */
  detail: (id: number, viewer: number) => ['articles', 'detail', id, viewer] as const,
  adminPreview: (id: number, viewer: number) => ['articles', 'admin-preview', id, viewer] as const,
  summaries: (params: ArticleListParams) => ['articles', 'summaries', params] as const,
  byAuthor: (id: number, page: number) => ['articles', 'author', id, page] as const,
  hot: (categoryId: number) => ['articles', 'hot', categoryId] as const,
  hotBanner: (categoryId: number) => ['articles', 'hot-banner', categoryId] as const,
  related: (id: number) => ['articles', 'related', id] as const,
};

/**
 * An article as `viewer` may read it. The guest version (viewer 0) is fetched without a token, so it is
 * exactly what the server rendered; a user's version carries their token and is marked personal.
 */
export const articleQuery = (http: HttpClient, id: number, viewer = 0) =>
  queryOptions({
    queryKey: articleKeys.detail(id, viewer),
    queryFn: () => http.get<ArticleDetail>(pathOf(contentPaths.article, { id }), undefined, viewer ? undefined : GUEST),
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

export const articleSummariesQuery = (http: HttpClient, params: ArticleListParams) =>
  queryOptions({
    queryKey: articleKeys.summaries(params),
    queryFn: () => http.get<Paginated<ArticleCard>>(contentPaths.articleSummaryList, { ...params }, GUEST),
  });

export const articlesByAuthorQuery = (http: HttpClient, id: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: articleKeys.byAuthor(id, page),
    queryFn: () => http.get<Paginated<ArticleCard>>(pathOf(contentPaths.articlesByAuthor, { id }), { page, page_size: pageSize }, GUEST),
  });

/** Hot articles of a category; 0 means every category. */
export const hotArticlesQuery = (http: HttpClient, categoryId = 0) =>
  queryOptions({
    queryKey: articleKeys.hot(categoryId),
    queryFn: () => http.get<ArticleCard[]>(pathOf(contentPaths.articleHot, { id: categoryId }), { limit: HOT_LIMIT }, GUEST),
  });

/** Hot articles with a cover, for the carousel when no banner is set. */
export const hotBannerArticlesQuery = (http: HttpClient, categoryId = 0) =>
  queryOptions({
    queryKey: articleKeys.hotBanner(categoryId),
    queryFn: () => http.get<ArticleCard[]>(pathOf(contentPaths.articleHotBanner, { id: categoryId }), { limit: HOT_LIMIT }, GUEST),
  });

export const relatedArticlesQuery = (http: HttpClient, id: number) =>
  queryOptions({
    queryKey: articleKeys.related(id),
    queryFn: () => http.get<ArticleCard[]>(pathOf(contentPaths.articleRelated, { id }), { limit: RELATED_LIMIT }, GUEST),
  });
