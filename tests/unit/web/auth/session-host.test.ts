import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { TOKEN_DEFAULT_EXPIRATION } from '../../../../src/shared/constants.js';
import { saveLogin } from '../../../../src/web/lib/session/session-store.js';
import { createSessionFetch } from '../../../../src/web/lib/session/session-fetch.js';
import { startSessionHost } from '../../../../src/web/lib/session/session-host.js';
import { readAuthState, readProfileState } from '../../../../src/web/lib/auth-state.js';
import { createHttpClient } from '../../../../src/web/lib/http.js';
import { STATE_KEY, type LecternDb } from '../../../../src/web/lib/db.js';
import { BASE_URL, cleanedAfterEach, dbNamed, eventually, fakeServer, FAR, freshDbName, login, PAST, refused, type Handler } from './session-fixtures.js';

const { hosts, dbs } = cleanedAfterEach();

function database(name = freshDbName()): LecternDb {
  const db = dbNamed(name);
  dbs.push(db);
  return db;
}

async function start(db: LecternDb, ...handlers: Handler[]) {
  const server = fakeServer(...handlers);
  const host = await startSessionHost({ baseUrl: BASE_URL, db, fetch: server.fetch });
  hosts.push(host);
  return { host, server };
}

const refreshAnswer: Handler = (call) =>
  call.path === '/rest-auth/token/refresh/' && (call.body as { refresh: string }).refresh === 'refresh-1'
    ? { status: 200, body: { access: 'access-2', refresh: 'refresh-2', access_expiration: FAR, refresh_expiration: FAR } }
    : undefined;

describe('the session host: the session machine wired to the server and to Dexie', () => {
  it('LOGIN stores the user, both tokens and the profile, and the live state follows', async () => {
    const db = database();
    const { host } = await start(db);
    expect(host.stored().auth.isLogin).toBe(0);
    await host.login(login());
    expect(await readAuthState(db)).toMatchObject({
      userid: 7,
      username: 'ada',
      email: 'ada@mail.lectern.org',
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      access_token_expiration: FAR,
      refresh_token_expiration: FAR,
      isLogin: 1,
    });
    expect(await readProfileState(db)).toEqual({ display_name: 'Ada L.', user_avatar: '/media/ada.webp' });
    expect(host.stored().auth.userid).toBe(7);
    expect(host.actor.getSnapshot().value).toBe('loggedIn');
  });

  it('VERIFYs the stored token at start (once, after the debounce) and keeps a valid session', async () => {
    const db = database();
    await saveLogin(login(), db);
    const { host, server } = await start(db);
    expect(server.paths()).toEqual([]);
    await eventually(() => host.actor.getSnapshot().matches('loggedIn'));
    expect(server.calls).toEqual([expect.objectContaining({ method: 'POST', path: '/rest-auth/token/verify/', body: { token: 'access-1' } })]);
    expect(host.actor.getSnapshot().context.outcome).toBe('auth.tokenValid');
  });

  it('a refresh stores only the new tokens and isLogin 1: the stored user and profile stay', async () => {
    const db = database();
    await saveLogin(login({ access_expiration: PAST }), db);
    const { host, server } = await start(db, refreshAnswer);
    const settled = await host.refresh();
    expect(settled.context.outcome).toBe('auth.tokenRefreshed');
    expect(server.paths().filter((p) => p.includes('refresh'))).toEqual(['POST /rest-auth/token/refresh/']);
    expect(await readAuthState(db)).toMatchObject({
      userid: 7,
      username: 'ada',
      email: 'ada@mail.lectern.org',
      access_token: 'access-2',
      refresh_token: 'refresh-2',
      isLogin: 1,
    });
    expect(await readProfileState(db)).toEqual({ display_name: 'Ada L.', user_avatar: '/media/ada.webp' });
  });

  it('an expired access token is refreshed before a call needs it', async () => {
    const db = database();
    await saveLogin(login({ access_expiration: PAST }), db);
    const { host } = await start(db, refreshAnswer);
    await expect(host.accessToken()).resolves.toBe('access-2');
  });

  it('a failed refresh logs out and clears the storage', async () => {
    const db = database();
    await saveLogin(login({ access_expiration: PAST }), db);
    const { host } = await start(db, (call) => (call.path === '/rest-auth/token/refresh/' ? refused : undefined));
    const settled = await host.refresh();
    expect(settled.value).toBe('loggedOut');
    expect(settled.context.outcome).toBe('auth.tokenInvalid');
    expect(await readAuthState(db)).toMatchObject({ userid: 0, isLogin: 0, access_token: '', refresh_token: '' });
  });

  it('LOGOUT revokes the refresh token on the server first, then clears everything of the user', async () => {
    const db = database();
    await saveLogin(login(), db);
    const { host, server } = await start(db);
    await host.logout();
    expect(server.calls.find((c) => c.path === '/rest-auth/logout/')?.body).toEqual({ refresh: 'refresh-1' });
    expect(await readAuthState(db)).toMatchObject({
      userid: 0,
      username: '',
      email: '',
      access_token: '',
      refresh_token: '',
      access_token_expiration: TOKEN_DEFAULT_EXPIRATION,
      refresh_token_expiration: TOKEN_DEFAULT_EXPIRATION,
      isLogin: 0,
      isMember: 0,
    });
    expect(await readProfileState(db)).toEqual({ display_name: '', user_avatar: '' });
    expect(host.actor.getSnapshot().value).toBe('loggedOut');
  });

  it('a logout in one tab reaches the other as AUTH_STATE_CHANGED, and so does a login', async () => {
    const name = freshDbName();
    const first = database(name);
    const second = database(name);
    await saveLogin(login(), first);
    const a = await start(first);
    const b = await start(second);
    await eventually(() => b.host.actor.getSnapshot().matches('loggedIn'));

    await a.host.logout();
    await eventually(() => b.host.actor.getSnapshot().matches('loggedOut'));
    expect(b.host.stored().auth.isLogin).toBe(0);
    expect(b.host.actor.getSnapshot().context.refresh_token).toBe('');
    // The other tab only adopts the change: it makes no call of its own.
    expect(b.server.paths()).not.toContain('POST /rest-auth/logout/');

    await a.host.login(login({ access: 'access-9', refresh: 'refresh-9' }));
    await eventually(() => b.host.actor.getSnapshot().matches('loggedIn'));
    expect(b.host.actor.getSnapshot().context.access_token).toBe('access-9');
    expect(b.host.stored().profile.display_name).toBe('Ada L.');
  });

  it('a guest tab that finds no token leaves a login stored meanwhile by another tab, and adopts it', async () => {
    const name = freshDbName();
    const guestTab = database(name);
    const otherTab = database(name);
    const { host } = await start(guestTab);
    expect(host.actor.getSnapshot().matches('verifying')).toBe(true);
    let decided = false;
    const subscription = host.actor.subscribe((snapshot) => {
      if (snapshot.matches('loggedOut')) decided = true;
    });
    // The other tab's login is being written (its transaction kept open) when this tab's debounced VERIFY finds
    // no token: the guest tab stores its logout only after that login has landed.
    await otherTab.transaction('rw', otherTab.auth, otherTab.profile, async () => {
      while (!decided) await otherTab.auth.get(STATE_KEY);
      await saveLogin(login(), otherTab);
    });
    subscription.unsubscribe();
    await host.flush();
    expect(await readAuthState(guestTab)).toMatchObject({ isLogin: 1, userid: 7, access_token: 'access-1', refresh_token: 'refresh-1' });
    await eventually(() => host.actor.getSnapshot().matches('loggedIn'));
    expect(host.stored().auth.userid).toBe(7);
  });
});

