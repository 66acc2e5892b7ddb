import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { readAuthState } from '../../../src/web/lib/auth-state.js';
import type { LecternDb } from '../../../src/web/lib/db.js';
import { createHttpClient } from '../../../src/web/lib/http.js';
import { hasHandoffMarker, pickUpHandoff } from '../../../src/web/lib/session/handoff.js';
import { BASE_URL, dbNamed, fakeServer, freshDbName, login, refused } from '../web/auth/session-fixtures.js';

const dbs: LecternDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function setup(answer: { status: number; body?: unknown }, cookie: string) {
  const db = dbNamed(freshDbName());
  dbs.push(db);
  const server = fakeServer((call) => (call.path === '/rest-auth/handoff/' ? answer : undefined));
  const doc = { cookie, written: [] as string[] };
  // document.cookie: reading gives the jar, writing sets one cookie.
  const jar = {
    get cookie() {
      return doc.cookie;
    },
    set cookie(line: string) {
      doc.written.push(line);
      if (/^lectern_handoff=;/.test(line)) doc.cookie = doc.cookie.replace(/(^|;\s*)lectern_handoff=1/, '');
    },
  };
  return { db, server, doc, jar, http: createHttpClient({ baseUrl: BASE_URL, fetch: server.fetch }) };
}

describe('picking up a login made without script', () => {
  it('reads only its own marker', () => {
    expect(hasHandoffMarker('a=1; lectern_handoff=1; b=2')).toBe(true);
    expect(hasHandoffMarker('lectern_handoff=1')).toBe(true);
    expect(hasHandoffMarker('lectern_handoff=0; x_lectern_handoff=1')).toBe(false);
    expect(hasHandoffMarker('')).toBe(false);
  });

  it('makes the call once, removes the marker first and stores the answer as a login', async () => {
    const { db, server, doc, jar, http } = setup({ status: 200, body: login() }, 'lang=en; lectern_handoff=1');
    expect(await pickUpHandoff(http, db, jar)).toBe(true);
    expect(server.paths()).toEqual(['POST /rest-auth/handoff/']);
    expect(doc.written).toEqual(['lectern_handoff=; Max-Age=0; Path=/; SameSite=Lax']);
    expect(await readAuthState(db)).toMatchObject({ isLogin: 1, userid: 7, access_token: 'access-1', refresh_token: 'refresh-1' });
    // The marker is gone: a second boot does nothing.
    expect(await pickUpHandoff(http, db, jar)).toBe(false);
    expect(server.calls).toHaveLength(1);
  });

  it('leaves a visitor logged out when the handoff has expired', async () => {
    const { db, jar, http, doc } = setup(refused, 'lectern_handoff=1');
    expect(await pickUpHandoff(http, db, jar)).toBe(false);
    expect(doc.written).toHaveLength(1);
    expect((await readAuthState(db)).isLogin).toBe(0);
  });

  it('calls nothing without the marker', async () => {
    const { db, jar, http, server } = setup({ status: 200, body: login() }, 'lang=en');
    expect(await pickUpHandoff(http, db, jar)).toBe(false);
    expect(server.calls).toEqual([]);
  });
});
