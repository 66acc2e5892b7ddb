import { readAuthState } from '../auth-state.js';
import { STATE_KEY, type AuthState, type LecternDb } from '../db.js';
import { accessTokenExpiring, normalizeRefreshResponse } from './machines/session-tokens.js';

/** The lock every tab of the site takes to refresh (Web Locks: one holder per origin at a time). */
export const REFRESH_LOCK = 'lectern-refresh';

/** The part of `navigator.locks` used here (a fake in tests). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface LockedRefreshOptions {
  /** `navigator.locks`; without it (old browsers) each tab refreshes on its own, as before. */
  locks: LockManagerLike | undefined;
  db: LecternDb | undefined;
  /** The refresh call: the server's answer (either form of SPEC section 3). */
  call: (refresh: string) => Promise<unknown>;
  now: () => number;
}

/** The server's answer shape (the first form) for tokens another tab stored. */
function answerOf(auth: AuthState) {
  return {
    access: auth.access_token,
    access_expiration: auth.access_token_expiration,
    refresh: auth.refresh_token,
    refresh_expiration: auth.refresh_token_expiration,
  };
}

class SessionEndedElsewhere extends Error {
  constructor() {
    super('The session ended in another tab');
  }
}

/**
 * Refreshes with `refresh`, one tab at a time. Holding the lock, the tab reads the stored session again: if
 * another tab rotated the refresh token while this one waited, its access token is used as it is (or, if
 * that has expired too, the newer refresh token is refreshed); if another tab logged out, nothing is sent.
 * The new tokens are stored before the lock is released, so the next tab in line sees them. The stored row
 * is only written if it still holds the token that was refreshed: a login or logout meanwhile wins.
 */
export async function refreshWithLock(refresh: string, options: LockedRefreshOptions): Promise<unknown> {
  const { locks, db, call, now } = options;
  if (!locks || !db) return call(refresh);
  return locks.request(REFRESH_LOCK, async () => {
    const stored = await readAuthState(db);
    let token = refresh;
    if (stored.refresh_token !== refresh) {
      if (stored.isLogin !== 1 || stored.refresh_token === '') throw new SessionEndedElsewhere();
      if (stored.access_token !== '' && !accessTokenExpiring(stored.access_token_expiration, now())) return answerOf(stored);
      token = stored.refresh_token;
    }
    const answer = await call(token);
    const tokens = normalizeRefreshResponse(answer);
    if (!tokens) return answer;
    const overtaken = await db.transaction('rw', db.auth, async () => {
      const current = await readAuthState(db);
      if (current.refresh_token !== token) return current;
      await db.auth.put({ ...current, ...tokens, isLogin: 1 }, STATE_KEY);
      return undefined;
    });
    if (!overtaken) return answer;
    // A login or logout landed while the call was out: what is stored now is the session.
    if (overtaken.isLogin !== 1 || overtaken.refresh_token === '') throw new SessionEndedElsewhere();
    return answerOf(overtaken);
  });
}

/** The browser's lock manager, where there is one. */
export function browserLocks(): LockManagerLike | undefined {
  if (typeof navigator === 'undefined' || !('locks' in navigator) || !navigator.locks) return undefined;
  const locks = navigator.locks;
  // The DOM typing wraps the callback's promise once more; the lock resolves with what the callback resolves.
  return { request: <T>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as unknown as Promise<T> };
}
