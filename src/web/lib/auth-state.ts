import { useLiveQuery } from 'dexie-react-hooks';
import { getDb, STATE_KEY, type AuthState, type LecternDb, type ProfileState } from './db.js';
import { DEFAULT_AUTH_STATE, DEFAULT_PROFILE_STATE } from './session/device-session.js';
import { accessTokenExpiring } from './session/machines/session-tokens.js';

// The guest's rows live beside the check that needs no Dexie (`session/device-session.ts`).
export { DEFAULT_AUTH_STATE, DEFAULT_PROFILE_STATE };

export async function readAuthState(db: LecternDb | undefined = getDb()): Promise<AuthState> {
  const stored = db ? await db.auth.get(STATE_KEY) : undefined;
  return { ...DEFAULT_AUTH_STATE, ...stored };
}

export async function readProfileState(db: LecternDb | undefined = getDb()): Promise<ProfileState> {
  const stored = db ? await db.profile.get(STATE_KEY) : undefined;
  return { ...DEFAULT_PROFILE_STATE, ...stored };
}

/**
 * Stores the membership check's answer in the auth row, where every tab sees it. Only while logged in as
 * `userId`: an answer that arrives after a logout or for another account is dropped.
 */
export async function saveIsMember(isMember: 0 | 1, userId: number, db: LecternDb | undefined = getDb()): Promise<void> {
  if (!db) return;
  await db.transaction('rw', db.auth, async () => {
    const current = await readAuthState(db);
    if (current.isLogin !== 1 || current.userid !== userId || current.isMember === isMember) return;
    await db.auth.put({ ...current, isMember }, STATE_KEY);
  });
}

/**
 * The stored access token while it is unexpired. An expired token is not sent: the server answers any
 * invalid token with 401, even on public calls (refreshing it is the session's job).
 */
export async function readAccessToken(db: LecternDb | undefined = getDb(), now = Date.now()): Promise<string | undefined> {
  const state = await readAuthState(db);
  if (!state.isLogin || !state.access_token) return undefined;
  // Not within its last seconds either: it could expire on its way, so the session refreshes it first.
  return accessTokenExpiring(state.access_token_expiration, now) ? undefined : state.access_token;
}

export interface AuthSnapshot {
  auth: AuthState;
  profile: ProfileState;
  /** False until the stored state has been read: during SSR, hydration and the first moments after. */
  ready: boolean;
}

const INITIAL_SNAPSHOT: AuthSnapshot = { auth: DEFAULT_AUTH_STATE, profile: DEFAULT_PROFILE_STATE, ready: false };

/**
 * The live auth and profile state: every tab sees a login or logout at once. Renders the logged-out
 * default on the server and during hydration, so both render the same markup.
 */
export function useAuthState(db?: LecternDb): AuthSnapshot {
  return useLiveQuery(
    async () => {
      const target = db ?? getDb();
      return { auth: await readAuthState(target), profile: await readProfileState(target), ready: true };
    },
    [db],
    INITIAL_SNAPSHOT,
  );
}
