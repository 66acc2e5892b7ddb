import { queryOptions } from '@tanstack/react-query';
import type { AuditEntry } from '../../../../../shared/api/backoffice.js';
import { backofficePaths } from '../../../../../shared/api/backoffice-paths.js';
import type { Paginated } from '../../../../../shared/api/common.js';
import type { HttpClient } from '../../../../lib/http.js';
import { OPS_PAGE_SIZE } from './orders.js';

export const auditQuery = (http: HttpClient, page: number, actor: string, target: string) =>
  queryOptions({
    queryKey: ['staff', 'ops', 'audit', page, actor, target] as const,
    queryFn: () => http.get<Paginated<AuditEntry>>(backofficePaths.audit, { page, page_size: OPS_PAGE_SIZE, actor: actor || undefined, target: target || undefined }),
    meta: { personal: true },
  });
