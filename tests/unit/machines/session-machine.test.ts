import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { AUTH_DEBOUNCE_MS, TOKEN_DEFAULT_EXPIRATION } from '../../../src/shared/constants.js';
import { translate } from '../../../src/shared/i18n/index.js';
import {
  isSessionSettled,
  SESSION_OUTCOMES,
  sessionAccessToken,
  sessionMachine,
} from '../../../src/web/lib/session/machines/session-machine.js';
import {
  accessTokenExpiring,
  EMPTY_TOKENS,
  expirationTime,
  isExpired,
  normalizeRefreshResponse,
} from '../../../src/web/lib/session/machines/session-tokens.js';
import { flush } from './model-paths.js';
import {
  ALL_EXPIRED,
  FRESH,
  IN_A_WEEK,
  IN_AN_HOUR,
  loginEvent,
  NOW,
  now,
  REFRESH_ALT,
  REFRESH_FULL,
  REFRESH_UNUSABLE,
  STALE_ACCESS,
  startSession,
  tokensOf,
  unauthorized,
  user,
} from './session-fixtures.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const debounce = () => vi.advanceTimersByTimeAsync(AUTH_DEBOUNCE_MS);

describe('verify (SPEC section 4)', () => {
  it('without an access token logs out with "no token", calling nobody', async () => {
    const s = startSession({ now });
    s.actor.send({ type: 'VERIFY' });
    await debounce();
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.actor.getSnapshot().context.outcome).toBe(SESSION_OUTCOMES.noToken);
    expect(s.persisted).toEqual([{ kind: 'logout' }]);
    expect(s.verifyCalls).toHaveLength(0);
    expect(s.refreshCalls).toHaveLength(0);
  });

  it('with an unexpired token asks the server; a valid token logs in with "token valid"', async () => {
    const s = startSession({ now, tokens: FRESH });
    s.actor.send({ type: 'VERIFY' });
    await debounce();
    expect(s.verifyCalls.map((c) => c.input)).toEqual([{ token: 'access-fresh' }]);
    s.verifyCalls[0].answer.resolve({});
    await flush();
    expect(s.actor.getSnapshot().value).toBe('loggedIn');
    expect(s.actor.getSnapshot().context.outcome).toBe(SESSION_OUTCOMES.valid);
    expect(s.persisted).toEqual([]);
    expect(s.refreshCalls).toHaveLength(0);
  });

  it('with an expired token refreshes without asking the verify call, and stores the new access token', async () => {
    const s = startSession({ now, tokens: STALE_ACCESS });
    s.actor.send({ type: 'VERIFY' });
    await debounce();
    expect(s.verifyCalls).toHaveLength(0);
    expect(s.refreshCalls.map((c) => c.input)).toEqual([{ refresh: 'refresh-1' }]);
    s.refreshCalls[0].answer.resolve(REFRESH_FULL);
    await flush();
    const { value, context } = s.actor.getSnapshot();
    expect(value).toBe('loggedIn');
    expect(context.outcome).toBe(SESSION_OUTCOMES.refreshed);
    const expected = { access_token: 'access-new', access_token_expiration: IN_AN_HOUR, refresh_token: 'refresh-new', refresh_token_expiration: IN_A_WEEK };
    expect(tokensOf(context)).toEqual(expected);
    expect(s.persisted).toEqual([{ kind: 'login', params: { tokens: expected } }]);
  });

  it('with an expired token and a failed refresh logs out with "token invalid"', async () => {
    const s = startSession({ now, tokens: STALE_ACCESS });
    s.actor.send({ type: 'VERIFY' });
    await debounce();
    s.refreshCalls[0].answer.reject(unauthorized());
    await flush();
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.actor.getSnapshot().context.outcome).toBe(SESSION_OUTCOMES.invalid);
    expect(tokensOf(s.actor.getSnapshot().context)).toEqual(EMPTY_TOKENS);
    expect(s.persisted).toEqual([{ kind: 'logout' }]);
  });

  it('a token the server rejects is exchanged for a new one (second response form keeps the refresh token)', async () => {
    const s = startSession({ now, tokens: FRESH });
    s.actor.send({ type: 'VERIFY' });
    await debounce();
    s.verifyCalls[0].answer.reject(unauthorized());
    await flush();
    expect(s.refreshCalls.map((c) => c.input)).toEqual([{ refresh: 'refresh-1' }]);
    s.refreshCalls[0].answer.resolve(REFRESH_ALT);
    await flush();
    const { value, context } = s.actor.getSnapshot();
    expect(value).toBe('loggedIn');
    expect(context.outcome).toBe(SESSION_OUTCOMES.refreshed);
    expect(tokensOf(context)).toEqual({ ...FRESH, access_token: 'access-alt', access_token_expiration: IN_AN_HOUR });
  });

  it('when both the verify and the refresh fail, the user is not logged in', async () => {
    const s = startSession({ now, tokens: FRESH });
    s.actor.send({ type: 'VERIFY' });
    await debounce();
    s.verifyCalls[0].answer.reject(unauthorized());
    await flush();
    s.refreshCalls[0].answer.resolve(REFRESH_UNUSABLE);
    await flush();
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.actor.getSnapshot().context.outcome).toBe(SESSION_OUTCOMES.invalid);
    expect(s.persisted).toEqual([{ kind: 'logout' }]);
  });
});

