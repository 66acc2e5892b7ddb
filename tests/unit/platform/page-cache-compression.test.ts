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
  it('keeps the request\'s Brotli bytes when it made them, else the HTML, and counts what it keeps', async () => {
    const cache = newCache(1_000_000);
    const p = page(4000);
    const quick = zlib.brotliCompressSync(p.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    cache.keep('k', p, cache.version(), quick);
    const kept = cache.get('k')!;
    expect(kept.coding).toBe('br');
    expect(kept.body.equals(quick)).toBe(true);
    expect(cache.stats.bytes).toBe(1 + quick.length);

    // A client that took no Brotli: the miss compresses nothing it does not send.
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    cache.keep('g', p, cache.version());
    expect(cache.get('g')!.coding).toBeNull();
    expect(cache.get('g')!.body.equals(p.html)).toBe(true);
    expect(brotli).not.toHaveBeenCalled();
    // The first browser's hit puts the best Brotli copy in the HTML's place.
    const br = await cache.body('g', cache.get('g')!, 'br');
    expect(cache.get('g')!).toMatchObject({ coding: 'br', best: true });
    expect(cache.get('g')!.body).toBe(br.bytes);
    expect(cache.stats.bytes).toBe(1 + quick.length + 1 + br.bytes.length);
    // A client that takes nothing still gets the HTML.
    expect((await cache.body('g', cache.get('g')!, null)).bytes.equals(p.html)).toBe(true);
  });

  it('makes the best Brotli copy on the first hit, in place of the quick one, and each copy once', async () => {
    const cache = newCache(1_000_000);
    const p = page(4000);
    cache.keep('k', p, cache.version());
    const quickBytes = cache.stats.bytes;

    const br = await cache.body('k', cache.get('k')!, 'br');
    expect(br.coding).toBe('br');
    expect(zlib.brotliDecompressSync(br.bytes).toString()).toBe(p.html.toString());
    expect(cache.get('k')!.best).toBe(true);
    expect(cache.get('k')!.body).toBe(br.bytes);
    expect(cache.stats.bytes).toBe(1 + br.bytes.length);
    expect(br.bytes.length).toBeLessThanOrEqual(quickBytes);

    const gzip = await cache.body('k', cache.get('k')!, 'gzip');
    expect(zlib.gunzipSync(gzip.bytes).toString()).toBe(p.html.toString());
    expect(cache.stats.bytes).toBe(1 + br.bytes.length + gzip.bytes.length);

    const brotli = vi.spyOn(zlib, 'brotliCompress');
    const gzipped = vi.spyOn(zlib, 'gzip');
    expect((await cache.body('k', cache.get('k')!, 'br')).bytes).toBe(br.bytes);
    expect((await cache.body('k', cache.get('k')!, 'gzip')).bytes).toBe(gzip.bytes);
    expect(brotli).not.toHaveBeenCalled();
    expect(gzipped).not.toHaveBeenCalled();
  });

  it('shares one compression between requests that arrive together', async () => {
    const cache = newCache(1_000_000);
    const p = page(4000);
    cache.keep('k', p, cache.version());
    const kept = cache.get('k')!;
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    const bodies = await Promise.all([cache.body('k', kept, 'br'), cache.body('k', kept, 'br'), cache.body('k', kept, 'br')]);
    expect(brotli).toHaveBeenCalledTimes(1);
    expect(bodies[1].bytes).toBe(bodies[0].bytes);
    expect(bodies[2].bytes).toBe(bodies[0].bytes);
  });

  it('makes room for a copy by dropping the least recently used pages', async () => {
    const a = page(8000);
    const b = page(8000);
    const quick = (p: { html: Buffer }) => zlib.brotliCompressSync(p.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    const size = quick(a).length;
    const cache = newCache(2 * size + 2 + 500);
    cache.keep('a', a, cache.version(), quick(a));
    cache.keep('b', b, cache.version(), quick(b));
    expect(cache.stats.entries).toBe(2);
    await cache.body('a', cache.get('a')!, 'gzip');
    expect(cache.stats.bytes).toBeLessThanOrEqual(2 * size + 2 + 500);
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps no copy of a page dropped or replaced while it was being compressed', async () => {
    const events = new ContentEvents();
    const cache = newCache(1_000_000, events);
    const old = page(4000);
    cache.keep('k', old, cache.version());
    const making = cache.body('k', cache.get('k')!, 'br');
    events.changed('article');
    const fresh = page(4000);
    cache.keep('k', fresh, cache.version());
    const freshBytes = cache.stats.bytes;
    const sent = await making;
    // The request that asked still gets its page's bytes; the new page is not given them.
    expect(zlib.brotliDecompressSync(sent.bytes).toString()).toBe(old.html.toString());
    expect(cache.stats.bytes).toBe(freshBytes);
    expect(cache.get('k')!.best).toBeUndefined();
    const next = await cache.body('k', cache.get('k')!, 'br');
    expect(zlib.brotliDecompressSync(next.bytes).toString()).toBe(fresh.html.toString());
  });

  it('sends the HTML itself to a client that takes no compression, and a page under 1 KB as it is', async () => {
    const cache = newCache(1_000_000);
    const big = page(4000);
    const small = page(500);
    cache.keep('big', big, cache.version());
    cache.keep('small', small, cache.version());
    const plain = await cache.body('big', cache.get('big')!, null);
    expect(plain.coding).toBeNull();
    expect(plain.bytes.equals(big.html)).toBe(true);
    expect(await cache.body('small', cache.get('small')!, 'br')).toEqual({ bytes: small.html, coding: null });
    expect(cache.stats.bytes).toBe(3 + cache.get('big')!.body.length + 5 + 500);
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
