import { queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common.js';
import type { ArticleCard, ArticleDetail } from '../../../../shared/api/content.js';
import { contentPaths } from '../../../../shared/api/content-paths.js';
import { pathOf, type HttpClient } from '../../../lib/http.js';

export const articleKeys = {
  all: ['articles'] as const,
  detail: (id: number) => ['articles', 'detail', id] as const,
  summaries: (params: Record<string, number | string | undefined>) => ['articles', 'summaries', params] as const,
};

export const articleQuery = (http: HttpClient, id: number) =>
  queryOptions({
    queryKey: articleKeys.detail(id),
    queryFn: () => http.get<ArticleDetail>(pathOf(contentPaths.article, { id })),
  });

export const articleSummariesQuery = (http: HttpClient, params: { page?: number; page_size?: number; category?: number; tag?: number }) =>
  queryOptions({
    queryKey: articleKeys.summaries(params),
    queryFn: () => http.get<Paginated<ArticleCard>>(contentPaths.articleSummaryList, params),
  });
