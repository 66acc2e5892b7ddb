import { authPaths } from '../../../shared/api/auth-paths.js';
import type { LoginBody, LoginResponse, SessionUser } from '../../../shared/api/auth.js';
import type { Profile } from '../../../shared/api/users.js';
import { readAuthState, DEFAULT_AUTH_STATE, DEFAULT_PROFILE_STATE } from '../auth-state.js';
import { getDb, STATE_KEY, type AuthState, type LecternDb } from '../db.js';
import type { HttpClient } from '../http.js';
import type { SessionTokens } from './machines/session-tokens.js';
import { purgeOnSessionEnd } from '../offline/library-store.js';

/** SPEC section 4, login: isLogin 1; id, username, e-mail, both tokens and both expirations stored. */
export async function saveLogin(response: LoginResponse, db: LecternDb | undefined = getDb()): Promise<void> {
  await saveSession(
    {
      access_token: response.access,
      refresh_token: response.refresh,
      access_token_expiration: response.access_expiration,
      refresh_token_expiration: response.refresh_expiration,
    },
    response.user,
    db,
  );
}

/** A login as the session machine hands it over: its tokens and the user they belong to. */
export async function saveSession(tokens: SessionTokens, user: SessionUser, db: LecternDb | undefined = getDb()): Promise<void> {
  if (!db) return;
  let otherUser = false;
  await db.transaction('rw', db.auth, db.profile, async () => {
    const current = await readAuthState(db);
    otherUser = current.userid !== 0 && current.userid !== user.id;
    // Membership and view count belong to the account: another account starts from none until checked.
    const account = current.userid === user.id ? {} : { isMember: 0 as const, viewCount: 0, viewCountMonth: '' };
    await db.auth.put(
      { ...current, ...account, ...tokens, userid: user.id, username: user.username, email: user.email, isLogin: 1 },
      STATE_KEY,
    );
    await db.profile.put({ display_name: user.display_name, user_avatar: user.avatar ?? '' }, STATE_KEY);
  });
  // Another account logged in without a logout: what the previous one saved for offline goes.
  if (otherUser) await purgeOnSessionEnd(db);
}

/**
 * SPEC section 4, refresh: the new tokens (the refresh pair only when the server rotated it) and isLogin 1.
 * The stored user and profile stay as they are: a refresh does not say who the user is.
 */
export async function saveTokens(tokens: Partial<SessionTokens>, db: LecternDb | undefined = getDb()): Promise<void> {
  if (!db) return;
  await db.transaction('rw', db.auth, async () => {
    const current = await readAuthState(db);
    await db.auth.put({ ...current, ...tokens, isLogin: 1 }, STATE_KEY);
  });
}

/** After a profile change: the names and avatar the header shows, without touching the session. */
export async function saveProfile(
  profile: Pick<Profile, 'username' | 'display_name' | 'avatar'>,
  db: LecternDb | undefined = getDb(),
): Promise<void> {
  if (!db) return;
  await db.transaction('rw', db.auth, db.profile, async () => {
    const current = await readAuthState(db);
    if (!current.isLogin) return;
    await db.auth.put({ ...current, username: profile.username }, STATE_KEY);
    await db.profile.put({ display_name: profile.display_name || profile.username, user_avatar: profile.avatar ?? '' }, STATE_KEY);
  });
}

/**
 * SPEC section 4, logout: the user's fields, tokens and expirations cleared, isLogin and isMember 0,
 * profile cleared; the user's view count too. The device's fingerprint and the guest's view count (the
 * device row) stay: they belong to the guest.
 */
export async function clearLogin(db: LecternDb | undefined = getDb()): Promise<void> {
  await clearStoredLogin(db, () => true);
}

/**
 * Logout of the session that held `tokens` (the session machine dropped them): cleared as clearLogin does, but
 * only while the stored row is a login that still holds those tokens, checked in the clearing transaction. A
 * login stored since by another tab (other tokens) stays, and so does a row that is logged out already (nothing
 * written, no tab woken). Resolves with whether it cleared.
 */
export async function clearLoginOf(tokens: Pick<SessionTokens, 'access_token' | 'refresh_token'>, db: LecternDb | undefined = getDb()): Promise<boolean> {
  return clearStoredLogin(
    db,
    (current) =>
      !(current.isLogin === 0 && current.access_token === '' && current.refresh_token === '') &&
      current.access_token === tokens.access_token &&
      current.refresh_token === tokens.refresh_token,
  );
}

async function clearStoredLogin(db: LecternDb | undefined, holds: (current: AuthState) => boolean): Promise<boolean> {
  if (!db) return false;
  let cleared = false;
  await db.transaction('rw', db.auth, db.profile, async () => {
    const current = await readAuthState(db);
    if (!holds(current)) return;
    // A guest's row, keeping the device's fingerprint.
    await db.auth.put({ ...DEFAULT_AUTH_STATE, userfinger: current.userfinger }, STATE_KEY);
    await db.profile.put({ ...DEFAULT_PROFILE_STATE }, STATE_KEY);
    cleared = true;
  });
  // The user's offline library (their cache, rows and unsent progress) leaves with them; a guest's saves stay.
  if (cleared) await purgeOnSessionEnd(db);
  return cleared;
}

/** The password login call; the caller hands the answer to the session (LOGIN), which stores it. */
export function loginWithPassword(http: HttpClient, body: LoginBody): Promise<LoginResponse> {
  return http.post<LoginResponse>(authPaths.login, body);
}

/**
 * Forgets the session on this device, then revokes it on the server (best effort: the device forgets it
 * either way). Forgetting first means no call of this or another tab still sends the access token that
 * the server is about to end (it would answer 401).
 */
export async function logout(http: HttpClient, db: LecternDb | undefined = getDb()): Promise<void> {
  const { refresh_token } = await readAuthState(db);
  await clearLogin(db);
  await http.post(authPaths.logout, refresh_token ? { refresh: refresh_token } : {}).catch(() => undefined);
}
