import { queryOptions } from '@tanstack/react-query';
import type { ArticleUnlock, MembershipStatus } from '../../../../shared/api/content.js';
import { contentPaths, FINGERPRINT_HEADER } from '../../../../shared/api/content-paths.js';
import { pathOf, type HttpClient } from '../../../lib/http.js';
import { PERSONAL } from './guest.js';

/** The caller's access to a premium article: the status, and the unlocked article when the caller may read it. */
export interface ArticleAccess {
  status: MembershipStatus;
  /** Null when the caller may not read it: the paywall shows instead. */
  unlocked: ArticleUnlock | null;
}

export const accessKeys = {
  /** `viewer` is the user id (0 = guest). */
  access: (id: number, viewer: number) => ['articles', 'access', id, viewer] as const,
  fingerprint: (viewer: number) => ['device-fingerprint', viewer] as const,
};

/**
 * The device fingerprint, verified and registered once per tab and user (with the user's id when logged in,
 * which joins the guest's reads to the user's). Dexie comes with it, after hydration.
 */
export const fingerprintQuery = (http: HttpClient, viewer: number) =>
  queryOptions({
    queryKey: accessKeys.fingerprint(viewer),
    queryFn: async () => (await import('../../../lib/fingerprint.js')).deviceFingerprint(http, viewer),
    staleTime: Infinity,
    meta: PERSONAL,
  });

/**
 * Did the unlock use up a read of the month? It opened the article under the meter and fewer reads are left
 * than the status said (an article opened before this month leaves the count as it was).
 */
export function spentRead(status: MembershipStatus, unlocked: ArticleUnlock): boolean {
  return unlocked.reason === 'metered' && status.reads_left !== null && unlocked.reads_left !== null && unlocked.reads_left < status.reads_left;
}

/** The view count of the month goes up and is posted (Dexie loads with it); a failure only leaves the count behind. */
async function countRead(http: HttpClient, viewer: number): Promise<void> {
  try {
    const { countMeteredRead } = await import('../../../lib/view-count.js');
    await countMeteredRead(viewer ? { userId: viewer } : { guest: true }, { http });
  } catch (err) {
    console.warn('The view count could not be sent', err);
  }
}

/**
 * Asks `membership_status`, then, when the caller may read, `POST article/{id}/unlock` (which spends a metered
 * read). A guest sends the device fingerprint; a user the bearer token (the http client adds it). The answer is
 * personal and `private, no-store`: its query is marked personal, so no persister keeps it and logout drops it,
 * and it is fetched again on every visit of the page rather than served from memory.
 */
export const articleAccessQuery = (http: HttpClient, id: number, viewer: number, fingerprint: () => Promise<string>) =>
  queryOptions({
    queryKey: accessKeys.access(id, viewer),
    queryFn: async (): Promise<ArticleAccess> => {
      // A user's device fingerprint is registered with their id too, before the status: the server then joins
      // the reads this device made as a guest to the user's. Without a fingerprint (registration refused or
      // failed) a guest is asked as one without a meter, which the server answers with the paywall.
      const userfinger = await fingerprint().catch(() => '');
      const headers: Record<string, string> = viewer || !userfinger ? {} : { [FINGERPRINT_HEADER]: userfinger };
      const status = await http.get<MembershipStatus>(pathOf(contentPaths.articleMembershipStatus, { id }), undefined, { headers });
      if (!status.can_read) return { status, unlocked: null };
      const unlocked = await http.post<ArticleUnlock>(pathOf(contentPaths.articleUnlock, { id }), undefined, { headers });
      // The meter may have run out between the two calls: the unlock's answer is then the one that counts.
      if (unlocked.locked) {
        const { reason, reads_left, reads_limit } = unlocked;
        return { status: { ...status, can_read: false, reason, reads_left, reads_limit }, unlocked: null };
      }
      if (spentRead(status, unlocked)) void countRead(http, viewer);
      return { status, unlocked };
    },
    meta: PERSONAL,
    staleTime: 0,
    gcTime: 0,
  });
