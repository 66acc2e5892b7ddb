import zlib from 'node:zlib';
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

/** A page as a render made it. */
export interface RenderedPage {
  status: number;
  /** The page's HTML as UTF-8 bytes. */
  html: Buffer;
  /** What showing the page counts as a read of (an article page: its article). */
  view?: PageView;
}

/**
 * A page as the cache keeps it: its HTML Brotli-compressed (`coding` 'br') once a browser has asked for it,
 * since a page's HTML is four to five times its Brotli bytes and a hit from a browser sends those bytes as
 * they are; its HTML (`coding` null) until then, and always for a page under `COMPRESS_MIN_BYTES`.
 */
export interface CachedPage {
  status: number;
  body: Buffer;
  coding: 'br' | null;
  /** The body is compressed at the highest settings (made on the page's first hit). */
  best?: boolean;
  view?: PageView;
}

export interface PageCacheOptions {
  /** Upper bound of the compressed pages, their gzip copies and the keys held, in bytes; 0 turns the cache off. */
  maxBytes: number;
  /** Upper bound of the number of pages; 0 turns the cache off. */
  maxEntries: number;
  /** Seconds a page lives at most (other processes' edits show within it); 0 for no limit. */
  ttlSeconds: number;
  events: ContentEvents;
}

/** A kept page and its gzip copy once a client that takes no Brotli asked for it. */
interface Entry {
  page: CachedPage;
  gzip?: Buffer;
}

const entryBytes = (key: string, entry: Entry) => Buffer.byteLength(key) + entry.page.body.byteLength + (entry.gzip?.byteLength ?? 0);

const decompress = (bytes: Buffer) =>
  new Promise<Buffer>((resolve, reject) => zlib.brotliDecompress(bytes, (err, out) => (err ? reject(err) : resolve(out))));

/** What a request for one coding makes from a kept page: the best Brotli bytes, a gzip copy, or the HTML. */
type Making = 'br' | 'gzip';

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
 * whole whenever content changes in this process. Each page is kept as Brotli bytes (and gzip bytes once a
 * client asked for them), so a page is compressed once per coding, however often it is served, and the
 * bound holds four to five times the pages it would as HTML.
 */
export class PageCache {
  private readonly lru: LRUCache<string, Entry> | undefined;
  /** Compressions under way, per page, so that requests arriving together share one. */
  private readonly pending = new WeakMap<CachedPage, Partial<Record<Making, Promise<Buffer>>>>();

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
   * Keeps a page rendered from content that did not change while it was rendered (`renderedFrom`, from
   * `version()` before the render): as the Brotli bytes the request made for itself when its client took
   * Brotli, else as its HTML (a miss compresses nothing it does not send; the first hit from a browser makes
   * the page's best Brotli copy, which then takes the HTML's place). A page larger than the whole bound is not
   * kept.
   */
  keep(key: string, rendered: RenderedPage, renderedFrom: number, brotli?: Buffer): void {
    if (!this.lru || renderedFrom !== this.options.events.current) return;
    const compressed = brotli !== undefined && rendered.html.byteLength >= COMPRESS_MIN_BYTES;
    const body = ownBytes(compressed ? brotli : rendered.html);
    this.lru.set(key, { page: { status: rendered.status, body, coding: compressed ? 'br' : null, view: rendered.view } });
  }

  /**
   * The bytes to send of a page from `get`: Brotli at the highest settings, made on the first hit that asks
   * for Brotli and then kept in place of what was kept; a gzip copy, made on the first request for gzip and
   * kept beside it (counted in the byte bound); the HTML for a client that takes neither (unpacked per request
   * when the page is kept compressed, as such clients are rare); a small page as it is.
   */
  async body(key: string, page: CachedPage, coding: ContentCoding | null): Promise<{ bytes: Buffer; coding: ContentCoding | null }> {
    if (page.coding === null && (coding === null || page.body.byteLength < COMPRESS_MIN_BYTES)) return { bytes: page.body, coding: null };
    if (coding === null) return { bytes: await decompress(page.body), coding: null };
    if (coding === 'br' && page.best) return { bytes: page.body, coding };
    const kept = this.lru?.peek(key);
    if (coding === 'gzip' && kept?.page === page && kept.gzip) return { bytes: kept.gzip, coding };

    let pending = this.pending.get(page);
    if (!pending) this.pending.set(page, (pending = {}));
    const html = () => (page.coding === 'br' ? decompress(page.body) : Promise.resolve(page.body));
    const making = (pending[coding] ??= html().then((bytes) => compressBytes(bytes, coding, 'stored')).then(ownBytes));
    let bytes: Buffer;
    try {
      bytes = await making;
    } finally {
      if (pending[coding] === making) delete pending[coding];
    }
    // Kept only with the very page it was made from: not after the page was dropped or replaced. A new
    // entry object, so that the cache counts its new size; its time to live runs on from the page's.
    const current = this.lru?.peek(key);
    if (current?.page === page) {
      const best: CachedPage = { ...page, body: bytes, coding: 'br', best: true };
      const entry: Entry = coding === 'br' ? { ...current, page: best } : current.gzip ? current : { ...current, gzip: bytes };
      if (entry !== current) this.lru!.set(key, entry, { noUpdateTTL: true });
    }
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
