import { createActor, fromPromise } from 'xstate';
import type { SessionUser } from '../../../src/shared/api/auth.js';
import {
  sessionMachine,
  type PersistLoginParams,
  type SessionEvent,
  type SessionInput,
} from '../../../src/web/lib/session/machines/session-machine.js';
import type { SessionTokens } from '../../../src/web/lib/session/machines/session-tokens.js';
import { deferred, type Deferred } from './model-paths.js';

export const NOW = Date.parse('2030-06-01T00:00:00.000Z');
export const now = () => NOW;
export const IN_AN_HOUR = '2030-06-01T01:00:00.000000Z';
export const IN_A_WEEK = '2030-06-08T00:00:00.000000Z';
export const AN_HOUR_AGO = '2030-05-31T23:00:00.000000Z';

export const user: SessionUser = {
  pk: 7,
  id: 7,
  username: 'reader',
  email: 'reader@example.com',
  email_verified: true,
  display_name: 'Reader',
  avatar: null,
  role: 'user',
  is_staff: false,
};

export const FRESH: SessionTokens = {
  access_token: 'access-fresh',
  access_token_expiration: IN_AN_HOUR,
  refresh_token: 'refresh-1',
  refresh_token_expiration: IN_A_WEEK,
};
export const STALE_ACCESS: SessionTokens = { ...FRESH, access_token: 'access-stale', access_token_expiration: AN_HOUR_AGO };
export const ALL_EXPIRED: SessionTokens = {
  access_token: 'access-old',
  access_token_expiration: AN_HOUR_AGO,
  refresh_token: 'refresh-old',
  refresh_token_expiration: AN_HOUR_AGO,
};

export const REFRESH_FULL = { access: 'access-new', access_expiration: IN_AN_HOUR, refresh: 'refresh-new', refresh_expiration: IN_A_WEEK };
export const REFRESH_ALT = { result: true, access_token: 'access-alt', access_token_expiration: IN_AN_HOUR };
export const REFRESH_UNUSABLE = { detail: 'Token is blacklisted' };

export const unauthorized = () => Object.assign(new Error('Request failed with status code 401'), { status: 401 });
/** A call that got no answer (no connection): the http client's ApiError of status 0. */
export const unanswered = () => Object.assign(new Error('Network Error'), { status: 0, code: 'network' });

export function loginEvent(tokens: SessionTokens): Extract<SessionEvent, { type: 'LOGIN' }> {
  return {
    type: 'LOGIN',
    response: {
      access: tokens.access_token,
      refresh: tokens.refresh_token,
      access_expiration: tokens.access_token_expiration,
      refresh_expiration: tokens.refresh_token_expiration,
      user,
    },
  };
}

export function tokensOf(source: SessionTokens): SessionTokens {
  const { access_token, refresh_token, access_token_expiration, refresh_token_expiration } = source;
  return { access_token, refresh_token, access_token_expiration, refresh_token_expiration };
}

export interface ServerCall<I> {
  input: I;
  signal: AbortSignal;
  answer: Deferred<unknown>;
}

export type Persisted = { kind: 'login'; params: PersistLoginParams } | { kind: 'logout' };

/**
 * A live session actor whose server calls wait for the test to answer them (`answer.resolve/reject`), or answer
 * at once when `auto` says how.
 */
export function startSession(
  input: SessionInput = { now },
  auto?: { verify?: () => Promise<unknown>; refresh?: () => Promise<unknown> },
) {
  const verifyCalls: Array<ServerCall<{ token: string }>> = [];
  const refreshCalls: Array<ServerCall<{ refresh: string }>> = [];
  const persisted: Persisted[] = [];
  const machine = sessionMachine.provide({
    actors: {
      verifyToken: fromPromise<unknown, { token: string }>(({ input: callInput, signal }) => {
        const answer = deferred<unknown>();
        verifyCalls.push({ input: callInput, signal, answer });
        return auto?.verify ? auto.verify() : answer.promise;
      }),
      refreshToken: fromPromise<unknown, { refresh: string }>(({ input: callInput, signal }) => {
        const answer = deferred<unknown>();
        refreshCalls.push({ input: callInput, signal, answer });
        return auto?.refresh ? auto.refresh() : answer.promise;
      }),
    },
    actions: {
      persistLogin: (_, params) => {
        persisted.push({ kind: 'login', params });
      },
      persistLogout: () => {
        persisted.push({ kind: 'logout' });
      },
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, verifyCalls, refreshCalls, persisted };
}

export type SessionHarness = ReturnType<typeof startSession>;
