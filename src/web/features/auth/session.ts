import { authPaths } from '../../../shared/api/auth-paths.js';
import type { LoginBody, LoginResponse } from '../../../shared/api/auth.js';
import { TOKEN_DEFAULT_EXPIRATION } from '../../../shared/constants.js';
import { readAuthState, DEFAULT_PROFILE_STATE } from '../../lib/auth-state.js';
import { getDb, STATE_KEY, type LecternDb } from '../../lib/db.js';
import type { HttpClient } from '../../lib/http.js';

/** SPEC section 4, login: isLogin 1; id, username, e-mail, both tokens and both expirations stored. */
export async function saveLogin(response: LoginResponse, db: LecternDb | undefined = getDb()): Promise<void> {
  if (!db) return;
  await db.transaction('rw', db.auth, db.profile, async () => {
    const current = await readAuthState(db);
    await db.auth.put(
      {
        ...current,
        userid: response.user.id,
        username: response.user.username,
        email: response.user.email,
        access_token: response.access,
        refresh_token: response.refresh,
        access_token_expiration: response.access_expiration,
        refresh_token_expiration: response.refresh_expiration,
        isLogin: 1,
      },
      STATE_KEY,
    );
    await db.profile.put({ display_name: response.user.display_name, user_avatar: response.user.avatar ?? '' }, STATE_KEY);
  });
}

/**
 * SPEC section 4, logout: the user's fields, tokens and expirations cleared, isLogin and isMember 0,
 * profile cleared. The device's fingerprint and view count stay: they belong to the guest.
 */
export async function clearLogin(db: LecternDb | undefined = getDb()): Promise<void> {
  if (!db) return;
  await db.transaction('rw', db.auth, db.profile, async () => {
    const current = await readAuthState(db);
    await db.auth.put(
      {
        ...current,
        userid: 0,
        username: '',
        email: '',
        access_token: '',
        refresh_token: '',
        access_token_expiration: TOKEN_DEFAULT_EXPIRATION,
        refresh_token_expiration: TOKEN_DEFAULT_EXPIRATION,
        isLogin: 0,
        isMember: 0,
      },
      STATE_KEY,
    );
    await db.profile.put({ ...DEFAULT_PROFILE_STATE }, STATE_KEY);
  });
}

export async function loginWithPassword(http: HttpClient, body: LoginBody): Promise<LoginResponse> {
  const response = await http.post<LoginResponse>(authPaths.login, body);
  await saveLogin(response);
  return response;
}

/** Revokes the session on the server (best effort: the device forgets it either way), then clears it. */
export async function logout(http: HttpClient): Promise<void> {
  const { refresh_token } = await readAuthState();
  await http.post(authPaths.logout, refresh_token ? { refresh: refresh_token } : {}).catch(() => undefined);
  await clearLogin();
}
