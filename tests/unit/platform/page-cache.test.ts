import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ContentEvents } from '../../../src/server/platform/content-events.js';
import { cacheableUrl, ownBytes, PageCache, pageCacheKey } from '../../../src/server/platform/ssr/page-cache.js';

/** HTML that compresses to about half its size, as real pages do (unlike a run of one letter). */
const page = (bytes: number) => ({ status: 200, html: Buffer.from(randomBytes(bytes / 2).toString('hex')) });

describe('page cache URL', () => {
  it('leaves out parameters no page reads', () => {
    expect(cacheableUrl('/?junk=1')).toBe('/');
    expect(cacheableUrl('/?utm_source=a&utm_medium=b')).toBe('/');
    expect(cacheableUrl('/article/3?ref=feed')).toBe('/article/3');
  });

  it('keeps the page parameters, sorted', () => {
    expect(cacheableUrl('/search?q=a')).not.toBe(cacheableUrl('/search?q=b'));
    expect(cacheableUrl('/search?page=2&x=1&q=a')).toBe('/search?page=2&q=a');
    expect(cacheableUrl('/search?q=a&page=2')).toBe('/search?page=2&q=a');
    expect(cacheableUrl('/login?next=%2Faccount&error=expired&x=1')).toBe('/login?error=expired&next=%2Faccount');
  });

  it('refuses a URL with a personal or secret-like parameter', () => {
    expect(cacheableUrl('/reset?uid=4&token=abc')).toBeNull();
    expect(cacheableUrl('/reset?uid=4')).toBeNull();
    expect(cacheableUrl('/?access_token=abc')).toBeNull();
    // What a reader typed, sent back with a form's errors, is theirs alone.
    expect(cacheableUrl('/login?error=invalid_credentials&login=ada')).toBeNull();
    expect(cacheableUrl('/signup?error=script_required&login=ada&email=ada%40example.com')).toBeNull();
  });
});

describe('page cache', () => {
  it('does not grow with junk query strings', async () => {
    const cache = new PageCache({ maxBytes: 1 << 20, maxEntries: 1000, ttlSeconds: 0, events: new ContentEvents() });
    for (let i = 0; i < 500; i += 1) {
      const key = pageCacheKey('en', 'system', cacheableUrl(`/?junk=${i}&utm_${i}=x`)!);
      if (!cache.get(key)) cache.keep(key, page(100), cache.version());
    }
    expect(cache.stats.entries).toBe(1);
  });

  it('holds no more bytes than its bound, counting the page and the key', () => {
    const cache = new PageCache({ maxBytes: 10_000, maxEntries: 1000, ttlSeconds: 0, events: new ContentEvents() });
    for (let i = 0; i < 100; i += 1) cache.keep(pageCacheKey('en', 'system', `/article/${i}`), page(2000), cache.version());
    expect(cache.stats.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.stats.entries).toBe(4);
    // The most recent pages stay, the oldest went first.
    expect(cache.get(pageCacheKey('en', 'system', '/article/99'))).toBeDefined();
    expect(cache.get(pageCacheKey('en', 'system', '/article/0'))).toBeUndefined();
    // A page larger than the whole bound is not kept, and evicts nothing.
    cache.keep(pageCacheKey('en', 'system', '/huge'), page(20_000), cache.version());
    expect(cache.get(pageCacheKey('en', 'system', '/huge'))).toBeUndefined();
    expect(cache.stats.entries).toBe(4);
  });

  it('holds a Chinese page as the bytes it was given, in a block of their own, and counts those', () => {
    const cache = new PageCache({ maxBytes: 1_000_000, maxEntries: 10, ttlSeconds: 0, events: new ContentEvents() });
    const text = `<!doctype html><html lang="zh-CN"><body><h1>${'中文文章'.repeat(2000)}</h1></body></html>`;
    cache.keep('zh', { status: 200, html: Buffer.from(text) }, cache.version());
    const plain = cache.get('zh')!;
    // The HTML as UTF-8 bytes, not a string (which V8 would hold at two bytes per Chinese character).
    expect(plain.body.toString()).toBe(text);
    expect(plain.body.buffer.byteLength).toBe(plain.body.byteLength);
    expect(cache.stats.bytes).toBe(2 + 8000 * 3 + (text.length - 8000));

    // Brotli bytes that are a view into the compressor's larger output get their own block too.
    const out = zlib.brotliCompressSync(Buffer.from(text));
    const view = Buffer.concat([out, Buffer.alloc(100)]).subarray(0, out.length);
    cache.keep('zh', { status: 200, html: Buffer.from(text) }, cache.version(), view);
    const kept = cache.get('zh')!;
    expect(zlib.brotliDecompressSync(kept.body).toString()).toBe(text);
    expect(kept.body.buffer.byteLength).toBe(kept.body.byteLength);
    expect(cache.stats.bytes).toBe(2 + kept.body.byteLength);
  });

  it('keeps a page under 1 KB as its bytes', async () => {
    const cache = new PageCache({ maxBytes: 1_000_000, maxEntries: 10, ttlSeconds: 0, events: new ContentEvents() });
    cache.keep('k', { status: 200, html: Buffer.from('文'.repeat(100)) }, cache.version());
    expect(cache.get('k')!.coding).toBeNull();
    expect(cache.stats.bytes).toBe(1 + 300);
  });

  it('gives small bytes a block of their own, not a view into a shared pool', () => {
    const pooled = Buffer.from('<p>短</p>');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.byteLength);
    const own = ownBytes(pooled);
    expect(own.buffer.byteLength).toBe(own.byteLength);
    expect(own.toString()).toBe('<p>短</p>');
    const whole = Buffer.allocUnsafeSlow(10);
    expect(ownBytes(whole)).toBe(whole);
  });

  it('is dropped when content changes, and keeps nothing rendered across a change', async () => {
    const events = new ContentEvents();
    const cache = new PageCache({ maxBytes: 1_000_000, maxEntries: 10, ttlSeconds: 0, events });
    cache.keep('a', page(10), cache.version());
    const before = cache.version();
    events.changed('article');
    expect(cache.get('a')).toBeUndefined();
    cache.keep('b', page(10), before);
    expect(cache.get('b')).toBeUndefined();
  });

  it('is off with a bound of 0', async () => {
    for (const bounds of [{ maxBytes: 0, maxEntries: 10 }, { maxBytes: 1000, maxEntries: 0 }]) {
      const cache = new PageCache({ ...bounds, ttlSeconds: 0, events: new ContentEvents() });
      expect(cache.enabled).toBe(false);
      cache.keep('a', page(10), cache.version());
      expect(cache.get('a')).toBeUndefined();
    }
  });
});
