// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { readAuthState } from '../../../../src/web/lib/auth-state.js';
import { saveLogin } from '../../../../src/web/lib/session/session-store.js';
import { startSessionHost } from '../../../../src/web/lib/session/session-host.js';
import { BASE_URL, cleanedAfterEach, dbNamed, eventually, fakeServer, freshDbName, login, PAST } from './session-fixtures.js';

const { hosts, dbs } = cleanedAfterEach();

/** The server, behind a connection that can drop: while `down`, every call fails without an answer. */
function flakyServer() {
  const server = fakeServer();
  const state = { down: false, unanswered: [] as string[] };
  const fetch = (request: Request) => {
    if (!state.down) return server.fetch(request);
    state.unanswered.push(new URL(request.url).pathname.replace('/api/v2', ''));
    return Promise.reject(new TypeError('Failed to fetch'));
  };
  return { ...server, fetch, state };
}

async function start(connection: ReturnType<typeof flakyServer>, stored = login()) {
  const db = dbNamed(freshDbName());
  dbs.push(db);
  await saveLogin(stored, db);
  const host = await startSessionHost({ baseUrl: BASE_URL, db, fetch: connection.fetch, locks: null });
  hosts.push(host);
  return { host, db };
}

describe('the session when the server cannot be reached', () => {
  it('keeps the session through an unanswered check, and checks again when the connection returns', async () => {
    const connection = flakyServer();
    connection.state.down = true;
    const { host, db } = await start(connection);
    // The check at start goes unanswered: no refresh, no logout; the stored tokens stand.
    await eventually(() => connection.state.unanswered.length > 0 && host.actor.getSnapshot().matches('loggedIn'));
    expect(connection.state.unanswered).toEqual(['/rest-auth/token/verify/']);
    expect(connection.paths()).toEqual([]);
    expect(await readAuthState(db)).toMatchObject({ isLogin: 1, access_token: 'access-1', refresh_token: 'refresh-1' });
    expect(host.actor.getSnapshot().context.outcome).toBeNull();

    connection.state.down = false;
    window.dispatchEvent(new Event('online'));
    await eventually(() => host.actor.getSnapshot().context.outcome === 'auth.tokenValid');
    expect(connection.paths()).toEqual(['POST /rest-auth/token/verify/']);
  });

  it('keeps the session through an unanswered refresh of an expired token', async () => {
    const connection = flakyServer();
    connection.state.down = true;
    // The stored access token has expired: the check at start goes straight to a refresh, which goes unanswered.
    const { host, db } = await start(connection, login({ access_expiration: PAST }));
    await eventually(() => connection.state.unanswered.length > 0 && host.actor.getSnapshot().matches('loggedIn'));
    expect(connection.state.unanswered).toEqual(['/rest-auth/token/refresh/']);
    expect(await readAuthState(db)).toMatchObject({ isLogin: 1, refresh_token: 'refresh-1' });
  });
});
