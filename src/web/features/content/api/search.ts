import { queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common.js';
import type { SearchHit } from '../../../../shared/api/content.js';
import { contentPaths } from '../../../../shared/api/content-paths.js';
import type { HttpClient } from '../../../lib/http.js';
import { GUEST } from './guest.js';

export const SEARCH_PAGE_SIZE = 10;
/** The contract's limit on `q`. */
export const SEARCH_MAX_LENGTH = 200;

export const searchKeys = { results: (q: string, page: number) => ['search', q, page] as const };

/** Guest results: snippets come only from text a guest may read. */
export const searchQuery = (http: HttpClient, q: string, page: number) =>
  queryOptions({
    queryKey: searchKeys.results(q, page),
    queryFn: () => http.get<Paginated<SearchHit>>(contentPaths.search, { q, page, page_size: SEARCH_PAGE_SIZE }, GUEST),
  });
