import { queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common.js';
import type { Submission } from '../../../../shared/api/content-readers.js';
import { contentPaths } from '../../../../shared/api/content-paths.js';
import type { CommunityInfo, DiscourseRedirect } from '../../../../shared/api/sso.js';
import { ssoPaths } from '../../../../shared/api/sso-paths.js';
import type { HttpClient } from '../../../lib/http.js';

/** Answers that depend on the user: never persisted, dropped at logout (see the session provider). */
const PERSONAL = { personal: true } as const;

/** How many past submissions the page lists (the newest). */
export const SUBMISSIONS_SHOWN = 20;

export const communityKeys = {
  info: ['community', 'info'] as const,
  submissions: (userId: number) => ['community', 'submissions', userId] as const,
};

/** Where the community lives, as the site is configured (public, the same for everyone). */
export const communityInfoQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: communityKeys.info,
    queryFn: () => http.get<CommunityInfo>(ssoPaths.community, undefined, { anonymous: true }),
    staleTime: 5 * 60_000,
  });

/** The forum's signed request answered for the logged-in reader: where to send the browser. */
export const signInToForum = (http: HttpClient, sso: string, sig: string) => http.get<DiscourseRedirect>(ssoPaths.discourse, { sso, sig });

/** The reader's newest submissions. */
export const submissionsQuery = (http: HttpClient, userId: number) =>
  queryOptions({
    queryKey: communityKeys.submissions(userId),
    queryFn: () => http.get<Paginated<Submission>>(contentPaths.submissionFile, { page_size: SUBMISSIONS_SHOWN }),
    meta: PERSONAL,
  });
