import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { readAuthState } from '../../../../src/web/lib/auth-state.js';
import type { LecternDb } from '../../../../src/web/lib/db.js';
import { saveLogin } from '../../../../src/web/lib/session/session-store.js';
import { startSessionHost } from '../../../../src/web/lib/session/session-host.js';
import { BASE_URL, cleanedAfterEach, dbNamed, eventually, fakeServer, FAR, freshDbName, login, PAST, type Call, type Handler } from './session-fixtures.js';

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

const MEMBERSHIP_PATHS = ['/rest-auth/user/', '/usermembership/user/7', '/subscription/usermembership/11'];
const membershipCalls = (calls: Call[]) => calls.filter((c) => MEMBERSHIP_PATHS.includes(c.path));

/** The user 7 with a premium membership whose subscription is `active()` at the time of the call. */
function membershipServer(active: () => boolean, slug = 'premium'): Handler {
  return (call) => {
    if (call.path === '/rest-auth/user/') return { status: 200, body: login().user };
    if (call.path === '/usermembership/user/7') return { status: 200, body: { id: 11, membership_slug: slug } };
    if (call.path === '/subscription/usermembership/11') return { status: 200, body: { id: 21, active: active() } };
    return undefined;
  };
}

const refreshAnswer: Handler = (call) =>
  call.path === '/rest-auth/token/refresh/'
    ? { status: 200, body: { access: 'access-2', refresh: 'refresh-2', access_expiration: FAR, refresh_expiration: FAR } }
    : undefined;

