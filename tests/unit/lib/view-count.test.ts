import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ArticleUnlock, MembershipStatus } from '../../../src/shared/api/content.js';
import { spentRead } from '../../../src/web/features/content/api/article-access.js';
import { readAuthState } from '../../../src/web/lib/auth-state.js';
import { openDb, STATE_KEY, type LecternDb } from '../../../src/web/lib/db.js';
import { verifyFingerprint } from '../../../src/web/lib/fingerprint.js';
import type { HttpClient } from '../../../src/web/lib/http.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { countMeteredRead, storedViewCount } from '../../../src/web/lib/view-count.js';
import { loginResponseFor } from '../web/fixtures.js';

let counter = 0;
let db: LecternDb;
const freshDb = () => {
  db = openDb(`lectern-views-${process.pid}-${++counter}`);
  return db;
};
afterEach(async () => {
  await db?.delete();
});

const NOV = Date.parse('2026-11-20T10:00:00Z');
const DEC = Date.parse('2026-12-01T00:30:00Z');

/** An http client whose view-count calls answer `answer(body)`; every post is recorded. */
function fakeHttp(answer: (path: string, body: { view_count: number }) => { view_count: number; month: string; limit: number }) {
  const posts: Array<{ path: string; body: unknown }> = [];
  const http = {
    post: async (path: string, body: { view_count: number }) => {
      posts.push({ path, body });
      return answer(path, body);
    },
  } as unknown as HttpClient;
  return { http, posts };
}

const echo = (_path: string, body: { view_count: number }) => ({ view_count: body.view_count, month: '2026-11', limit: 3 });

