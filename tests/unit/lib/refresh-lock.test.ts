import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { readAuthState } from '../../../src/web/lib/auth-state.js';
import type { LecternDb } from '../../../src/web/lib/db.js';
import { refreshWithLock, REFRESH_LOCK, type LockManagerLike } from '../../../src/web/lib/session/refresh-lock.js';
import { startSessionHost, type SessionHost } from '../../../src/web/lib/session/session-host.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { BASE_URL, dbNamed, FAR, fakeServer, freshDbName, login, PAST, refused, type Call } from '../web/auth/session-fixtures.js';

const dbs: LecternDb[] = [];
/** Second connections to a database (another tab): closed before the database is deleted. */
const others: LecternDb[] = [];
const hosts: SessionHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) {
    await host.flush();
    host.stop();
  }
  for (const db of others.splice(0)) db.close();
  for (const db of dbs.splice(0)) await db.delete();
});

function database(name = freshDbName()): LecternDb {
  const db = dbNamed(name);
  dbs.push(db);
  return db;
}

/** navigator.locks for one origin: callbacks of the same name run one after another, in request order. */
function fakeLocks() {
  const requested: string[] = [];
  const tails = new Map<string, Promise<unknown>>();
  const locks: LockManagerLike = {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      requested.push(name);
      const run = (tails.get(name) ?? Promise.resolve()).then(() => callback());
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  return { locks, requested };
}

const tick = (ms = 15) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server's rotation without a grace window: each refresh token works once and yields the next one
 * (refresh-1 -> refresh-2 -> ...); a spent one is refused. Answers take a moment, as on a network.
 */
function rotatingServer() {
  const spent = new Set<string>();
  const sent: string[] = [];
  const call = async (refresh: string) => {
    sent.push(refresh);
    await tick();
    if (spent.has(refresh)) throw Object.assign(new Error('Token is blacklisted'), { status: 401 });
    spent.add(refresh);
    const n = Number(refresh.split('-')[1]) + 1;
    return { access: `access-${n}`, refresh: `refresh-${n}`, access_expiration: FAR, refresh_expiration: FAR };
  };
  return { call, sent };
}

describe('refreshWithLock', () => {
  it('lets one tab refresh while the others wait, then hands them the rotated tokens without a second call', async () => {
    const db = database();
    await saveLogin(login({ access_expiration: PAST }), db);
    const { locks, requested } = fakeLocks();
    const server = rotatingServer();
    const options = { locks, db, call: server.call, now: Date.now };
    // Three tabs holding the same expired session refresh at once.
    const answers = await Promise.all([refreshWithLock('refresh-1', options), refreshWithLock('refresh-1', options), refreshWithLock('refresh-1', options)]);
    expect(server.sent).toEqual(['refresh-1']);
    expect(requested).toEqual([REFRESH_LOCK, REFRESH_LOCK, REFRESH_LOCK]);
    for (const answer of answers) expect(answer).toMatchObject({ access: 'access-2', refresh: 'refresh-2' });
    // Stored before the lock was released: the user and profile stay as they were.
    expect(await readAuthState(db)).toMatchObject({ access_token: 'access-2', refresh_token: 'refresh-2', userid: 7, isLogin: 1 });
  });

  it('without navigator.locks refreshes in each tab as before', async () => {
    const db = database();
    await saveLogin(login({ access_expiration: PAST }), db);
    const server = rotatingServer();
    const options = { locks: undefined, db, call: server.call, now: Date.now };
    const results = await Promise.allSettled([refreshWithLock('refresh-1', options), refreshWithLock('refresh-1', options)]);
    expect(server.sent).toEqual(['refresh-1', 'refresh-1']);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('refreshes with the newer token when another tab rotated it and its access token expired too', async () => {
    const db = database();
    await saveLogin(login({ access: 'access-2', refresh: 'refresh-2', access_expiration: PAST }), db);
    const server = rotatingServer();
    const answer = await refreshWithLock('refresh-1', { locks: fakeLocks().locks, db, call: server.call, now: Date.now });
    expect(server.sent).toEqual(['refresh-2']);
    expect(answer).toMatchObject({ access: 'access-3', refresh: 'refresh-3' });
    expect((await readAuthState(db)).refresh_token).toBe('refresh-3');
  });

  it('sends nothing when another tab logged out while this one waited', async () => {
    const db = database();
    await saveLogin(login({ access_expiration: PAST }), db);
    await clearLogin(db);
    const server = rotatingServer();
    await expect(refreshWithLock('refresh-1', { locks: fakeLocks().locks, db, call: server.call, now: Date.now })).rejects.toThrow(/another tab/);
    expect(server.sent).toEqual([]);
  });

  it('never writes over a login that landed while the call was out', async () => {
    const db = database();
    await saveLogin(login({ access_expiration: PAST }), db);
    const call = async (refresh: string) => {
      // Someone logs in (here or in another tab) during the call.
      await saveLogin(login({ access: 'access-new', refresh: 'refresh-new' }), db);
      return { access: `${refresh}-a`, refresh: `${refresh}-r`, access_expiration: FAR, refresh_expiration: FAR };
    };
    const answer = await refreshWithLock('refresh-1', { locks: fakeLocks().locks, db, call, now: Date.now });
    expect(answer).toMatchObject({ access: 'access-new', refresh: 'refresh-new' });
    expect(await readAuthState(db)).toMatchObject({ access_token: 'access-new', refresh_token: 'refresh-new' });
  });
});

describe('two tabs refreshing one session', () => {
  /** Refresh answers that rotate once; a reused token is refused (and would log that tab out). */
  function rotation() {
    const seen: string[] = [];
    const handler = (call: Call) => {
      if (call.path !== '/rest-auth/token/refresh/') return undefined;
      const { refresh } = call.body as { refresh: string };
      seen.push(refresh);
      if (refresh === 'refresh-1' && seen.filter((r) => r === refresh).length === 1) {
        return { status: 200, body: { access: 'access-2', refresh: 'refresh-2', access_expiration: FAR, refresh_expiration: FAR } };
      }
      return refused;
    };
    return { handler, seen };
  }

  it('make one server call under the lock, and both stay logged in with the new tokens', async () => {
    const name = freshDbName();
    const first = database(name);
    const second = dbNamed(name);
    others.push(second);
    await saveLogin(login({ access_expiration: PAST }), first);
    const { locks } = fakeLocks();
    const { handler, seen } = rotation();
    const server = fakeServer(handler);
    const tabs = await Promise.all(
      [first, second].map((db) => startSessionHost({ baseUrl: BASE_URL, db, fetch: server.fetch, locks, pickUpHandoff: async () => false })),
    );
    hosts.push(...tabs);
    const settled = await Promise.all(tabs.map((tab) => tab.refresh()));
    expect(seen).toEqual(['refresh-1']);
    for (const snapshot of settled) {
      expect(snapshot.value).toBe('loggedIn');
      expect(snapshot.context.access_token).toBe('access-2');
      expect(snapshot.context.outcome).toBe('auth.tokenRefreshed');
    }
    expect(await readAuthState(first)).toMatchObject({ access_token: 'access-2', refresh_token: 'refresh-2', isLogin: 1 });
  });
});
