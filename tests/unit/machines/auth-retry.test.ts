import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_DEBOUNCE_MS } from '../../../src/shared/constants.js';
import { isUnauthorized, refreshSession, withAuthRetry } from '../../../src/web/lib/session/machines/auth-retry.js';
import { SESSION_OUTCOMES } from '../../../src/web/lib/session/machines/session-machine.js';
import { FRESH, now, REFRESH_FULL, STALE_ACCESS, startSession, unauthorized } from './session-fixtures.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the REFRESH debounce run out while withAuthRetry waits, then returns its outcome. */
async function settle<T>(pending: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = pending.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.advanceTimersByTimeAsync(AUTH_DEBOUNCE_MS);
  return outcome;
}

describe('withAuthRetry: a 401 refreshes once and retries once, then logs out', () => {
  it('passes the current token and returns the answer when the call succeeds', async () => {
    const s = startSession({ now, tokens: FRESH });
    const call = vi.fn(async (token: string | undefined) => `ok with ${token}`);
    await expect(withAuthRetry(call, s.actor)).resolves.toBe('ok with access-fresh');
    expect(call).toHaveBeenCalledTimes(1);
    expect(s.refreshCalls).toHaveLength(0);
  });

  it('on a 401 refreshes, then retries with the new token', async () => {
    const s = startSession({ now, tokens: FRESH }, { refresh: async () => REFRESH_FULL });
    const call = vi.fn(async (token: string | undefined) => {
      if (token !== 'access-new') throw unauthorized();
      return 'second time lucky';
    });
    const result = await settle(withAuthRetry(call, s.actor));
    expect(result).toEqual({ value: 'second time lucky' });
    expect(call.mock.calls).toEqual([['access-fresh'], ['access-new']]);
    expect(s.refreshCalls.map((c) => c.input)).toEqual([{ refresh: 'refresh-1' }]);
    expect(s.actor.getSnapshot().value).toBe('loggedIn');
  });

  it('a second 401 logs out and rethrows', async () => {
    const s = startSession({ now, tokens: FRESH }, { refresh: async () => REFRESH_FULL });
    const call = vi.fn(async () => {
      throw unauthorized();
    });
    const result = await settle(withAuthRetry(call, s.actor));
    expect(isUnauthorized(result.error)).toBe(true);
    expect(call).toHaveBeenCalledTimes(2);
    expect(s.refreshCalls).toHaveLength(1);
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.persisted.map((p) => p.kind)).toEqual(['login', 'logout']);
  });

  it('a failed refresh has logged out already: no retry, the first error is rethrown', async () => {
    const s = startSession({ now, tokens: FRESH }, { refresh: () => Promise.reject(unauthorized()) });
    const first = unauthorized();
    const call = vi.fn(async () => {
      throw first;
    });
    const result = await settle(withAuthRetry(call, s.actor));
    expect(result.error).toBe(first);
    expect(call).toHaveBeenCalledTimes(1);
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    expect(s.actor.getSnapshot().context.outcome).toBe(SESSION_OUTCOMES.invalid);
  });

  it('other errors pass through without a refresh', async () => {
    const s = startSession({ now, tokens: FRESH });
    const failure = Object.assign(new Error('Request failed with status code 500'), { status: 500 });
    await expect(withAuthRetry(() => Promise.reject(failure), s.actor)).rejects.toBe(failure);
    expect(s.actor.getSnapshot().value).toBe('idle');
  });

  it('an expired token is not sent; concurrent 401s share one refresh', async () => {
    const s = startSession({ now, tokens: STALE_ACCESS }, { refresh: async () => REFRESH_FULL });
    const seen: Array<string | undefined> = [];
    const call = async (token: string | undefined) => {
      seen.push(token);
      if (token !== 'access-new') throw unauthorized();
      return token;
    };
    const all = settle(Promise.all([withAuthRetry(call, s.actor), withAuthRetry(call, s.actor), withAuthRetry(call, s.actor)]));
    expect(await all).toEqual({ value: ['access-new', 'access-new', 'access-new'] });
    expect(seen).toEqual([undefined, undefined, undefined, 'access-new', 'access-new', 'access-new']);
    expect(s.refreshCalls).toHaveLength(1);
  });

  it('refreshSession reports whether the session is logged in afterwards', async () => {
    const s = startSession({ now, tokens: { ...FRESH, refresh_token: '' } });
    expect(await settle(refreshSession(s.actor))).toEqual({ value: false });
    expect(s.actor.getSnapshot().context.outcome).toBe(SESSION_OUTCOMES.noToken);
  });

  it('recognises a 401 by its status only', () => {
    expect(isUnauthorized(unauthorized())).toBe(true);
    expect(isUnauthorized({ status: 403 })).toBe(false);
    expect(isUnauthorized(new Error('401'))).toBe(false);
    expect(isUnauthorized(null)).toBe(false);
  });
});
