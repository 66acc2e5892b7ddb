import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_DEFAULT_EXPIRATION } from '../../../src/shared/constants.js';
import { DEFAULT_AUTH_STATE, readAccessToken, readAuthState, readProfileState } from '../../../src/web/lib/auth-state.js';
import { openDb, STATE_KEY, type LecternDb } from '../../../src/web/lib/db.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { loginResponseFor } from './fixtures.js';

let counter = 0;
let db: LecternDb;
const freshDb = () => {
  db = openDb(`lectern-test-${process.pid}-${++counter}`);
  return db;
};
afterEach(async () => {
  await db?.delete();
});

const login = loginResponseFor({ id: 7, username: 'ada', email: 'ada@example.com', display_name: 'Ada', avatar: '/uploads/ada.webp' });

describe('auth state', () => {
  it('is logged out with expired tokens before anything is stored', async () => {
    const state = await readAuthState(freshDb());
    expect(state).toEqual({
      userfinger: '',
      userid: 0,
      username: '',
      email: '',
      access_token: '',
      refresh_token: '',
      access_token_expiration: TOKEN_DEFAULT_EXPIRATION,
      refresh_token_expiration: TOKEN_DEFAULT_EXPIRATION,
      viewCount: 0,
      viewCountMonth: '',
      isLogin: 0,
      isMember: 0,
    });
    expect(TOKEN_DEFAULT_EXPIRATION).toBe('2000-01-01T00:00:00.000000Z');
    expect(await readProfileState(db)).toEqual({ display_name: '', user_avatar: '' });
    expect(await readAccessToken(db)).toBeUndefined();
  });

  it('is the defaults where there is no IndexedDB (the server)', async () => {
    expect(await readAuthState(undefined)).toEqual(DEFAULT_AUTH_STATE);
    expect(await readAccessToken(undefined)).toBeUndefined();
  });

  it('stores a login: ids, tokens, expirations, isLogin 1 and the profile', async () => {
    await saveLogin(login, freshDb());
    const state = await readAuthState(db);
    expect(state).toMatchObject({
      userid: 7,
      username: 'ada',
      email: 'ada@example.com',
      access_token: 'access-token',
      refresh_token: 'refresh-token',
      access_token_expiration: '2999-01-01T00:00:00.000000Z',
      refresh_token_expiration: '2999-02-01T00:00:00.000000Z',
      isLogin: 1,
      isMember: 0,
    });
    expect(await readProfileState(db)).toEqual({ display_name: 'Ada', user_avatar: '/uploads/ada.webp' });
    expect(await readAccessToken(db)).toBe('access-token');
  });

  it('does not hand out an expired access token', async () => {
    await saveLogin({ ...login, access_expiration: '2020-01-01T00:00:00.000000Z' }, freshDb());
    expect(await readAccessToken(db)).toBeUndefined();
    expect(await readAccessToken(db, Date.parse('2019-12-31T00:00:00Z'))).toBe('access-token');
    // Microsecond precision, as the server writes it, is read to the millisecond; in its last five seconds the
    // token is no longer handed out (it could expire on its way), so the session refreshes it first.
    const expires = Date.parse('2020-01-01T00:00:00.000Z');
    expect(await readAccessToken(db, expires - 5_001)).toBe('access-token');
    expect(await readAccessToken(db, expires - 5_000)).toBeUndefined();
    expect(await readAccessToken(db, expires - 1)).toBeUndefined();
  });

  it("clears a login with the user's membership and view count, but keeps the device's fingerprint and guest count", async () => {
    freshDb();
    await db.device.put({ userfinger: 'finger-1', userfinger_id: 3, viewCount: 2, viewCountMonth: '2026-11' }, STATE_KEY);
    await saveLogin(login, db);
    await db.auth.update(STATE_KEY, { viewCount: 4, viewCountMonth: '2026-11', isMember: 1 });
    await clearLogin(db);
    expect(await readAuthState(db)).toEqual(DEFAULT_AUTH_STATE);
    expect(await db.device.get(STATE_KEY)).toEqual({ userfinger: 'finger-1', userfinger_id: 3, viewCount: 2, viewCountMonth: '2026-11' });
    expect(await readProfileState(db)).toEqual({ display_name: '', user_avatar: '' });
  });

  it("a login as another account does not inherit the last account's membership or view count", async () => {
    freshDb();
    await saveLogin(login, db);
    await db.auth.update(STATE_KEY, { viewCount: 4, viewCountMonth: '2026-11', isMember: 1 });
    // The same account again (a second login on this device) keeps them until the next check.
    await saveLogin(login, db);
    expect(await readAuthState(db)).toMatchObject({ userid: 7, isMember: 1, viewCount: 4 });
    await saveLogin(loginResponseFor({ id: 8, username: 'bo', email: 'bo@example.com' }), db);
    expect(await readAuthState(db)).toMatchObject({ userid: 8, isMember: 0, viewCount: 0, viewCountMonth: '' });
  });
});
