import { and, assign, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LoginResponse, SessionUser } from '../../../../shared/api/auth.js';
import { AUTH_DEBOUNCE_MS } from '../../../../shared/constants.js';
import type { MessageKey } from '../../../../shared/i18n/index.js';
import {
  EMPTY_TOKENS,
  accessTokenExpiring,
  isExpired,
  normalizeRefreshResponse,
  sameTokens,
  tokensOfLogin,
  type SessionTokens,
} from './session-tokens.js';

/** SPEC section 8's token outcomes, as message keys shown in the user's language. */
export const SESSION_OUTCOMES = {
  valid: 'auth.tokenValid',
  refreshed: 'auth.tokenRefreshed',
  invalid: 'auth.tokenInvalid',
  noToken: 'auth.noToken',
} as const satisfies Record<string, MessageKey>;
export type SessionOutcome = (typeof SESSION_OUTCOMES)[keyof typeof SESSION_OUTCOMES];

export interface SessionContext extends SessionTokens {
  /** The last token outcome; null after a login, a logout or a change made by another tab. */
  outcome: SessionOutcome | null;
  /** The clock expirations are compared with (injected so tests and the model agree on "now"). */
  now: () => number;
}

export interface SessionInput {
  /** The stored auth state (any object with the token fields, e.g. the Dexie row). */
  tokens?: Partial<SessionTokens>;
  now?: () => number;
}

/** The stored state another tab wrote; the Dexie auth row fits as is. */
export type StoredSessionState = SessionTokens & { isLogin: 0 | 1 };

export type SessionEvent =
  | { type: 'VERIFY' }
  | { type: 'REFRESH' }
  | { type: 'LOGIN'; response: LoginResponse }
  | { type: 'LOGOUT' }
  | { type: 'AUTH_STATE_CHANGED'; state: StoredSessionState };

/**
 * A failed call that got no answer from the server (the http client's ApiError of status 0: no connection, a
 * timeout): it says nothing about the tokens, so it neither refreshes nor ends the session.
 */
export function isNoAnswer(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 0;
}

/** What the host persists at login or after a refresh; `user` only at login (the refresh keeps the stored user). */
export interface PersistLoginParams {
  tokens: SessionTokens;
  user?: SessionUser;
}

/**
 * What the host clears at a logout or a lost session: the tokens the session drops. The storage is cleared only
 * while it still holds them; a login stored since (by another tab) is not this session's to end.
 */
export interface PersistLogoutParams {
  tokens: SessionTokens;
}

function pickTokens(source: Partial<SessionTokens>): SessionTokens {
  return {
    access_token: source.access_token ?? EMPTY_TOKENS.access_token,
    refresh_token: source.refresh_token ?? EMPTY_TOKENS.refresh_token,
    access_token_expiration: source.access_token_expiration ?? EMPTY_TOKENS.access_token_expiration,
    refresh_token_expiration: source.refresh_token_expiration ?? EMPTY_TOKENS.refresh_token_expiration,
  };
}

/** `persistLogout` with the tokens the session holds: it runs before `clearTokens` empties them. */
const persistDropped = {
  type: 'persistLogout',
  params: ({ context }: { context: SessionContext }): PersistLogoutParams => ({ tokens: pickTokens(context) }),
} as const;

