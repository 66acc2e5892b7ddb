import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isCompressibleType, negotiateCoding } from '../../../src/server/platform/compression.js';
import { ContentEvents } from '../../../src/server/platform/content-events.js';
import { PageCache } from '../../../src/server/platform/ssr/page-cache.js';

/** HTML that compresses to about half its size, as real pages do (unlike a run of one letter). */
const page = (bytes: number) => ({ status: 200, html: Buffer.from(randomBytes(bytes / 2).toString('hex')) });
const newCache = (maxBytes: number, events = new ContentEvents()) => new PageCache({ maxBytes, maxEntries: 100, ttlSeconds: 0, events });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('compressed copies in the page cache', () => {
  it('makes each copy once, keeps it with the page and counts it in the byte bound', async () => {
    const cache = newCache(1_000_000);
    const p = page(4000);
    cache.set('k', p, cache.version());
    expect(cache.stats.bytes).toBe(1 + 4000);

    const br = await cache.body('k', p, 'br');
    expect(br.coding).toBe('br');
    expect(zlib.brotliDecompressSync(br.bytes as Buffer).toString()).toBe(p.html.toString());
    const brBytes = (br.bytes as Buffer).length;
    expect(cache.stats.bytes).toBe(1 + 4000 + brBytes);

    const gzip = await cache.body('k', p, 'gzip');
    expect(zlib.gunzipSync(gzip.bytes as Buffer).toString()).toBe(p.html.toString());
    expect(cache.stats.bytes).toBe(1 + 4000 + brBytes + (gzip.bytes as Buffer).length);

    const brotli = vi.spyOn(zlib, 'brotliCompress');
    const again = await cache.body('k', p, 'br');
    expect(again.bytes).toBe(br.bytes);
    expect(brotli).not.toHaveBeenCalled();
  });

  it('shares one compression between requests that arrive together', async () => {
    const cache = newCache(1_000_000);
    const p = page(4000);
    cache.set('k', p, cache.version());
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    const bodies = await Promise.all([cache.body('k', p, 'br'), cache.body('k', p, 'br'), cache.body('k', p, 'br')]);
    expect(brotli).toHaveBeenCalledTimes(1);
    expect(bodies[1].bytes).toBe(bodies[0].bytes);
    expect(bodies[2].bytes).toBe(bodies[0].bytes);
  });

  it('makes room for a copy by dropping the least recently used pages', async () => {
    const cache = newCache(9000);
    const a = page(4000);
    const b = page(4000);
    cache.set('a', a, cache.version());
    cache.set('b', b, cache.version());
    expect(cache.stats.entries).toBe(2);
    await cache.body('a', a, 'br');
    expect(cache.stats.bytes).toBeLessThanOrEqual(9000);
    expect(cache.get('a')).toBe(a);
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps no copy of a page dropped or replaced while it was being compressed', async () => {
    const events = new ContentEvents();
    const cache = newCache(1_000_000, events);
    const old = page(4000);
    cache.set('k', old, cache.version());
    const making = cache.body('k', old, 'br');
    events.changed('article');
    const fresh = page(4000);
    cache.set('k', fresh, cache.version());
    const sent = await making;
    // The request that asked still gets its page's bytes; the new page is not given them.
    expect(zlib.brotliDecompressSync(sent.bytes as Buffer).toString()).toBe(old.html.toString());
    expect(cache.stats.bytes).toBe(1 + 4000);
    const next = await cache.body('k', fresh, 'br');
    expect(zlib.brotliDecompressSync(next.bytes as Buffer).toString()).toBe(fresh.html.toString());
  });

  it('sends the HTML itself to a client that takes no compression, and a page under 1 KB as it is', async () => {
    const cache = newCache(1_000_000);
    const big = page(4000);
    const small = page(500);
    cache.set('big', big, cache.version());
    cache.set('small', small, cache.version());
    expect(await cache.body('big', big, null)).toEqual({ bytes: big.html, coding: null });
    expect(await cache.body('small', small, 'br')).toEqual({ bytes: small.html, coding: null });
    expect(cache.stats.bytes).toBe(3 + 4000 + 5 + 500);
  });
});

describe('content coding negotiation', () => {
  it('prefers Brotli, falls back to gzip, and honours refusals and weights', () => {
    expect(negotiateCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateCoding('gzip')).toBe('gzip');
    expect(negotiateCoding('x-gzip')).toBe('gzip');
    expect(negotiateCoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateCoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(negotiateCoding('BR')).toBe('br');
    expect(negotiateCoding('*')).toBe('gzip');
    expect(negotiateCoding('identity')).toBeNull();
    expect(negotiateCoding('deflate, zstd')).toBeNull();
    expect(negotiateCoding('gzip;q=0, br;q=0')).toBeNull();
    expect(negotiateCoding('')).toBeNull();
    expect(negotiateCoding(undefined)).toBeNull();
  });

  it('compresses text, never event streams or binary downloads', () => {
    for (const type of ['text/html; charset=utf-8', 'application/json', 'application/problem+json', 'text/css', 'text/javascript', 'application/javascript', 'image/svg+xml', 'application/rss+xml; charset=utf-8', 'application/atom+xml', 'application/xml', 'application/manifest+json', 'text/plain']) {
      expect(isCompressibleType(type), type).toBe(true);
    }
    for (const type of ['text/event-stream', 'application/octet-stream', 'image/png', 'application/zip', 'font/woff2']) {
      expect(isCompressibleType(type), type).toBe(false);
    }
  });
});
