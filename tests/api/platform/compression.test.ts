import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerCompression } from '../../../src/server/platform/compression.js';
import { render } from '../../../src/web/entry-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle } from '../helpers/factories.js';

/** The body as the client reads it, undoing the response's `Content-Encoding`. */
function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const coding = res.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (coding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  expect(coding, 'content-encoding').toBeUndefined();
  return res.rawPayload.toString('utf8');
}

const tmpDir = (name: string) => path.join(process.env.TMPDIR ?? '/tmp', `lectern-${name}-${process.pid}-${Math.random().toString(36).slice(2)}`);

/** A built client to serve: the template, a hashed script with its build-time copies, a manifest, a worker without copies. */
const ASSET = `export const greeting = ${JSON.stringify('hello from the build '.repeat(200))};\n`;
const MANIFEST = JSON.stringify({ name: 'Lectern', short_name: 'Lectern', icons: [], description: 'x'.repeat(1500) });
const WORKER = `self.addEventListener('fetch', () => {});\n${'// precache entry\n'.repeat(200)}`;
function writeFixtureBuild(distDir: string) {
  const client = path.join(distDir, 'client');
  mkdirSync(path.join(client, 'assets'), { recursive: true });
  writeFileSync(path.join(client, 'index.html'), readFileSync('index.html', 'utf8'));
  const write = (file: string, text: string, copies: boolean) => {
    writeFileSync(path.join(client, file), text);
    if (!copies) return;
    writeFileSync(path.join(client, `${file}.br`), zlib.brotliCompressSync(text));
    writeFileSync(path.join(client, `${file}.gz`), zlib.gzipSync(text, { level: 9 }));
  };
  write('assets/entry-abc123.js', ASSET, true);
  write('manifest.webmanifest', MANIFEST, true);
  write('sw.js', WORKER, false);
}

/** A production-mode app on the fixture build, whose pages are rendered by the real server entry. */
async function createSiteApp(overrides: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const distDir = tmpDir('compression');
  writeFixtureBuild(distDir);
  return createTestApp({ distDir, ...overrides }, { ssr: { mode: 'production', loadRender: async () => render } });
}

let t: TestApp;
let articleId: number;
beforeAll(async () => {
  t = await createSiteApp();
  for (let i = 0; i < 6; i += 1) articleId = (await createArticle(t, { summary: `A summary long enough to matter, number ${i}. `.repeat(4) })).id;
});

afterEach(() => {
  vi.restoreAllMocks();
});

