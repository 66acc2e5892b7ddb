import { createActor, fromPromise, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { authPaths } from '../../../shared/api/auth-paths.js';
import type { SessionUser } from '../../../shared/api/auth.js';
import { membershipPaths } from '../../../shared/api/membership-paths.js';
import { saveIsMember } from '../auth-state.js';
import { removeMembersOnly } from '../offline/library-store.js';
import type { LecternDb } from '../db.js';
import { ApiError, pathOf, type HttpClient } from '../http.js';
import { membershipMachine, type MembershipRef } from './machines/membership-machine.js';

export type MembershipActorRef = ActorRefFrom<typeof membershipMachine>;
type MembershipSnapshot = SnapshotFrom<typeof membershipMachine>;

export interface MembershipCheckOptions {
  /** A client without a token of its own: each call carries the token of its check. */
  http: HttpClient;
  db: LecternDb | undefined;
  /** Runs a storage write in the session's queue (so `flush()` waits for it too). */
  enqueue: (write: () => Promise<void>) => void;
  /** SPEC section 4: a check without a token logs out. */
  logout: () => void;
}

/** A GET with the check's own bearer token; a 404 is null ("never had a membership", "no subscription"). */
async function getWithToken<T>(http: HttpClient, path: string, token: string, signal: AbortSignal): Promise<T | null> {
  try {
    return await http.get<T>(path, undefined, { anonymous: true, headers: { authorization: `Bearer ${token}` }, signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The check ended: an answer, a logout, or a failed call (nothing written). */
export const isMembershipSettled = (s: MembershipSnapshot) => s.matches('member') || s.matches('notMember') || s.matches('loggedOut') || s.matches('failed');

/**
 * The membership machine of this tab, wired to the server and to the auth row. Its answer (isMember) is
 * stored for the user the check found, and only while that user is still the one logged in, so every tab
 * sees it and a late answer never lands on the next person's session.
 */
export function startMembershipCheck({ http, db, enqueue, logout }: MembershipCheckOptions): MembershipActorRef {
  // Staff read members' content without a membership: their saves stay whatever the check finds.
  const staff = new Set<number>();
  const machine = membershipMachine.provide({
    actors: {
      fetchUser: fromPromise(async ({ input, signal }) => {
        const user = await getWithToken<SessionUser>(http, authPaths.user, input.token, signal);
        if (!user) throw new Error('The user was not found');
        if (user.is_staff) staff.add(user.pk);
        else staff.delete(user.pk);
        return { id: user.pk };
      }),
      fetchMembership: fromPromise(({ input, signal }) =>
        getWithToken<MembershipRef>(http, pathOf(membershipPaths.userMembershipOfUser, { id: input.userId }), input.token, signal),
      ),
      fetchSubscription: fromPromise(({ input, signal }) =>
        getWithToken<{ active: boolean }>(http, pathOf(membershipPaths.subscriptionOfUserMembership, { id: input.userMembershipId }), input.token, signal),
      ),
    },
    actions: {
      persistIsMember: ({ context }, { isMember }) =>
        enqueue(async () => {
          await saveIsMember(isMember, context.userId, db);
          // No longer a member (a refund, an end): the premium copies saved for offline reading go too.
          if (isMember === 0 && db && context.userId > 0 && !staff.has(context.userId)) {
            await removeMembersOnly(db, typeof caches === 'undefined' ? undefined : caches, context.userId);
          }
        }),
      logout,
    },
  });
  return createActor(machine).start();
}

/** VERIFY with `token` ('' when there is none), and the answer once the check ends: 1, 0, or null when a call failed. */
export async function runMembershipCheck(actor: MembershipActorRef, token: string): Promise<0 | 1 | null> {
  actor.send({ type: 'VERIFY', token });
  const done = await waitFor(actor, isMembershipSettled, { timeout: Infinity });
  return done.matches('failed') ? null : done.context.isMember;
}
