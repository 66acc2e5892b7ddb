import { queryOptions } from '@tanstack/react-query';
import type { SessionUser } from '../../../shared/api/auth.js';
import { authPaths } from '../../../shared/api/auth-paths.js';
import type { HttpClient } from '../http.js';

/** The logged-in user as the server knows them (role, staff flag); keyed by user id, never cached as a guest's. */
export const sessionUserQuery = (http: HttpClient, userId: number) =>
  queryOptions({
    queryKey: ['session-user', userId] as const,
    queryFn: () => http.get<SessionUser>(authPaths.user),
    meta: { personal: true },
  });