const get = (url: string, acceptEncoding?: string) => t.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('API answers', () => {
  it('sends JSON over 1 KB as Brotli, gzip or as it is, as the client accepts, with the same JSON inside', async () => {
    const url = '/api/v2/article/summary';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const json = plain.json();

    const br = await get(url, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(decoded(br))).toEqual(json);

    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(json);

    // What browsers send: Brotli wins; and a refused Brotli falls back to gzip.
    expect((await get(url, 'gzip, deflate, br, zstd')).headers['content-encoding']).toBe('br');
    expect((await get(url, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get(url, 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves answers under 1 KB as they are', async () => {
    const res = await get('/healthz', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('compresses feeds and the sitemap', async () => {
    for (const [url, coding] of [
      ['/rss.xml', 'br'],
      ['/atom.xml', 'gzip'],
      ['/sitemap.xml', 'br'],
    ] as const) {
      const plain = await get(url);
      expect(plain.rawPayload.length, url).toBeGreaterThan(1024);
      const res = await get(url, coding);
      expect(res.headers['content-encoding'], url).toBe(coding);
      expect(decoded(res), url).toBe(plain.body);
    }
  });
});

describe('answers that stay as written', () => {
  it('sends probes, payment notifications and event streams plain, and never decompresses a request body', async () => {
    const app = Fastify();
    await registerCompression(app);
    const big = 'x'.repeat(5000);
    app.get('/readyz', async () => ({ status: 'ready', padding: big }));
    app.post('/api/v2/pay/alipay/notify', async (_request, reply) => reply.type('text/plain').send(`success${big}`));
    app.get('/events', async (_request, reply) => reply.type('text/event-stream').send(`data: ${big}\n\n`));
    app.get('/download', async (_request, reply) => reply.type('application/octet-stream').send(Buffer.from(big)));
    app.get('/other', async () => ({ padding: big }));
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post('/upload', async (request) => ({ received: (request.body as Buffer).length }));
    await app.ready();
    const headers = { 'accept-encoding': 'br, gzip' };
    for (const [method, url] of [
      ['GET', '/readyz'],
      ['POST', '/api/v2/pay/alipay/notify'],
      ['GET', '/events'],
      ['GET', '/download'],
    ] as const) {
      const res = await app.inject({ method, url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.body.length, url).toBeGreaterThanOrEqual(5000);
    }
    // The same app compresses everything else.
    expect((await app.inject({ url: '/other', headers })).headers['content-encoding']).toBe('br');
    // A body sent with a Content-Encoding reaches its route as it was sent (uploads stream through untouched).
    const gzipped = zlib.gzipSync(Buffer.from(big));
    const upload = await app.inject({ method: 'POST', url: '/upload', headers: { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip' }, payload: gzipped });
    expect(upload.json()).toEqual({ received: gzipped.length });
    await app.close();
  });
});

describe('pages', () => {
  it('sends a cached page from its stored compressed bytes: the same bytes every time, compressed once', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    const gzip = vi.spyOn(zlib, 'gzip');
    const url = `/article/${articleId}`;
    t.app.ctx.events.changed('test');

    // The render is compressed for its own request (quickly: most pages are never asked for again).
    const miss = await get(url, 'br');
    expect(miss.headers['x-ssr-cache']).toBe('miss');
    expect(miss.headers['content-encoding']).toBe('br');
    expect(String(miss.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli).toHaveBeenCalledTimes(1);

    // The first hit makes the cache's copy; every later hit sends it as it is.
    const hits = [await get(url, 'br'), await get(`${url}?utm_source=feed`, 'gzip, deflate, br'), await get(url, 'br;q=1, gzip;q=0.5')];
    expect(brotli).toHaveBeenCalledTimes(2);
    for (const hit of hits) {
      expect(hit.headers['x-ssr-cache']).toBe('hit');
      expect(hit.headers['content-encoding']).toBe('br');
      expect(hit.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(String(hit.headers.vary)).toMatch(/accept-encoding/i);
      expect(hit.rawPayload.equals(hits[0].rawPayload)).toBe(true);
    }

    const plain = await get(url);
    expect(plain.headers['x-ssr-cache']).toBe('hit');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<!doctype html>');
    // Decompressed once, the bytes are the page: nothing compressed them a second time on the way out.
    expect(decoded(miss)).toBe(plain.body);
    expect(decoded(hits[0])).toBe(plain.body);

    const gzipHits = [await get(url, 'gzip'), await get(url, 'gzip'), await get(url, 'deflate, gzip')];
    expect(gzip).toHaveBeenCalledTimes(1);
    for (const hit of gzipHits) expect(hit.rawPayload.equals(gzipHits[0].rawPayload)).toBe(true);
    expect(decoded(gzipHits[0])).toBe(plain.body);
    expect(brotli).toHaveBeenCalledTimes(2);
  });

  it('answers HEAD for a page with the headers of the compressed page and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBe(0);
  });

  it('compresses pages no cache keeps for their own request', async () => {
    for (const url of ['/reset?uid=1&token=abc-def', '/no/such/page']) {
      const plain = await get(url);
      const res = await get(url, 'br');
      expect(res.headers['x-ssr-cache'], url).toBe(url.startsWith('/reset') ? 'bypass' : 'miss');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.statusCode).toBe(plain.statusCode);
      expect(decoded(res), url).toBe(plain.body);
    }
  });
});

describe('built files', () => {
  it('serves the build-time Brotli or gzip copy of a file under its plain URL', async () => {
    const url = '/assets/entry-abc123.js';
    const client = path.join(t.config.distDir, 'client');
    const br = await get(url, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    // The very bytes of the file the build wrote: not compressed again on the way out.
    expect(br.rawPayload.equals(readFileSync(path.join(client, 'assets/entry-abc123.js.br')))).toBe(true);

    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(readFileSync(path.join(client, 'assets/entry-abc123.js.gz')))).toBe(true);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });

  it("keeps a file's own cache rules when its copy is sent", async () => {
    const res = await get('/manifest.webmanifest', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/manifest\+json/);
    expect(JSON.parse(decoded(res))).toEqual(JSON.parse(MANIFEST));
  });

  it('compresses a file the build made no copy of, such as the service worker', async () => {
    const res = await get('/sw.js', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res)).toBe(WORKER);
  });

  it('gives the copies no URL of their own', async () => {
    for (const url of ['/assets/entry-abc123.js.br', '/assets/entry-abc123.js.gz']) expect((await get(url, 'br')).statusCode, url).toBe(404);
  });
});
