import { queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common.js';
import type { ArticleCard, Author, Category, Tag, Topic } from '../../../../shared/api/content.js';
import { contentPaths } from '../../../../shared/api/content-paths.js';
import { pathOf, type HttpClient } from '../../../lib/http.js';
import { GUEST } from './guest.js';

export const catalogKeys = {
  category: (lookup: CatalogLookup) => ['categories', lookup.by, lookup.value] as const,
  categories: ['categories', 'all'] as const,
  tag: (lookup: CatalogLookup) => ['tags', lookup.by, lookup.value] as const,
  topics: (page: number) => ['topics', 'list', page] as const,
  topic: (id: number) => ['topics', 'id', id] as const,
  topicArticles: (id: number, page: number) => ['topics', 'articles', id, page] as const,
  author: (id: number) => ['authors', 'id', id] as const,
};

export const TOPIC_PAGE_SIZE = 24;

const get = <T>(http: HttpClient, path: string, query?: Record<string, number>) => http.get<T>(path, query, GUEST);

/** How a category or tag page names it: by id, by name or (categories) by slug. */
export type CatalogLookup = { by: 'id'; value: number } | { by: 'name' | 'slug'; value: string };

const categoryPaths = { id: contentPaths.category, name: contentPaths.categoryByName, slug: contentPaths.categoryBySlug };

export const categoryQuery = (http: HttpClient, lookup: CatalogLookup) =>
  queryOptions({
    queryKey: catalogKeys.category(lookup),
    queryFn: () => get<Category>(http, pathOf(categoryPaths[lookup.by], { [lookup.by]: lookup.value })),
  });

/** Every category, by sort order then name. */
export const categoriesQuery = (http: HttpClient) =>
  queryOptions({ queryKey: catalogKeys.categories, queryFn: () => get<Category[]>(http, contentPaths.categoryList) });

/** Tags have no slug page: a slug lookup is not a tag. */
export const tagQuery = (http: HttpClient, lookup: CatalogLookup & { by: 'id' | 'name' }) =>
  queryOptions({
    queryKey: catalogKeys.tag(lookup),
    queryFn: () => get<Tag>(http, pathOf(lookup.by === 'id' ? contentPaths.tag : contentPaths.tagByName, { [lookup.by]: lookup.value })),
  });

export const topicsQuery = (http: HttpClient, page: number) =>
  queryOptions({
    queryKey: catalogKeys.topics(page),
    queryFn: () => get<Paginated<Topic>>(http, contentPaths.topics, { page, page_size: TOPIC_PAGE_SIZE }),
  });

export const topicQuery = (http: HttpClient, id: number) =>
  queryOptions({ queryKey: catalogKeys.topic(id), queryFn: () => get<Topic>(http, pathOf(contentPaths.topic, { id })) });

export const topicArticlesQuery = (http: HttpClient, id: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: catalogKeys.topicArticles(id, page),
    queryFn: () => get<Paginated<ArticleCard>>(http, pathOf(contentPaths.topicArticles, { id }), { page, page_size: pageSize }),
  });

export const authorQuery = (http: HttpClient, id: number) =>
  queryOptions({ queryKey: catalogKeys.author(id), queryFn: () => get<Author>(http, pathOf(contentPaths.author, { id })) });