describe('refresh (SPEC section 4)', () => {
  it('without a refresh token logs out with "no token"', async () => {
    const s = startSession({ now, tokens: { ...FRESH, refresh_token: '' } });
    s.actor.send({ type: 'REFRESH' });
    await debounce();
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.actor.getSnapshot().context.outcome).toBe(SESSION_OUTCOMES.noToken);
    expect(s.refreshCalls).toHaveLength(0);
  });

  it('with an expired refresh token logs out with "token invalid", calling nobody', async () => {
    const s = startSession({ now, tokens: ALL_EXPIRED });
    s.actor.send({ type: 'REFRESH' });
    await debounce();
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.actor.getSnapshot().context.outcome).toBe(SESSION_OUTCOMES.invalid);
    expect(s.refreshCalls).toHaveLength(0);
    expect(s.persisted).toEqual([{ kind: 'logout' }]);
  });

  it('a refresh token that expires exactly now counts as expired (the injected clock decides)', async () => {
    let clock = NOW;
    const s = startSession({ now: () => clock, tokens: { ...FRESH, refresh_token_expiration: '2030-06-01T00:00:01.000000Z' } });
    clock = NOW + 1000;
    s.actor.send({ type: 'REFRESH' });
    await debounce();
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
  });

  it('a failed refresh logs out', async () => {
    const s = startSession({ now, tokens: FRESH });
    s.actor.send({ type: 'REFRESH' });
    await debounce();
    s.refreshCalls[0].answer.reject(new Error('Network Error'));
    await flush();
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.persisted).toEqual([{ kind: 'logout' }]);
  });
});