describe('membership in the session: checked at login, refresh and logout, stored for every tab', () => {
  it('a login checks the membership with the new token and stores isMember 1 for a premium member', async () => {
    const db = database();
    const { host, server } = await start(db, membershipServer(() => true));
    await host.login(login());
    await eventually(async () => (await readAuthState(db)).isMember === 1);
    expect(membershipCalls(server.calls).map((c) => `${c.method} ${c.path} ${c.authorization}`)).toEqual([
      'GET /rest-auth/user/ Bearer access-1',
      'GET /usermembership/user/7 Bearer access-1',
      'GET /subscription/usermembership/11 Bearer access-1',
    ]);
    expect(host.membership.getSnapshot().value).toBe('member');
  });

  it('another plan, or no membership at all, is not a member', async () => {
    const db = database();
    const { host } = await start(db, membershipServer(() => true, 'basic'));
    await host.login(login());
    await eventually(() => host.membership.getSnapshot().matches('notMember'));
    expect((await readAuthState(db)).isMember).toBe(0);

    const other = database();
    const bare = await start(other, (call) => (call.path === '/rest-auth/user/' ? { status: 200, body: login().user } : undefined));
    await bare.host.login(login());
    await eventually(() => bare.host.membership.getSnapshot().matches('notMember'));
    expect(bare.server.paths()).toContain('GET /usermembership/user/7');
    expect(bare.server.paths()).not.toContain('GET /subscription/usermembership/11');
  });

  it('a token refresh checks again with the refreshed token: an ended subscription stores 0', async () => {
    const db = database();
    await saveLogin(login({ access_expiration: PAST }), db);
    await db.auth.update('current', { isMember: 1 });
    let active = true;
    const { host, server } = await start(db, refreshAnswer, membershipServer(() => active));
    active = false;
    await host.refresh();
    await eventually(() => host.membership.getSnapshot().matches('notMember'));
    expect((await readAuthState(db)).isMember).toBe(0);
    expect(membershipCalls(server.calls).every((c) => c.authorization === 'Bearer access-2')).toBe(true);
    expect(membershipCalls(server.calls)).toHaveLength(3);
  });

  it('a check that cannot finish keeps the stored answer (a member offline stays a member)', async () => {
    const db = database();
    await saveLogin(login({ access_expiration: PAST }), db);
    await db.auth.update('current', { isMember: 1 });
    const { host } = await start(db, refreshAnswer, (call) => (call.path === '/rest-auth/user/' ? { status: 404, body: { error: 'not_found' } } : undefined));
    await host.refresh();
    await eventually(() => host.membership.getSnapshot().matches('failed'));
    await host.flush();
    expect((await readAuthState(db)).isMember).toBe(1);
  });

  it('a logout right after a login cancels its check: no call goes out, and isMember is 0', async () => {
    const db = database();
    const { host, server } = await start(db, membershipServer(() => true));
    await host.login(login());
    await host.logout();
    await eventually(() => host.membership.getSnapshot().matches('loggedOut'));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(membershipCalls(server.calls)).toEqual([]);
    expect(await readAuthState(db)).toMatchObject({ isLogin: 0, isMember: 0 });
    expect(host.actor.getSnapshot().value).toBe('loggedOut');
  });

  it('a failed refresh ends the session: isMember 0, and the "token invalid" outcome stays for the page to show', async () => {
    const db = database();
    await saveLogin(login({ access_expiration: PAST }), db);
    await db.auth.update('current', { isMember: 1 });
    const { host, server } = await start(db, (call) => (call.path === '/rest-auth/token/refresh/' ? { status: 401, body: { error: 'token_not_valid' } } : undefined));
    await host.refresh();
    await eventually(() => host.membership.getSnapshot().matches('loggedOut'));
    await host.flush();
    expect(await readAuthState(db)).toMatchObject({ isLogin: 0, isMember: 0 });
    expect(host.actor.getSnapshot().context.outcome).toBe('auth.tokenInvalid');
    expect(membershipCalls(server.calls)).toEqual([]);
  });

  it('one tab checks at login; the other shows the stored answer without calling, and a logout clears it in both', async () => {
    const name = freshDbName();
    const a = await start(database(name), membershipServer(() => true));
    const b = await start(database(name), membershipServer(() => true));
    await a.host.login(login());
    await eventually(() => b.host.stored().auth.isMember === 1);
    expect(b.host.actor.getSnapshot().value).toBe('loggedIn');
    expect(membershipCalls(b.server.calls)).toEqual([]);
    expect(membershipCalls(a.server.calls)).toHaveLength(3);

    await a.host.logout();
    await eventually(() => b.host.stored().auth.isLogin === 0);
    expect(b.host.stored().auth.isMember).toBe(0);
    // The other tab's check ends without a token too, and asks nothing.
    await eventually(() => b.host.membership.getSnapshot().matches('loggedOut'));
    expect(membershipCalls(b.server.calls)).toEqual([]);
    expect(b.server.paths()).not.toContain('POST /rest-auth/logout/');
  });

  it('the membership survives a reload: a new tab reads isMember from storage and asks nothing', async () => {
    const name = freshDbName();
    const first = await start(database(name), membershipServer(() => true));
    await first.host.login(login());
    await eventually(async () => first.host.stored().auth.isMember === 1);
    await first.host.flush();
    first.host.stop();
    hosts.splice(hosts.indexOf(first.host), 1);

    const reloaded = await start(database(name), membershipServer(() => true));
    expect(reloaded.host.stored().auth).toMatchObject({ isLogin: 1, isMember: 1 });
    await eventually(() => reloaded.host.actor.getSnapshot().matches('loggedIn'));
    expect(membershipCalls(reloaded.server.calls)).toEqual([]);
  });

  it('verifyMembership refreshes an expired access token first, then answers and stores', async () => {
    const db = database();
    await saveLogin(login({ access_expiration: PAST }), db);
    const { host, server } = await start(db, refreshAnswer, membershipServer(() => true));
    await expect(host.verifyMembership()).resolves.toBe(1);
    expect((await readAuthState(db)).isMember).toBe(1);
    expect(server.paths()).toContain('POST /rest-auth/token/refresh/');
    expect(membershipCalls(server.calls).every((c) => c.authorization === 'Bearer access-2')).toBe(true);
  });

  it('verifyMembership without a session answers 0 and asks nothing', async () => {
    const db = database();
    const { host, server } = await start(db, membershipServer(() => true));
    await expect(host.verifyMembership()).resolves.toBe(0);
    expect(membershipCalls(server.calls)).toEqual([]);
    expect((await readAuthState(db)).isMember).toBe(0);
  });
});
