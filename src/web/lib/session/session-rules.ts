import type { AuthState } from '../db.js';
import { isExpired } from './machines/session-tokens.js';

/**
 * Logged in as far as the device knows: isLogin 1 and a refresh token that has not expired. An expired access
 * token is fine: the session refreshes it before the next call that needs it.
 */
export function hasUsableSession(auth: Pick<AuthState, 'isLogin' | 'refresh_token' | 'refresh_token_expiration'>, now: number): boolean {
  return auth.isLogin === 1 && auth.refresh_token !== '' && !isExpired(auth.refresh_token_expiration, now);
}