/**
 * SPEC section 4's session: verify, refresh, login, logout. Verify and refresh are debounced (SPEC section 9):
 * every VERIFY or REFRESH restarts the wait, so a burst makes one server call. The server calls and the storage
 * are injected with `.provide()`: actors `verifyToken` and `refreshToken`, actions `persistLogin` and
 * `persistLogout` (given the tokens the session drops, before they are cleared). A change written by another tab
 * arrives as AUTH_STATE_CHANGED and is adopted without writing.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    // Fail closed until provided: an unverifiable token is not trusted.
    verifyToken: fromPromise<unknown, { token: string }>(() => Promise.reject(new Error('verifyToken is not provided'))),
    refreshToken: fromPromise<unknown, { refresh: string }>(() => Promise.reject(new Error('refreshToken is not provided'))),
  },
  actions: {
    // Without a host the session lives in memory only (server rendering, tests of other parts).
    persistLogin: (_, _params: PersistLoginParams) => undefined,
    persistLogout: (_, _params: PersistLogoutParams) => undefined,
    setOutcome: assign((_, params: { outcome: SessionOutcome | null }) => ({ outcome: params.outcome })),
    storeTokens: assign((_, params: { tokens: Partial<SessionTokens> }) => params.tokens),
    clearTokens: assign(() => ({ ...EMPTY_TOKENS })),
  },
  guards: {
    /** The call got no answer (no connection, a timeout): the server said nothing about the tokens. */
    noAnswer: ({ event }) => isNoAnswer((event as { error?: unknown }).error),
    noAccessToken: ({ context }) => context.access_token === '',
    accessTokenExpired: ({ context }) => accessTokenExpiring(context.access_token_expiration, context.now()),
    noRefreshToken: ({ context }) => context.refresh_token === '',
    refreshTokenExpired: ({ context }) => isExpired(context.refresh_token_expiration, context.now()),
    refreshAnswerUsable: (_, params: { output: unknown }) => normalizeRefreshResponse(params.output) !== undefined,
    storedStateUnchanged: ({ context }, params: { state: StoredSessionState }) => sameTokens(context, pickTokens(params.state)),
    storedLoggedIn: (_, params: { state: StoredSessionState }) => params.state.isLogin === 1 && params.state.access_token !== '',
  },
  delays: {
    authDebounce: AUTH_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...pickTokens(input.tokens ?? {}),
    outcome: null,
    now: input.now ?? Date.now,
  }),
  initial: 'idle',
  on: {
    LOGIN: {
      target: '.loggedIn',
      actions: [
        { type: 'storeTokens', params: ({ event }) => ({ tokens: tokensOfLogin(event.response) }) },
        { type: 'persistLogin', params: ({ context, event }) => ({ tokens: pickTokens(context), user: event.response.user }) },
        { type: 'setOutcome', params: { outcome: null } },
      ],
    },
    LOGOUT: {
      target: '.loggedOut',
      actions: [persistDropped, 'clearTokens', { type: 'setOutcome', params: { outcome: null } }],
    },
    AUTH_STATE_CHANGED: [
      // Our own write coming back through the storage's live query: nothing changed.
      { guard: { type: 'storedStateUnchanged', params: ({ event }) => ({ state: event.state }) } },
      {
        guard: { type: 'storedLoggedIn', params: ({ event }) => ({ state: event.state }) },
        target: '.loggedIn',
        actions: [
          { type: 'storeTokens', params: ({ event }) => ({ tokens: pickTokens(event.state) }) },
          { type: 'setOutcome', params: { outcome: null } },
        ],
      },
      {
        target: '.loggedOut',
        actions: [
          { type: 'storeTokens', params: ({ event }) => ({ tokens: pickTokens(event.state) }) },
          { type: 'setOutcome', params: { outcome: null } },
        ],
      },
    ],
  },
  states: {
    /** The stored state has not been checked yet. */
    idle: {
      on: { VERIFY: 'verifying', REFRESH: 'refreshing' },
    },
    verifying: {
      initial: 'debouncing',
      states: {
        debouncing: {
          after: { authDebounce: 'checking' },
          on: {
            VERIFY: { target: 'debouncing', reenter: true },
            REFRESH: '#session.refreshing',
          },
        },
        checking: {
          always: [
            {
              guard: 'noAccessToken',
              target: '#session.loggedOut',
              actions: [persistDropped, 'clearTokens', { type: 'setOutcome', params: { outcome: SESSION_OUTCOMES.noToken } }],
            },
            { guard: 'accessTokenExpired', target: '#session.refreshing.checking' },
            { target: 'calling' },
          ],
        },
        calling: {
          invoke: {
            id: 'verifyToken',
            src: 'verifyToken',
            input: ({ context }) => ({ token: context.access_token }),
            onDone: {
              target: '#session.loggedIn',
              actions: { type: 'setOutcome', params: { outcome: SESSION_OUTCOMES.valid } },
            },
            onError: [
              // Unreachable: the stored tokens stand (the host checks again when the connection returns).
              { guard: 'noAnswer', target: '#session.loggedIn' },
              // The server does not accept the token: exchange the refresh token before giving up.
              { target: '#session.refreshing.checking' },
            ],
          },
        },
      },
    },
    refreshing: {
      initial: 'debouncing',
      states: {
        debouncing: {
          after: { authDebounce: 'checking' },
          on: { REFRESH: { target: 'debouncing', reenter: true } },
        },
        checking: {
          always: [
            {
              guard: 'noRefreshToken',
              target: '#session.loggedOut',
              actions: [persistDropped, 'clearTokens', { type: 'setOutcome', params: { outcome: SESSION_OUTCOMES.noToken } }],
            },
            {
              guard: 'refreshTokenExpired',
              target: '#session.loggedOut',
              actions: [persistDropped, 'clearTokens', { type: 'setOutcome', params: { outcome: SESSION_OUTCOMES.invalid } }],
            },
            { target: 'calling' },
          ],
        },
        calling: {
          invoke: {
            id: 'refreshToken',
            src: 'refreshToken',
            input: ({ context }) => ({ refresh: context.refresh_token }),
            onDone: [
              {
                guard: { type: 'refreshAnswerUsable', params: ({ event }) => ({ output: event.output }) },
                target: '#session.loggedIn',
                actions: [
                  { type: 'storeTokens', params: ({ event }) => ({ tokens: normalizeRefreshResponse(event.output) ?? {} }) },
                  { type: 'persistLogin', params: ({ context }) => ({ tokens: pickTokens(context) }) },
                  { type: 'setOutcome', params: { outcome: SESSION_OUTCOMES.refreshed } },
                ],
              },
              {
                target: '#session.loggedOut',
                actions: [persistDropped, 'clearTokens', { type: 'setOutcome', params: { outcome: SESSION_OUTCOMES.invalid } }],
              },
            ],
            onError: [
              // No answer is not a refusal: the session stays, with the tokens it has, until the server can be asked.
              { guard: and(['noAnswer', not('noAccessToken')]), target: '#session.loggedIn' },
              {
                target: '#session.loggedOut',
                actions: [persistDropped, 'clearTokens', { type: 'setOutcome', params: { outcome: SESSION_OUTCOMES.invalid } }],
              },
            ],
          },
        },
      },
    },
    loggedIn: {
      on: { VERIFY: 'verifying', REFRESH: 'refreshing' },
    },
    loggedOut: {
      on: { VERIFY: 'verifying', REFRESH: 'refreshing' },
    },
  },
});

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Settled: no check waiting or running (idle counts: nothing was asked yet). */
export function isSessionSettled(snapshot: SessionSnapshot): boolean {
  return snapshot.matches('idle') || snapshot.matches('loggedIn') || snapshot.matches('loggedOut');
}

/**
 * The access token a call should carry: the one in hand while it is unexpired, whatever check is running
 * (an expired one is not sent: the server answers any invalid token with 401, even on public calls).
 */
export function sessionAccessToken(snapshot: SessionSnapshot): string | undefined {
  const { access_token, access_token_expiration, now } = snapshot.context;
  return access_token !== '' && !accessTokenExpiring(access_token_expiration, now()) ? access_token : undefined;
}
