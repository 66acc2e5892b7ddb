/*
 * The app shell and the record of the pages a reader has seen. Kept free of Dexie, React and workbox: the
 * service worker, the page and the logout code all import it.
 *
 * The worker keeps the HTML of pages loaded in full, but a page reached inside the app (a tap on a card, the
 * basket badge) never passes through it as a document: only its API answers do. So that such a page reopens
 * after a reload with no connection, the worker answers a navigation it holds no HTML for with the app shell
 * (the site's document with an empty root and no server data: the app then renders on its own, from what the
 * device kept), but only for a page this device has shown its reader: any other gets the offline page.
 */

/** Where the shell is kept in its cache (never a page of the site). */
export const SHELL_KEY = '/__lectern/app-shell';
const SHELL_CACHE_PREFIX = 'lectern-shell-';

/** The shell of one build: its document names that build's hashed scripts, which only its own precache holds. */
export function shellCacheName(revision: string): string {
  return `${SHELL_CACHE_PREFIX}${revision}`;
}

export function isShellCache(name: string): boolean {
  return name.startsWith(SHELL_CACHE_PREFIX);
}

/** A short, stable name for a build: a hash of its precache list (every hashed file and revision). */
export function buildRevision(entries: ReadonlyArray<string | { url: string; revision?: string | null }>): string {
  const text = entries.map((e) => (typeof e === 'string' ? e : `${e.url}@${e.revision ?? ''}`)).join('\n');
  // FNV-1a, 32 bits: enough to tell builds apart, not a security measure.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The boot data element's id (`BOOT_DATA_ELEMENT_ID` of `lib/boot-data.ts`, which the worker does not import: it brings the router). */
export const SHELL_BOOT_ID = 'lectern-boot';
const ROOT_AND_BOOT = new RegExp(`<div id="root">[\\s\\S]*?</div>\\s*<script type="application/json" id="${SHELL_BOOT_ID}">[\\s\\S]*?</script>`);
/** What the server wrote into the head for its page only (`data-head`): the app writes the reader's page's own. */
const PAGE_HEAD = [/<script [^>]*data-head[^>]*>[\s\S]*?<\/script>/g, /<(?:meta|link) [^>]*data-head[^>]*>/g];
const SITE_NAME = /<meta property="og:site_name" content="([^"]*)"/;

/**
 * The shell made from a page the server rendered: the same head (the build's scripts and styles, icons,
 * manifest), an empty root and no server data, so the app renders instead of hydrating. Its title is the site's
 * name (the app reads it as such, and names the page once it renders). Null when the page does not have the
 * expected shape: the shell is then not kept, and such navigations get the offline page.
 */
export function shellFromPage(html: string): string | null {
  if (!ROOT_AND_BOOT.test(html)) return null;
  const siteName = SITE_NAME.exec(html)?.[1] ?? '';
  let shell = html.replace(ROOT_AND_BOOT, '<div id="root"></div>');
  for (const pattern of PAGE_HEAD) shell = shell.replace(pattern, '');
  return shell.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${siteName}</title>`);
}

/** What the server would have chosen for this reader: their cookies, else the browser's languages. */
export function shellPreferences(cookie: string): { lang?: string; colorMode?: string } {
  const read = (name: string) => {
    const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookie);
    if (!match) return undefined;
    try {
      return decodeURIComponent(match[1]);
    } catch {
      return undefined;
    }
  };
  return { lang: read('lang'), colorMode: read('color_mode') };
}

// ---------------------------------------------------------------------------------------------------------------
// Seen pages

/** The pages a guest has seen on this device; a logged-in reader's are in a cache of their own, dropped at logout. */
export const SEEN_GUEST_CACHE = 'lectern-seen';
const SEEN_USER_PREFIX = 'lectern-seen-user-';
/** How many pages each record keeps (the oldest go first). */
export const SEEN_LIMIT = 400;

export function seenCacheName(owner: number): string {
  return owner > 0 ? `${SEEN_USER_PREFIX}${owner}` : SEEN_GUEST_CACHE;
}

export function isSeenCache(name: string): boolean {
  return name === SEEN_GUEST_CACHE || name.startsWith(SEEN_USER_PREFIX);
}

export function isUserSeenCache(name: string): boolean {
  return name.startsWith(SEEN_USER_PREFIX);
}

/** A page's key in the record: its address without the fragment. */
export function seenKey(url: URL | string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}${u.search}`;
}

/**
 * Notes that the reader saw `url` (rendered, not an error). The entry is empty: the record says only that the
 * page was shown here; what it showed stays where the app keeps it, under that data's own rules.
 */
export async function recordSeen(cacheStorage: CacheStorage, owner: number, url: URL | string): Promise<void> {
  const cache = await cacheStorage.open(seenCacheName(owner));
  const key = seenKey(url);
  // Deleted first, so a page seen again moves to the end and the oldest are the ones let go.
  await cache.delete(key);
  await cache.put(key, new Response('', { status: 200, headers: { 'x-lectern-seen': new Date().toISOString() } }));
  const keys = await cache.keys();
  if (keys.length > SEEN_LIMIT) await Promise.all(keys.slice(0, keys.length - SEEN_LIMIT).map((request) => cache.delete(request)));
}

/** Whether any reader record of this device (the guest's, or the logged-in user's) holds `url`. */
export async function wasSeen(cacheStorage: CacheStorage, url: URL | string): Promise<boolean> {
  const key = seenKey(url);
  for (const name of (await cacheStorage.keys()).filter(isSeenCache)) {
    // Matched through the storage, never `open`: opening a cache a logout just deleted would create it again.
    if (await cacheStorage.match(key, { cacheName: name })) return true;
  }
  return false;
}

/** Drops the logged-in users' records (at logout, and when another user logs in); the guest's stays. */
export async function deleteUserSeenCaches(cacheStorage: CacheStorage): Promise<void> {
  const names = (await cacheStorage.keys()).filter(isUserSeenCache);
  await Promise.all(names.map((name) => cacheStorage.delete(name)));
}
