/*
 * The caches that hold what readers saved for offline reading (the offline library). Kept free of Dexie,
 * React and workbox: the service worker, the page and the logout code all import it.
 *
 * A guest's saves (free content only: a guest can read nothing else) go in one shared cache. Everything a
 * logged-in user saves goes in a cache named for them, because its API answers are their own copies (premium
 * bodies, done marks); logout deletes every user cache, so the next person on the device finds none of it.
 */

export const SHARED_OFFLINE_CACHE = 'lectern-offline';
const USER_CACHE_PREFIX = 'lectern-offline-user-';

/** The cache an owner's saves go in: the shared one for a guest (0), the user's own otherwise. */
export function offlineCacheName(owner: number): string {
  return owner > 0 ? `${USER_CACHE_PREFIX}${owner}` : SHARED_OFFLINE_CACHE;
}

export function isUserOfflineCache(name: string): boolean {
  return name.startsWith(USER_CACHE_PREFIX);
}

export function isOfflineCache(name: string): boolean {
  return name === SHARED_OFFLINE_CACHE || isUserOfflineCache(name);
}

/**
 * A saved copy of a request from the offline library caches, or undefined. The user's cache is looked in
 * first (its copies are the richer ones: a member's lesson with its body); at most one user cache exists,
 * because logging out or in as someone else deletes the others. Vary is ignored: the worker cannot see
 * cookies, and a bearer-authorised request must find the copy stored under its URL.
 */
export async function matchSaved(cacheStorage: CacheStorage, request: Request | string): Promise<Response | undefined> {
  const names = (await cacheStorage.keys()).filter(isOfflineCache).sort((a, b) => Number(isUserOfflineCache(b)) - Number(isUserOfflineCache(a)));
  for (const name of names) {
    // Matched through the storage, never `open`: opening a cache that a logout just deleted would create it again.
    const found = await cacheStorage.match(request, { cacheName: name, ignoreVary: true });
    if (found) return found;
  }
  return undefined;
}

/** Deletes every user's offline cache (at logout, and when another user logs in on this device). */
export async function deleteUserOfflineCaches(cacheStorage: CacheStorage): Promise<void> {
  const names = (await cacheStorage.keys()).filter(isUserOfflineCache);
  await Promise.all(names.map((name) => cacheStorage.delete(name)));
}