describe('view counts: +1 per metered read, posted, the server answer kept', () => {
  it('a guest posts the count +1 by fingerprint id and keeps it in the device row', async () => {
    freshDb();
    await db.device.put({ userfinger: 'finger-000001', userfinger_id: 42, viewCount: 1, viewCountMonth: '2026-11' }, STATE_KEY);
    const { http, posts } = fakeHttp(echo);
    await expect(countMeteredRead({ guest: true }, { http, db, now: () => NOV })).resolves.toMatchObject({ view_count: 2 });
    expect(posts).toEqual([{ path: '/guest/guestviewcount', body: { userfinger_id: 42, userfinger: 'finger-000001', view_count: 2 } }]);
    expect(await storedViewCount({ guest: true }, db, NOV)).toBe(2);
    // The user's count is a different one: untouched.
    expect((await readAuthState(db)).viewCount).toBe(0);
  });

  it("the server's answer wins, lower or higher than what the device posted", async () => {
    freshDb();
    await db.device.put({ userfinger: 'finger-000001', userfinger_id: 42, viewCount: 7, viewCountMonth: '2026-11' }, STATE_KEY);
    const lower = fakeHttp(() => ({ view_count: 3, month: '2026-11', limit: 3 }));
    await countMeteredRead({ guest: true }, { http: lower.http, db, now: () => NOV });
    expect(lower.posts[0].body).toEqual({ userfinger_id: 42, userfinger: 'finger-000001', view_count: 8 });
    expect(await storedViewCount({ guest: true }, db, NOV)).toBe(3);

    const higher = fakeHttp(() => ({ view_count: 9, month: '2026-11', limit: 3 }));
    await countMeteredRead({ guest: true }, { http: higher.http, db, now: () => NOV });
    expect(higher.posts[0].body).toEqual({ userfinger_id: 42, userfinger: 'finger-000001', view_count: 4 });
    expect(await storedViewCount({ guest: true }, db, NOV)).toBe(9);
  });

  it('a new month starts again from 0', async () => {
    freshDb();
    await db.device.put({ userfinger: 'finger-000001', userfinger_id: 42, viewCount: 3, viewCountMonth: '2026-11' }, STATE_KEY);
    expect(await storedViewCount({ guest: true }, db, DEC)).toBe(0);
    const { http, posts } = fakeHttp((_p, body) => ({ view_count: body.view_count, month: '2026-12', limit: 3 }));
    await countMeteredRead({ guest: true }, { http, db, now: () => DEC });
    expect(posts[0].body).toEqual({ userfinger_id: 42, userfinger: 'finger-000001', view_count: 1 });
    expect(await db.device.get(STATE_KEY)).toMatchObject({ viewCount: 1, viewCountMonth: '2026-12' });
  });

  it('a guest whose fingerprint was never registered posts nothing', async () => {
    freshDb();
    await db.device.put({ userfinger: 'finger-000001' }, STATE_KEY);
    const { http, posts } = fakeHttp(echo);
    await expect(countMeteredRead({ guest: true }, { http, db, now: () => NOV })).resolves.toBeNull();
    expect(posts).toEqual([]);
  });

  it('a user posts to userviewcount by user id and keeps the count in the auth row; the guest count stays', async () => {
    freshDb();
    await db.device.put({ userfinger: 'finger-000001', userfinger_id: 42, viewCount: 3, viewCountMonth: '2026-11' }, STATE_KEY);
    await saveLogin(loginResponseFor({ id: 7, username: 'ada' }), db);
    // The reads this device made as a guest joined the account's on the server: its answer is the account's count.
    const { http, posts } = fakeHttp(() => ({ view_count: 4, month: '2026-11', limit: 5 }));
    await countMeteredRead({ userId: 7 }, { http, db, now: () => NOV });
    expect(posts).toEqual([{ path: '/guest/userviewcount', body: { user_id: 7, view_count: 1 } }]);
    expect(await readAuthState(db)).toMatchObject({ viewCount: 4, viewCountMonth: '2026-11' });
    expect(await storedViewCount({ guest: true }, db, NOV)).toBe(3);
  });

  it('an answer that arrives after the user logged out is not stored; a logged-out user posts nothing', async () => {
    freshDb();
    await saveLogin(loginResponseFor({ id: 7, username: 'ada' }), db);
    const { http } = fakeHttp(() => ({ view_count: 4, month: '2026-11', limit: 5 }));
    const late = countMeteredRead({ userId: 7 }, {
      http: { post: async (path: string, body: unknown) => {
        await clearLogin(db);
        return http.post(path, body);
      } } as unknown as HttpClient,
      db,
      now: () => NOV,
    });
    await late;
    expect(await readAuthState(db)).toMatchObject({ isLogin: 0, viewCount: 0 });
    const again = fakeHttp(echo);
    await expect(countMeteredRead({ userId: 7 }, { http: again.http, db, now: () => NOV })).resolves.toBeNull();
    expect(again.posts).toEqual([]);
  });

  it('registering the fingerprint keeps its server id; a replaced fingerprint starts with no id and no count', async () => {
    freshDb();
    await db.device.put({ userfinger: 'old-fingerprint', userfinger_id: 5, viewCount: 2, viewCountMonth: '2026-11' }, STATE_KEY);
    const http = {
      get: async () => {
        throw Object.assign(new (await import('../../../src/web/lib/http.js')).ApiError('no', 404, 'not_found'));
      },
      post: async () => ({ id: 77 }),
    } as unknown as HttpClient;
    await verifyFingerprint({ http, db, generate: () => 'new-fingerprint' });
    expect(await db.device.get(STATE_KEY)).toEqual({ userfinger: 'new-fingerprint', userfinger_id: 77 });
    // The same fingerprint again keeps its count.
    await db.device.update(STATE_KEY, { viewCount: 1, viewCountMonth: '2026-11' });
    const known = { ...http, get: async () => ({}) } as unknown as HttpClient;
    await verifyFingerprint({ http: known, db });
    expect(await db.device.get(STATE_KEY)).toEqual({ userfinger: 'new-fingerprint', userfinger_id: 77, viewCount: 1, viewCountMonth: '2026-11' });
  });
});

describe('when a read is counted', () => {
  const status = (fields: Partial<MembershipStatus>) => ({ can_read: true, reason: 'metered', reads_left: 2, reads_limit: 3, ...fields }) as MembershipStatus;
  const unlock = (fields: Partial<ArticleUnlock>) => ({ locked: false, reason: 'metered', reads_left: 1, reads_limit: 3, ...fields }) as ArticleUnlock;

  it('only when the unlock used up a read of the meter', () => {
    expect(spentRead(status({}), unlock({}))).toBe(true);
    // Opened before this month: the same reads left, nothing counted.
    expect(spentRead(status({ reads_left: 1 }), unlock({ reads_left: 1 }))).toBe(false);
    // Free reads, members and staff are not metered.
    expect(spentRead(status({ reason: 'member', reads_left: null, reads_limit: null }), unlock({ reason: 'member', reads_left: null, reads_limit: null }))).toBe(false);
    expect(spentRead(status({ reason: 'free_read', reads_left: null }), unlock({ reason: 'free_read', reads_left: null }))).toBe(false);
  });
});
