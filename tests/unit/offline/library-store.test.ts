import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type LecternDb, type LibraryItem } from '../../../src/web/lib/db.js';
import { findItem, itemsFor, libraryKey, purgeUserData, putItem, removeItem, removeMembersOnly } from '../../../src/web/lib/offline/library-store.js';
import { matchSaved, offlineCacheName, SHARED_OFFLINE_CACHE } from '../../../src/web/lib/offline/offline-caches.js';
import { queueProgress } from '../../../src/web/lib/offline/progress-outbox.js';
import { FakeCacheStorage } from './fake-caches.js';

let counter = 0;
const opened: LecternDb[] = [];
function freshDb(): LecternDb {
  const db = openDb(`library-test-${process.pid}-${(counter += 1)}`);
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const item = (owner: number, id: number, urls: string[], saved_at = '2026-01-01T00:00:00.000Z'): Omit<LibraryItem, 'key'> => ({
  kind: 'course',
  id,
  title: `Course ${id}`,
  size: 10 * urls.length,
  version: 'v1',
  saved_at,
  owner,
  lesson_count: 2,
  urls,
});

async function store(caches: FakeCacheStorage, owner: number, urls: string[]) {
  const cache = await caches.open(offlineCacheName(owner));
  for (const url of urls) await cache.put(url, new Response(`body of ${url} for ${owner}`));
}

describe('the offline library rows', () => {
  it('keys a row by owner, kind and id, so a guest and a member may each save the same course', async () => {
    const db = freshDb();
    await putItem(db, item(0, 3, ['/course/3']));
    await putItem(db, item(7, 3, ['/course/3']));
    expect((await db.library.toArray()).map((row) => row.key).sort()).toEqual([libraryKey(0, 'course', 3), libraryKey(7, 'course', 3)]);
    expect((await findItem(db, 7, 'course', 3))?.owner).toBe(7);
    expect((await findItem(db, 0, 'course', 3))?.owner).toBe(0);
    // Another user sees the guest's save, never the member's.
    expect((await findItem(db, 8, 'course', 3))?.owner).toBe(0);
  });

  it('lists a guest only the guest saves, a user theirs and the guest ones, newest first', async () => {
    const db = freshDb();
    await putItem(db, item(0, 1, [], '2026-01-01T00:00:00.000Z'));
    await putItem(db, item(7, 2, [], '2026-01-03T00:00:00.000Z'));
    await putItem(db, item(8, 3, [], '2026-01-02T00:00:00.000Z'));
    expect((await itemsFor(db, 0)).map((row) => row.id)).toEqual([1]);
    expect((await itemsFor(db, 7)).map((row) => row.id)).toEqual([2, 1]);
  });

  it('removes an item with its stored entries, keeping those another saved item of the same cache needs', async () => {
    const db = freshDb();
    const caches = new FakeCacheStorage();
    const first = await putItem(db, item(7, 1, ['/course/1', '/media/shared.webp']));
    await putItem(db, item(7, 2, ['/course/2', '/media/shared.webp']));
    await store(caches, 7, ['/course/1', '/course/2', '/media/shared.webp']);
    await removeItem(db, caches.asCacheStorage(), first);
    expect(caches.paths(offlineCacheName(7))).toEqual(['/course/2', '/media/shared.webp']);
    expect((await db.library.toArray()).map((row) => row.id)).toEqual([2]);
  });

  it('purges every user cache, user row and queued progress at the end of a session; the guest saves stay', async () => {
    const db = freshDb();
    const caches = new FakeCacheStorage();
    await putItem(db, item(0, 1, ['/course/1']));
    await putItem(db, item(7, 2, ['/course/2']));
    await store(caches, 0, ['/course/1']);
    await store(caches, 7, ['/course/2']);
    await queueProgress(db, { user_id: 7, course_id: 2, lesson_id: 21, done: true, position: 1, client_updated_at: '2026-01-01T00:00:00.000Z' });
    await purgeUserData(db, caches.asCacheStorage());
    expect(await caches.keys()).toEqual([SHARED_OFFLINE_CACHE]);
    expect((await db.library.toArray()).map((row) => row.owner)).toEqual([0]);
    expect(await db.progressOutbox.count()).toBe(0);
  });

  it('answers a saved copy from the user cache before the shared one, and nothing once the user cache is gone', async () => {
    const caches = new FakeCacheStorage();
    await store(caches, 0, ['/api/v2/lesson/5']);
    await store(caches, 7, ['/api/v2/lesson/5']);
    await caches.open('lectern-api');
    expect(await (await matchSaved(caches.asCacheStorage(), 'http://localhost/api/v2/lesson/5'))?.text()).toBe('body of /api/v2/lesson/5 for 7');
    await purgeUserData(undefined, caches.asCacheStorage());
    expect(await (await matchSaved(caches.asCacheStorage(), 'http://localhost/api/v2/lesson/5'))?.text()).toBe('body of /api/v2/lesson/5 for 0');
    expect(await matchSaved(caches.asCacheStorage(), 'http://localhost/api/v2/lesson/6')).toBeUndefined();
  });

  it('drops a user’s members-only saves with their entries when the user is no longer a member; the rest stay', async () => {
    const db = freshDb();
    const caches = new FakeCacheStorage();
    await store(caches, 7, ['/article/1', '/api/v2/article/1', '/article/2', '/api/v2/article/2', '/media/shared.webp']);
    await store(caches, 8, ['/article/1', '/api/v2/article/1']);
    await putItem(db, { ...item(7, 1, ['/article/1', '/api/v2/article/1', '/media/shared.webp']), kind: 'article', members_only: true });
    await putItem(db, { ...item(7, 2, ['/article/2', '/api/v2/article/2', '/media/shared.webp']), kind: 'article', members_only: false });
    await putItem(db, { ...item(8, 1, ['/article/1', '/api/v2/article/1']), kind: 'article', members_only: true });
    await removeMembersOnly(db, caches.asCacheStorage(), 7);
    expect((await db.library.toArray()).map((row) => row.key).sort()).toEqual([libraryKey(7, 'article', 2), libraryKey(8, 'article', 1)]);
    const mine = await caches.open(offlineCacheName(7));
    expect(await mine.match('/api/v2/article/1')).toBeUndefined();
    expect(await mine.match('/article/1')).toBeUndefined();
    // An entry the free article still lists stays.
    expect(await mine.match('/media/shared.webp')).toBeDefined();
    expect(await mine.match('/api/v2/article/2')).toBeDefined();
    // Another user's copies are theirs.
    expect(await (await caches.open(offlineCacheName(8))).match('/api/v2/article/1')).toBeDefined();
  });
});
