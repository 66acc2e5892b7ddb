import { queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common.js';
import type { ArticleCard } from '../../../../shared/api/content.js';
import type { Author, Category, Tag, Topic } from '../../../../shared/api/content-catalogue.js';
import { contentPaths } from '../../../../shared/api/content-paths.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { pathOf, type HttpClient } from '../../../lib/http.js';
import { GUEST } from './guest.js';

/** Categories, tags, topics and authors carry names and descriptions in the reader's language: their keys name it. */
export const catalogKeys = {
  category: (lookup: CatalogLookup, lang: Language) => ['categories', lookup.by, lookup.value, lang] as const,
  categories: (lang: Language) => ['categories', 'all', lang] as const,
  tag: (lookup: CatalogLookup, lang: Language) => ['tags', lookup.by, lookup.value, lang] as const,
  topics: (page: number, lang: Language) => ['topics', 'list', page, lang] as const,
  topic: (id: number, lang: Language) => ['topics', 'id', id, lang] as const,
  topicArticles: (id: number, page: number, lang: Language) => ['topics', 'articles', id, page, lang] as const,
  author: (id: number, lang: Language) => ['authors', 'id', id, lang] as const,
};

export const TOPIC_PAGE_SIZE = 24;

const get = <T>(http: HttpClient, path: string, query?: Record<string, number | string>) => http.get<T>(path, query, GUEST);

/** How a category or tag page names it: by id, by name or (categories) by slug. */
export type CatalogLookup = { by: 'id'; value: number } | { by: 'name' | 'slug'; value: string };

const categoryPaths = { id: contentPaths.category, name: contentPaths.categoryByName, slug: contentPaths.categoryBySlug };

export const categoryQuery = (http: HttpClient, lookup: CatalogLookup, lang: Language) =>
  queryOptions({
    queryKey: catalogKeys.category(lookup, lang),
    queryFn: () => get<Category>(http, pathOf(categoryPaths[lookup.by], { [lookup.by]: lookup.value }), { lang }),
  });

/** Every category, by sort order then name. */
export const categoriesQuery = (http: HttpClient, lang: Language) =>
  queryOptions({ queryKey: catalogKeys.categories(lang), queryFn: () => get<Category[]>(http, contentPaths.categoryList, { lang }) });

/** Tags have no slug page: a slug lookup is not a tag. */
export const tagQuery = (http: HttpClient, lookup: CatalogLookup & { by: 'id' | 'name' }, lang: Language) =>
  queryOptions({
    queryKey: catalogKeys.tag(lookup, lang),
    queryFn: () => get<Tag>(http, pathOf(lookup.by === 'id' ? contentPaths.tag : contentPaths.tagByName, { [lookup.by]: lookup.value }), { lang }),
  });

export const topicsQuery = (http: HttpClient, page: number, lang: Language) =>
  queryOptions({
    queryKey: catalogKeys.topics(page, lang),
    queryFn: () => get<Paginated<Topic>>(http, contentPaths.topics, { page, page_size: TOPIC_PAGE_SIZE, lang }),
  });

export const topicQuery = (http: HttpClient, id: number, lang: Language) =>
  queryOptions({ queryKey: catalogKeys.topic(id, lang), queryFn: () => get<Topic>(http, pathOf(contentPaths.topic, { id }), { lang }) });

export const topicArticlesQuery = (http: HttpClient, id: number, page: number, pageSize: number, lang: Language) =>
  queryOptions({
    queryKey: catalogKeys.topicArticles(id, page, lang),
    queryFn: () => get<Paginated<ArticleCard>>(http, pathOf(contentPaths.topicArticles, { id }), { page, page_size: pageSize, lang }),
  });

export const authorQuery = (http: HttpClient, id: number, lang: Language) =>
  queryOptions({ queryKey: catalogKeys.author(id, lang), queryFn: () => get<Author>(http, pathOf(contentPaths.author, { id }), { lang }) });
