import type { LecternDb, LibraryItem } from '../db.js';
import { deleteUserOfflineCaches, offlineCacheName } from './offline-caches.js';
import { deleteUserSeenCaches } from './app-shell.js';

/*
 * The offline library's rows (Dexie table `library`) and the Cache Storage entries they stand for. A row is
 * written only once everything it lists is stored, so a row always opens offline; removing it deletes its
 * entries (those no other row of the same cache still needs) and then the row.
 */

export type LibraryKind = LibraryItem['kind'];

export function libraryKey(owner: number, kind: LibraryKind, id: number): string {
  return `${owner}:${kind}:${id}`;
}

export async function putItem(db: LecternDb, item: Omit<LibraryItem, 'key'>): Promise<LibraryItem> {
  const row: LibraryItem = { ...item, key: libraryKey(item.owner, item.kind, item.id) };
  await db.library.put(row);
  return row;
}

/** What `viewer` may open: the guest's saves (free content) and, when logged in, their own; newest first. */
export async function itemsFor(db: LecternDb, viewer: number): Promise<LibraryItem[]> {
  const owners = viewer > 0 ? [0, viewer] : [0];
  const rows = await db.library.where('owner').anyOf(owners).toArray();
  return rows.sort((a, b) => b.saved_at.localeCompare(a.saved_at) || a.key.localeCompare(b.key));
}

/** The row of one course or article for `viewer`: their own save first, else the guest's. */
export async function findItem(db: LecternDb, viewer: number, kind: LibraryKind, id: number): Promise<LibraryItem | undefined> {
  const own = viewer > 0 ? await db.library.get(libraryKey(viewer, kind, id)) : undefined;
  return own ?? (await db.library.get(libraryKey(0, kind, id)));
}

/** Deletes an item's stored entries (except those another row of its cache still lists), then its row. */
export async function removeItem(db: LecternDb, cacheStorage: CacheStorage | undefined, item: LibraryItem): Promise<void> {
  if (cacheStorage) {
    const others = await db.library.where('owner').equals(item.owner).filter((row) => row.key !== item.key).toArray();
    const stillNeeded = new Set(others.flatMap((row) => row.urls));
    const cache = await cacheStorage.open(offlineCacheName(item.owner));
    await Promise.all(item.urls.filter((url) => !stillNeeded.has(url)).map((url) => cache.delete(url, { ignoreVary: true })));
  }
  await db.library.delete(item.key);
}

/**
 * The saves of `owner` that only members may read, with their stored entries: what the membership check drops once
 * it finds the user no longer a member (a refund, an end), so a premium copy does not stay readable offline.
 */
export async function removeMembersOnly(db: LecternDb, cacheStorage: CacheStorage | undefined, owner: number): Promise<void> {
  if (owner <= 0) return;
  const rows = await db.library.where('owner').equals(owner).filter((row) => row.members_only === true).toArray();
  for (const row of rows) await removeItem(db, cacheStorage, row);
}

/**
 * Everything of logged-in users on this device: their offline caches, their record of the pages they saw, their
 * library rows and their progress not yet sent. A guest's saves (free content, owner 0) stay. Run when a session ends (logout in any tab, a
 * refused refresh) and when another user logs in.
 */
export async function purgeUserData(db: LecternDb | undefined, cacheStorage: CacheStorage | undefined): Promise<void> {
  if (cacheStorage) await Promise.all([deleteUserOfflineCaches(cacheStorage), deleteUserSeenCaches(cacheStorage)]);
  if (!db) return;
  await db.transaction('rw', db.library, db.progressOutbox, async () => {
    await db.library.where('owner').above(0).delete();
    await db.progressOutbox.clear();
  });
}

/**
 * The query answers kept in localStorage (`PERSISTED_QUERIES_KEY` of `lib/query-persist-policy.ts`, named here so
 * the session's chunks do not carry the persister's modules).
 */
function dropKeptQueries(): void {
  try {
    globalThis.localStorage?.removeItem('lectern-query-cache');
  } catch {
    // Storage refused (private mode, disabled): there is nothing kept to forget.
  }
}

/**
 * `purgeUserData` with the browser's caches, after stopping the users' Background Fetch saves (so none stores
 * anything afterwards), and the query answers kept in localStorage dropped. What the session calls when it ends
 * or changes hands.
 */
export async function purgeOnSessionEnd(db: LecternDb | undefined): Promise<void> {
  // Only public answers are ever kept, but the next reader of the device starts from none of this session's.
  dropKeptQueries();
  if (typeof navigator !== 'undefined' && navigator.serviceWorker) {
    const { abortUserBackgroundFetches } = await import('./background-fetch.js');
    await abortUserBackgroundFetches(await navigator.serviceWorker.getRegistration().catch(() => undefined)).catch(() => undefined);
  }
  await purgeUserData(db, typeof caches === 'undefined' ? undefined : caches);
}
