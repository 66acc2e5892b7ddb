import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../src/web/entry-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle } from '../helpers/factories.js';
import { throughNginx } from '../helpers/through-proxy.js';

/** A production-mode app whose pages are rendered by the real server entry into the real template. */
async function createPageApp(): Promise<TestApp> {
  const distDir = path.join(process.env.TMPDIR ?? '/tmp', `lectern-pages-${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(path.join(distDir, 'client'), { recursive: true });
  writeFileSync(path.join(distDir, 'client', 'index.html'), readFileSync('index.html', 'utf8'));
  return createTestApp({ distDir }, { ssr: { mode: 'production', loadRender: async () => render } });
}

/** Script elements the browser would run: inline ones with no type or a JavaScript type. */
function inlineExecutableScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  return scripts
    .filter(([, attrs]) => !/\bsrc\s*=/i.test(attrs))
    .filter(([, attrs]) => {
      const type = /\btype\s*=\s*"([^"]*)"/i.exec(attrs)?.[1].toLowerCase();
      return type === undefined || type === '' || type === 'module' || type.includes('javascript') || type.includes('ecmascript');
    })
    .map(([element]) => element);
}

function bootData(html: string) {
  const json = /<script type="application\/json" id="lectern-boot">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, 'boot data element').toBeDefined();
  return JSON.parse(json!);
}

let t: TestApp;
let articleId: number;
beforeAll(async () => {
  t = await createPageApp();
  articleId = (await createArticle(t, { title: "Prices in $& and $' stay text" })).id;
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('page security', () => {
  it('sends a CSP whose script-src allows no inline script, and pages that hold none', async () => {
    for (const url of ['/', `/article/${articleId}`, '/no/such/page']) {
      const res = await get(url);
      expect(res.headers['content-type']).toContain('text/html');
      const scriptSrc = String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('script-src'));
      expect(scriptSrc, url).toBe("script-src 'self'");
      expect(inlineExecutableScripts(res.body), url).toEqual([]);
      expect(res.body).not.toContain('__LECTERN__');
      expect(res.body).not.toContain('__staticRouterHydrationData');
    }
  });

  it("hands the router's state to the browser in the boot data, route errors included", async () => {
    const page = await get(`/article/${articleId}`);
    expect(page.statusCode).toBe(200);
    const boot = bootData(page.body);
    expect(boot).toMatchObject({ lang: 'en', colorMode: 'system', siteName: t.config.siteName });
    expect(boot.router.errors).toBeNull();
    expect(Object.keys(boot.router.loaderData).length).toBeGreaterThan(0);

    const missing = await get('/no/such/page');
    expect(missing.statusCode).toBe(404);
    const errors = Object.values(bootData(missing.body).router.errors);
    expect(errors).toEqual([expect.objectContaining({ __type: 'RouteErrorResponse', status: 404, data: '/no/such/page' })]);
  });

  it('puts page text into the template literally, even where it looks like a replacement pattern', async () => {
    const page = await get(`/article/${articleId}`);
    expect(page.body).toContain("Prices in $&amp; and $&#x27; stay text");
  });
});

describe('page cache', () => {
  it('serves one entry for a page whatever unknown parameters the URL carries', async () => {
    t.app.ctx.events.changed('test');
    expect((await get('/?first=1')).headers['x-ssr-cache']).toBe('miss');
    for (let i = 0; i < 40; i += 1) {
      const res = await get(`/?junk=${i}&utm_source=n${i}`);
      expect(res.headers['x-ssr-cache'], `junk ${i}`).toBe('hit');
    }
    expect((await get('/')).headers['x-ssr-cache']).toBe('hit');
  });

  it('keeps the parameters a page reads apart, in any order', async () => {
    expect((await get('/search?q=alpha')).headers['x-ssr-cache']).toBe('miss');
    expect((await get('/search?q=beta')).headers['x-ssr-cache']).toBe('miss');
    expect((await get('/search?q=alpha&ref=x')).headers['x-ssr-cache']).toBe('hit');
    expect((await get('/search?page=1&q=beta')).headers['x-ssr-cache']).toBe('miss');
    expect((await get('/search?q=beta&page=1')).headers['x-ssr-cache']).toBe('hit');
  });

  it('renders a page with a secret in its URL for that request alone', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await get('/reset?uid=1&token=abc-def');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ssr-cache']).toBe('bypass');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('article views', () => {
  it('counts every served article page once, from the cache or not', async () => {
    const own = await createPageApp();
    const article = await createArticle(own);
    const views = async () =>
      (await own.db.kysely.selectFrom('articles').select('view_count').where('id', '=', article.id).executeTakeFirstOrThrow()).view_count;
    const before = await views();
    expect((await own.app.inject(`/article/${article.id}`)).headers['x-ssr-cache']).toBe('miss');
    expect((await own.app.inject(`/article/${article.id}?from=feed`)).headers['x-ssr-cache']).toBe('hit');
    // Closing the app writes the views counted in memory.
    await own.app.close();
    expect(Number(await views())).toBe(Number(before) + 2);
  });
});

describe('page addresses with a NUL character', () => {
  // Through nginx (the drill), nginx refuses an encoded NUL with its own 400 before any app sees it.
  it.skipIf(throughNginx())('answer the 404 page as HTML, not the API’s JSON refusal; the API still refuses them, naming the field', async () => {
    for (const url of ['/article/1%00', '/search?q=a%00b', '/category/1%00', '/?page=1%00']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<title>Page Not Found');
    }
    const api = await get('/api/v2/search?q=a%00b');
    expect(api.statusCode).toBe(400);
    expect(api.json().fields).toEqual({ q: 'Must not contain NUL characters.' });
  });
});
