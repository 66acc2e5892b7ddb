import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPageApp } from '../helpers/page-app.js';
import type { TestApp } from '../helpers/app.js';
import { createArticle } from '../helpers/factories.js';
import { createSitePage } from '../pages/factories.js';

/**
 * Server rendering answers its loaders' article, related-articles, footer and site-page calls in process
 * (platform/ssr/guest-reads.ts). The page must be exactly the one the API calls would have given, and the
 * calls must indeed skip the API.
 */
let t: TestApp;
let free: number;
let premium: number;
beforeAll(async () => {
  // No page cache: every request below renders its page.
  t = await createPageApp({ ssrCacheMaxBytes: 0 });
  free = (await createArticle(t, { title: 'Harbour tides', body_markdown: 'The tide tables are public.' })).id;
  premium = (await createArticle(t, { title: 'Harbour secrets', access: 'premium', body_markdown: 'The anemometric reading is private.' })).id;
  await createSitePage(t, { slug: 'terms', title: 'Terms of use', body_markdown: 'Keep your password **safe**.', live: true });
});

afterEach(() => vi.restoreAllMocks());

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

/** The page as it is rendered with every loader call sent through the API instead. */
async function throughApi(url: string, headers: Record<string, string> = {}) {
  vi.spyOn(t.app.ctx.guestReads, 'read').mockResolvedValue(undefined);
  try {
    return await page(url, headers);
  } finally {
    vi.restoreAllMocks();
  }
}

const BOOT = /<script type="application\/json" id="lectern-boot">([\s\S]*?)<\/script>/;

/** The page's markup as text, and its boot data as data (key order aside) without the times the render took place. */
function stable(html: string) {
  const boot = JSON.parse(BOOT.exec(html)?.[1] ?? 'null', (key, value: unknown) => (key === 'dehydratedAt' || key === 'dataUpdatedAt' ? 0 : value));
  return { markup: html.replace(BOOT, ''), boot };
}

describe('pages rendered with the calls answered in process', () => {
  it.each([
    ['a free article', () => `/article/${free}`],
    ['a premium article', () => `/article/${premium}`],
    ['an article that does not exist', () => '/article/987654'],
    ['a site page', () => '/page/terms'],
    ['the home page', () => '/'],
  ])('%s: the same status and HTML as through the API, in both languages', async (_name, url) => {
    for (const lang of ['en', 'zh-CN']) {
      const headers = { 'accept-language': lang };
      const direct = await page(url(), headers);
      const api = await throughApi(url(), headers);
      expect(direct.statusCode, `${url()} ${lang}`).toBe(api.statusCode);
      expect(stable(direct.body), `${url()} ${lang}`).toEqual(stable(api.body));
    }
  });

  it("sends none of an article page's calls through the API", async () => {
    const inject = vi.spyOn(t.app, 'inject');
    const res = await page(`/article/${free}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('The tide tables are public.');
    const urls = (inject.mock.calls as unknown as Array<[string | { url?: string }]>).map(([options]) => (typeof options === 'string' ? options : String(options.url)));
    const apiCalls = urls.filter((url) => url.startsWith('/api/'));
    expect(apiCalls).toEqual([]);
  });

  it('gives a guest no premium text, as the API does', async () => {
    const res = await page(`/article/${premium}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Harbour secrets');
    expect(res.body).not.toContain('anemometric');
  });

  it('answers what the route refuses through the API: a query the route would not accept', async () => {
    expect(await t.app.ctx.guestReads.read(`article/${free}`, { lang: 'fr' })).toBeUndefined();
    expect(await t.app.ctx.guestReads.read('article/not-a-number', { lang: 'en' })).toBeUndefined();
    expect(await t.app.ctx.guestReads.read('no/such/call', {})).toBeUndefined();
    expect(await t.app.ctx.guestReads.read('article/987654', { lang: 'en' })).toEqual({ status: 404, body: { error: 'not_found', message: 'Article not found.' } });
  });

  it('counts the read of an article whose page was rendered', async () => {
    const unread = (await createArticle(t, { title: 'Harbour lights' })).id;
    for (let i = 0; i < 3; i += 1) expect((await page(`/article/${unread}`)).statusCode).toBe(200);
    // Reads are written in batches; closing the app writes what is pending.
    await t.app.close();
    const after = (await t.db.kysely.selectFrom('articles').select('view_count').where('id', '=', unread).executeTakeFirstOrThrow()).view_count;
    expect(after).toBe(3);
  });
});
