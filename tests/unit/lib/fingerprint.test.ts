import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { userfingerField } from '../../../src/shared/api/guest.js';
import { debounceShared, generateFingerprint, readFingerprint, verifyFingerprint } from '../../../src/web/lib/fingerprint.js';
import { openDb, STATE_KEY, type LecternDb } from '../../../src/web/lib/db.js';
import { ApiError, type HttpClient } from '../../../src/web/lib/http.js';
import { Dexie } from 'dexie';

let counter = 0;
let db: LecternDb;
const freshDb = () => {
  db = openDb(`lectern-fp-${process.pid}-${++counter}`);
  return db;
};
afterEach(async () => {
  await db?.delete();
});

interface Call {
  method: 'get' | 'post';
  path: string;
  data: unknown;
}

/** An http client answering the check with `checkStatus` (200 known, else an ApiError of that status). */
function fakeHttp(checkStatus: number) {
  const calls: Call[] = [];
  const http = {
    get: async (path: string, query?: unknown) => {
      calls.push({ method: 'get', path, data: query });
      if (checkStatus !== 200) throw new ApiError('no', checkStatus, checkStatus === 0 ? 'network' : 'not_found');
      return {};
    },
    post: async (path: string, body?: unknown) => {
      calls.push({ method: 'post', path, data: body });
      return {};
    },
  } as unknown as HttpClient;
  return { http, calls };
}

describe('device fingerprint', () => {
  it('generates random fingerprints the server accepts', () => {
    const a = generateFingerprint();
    const b = generateFingerprint();
    expect(a).not.toBe(b);
    expect(userfingerField.safeParse(a).success).toBe(true);
    expect(a).toHaveLength(32);
  });

  it('generates one when none is stored, keeps it and registers it without checking', async () => {
    const { http, calls } = fakeHttp(200);
    const fp = await verifyFingerprint({ http, db: freshDb(), generate: () => 'fresh-fingerprint' });
    expect(fp).toBe('fresh-fingerprint');
    expect(await readFingerprint(db)).toBe('fresh-fingerprint');
    expect(calls).toEqual([{ method: 'post', path: '/guest/userfinger', data: { userfinger: 'fresh-fingerprint', user_id: null } }]);
  });

  it('keeps a stored fingerprint the server knows and registers it with the user id', async () => {
    freshDb();
    await db.device.put({ userfinger: 'known-fingerprint' }, STATE_KEY);
    const { http, calls } = fakeHttp(200);
    expect(await verifyFingerprint({ http, db, userId: 7, generate: () => 'never-used-one' })).toBe('known-fingerprint');
    expect(calls).toEqual([
      { method: 'get', path: '/guest/userfinger', data: { userfinger: 'known-fingerprint' } },
      { method: 'post', path: '/guest/userfinger', data: { userfinger: 'known-fingerprint', user_id: 7 } },
    ]);
  });

  it('replaces a fingerprint the server does not answer 200 for', async () => {
    freshDb();
    await db.device.put({ userfinger: 'stale-fingerprint' }, STATE_KEY);
    const { http, calls } = fakeHttp(404);
    expect(await verifyFingerprint({ http, db, generate: () => 'replacement-one' })).toBe('replacement-one');
    expect(await readFingerprint(db)).toBe('replacement-one');
    expect(calls.at(-1)).toEqual({ method: 'post', path: '/guest/userfinger', data: { userfinger: 'replacement-one', user_id: null } });
  });

  it('keeps the stored fingerprint when the server cannot be reached', async () => {
    freshDb();
    await db.device.put({ userfinger: 'offline-fingerprint' }, STATE_KEY);
    const { http, calls } = fakeHttp(0);
    expect(await verifyFingerprint({ http, db, generate: () => 'never-used-one' })).toBe('offline-fingerprint');
    expect(await readFingerprint(db)).toBe('offline-fingerprint');
    expect(calls).toHaveLength(1);
  });

  it('moves a fingerprint kept in the auth row of version 1 to the device row, keeping the rows', async () => {
    const name = `lectern-fp-upgrade-${process.pid}-${++counter}`;
    const v1 = new Dexie(name);
    v1.version(1).stores({ auth: '', profile: '' });
    await v1.table('auth').put({ userfinger: 'old-fingerprint', userid: 3, isLogin: 1 }, STATE_KEY);
    await v1.table('profile').put({ display_name: 'Ada', user_avatar: '' }, STATE_KEY);
    v1.close();
    db = openDb(name);
    expect(await readFingerprint(db)).toBe('old-fingerprint');
    expect(await db.auth.get(STATE_KEY)).toMatchObject({ userid: 3, isLogin: 1 });
    expect(await db.profile.get(STATE_KEY)).toEqual({ display_name: 'Ada', user_avatar: '' });
  });
});

describe('debounceShared', () => {
  it('shares a run with calls within the window, per key, and runs again after it', async () => {
    let clock = 0;
    let runs = 0;
    const shared = debounceShared(async (key: string) => `${key}${++runs}`, (key) => key, 500, () => clock);
    const [a, b] = await Promise.all([shared('u'), shared('u')]);
    expect([a, b]).toEqual(['u1', 'u1']);
    clock = 499;
    expect(await shared('u')).toBe('u1');
    expect(await shared('v')).toBe('v2');
    clock = 2000;
    expect(await shared('v')).toBe('v3');
  });

  it('does not share a failure', async () => {
    let runs = 0;
    const shared = debounceShared(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('down');
        return runs;
      },
      () => '',
      500,
      () => 0,
    );
    await expect(shared()).rejects.toThrow('down');
    expect(await shared()).toBe(2);
  });
});
