import type { Request } from '@playwright/test';
import { articles, expect, hydrated, test } from './fixtures.js';

/** The entry script the server-rendered page loads. */
async function entryScript(html: string): Promise<string> {
  const src = /<script type="module"[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(src, 'entry script in the page').toBeDefined();
  return src!;
}

test('built files come precompressed, pages and the API compressed', async ({ page }) => {
  const article = (await articles(page)).find((a) => a.access === 'free')!;
  const html = await (await page.request.get(`/article/${article.id}`)).text();
  const entry = await entryScript(html);

  const br = await page.request.get(entry, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers()['vary']).toMatch(/accept-encoding/i);
  expect(br.headers()['cache-control']).toContain('immutable');
  const gzip = await page.request.get(entry, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const plain = await page.request.get(entry, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  // Playwright decodes the body: every variant is the same script.
  expect(await br.text()).toBe(await plain.text());
  expect(await gzip.text()).toBe(await plain.text());

  for (const url of [`/article/${article.id}`, '/api/v2/article/summary', '/rss.xml']) {
    const res = await page.request.get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.ok(), url).toBe(true);
    expect(res.headers()['content-encoding'], url).toBe('br');
  }
});

test('an article page loads its scripts as Brotli and still works under the service worker', async ({ page }) => {
  const article = (await articles(page)).find((a) => a.access === 'free')!;
  const scripts: { url: string; encoding: string | undefined; sentBytes: number; scriptBytes: number }[] = [];
  // Each script's details are read asynchronously; the reads are awaited, and the listener removed, before the page
  // reloads, so that no read is left running when the test ends.
  const reads: Promise<void>[] = [];
  const onFinished = (request: Request) => {
    if (request.resourceType() !== 'script' || !new URL(request.url()).pathname.startsWith('/assets/')) return;
    reads.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        scripts.push({
          url: request.url(),
          encoding: (await response.allHeaders())['content-encoding'],
          sentBytes: (await request.sizes()).responseBodySize,
          scriptBytes: (await response.body()).length,
        });
      })(),
    );
  };
  page.on('requestfinished', onFinished);

  await page.goto(`/article/${article.id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  page.off('requestfinished', onFinished);
  await Promise.all(reads);
  for (const script of scripts) expect(script.encoding, script.url).toBe('br');
  const total = (key: 'sentBytes' | 'scriptBytes') => scripts.reduce((sum, s) => sum + s[key], 0);
  test.info().annotations.push({ type: 'first-visit scripts', description: `${scripts.length} scripts, ${total('sentBytes')} bytes sent for ${total('scriptBytes')} bytes of script` });

  // The worker precaches the plain URLs, and stores the scripts decoded.
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
  const entry = await entryScript(await page.content());
  const precached = await page.evaluate(async (entryPath) => {
    const names = await caches.keys();
    const name = names.find((n) => n.includes('precache'));
    if (!name) return null;
    const cache = await caches.open(name);
    const urls = (await cache.keys()).map((r) => new URL(r.url).pathname);
    const match = await cache.match(entryPath, { ignoreSearch: true });
    return { urls, entryText: match ? await match.text() : null };
  }, entry);
  expect(precached).not.toBeNull();
  expect(precached!.urls).toContain(entry);
  expect(precached!.urls.filter((u) => /\.(br|gz)$/.test(u))).toEqual([]);
  const served = await page.request.get(entry, { headers: { 'accept-encoding': 'identity' } });
  expect(precached!.entryText).toBe(await served.text());

  // Under the worker's control the page still renders and hydrates.
  await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
});