describe('calls refused for their token', () => {
  async function client(db: LecternDb, ...handlers: Handler[]) {
    const { host, server } = await start(db, refreshAnswer, ...handlers);
    const http = createHttpClient({
      baseUrl: BASE_URL,
      getAccessToken: () => readAuthState(db).then((s) => s.access_token || undefined),
      fetch: createSessionFetch(async () => host, server.fetch),
    });
    return { host, server, http };
  }

  it('refresh once and retry once with the new token', async () => {
    const db = database();
    await saveLogin(login(), db);
    const { http, server } = await client(db, (call) =>
      call.path === '/user/profile/7' ? (call.authorization === 'Bearer access-2' ? { status: 200, body: { id: 7 } } : refused) : undefined,
    );
    await expect(http.get('/user/profile/7')).resolves.toEqual({ id: 7 });
    expect(server.calls.filter((c) => c.path === '/user/profile/7').map((c) => c.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect((await readAuthState(db)).access_token).toBe('access-2');
  });

  it('a second refusal logs out; the call fails with the 401', async () => {
    const db = database();
    await saveLogin(login(), db);
    const { http, host } = await client(db, (call) => (call.path === '/user/profile/7' ? refused : undefined));
    await expect(http.get('/user/profile/7')).rejects.toMatchObject({ status: 401 });
    await eventually(async () => (await readAuthState(db)).isLogin === 0);
    expect(host.actor.getSnapshot().value).toBe('loggedOut');
  });

  it('a wrong password (401 invalid_credentials) is not a token problem: no refresh', async () => {
    const db = database();
    await saveLogin(login(), db);
    const { http, server } = await client(db, (call) =>
      call.path === '/user/profile/7' ? { status: 401, body: { error: 'invalid_credentials', message: 'Unable to log in.' } } : undefined,
    );
    await expect(http.get('/user/profile/7')).rejects.toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(server.paths()).not.toContain('POST /rest-auth/token/refresh/');
    expect((await readAuthState(db)).isLogin).toBe(1);
  });
});
