import { LRUCache } from 'lru-cache';
import { COMPRESS_MIN_BYTES, compressBytes, type ContentCoding } from '../compression.js';
import type { ContentEvents } from '../content-events.js';
import type { PageView } from '../page-views.js';
import { isSecretParamName } from '../redact-url.js';

/**
 * The query parameters pages read (`src/web`): `page` of lists, `q` of search, and `next`, `error`,
 * `login` and `email` of the login and signup pages. Any other parameter changes nothing on a page, so it is left out
 * of the cache key and of the rendering: `/?utm_source=x` is the same page, and the same entry, as `/`.
 */
export const PAGE_PARAMS: readonly string[] = ['email', 'error', 'login', 'next', 'page', 'q'];

/**
 * Parameters that make a page one reader's own: a password-reset link's `uid` (and `token`), and the username
 * or e-mail address a form sent back with its errors. Such a page is never kept, so what one reader typed is
 * never in memory for another, and a flood of distinct values cannot fill the cache.
 */
const PERSONAL_PARAMS = new Set(['uid', 'login', 'email']);

/**
 * The URL a page is cached and rendered under: the path with the page parameters only, sorted. `null` when
 * the URL carries a personal or secret-like parameter: such a page is rendered for its request alone and
 * never kept, so no reader's secret sits in memory or reaches another reader.
 */
export function cacheableUrl(url: string): string | null {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const pathname = url.slice(0, start);
  const params = new URLSearchParams(url.slice(start + 1));
  const kept: [string, string][] = [];
  for (const [name, value] of params) {
    if (PERSONAL_PARAMS.has(name) || isSecretParamName(name)) return null;
    if (PAGE_PARAMS.includes(name)) kept.push([name, value]);
  }
  if (kept.length === 0) return pathname;
  // Stable sort by name keeps the order of repeated names, which a page may read with getAll.
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return `${pathname}?${new URLSearchParams(kept).toString()}`;
}

/** A page differs by URL, language and colour mode (the only request inputs a guest page has). */
export function pageCacheKey(lang: string, colorMode: string, url: string): string {
  return `${lang}|${colorMode}|${url}`;
}

export interface CachedPage {
  status: number;
  /**
   * The page's HTML as UTF-8 bytes. Kept as bytes, not as a string: V8 holds a string with any character
   * beyond Latin-1 (a Chinese page) at two bytes per character, so the byte bound would not be true.
   */
  html: Buffer;
  /** What showing the page counts as a read of (an article page: its article). */
  view?: PageView;
}

export interface PageCacheOptions {
  /** Upper bound of the HTML, its compressed copies and the keys held, in bytes; 0 turns the cache off. */
  maxBytes: number;
  /** Upper bound of the number of pages; 0 turns the cache off. */
  maxEntries: number;
  /** Seconds a page lives at most (other processes' edits show within it); 0 for no limit. */
  ttlSeconds: number;
  events: ContentEvents;
}

/** A kept page and the compressed copies of its HTML made so far (each when a client first asked for it). */
interface Entry {
  page: CachedPage;
  br?: Buffer;
  gzip?: Buffer;
}

const entryBytes = (key: string, entry: Entry) =>
  Buffer.byteLength(key) + entry.page.html.byteLength + (entry.br?.byteLength ?? 0) + (entry.gzip?.byteLength ?? 0);

/**
 * The bytes in a memory block of their own. A small Buffer is often a view into a shared 8 KiB pool (and
 * a compressor's output into a larger chunk); kept for long, such a view holds the whole block alive
 * while the cache counts only the view.
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}

/**
 * Rendered guest pages, bounded by bytes and by count, least recently used out first, and dropped as a
 * whole whenever content changes in this process. Each page keeps its HTML once and its Brotli and gzip
 * bytes once made, so a page is compressed once per coding, however often it is served.
 */
export class PageCache {
  private readonly lru: LRUCache<string, Entry> | undefined;
  /** Compressions under way, per page, so that requests arriving together share one. */
  private readonly pending = new WeakMap<CachedPage, Partial<Record<ContentCoding, Promise<Buffer>>>>();

  constructor(private readonly options: PageCacheOptions) {
    if (options.maxBytes > 0 && options.maxEntries > 0) {
      this.lru = new LRUCache<string, Entry>({
        max: options.maxEntries,
        maxSize: options.maxBytes,
        sizeCalculation: (entry, key) => Math.max(1, entryBytes(key, entry)),
        ttl: options.ttlSeconds * 1000 || undefined,
      });
      options.events.onChanged(() => this.clear());
    }
  }

  get enabled(): boolean {
    return this.lru !== undefined;
  }

  /** The content version a render starts from; pass it to `set`. */
  version(): number {
    return this.options.events.current;
  }

  get(key: string): CachedPage | undefined {
    return this.lru?.get(key)?.page;
  }

  /**
   * Keeps a page rendered from content that did not change while it was rendered. A page larger than the
   * whole bound is not kept. Its HTML should be bytes of their own (`ownBytes`), as only those are counted.
   */
  set(key: string, page: CachedPage, renderedFrom: number): void {
    if (!this.lru || renderedFrom !== this.options.events.current) return;
    this.lru.set(key, { page });
  }

  /**
   * The bytes to send of a page from `get`: its HTML compressed with `coding` at the highest settings,
   * made on the first request for that coding and then kept with the page (counted in the byte bound),
   * so every later hit sends the same bytes with no work; or the HTML itself for `null` and for a page
   * too small to gain from compression.
   */
  async body(key: string, page: CachedPage, coding: ContentCoding | null): Promise<{ bytes: Buffer; coding: ContentCoding | null }> {
    if (coding === null || page.html.byteLength < COMPRESS_MIN_BYTES) return { bytes: page.html, coding: null };
    const kept = this.lru?.peek(key);
    const stored = kept?.page === page ? kept[coding] : undefined;
    if (stored) return { bytes: stored, coding };

    let pending = this.pending.get(page);
    if (!pending) this.pending.set(page, (pending = {}));
    const making = (pending[coding] ??= compressBytes(page.html, coding, 'stored').then(ownBytes));
    let bytes: Buffer;
    try {
      bytes = await making;
    } finally {
      if (pending[coding] === making) delete pending[coding];
    }
    // Kept only with the very page it was made from: not after the page was dropped or replaced. A new
    // entry object, so that the cache counts its new size; its time to live runs on from the page's.
    const current = this.lru?.peek(key);
    if (current?.page === page && !current[coding]) this.lru!.set(key, { ...current, [coding]: bytes }, { noUpdateTTL: true });
    return { bytes, coding };
  }

  clear(): void {
    this.lru?.clear();
  }

  /** Pages held and the bytes they count for. */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.lru?.size ?? 0, bytes: this.lru?.calculatedSize ?? 0 };
  }
}
