import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Paginated } from '../../../../shared/api/common.js';
import type { Page, PageAction, PageCreate, PagePatch } from '../../../../shared/api/pages.js';
import { pagesPaths } from '../../../../shared/api/pages-paths.js';
import { useHttp } from '../../../app/context.js';
import type { HttpClient } from '../../../lib/http.js';

/** What the pages list shows: a page of results, a title search, live pages or drafts only. */
export interface PageListParams {
  page: number;
  search: string;
  live: '' | 'true' | 'false';
}

export const PAGE_LIST_SIZE = 20;

const pageUrl = (id: number) => pagesPaths.page.replace(':id', String(id));
const actionUrl = (id: number, action: PageAction) => pagesPaths.pageAction.replace(':id', String(id)).replace(':action', action);

// Staff answers are private: personal queries are never persisted and go at logout.
export const staffPagesKeys = {
  lists: ['staff', 'pages', 'list'] as const,
  list: (params: PageListParams) => ['staff', 'pages', 'list', params] as const,
  one: (id: number) => ['staff', 'pages', 'one', id] as const,
};

export const pageListQuery = (http: HttpClient, params: PageListParams) =>
  queryOptions({
    queryKey: staffPagesKeys.list(params),
    queryFn: () => http.get<Paginated<Page>>(pagesPaths.pages, { page: params.page, page_size: PAGE_LIST_SIZE, search: params.search, live: params.live || undefined }),
    meta: { personal: true },
  });

export const pageQuery = (http: HttpClient, id: number) =>
  queryOptions({
    queryKey: staffPagesKeys.one(id),
    queryFn: () => http.get<Page>(pageUrl(id)),
    meta: { personal: true },
  });

/** Saves the form: a new page (a draft) when there is no id yet, else the fields named; the lists are then stale. */
export function useSavePage() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useCallback(
    async (input: { id: number; body: PagePatch } | { id: null; body: PageCreate }): Promise<Page> => {
      const saved = input.id === null ? await http.post<Page>(pagesPaths.pages, input.body) : await http.patch<Page>(pageUrl(input.id), input.body);
      queryClient.setQueryData(staffPagesKeys.one(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: staffPagesKeys.lists });
      return saved;
    },
    [http, queryClient],
  );
}

/**
 * publish, unpublish, copy (with the copy's slug) or delete: answers the page (the copy for `copy`), or nothing
 * for `delete`; the page and the lists follow. A deleted page stays cached until its screen is left (see
 * `forgetPage`): dropped while its screen still shows, it would be asked for again, and answer 404.
 */
export function usePageAction() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ id, action, slug }: { id: number; action: PageAction; slug?: string }): Promise<Page | undefined> => {
      const answer = await http.post<Page | undefined>(actionUrl(id, action), action === 'copy' ? { slug } : undefined);
      if (answer) queryClient.setQueryData(staffPagesKeys.one(answer.id), answer);
      await queryClient.invalidateQueries({ queryKey: staffPagesKeys.lists });
      return answer;
    },
    [http, queryClient],
  );
}

/** Drops a deleted page from the cache, once its screen is gone. */
export function forgetPage(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ queryKey: staffPagesKeys.one(id) });
}