describe('login, logout and other tabs', () => {
  it('LOGIN stores the tokens and persists them with the user', () => {
    const s = startSession({ now });
    s.actor.send(loginEvent(FRESH));
    expect(s.actor.getSnapshot().value).toBe('loggedIn');
    expect(tokensOf(s.actor.getSnapshot().context)).toEqual(FRESH);
    expect(s.persisted).toEqual([{ kind: 'login', params: { tokens: FRESH, user } }]);
  });

  it('LOGOUT clears everything back to the defaults', () => {
    const s = startSession({ now, tokens: FRESH });
    s.actor.send({ type: 'LOGOUT' });
    const { value, context } = s.actor.getSnapshot();
    expect(value).toBe('loggedOut');
    expect(tokensOf(context)).toEqual({
      access_token: '',
      refresh_token: '',
      access_token_expiration: TOKEN_DEFAULT_EXPIRATION,
      refresh_token_expiration: TOKEN_DEFAULT_EXPIRATION,
    });
    expect(s.persisted).toEqual([{ kind: 'logout' }]);
  });

  it('LOGOUT during a check cancels the call', async () => {
    const s = startSession({ now, tokens: FRESH });
    s.actor.send({ type: 'VERIFY' });
    await debounce();
    s.actor.send({ type: 'LOGOUT' });
    expect(s.verifyCalls[0].signal.aborted).toBe(true);
    s.verifyCalls[0].answer.resolve({});
    await flush();
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
  });

  it('adopts a login or logout written by another tab without writing it again', () => {
    const s = startSession({ now });
    s.actor.send({ type: 'AUTH_STATE_CHANGED', state: { ...FRESH, isLogin: 1 } });
    expect(s.actor.getSnapshot().value).toBe('loggedIn');
    expect(tokensOf(s.actor.getSnapshot().context)).toEqual(FRESH);
    s.actor.send({ type: 'AUTH_STATE_CHANGED', state: { ...EMPTY_TOKENS, isLogin: 0 } });
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.persisted).toEqual([]);
  });

  it('ignores its own write coming back from the storage, even during a check', async () => {
    const s = startSession({ now, tokens: FRESH });
    s.actor.send({ type: 'VERIFY' });
    await debounce();
    s.actor.send({ type: 'AUTH_STATE_CHANGED', state: { ...FRESH, isLogin: 1 } });
    expect(s.actor.getSnapshot().matches({ verifying: 'calling' })).toBe(true);
    expect(s.verifyCalls[0].signal.aborted).toBe(false);
  });
});

