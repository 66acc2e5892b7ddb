import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { PREMIUM_SLUG } from '../../../../shared/api/membership-paths.js';
import { AUTH_DEBOUNCE_MS } from '../../../../shared/constants.js';

/** What the machine needs of a user membership: its id (for the subscription) and its plan. */
export interface MembershipRef {
  id: number;
  membership_slug: string;
}

export interface MembershipContext {
  /** The access token the check runs with; empty when none is stored. */
  token: string;
  userId: number;
  membership: MembershipRef | null;
  /** The last answer: 1 member, 0 not; null until a check ends (or when it could not end). */
  isMember: 0 | 1 | null;
}

export type MembershipEvent = { type: 'VERIFY'; token: string };

/**
 * SPEC section 4, "Verify membership". Without a token: isMember 0 and logout. Otherwise the user, then the
 * membership by user id, then the subscription of that membership; isMember is 1 only for the `premium` plan
 * with an active subscription, 0 otherwise (no membership, another plan, no or an inactive subscription). A call
 * that fails (network, server) ends in `failed` without writing, so a member offline stays a member; the server
 * decides every premium read anyway. VERIFY is debounced (SPEC section 9) and restarts a check under way.
 * Injected with `.provide()`: actors `fetchUser`, `fetchMembership` and `fetchSubscription` (which answer
 * `null` for a 404; each gets the token of its check), actions `persistIsMember` and `logout`.
 */
export const membershipMachine = setup({
  types: {
    context: {} as MembershipContext,
    events: {} as MembershipEvent,
  },
  actors: {
    // Fail closed until provided.
    fetchUser: fromPromise<{ id: number }, { token: string }>(() => Promise.reject(new Error('fetchUser is not provided'))),
    fetchMembership: fromPromise<MembershipRef | null, { userId: number; token: string }>(() => Promise.reject(new Error('fetchMembership is not provided'))),
    fetchSubscription: fromPromise<{ active: boolean } | null, { userMembershipId: number; token: string }>(() =>
      Promise.reject(new Error('fetchSubscription is not provided')),
    ),
  },
  actions: {
    persistIsMember: (_, _params: { isMember: 0 | 1 }) => undefined,
    logout: () => undefined,
    setIsMember: assign((_, params: { isMember: 0 | 1 }) => ({ isMember: params.isMember })),
    startCheck: assign((_, params: { token: string }) => ({ token: params.token, userId: 0, membership: null })),
  },
  guards: {
    noToken: ({ context }) => context.token === '',
    premium: (_, params: { membership: MembershipRef | null }) => params.membership?.membership_slug === PREMIUM_SLUG,
    active: (_, params: { subscription: { active: boolean } | null }) => params.subscription?.active === true,
  },
  delays: { authDebounce: AUTH_DEBOUNCE_MS },
}).createMachine({
  id: 'membership',
  context: { token: '', userId: 0, membership: null, isMember: null },
  initial: 'idle',
  on: {
    VERIFY: {
      target: '.debouncing',
      reenter: true,
      actions: { type: 'startCheck', params: ({ event }) => ({ token: event.token }) },
    },
  },
  states: {
    idle: {},
    debouncing: {
      after: { authDebounce: 'checking' },
    },
    checking: {
      always: [
        {
          guard: 'noToken',
          target: 'loggedOut',
          actions: [{ type: 'setIsMember', params: { isMember: 0 } }, { type: 'persistIsMember', params: { isMember: 0 } }, 'logout'],
        },
        { target: 'fetchingUser' },
      ],
    },
    fetchingUser: {
      invoke: {
        src: 'fetchUser',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'fetchingMembership', actions: assign({ userId: ({ event }) => event.output.id }) },
        onError: 'failed',
      },
    },
    fetchingMembership: {
      invoke: {
        src: 'fetchMembership',
        input: ({ context }) => ({ userId: context.userId, token: context.token }),
        onDone: [
          {
            guard: { type: 'premium', params: ({ event }) => ({ membership: event.output }) },
            target: 'fetchingSubscription',
            actions: assign({ membership: ({ event }) => event.output }),
          },
          { target: 'notMember', actions: assign({ membership: ({ event }) => event.output }) },
        ],
        onError: 'failed',
      },
    },
    fetchingSubscription: {
      invoke: {
        src: 'fetchSubscription',
        input: ({ context }) => ({ userMembershipId: context.membership!.id, token: context.token }),
        onDone: [
          { guard: { type: 'active', params: ({ event }) => ({ subscription: event.output }) }, target: 'member' },
          { target: 'notMember' },
        ],
        onError: 'failed',
      },
    },
    member: {
      entry: [{ type: 'setIsMember', params: { isMember: 1 } }, { type: 'persistIsMember', params: { isMember: 1 } }],
    },
    notMember: {
      entry: [{ type: 'setIsMember', params: { isMember: 0 } }, { type: 'persistIsMember', params: { isMember: 0 } }],
    },
    loggedOut: {},
    /** A call failed: nothing is written, the stored answer stands until the next VERIFY. */
    failed: {},
  },
});

export type MembershipSnapshot = SnapshotFrom<typeof membershipMachine>;
