import { createActor, fromPromise, waitFor } from 'xstate';
import { membershipPaths } from '../../../shared/api/membership-paths.js';
import type { Subscription, UserMembership } from '../../../shared/api/membership.js';
import { readAccessToken, saveIsMember } from '../../lib/auth-state.js';
import { pathOf, type HttpClient } from '../../lib/http.js';
import { sessionHost } from '../../lib/session/session-context.js';
import { fetchUser, orNull } from './api/membership.js';
import { membershipMachine } from './machines/membership-machine.js';

/**
 * Runs SPEC section 4's "Verify membership" once with the stored token and stores the answer (isMember) in the
 * auth row, where every tab sees it. Resolves with the answer; null when a call failed (nothing is written).
 */
export async function verifyMembership(http: HttpClient): Promise<0 | 1 | null> {
  let userId = 0;
  const writes: Array<Promise<unknown>> = [];
  const machine = membershipMachine.provide({
    actors: {
      fetchUser: fromPromise(async () => {
        const user = await fetchUser(http);
        userId = user.pk;
        return { id: user.pk };
      }),
      fetchMembership: fromPromise(({ input }) => orNull(http.get<UserMembership>(pathOf(membershipPaths.userMembershipOfUser, { id: input.userId })))),
      fetchSubscription: fromPromise(({ input }) =>
        orNull(http.get<Subscription>(pathOf(membershipPaths.subscriptionOfUserMembership, { id: input.userMembershipId }))),
      ),
    },
    actions: {
      persistIsMember: (_, { isMember }) => {
        writes.push(saveIsMember(isMember, userId));
      },
      logout: () => {
        writes.push(sessionHost().then((host) => host.logout()));
      },
    },
  });
  const actor = createActor(machine).start();
  actor.send({ type: 'VERIFY', token: (await readAccessToken()) ?? '' });
  const done = await waitFor(actor, (s) => s.matches('member') || s.matches('notMember') || s.matches('loggedOut') || s.matches('failed'));
  actor.stop();
  await Promise.all(writes);
  return done.context.isMember;
}