describe('debounce (SPEC section 9: 500 ms)', () => {
  it('a burst of three VERIFY within 500 ms makes one server call', async () => {
    const s = startSession({ now, tokens: FRESH }, { verify: async () => ({}) });
    s.actor.send({ type: 'VERIFY' });
    await vi.advanceTimersByTimeAsync(200);
    s.actor.send({ type: 'VERIFY' });
    await vi.advanceTimersByTimeAsync(200);
    s.actor.send({ type: 'VERIFY' });
    await vi.advanceTimersByTimeAsync(AUTH_DEBOUNCE_MS - 1);
    expect(s.verifyCalls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(s.verifyCalls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5 * AUTH_DEBOUNCE_MS);
    expect(s.verifyCalls).toHaveLength(1);
    expect(s.actor.getSnapshot().value).toBe('loggedIn');
  });

  it('two VERIFY 600 ms apart make two server calls', async () => {
    const s = startSession({ now, tokens: FRESH }, { verify: async () => ({}) });
    s.actor.send({ type: 'VERIFY' });
    await vi.advanceTimersByTimeAsync(600);
    s.actor.send({ type: 'VERIFY' });
    await vi.advanceTimersByTimeAsync(600);
    await flush();
    expect(s.verifyCalls).toHaveLength(2);
  });

  it('a burst of REFRESH makes one refresh call, and a REFRESH within a VERIFY burst wins', async () => {
    const s = startSession({ now, tokens: FRESH }, { refresh: async () => REFRESH_FULL });
    s.actor.send({ type: 'VERIFY' });
    await vi.advanceTimersByTimeAsync(100);
    s.actor.send({ type: 'REFRESH' });
    await vi.advanceTimersByTimeAsync(100);
    s.actor.send({ type: 'REFRESH' });
    await vi.advanceTimersByTimeAsync(100);
    s.actor.send({ type: 'VERIFY' });
    await vi.advanceTimersByTimeAsync(AUTH_DEBOUNCE_MS * 3);
    await flush();
    expect(s.verifyCalls).toHaveLength(0);
    expect(s.refreshCalls).toHaveLength(1);
    expect(s.actor.getSnapshot().context.outcome).toBe(SESSION_OUTCOMES.refreshed);
  });
});

describe('session helpers', () => {
  it('reads expirations with microseconds and distrusts unreadable ones', () => {
    expect(expirationTime('2030-06-01T00:00:00.123456Z')).toBe(NOW + 123);
    expect(isExpired('2030-06-01T00:00:00.000001Z', NOW)).toBe(true);
    expect(isExpired('2030-06-01T00:00:00.001000Z', NOW)).toBe(false);
    expect(isExpired(TOKEN_DEFAULT_EXPIRATION, NOW)).toBe(true);
    expect(isExpired('not a date', NOW)).toBe(true);
  });

  it('stops sending an access token five seconds before it expires (it could expire on its way); refresh tokens run to the end', () => {
    expect(accessTokenExpiring('2030-06-01T00:00:05.001000Z', NOW)).toBe(false);
    expect(accessTokenExpiring('2030-06-01T00:00:05.000000Z', NOW)).toBe(true);
    expect(accessTokenExpiring('2030-06-01T00:00:01.000000Z', NOW)).toBe(true);
    expect(isExpired('2030-06-01T00:00:01.000000Z', NOW)).toBe(false);
  });

  it('normalizes both refresh response forms', () => {
    expect(normalizeRefreshResponse(REFRESH_FULL)).toEqual({
      access_token: 'access-new',
      access_token_expiration: IN_AN_HOUR,
      refresh_token: 'refresh-new',
      refresh_token_expiration: IN_A_WEEK,
    });
    expect(normalizeRefreshResponse({ access: 'a', access_expiration: IN_AN_HOUR })).toEqual({
      access_token: 'a',
      access_token_expiration: IN_AN_HOUR,
    });
    expect(normalizeRefreshResponse({ ...REFRESH_ALT, refresh_token: 'rotated' })).toEqual({
      access_token: 'access-alt',
      access_token_expiration: IN_AN_HOUR,
      refresh_token: 'rotated',
    });
    expect(normalizeRefreshResponse({ ...REFRESH_ALT, result: false })).toBeUndefined();
    expect(normalizeRefreshResponse({ access: '', access_expiration: IN_AN_HOUR })).toBeUndefined();
    expect(normalizeRefreshResponse(REFRESH_UNUSABLE)).toBeUndefined();
    expect(normalizeRefreshResponse(null)).toBeUndefined();
    expect(normalizeRefreshResponse('token')).toBeUndefined();
  });

  it('gives the access token to send only while it is unexpired', () => {
    expect(sessionAccessToken(createActor(sessionMachine, { input: { now, tokens: FRESH } }).getSnapshot())).toBe('access-fresh');
    expect(sessionAccessToken(createActor(sessionMachine, { input: { now, tokens: STALE_ACCESS } }).getSnapshot())).toBeUndefined();
    expect(sessionAccessToken(createActor(sessionMachine, { input: {} }).getSnapshot())).toBeUndefined();
  });

  it('is settled when no check waits or runs', async () => {
    const s = startSession({ now, tokens: FRESH });
    expect(isSessionSettled(s.actor.getSnapshot())).toBe(true);
    s.actor.send({ type: 'VERIFY' });
    expect(isSessionSettled(s.actor.getSnapshot())).toBe(false);
    await debounce();
    expect(isSessionSettled(s.actor.getSnapshot())).toBe(false);
    s.verifyCalls[0].answer.resolve({});
    await flush();
    expect(isSessionSettled(s.actor.getSnapshot())).toBe(true);
  });

  it('fails closed when no server calls are provided', async () => {
    const actor = createActor(sessionMachine, { input: { now, tokens: FRESH } }).start();
    actor.send({ type: 'VERIFY' });
    await debounce();
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.outcome).toBe(SESSION_OUTCOMES.invalid);
  });

  it('shows the token outcomes in the user’s language', () => {
    expect(Object.values(SESSION_OUTCOMES).map((key) => translate('zh-CN', key))).toEqual([
      '令牌有效',
      '令牌已刷新',
      '令牌无效',
      '没有令牌，未登录',
    ]);
    expect(Object.values(SESSION_OUTCOMES).map((key) => translate('en', key))).toEqual([
      'Token valid',
      'Token refreshed',
      'Token invalid',
      'No token, not logged in',
    ]);
  });
});
