import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { backofficePaths } from '../../../../../shared/api/backoffice-paths.js';
import type { Paginated } from '../../../../../shared/api/common.js';
import type { FlaggedComment } from '../../../../../shared/api/comments.js';
import { commentsPaths } from '../../../../../shared/api/comments-paths.js';
import type { Report, Submission } from '../../../../../shared/api/content-readers.js';
import { contentPaths } from '../../../../../shared/api/content-paths.js';
import { useHttp } from '../../../../app/context.js';
import type { HttpClient } from '../../../../lib/http.js';
import { OPS_PAGE_SIZE } from './orders.js';

export const opsModerationKeys = {
  all: ['staff', 'ops', 'moderation'] as const,
  flagged: (page: number) => ['staff', 'ops', 'moderation', 'flagged', page] as const,
  reports: (page: number, status: string) => ['staff', 'ops', 'moderation', 'reports', page, status] as const,
  submissions: (page: number, status: string) => ['staff', 'ops', 'moderation', 'submissions', page, status] as const,
};

const personal = { personal: true };

export const flaggedQuery = (http: HttpClient, page: number) =>
  queryOptions({ queryKey: opsModerationKeys.flagged(page), queryFn: () => http.get<Paginated<FlaggedComment>>(commentsPaths.flagged, { page, page_size: OPS_PAGE_SIZE }), meta: personal });

export const reportsQuery = (http: HttpClient, page: number, status: string) =>
  queryOptions({
    queryKey: opsModerationKeys.reports(page, status),
    queryFn: () => http.get<Paginated<Report>>(contentPaths.reports, { page, page_size: OPS_PAGE_SIZE, status: status || undefined }),
    meta: personal,
  });

export const submissionsQuery = (http: HttpClient, page: number, status: string) =>
  queryOptions({
    queryKey: opsModerationKeys.submissions(page, status),
    queryFn: () => http.get<Paginated<Submission>>(backofficePaths.submissions, { page, page_size: OPS_PAGE_SIZE, status: status || undefined }),
    meta: personal,
  });

/** A moderation write; the queues (and the dashboard's counts of what waits) are read again. */
export function useModerationWrite() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useCallback(
    async (method: 'post' | 'patch' | 'delete', path: string, body?: unknown): Promise<void> => {
      if (method === 'post') await http.post(path, body);
      else if (method === 'patch') await http.patch(path, body);
      else await http.delete(path);
      await queryClient.invalidateQueries({ queryKey: opsModerationKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'ops', 'dashboard'] });
    },
    [http, queryClient],
  );
}
