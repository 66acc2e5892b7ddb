import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '../../../../../shared/api/backoffice.js';
import { backofficePaths } from '../../../../../shared/api/backoffice-paths.js';
import type { HttpClient } from '../../../../lib/http.js';

// Staff answers are private: personal queries are never persisted and go at logout.
export const dashboardQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['staff', 'ops', 'dashboard'] as const,
    queryFn: () => http.get<Dashboard>(backofficePaths.dashboard),
    meta: { personal: true },
  });
