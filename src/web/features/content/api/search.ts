import { queryOptions } from '@tanstack/react-query';
import type { SearchWithCourses } from '../../../../shared/api/courses.js';
import { contentPaths } from '../../../../shared/api/content-paths.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { HttpClient } from '../../../lib/http.js';
import { GUEST } from './guest.js';

export const SEARCH_PAGE_SIZE = 10;
/** The contract's limit on `q`. */
export const SEARCH_MAX_LENGTH = 200;

/** Cards name their category, tags and topics in the reader's language: the key names it. */
export const searchKeys = { results: (q: string, page: number, lang: Language) => ['search', q, page, lang] as const };

/** Guest results: snippets come only from text a guest may read. The matching courses come with the first page. */
export const searchQuery = (http: HttpClient, q: string, page: number, lang: Language) =>
  queryOptions({
    queryKey: searchKeys.results(q, page, lang),
    queryFn: () => http.get<SearchWithCourses>(contentPaths.search, { q, page, page_size: SEARCH_PAGE_SIZE, lang }, GUEST),
  });
