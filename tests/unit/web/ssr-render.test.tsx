import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../src/web/entry-server.js';
import { fakeApi, freeArticle, lockedArticle } from './fixtures.js';

const related = { '/api/v2/article/related/40': [], '/api/v2/article/related/41': [] };

function renderPage(url: string, routes: Record<string, unknown> = {}, lang: 'en' | 'zh-CN' = 'en', seen: string[] = []) {
  return render({
    url,
    headers: { accept: 'application/json' },
    fetch: fakeApi(routes, seen),
    lang,
    colorMode: 'system',
    publicUrl: 'https://lectern.example',
    siteName: 'Lectern',
  });
}

describe('server rendering', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers an unknown path with 404 and "Page Not Found: {path}"', async () => {
    const result = await renderPage('/no/such/page');
    expect(result.type).toBe('html');
    if (result.type !== 'html') return;
    expect(result.status).toBe(404);
    expect(result.html).toContain('Page Not Found: /no/such/page');
    expect(result.head).toContain('<meta name="robots" content="noindex"');
  });

  it('does not print the secret segment of a staff preview link on its 404 page', async () => {
    const result = await renderPage('/article/adminpreview/s3cret-segment/5');
    expect(result.type === 'html' && result.status).toBe(404);
    if (result.type !== 'html') return;
    expect(result.html).toContain('Page Not Found: /article/adminpreview/…/5');
    // Shown and in the page's description: the header's login link keeps the way back, which is the reader's own.
    const message = /<p class="error-page__message">(.*?)<\/p>/.exec(result.html)![1];
    expect(message + result.head).not.toContain('s3cret-segment');
  });

  it('answers a malformed or missing article id with 404 before or after asking the API', async () => {
    const seen: string[] = [];
    const bad = await renderPage('/article/abc', {}, 'en', seen);
    expect(bad.type === 'html' && bad.status).toBe(404);
    // Only the footer's page links, which every page loads: nothing about the article.
    expect(seen).toEqual(['/api/v2/page/footer?lang=en auth=no']);
    const missing = await renderPage('/article/999999');
    expect(missing.type === 'html' && missing.status).toBe(404);
    expect(missing.type === 'html' && missing.html).toContain('Page Not Found: /article/999999');
  });

  it('gives /404 and /500 their own statuses', async () => {
    const notFound = await renderPage('/404');
    const serverError = await renderPage('/500');
    expect(notFound.type === 'html' && notFound.status).toBe(404);
    expect(serverError.type === 'html' && serverError.status).toBe(500);
    expect(serverError.type === 'html' && serverError.html).toContain('Internal Server Error');
  });

  it('renders the not-found message in the chosen language', async () => {
    const result = await renderPage('/nope', {}, 'zh-CN');
    expect(result.type === 'html' && result.html).toContain('页面未找到：/nope');
    expect(result.type === 'html' && result.html).toContain('页面未找到');
  });

  it('renders a locked article as its summary and the members notice, fetched as a guest', async () => {
    const seen: string[] = [];
    const result = await renderPage('/article/40', { '/api/v2/article/40': lockedArticle, ...related }, 'en', seen);
    expect(result.type).toBe('html');
    if (result.type !== 'html') return;
    expect(result.status).toBe(200);
    expect(result.html).toContain('A short look at test data.');
    expect(result.html).toContain('The rest of this article is for members');
    expect(result.html).not.toContain('article-body');
    expect(seen.every((call) => call.endsWith('auth=no'))).toBe(true);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json" data-head>(.*?)<\/script>/.exec(result.head)![1]);
    expect(jsonLd).toMatchObject({
      '@type': 'Article',
      headline: 'Building test data',
      isAccessibleForFree: false,
      hasPart: { isAccessibleForFree: false, cssSelector: '.article-paywalled' },
      author: { name: 'Maren Holt' },
      image: ['https://lectern.example/media/cover.webp'],
    });
    expect(result.html).toContain('class="article-paywalled locked-notice"');
    // Logging in comes back to the article.
    expect(result.html).toContain('href="/login?next=%2Farticle%2F40"');
    expect(result.head).toContain('<link rel="canonical" href="https://lectern.example/article/40"');
  });

  it('leaves no timer behind that would keep a rendered page\'s answers in memory', async () => {
    // A query client's garbage-collection timers would hold it, and every answer it fetched, after the page
    // is sent: with thousands of pages rendered, the server's memory grows for the length of those timers.
    const pending = new Set<unknown>();
    const setTimer = globalThis.setTimeout;
    const clearTimer = globalThis.clearTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) => {
      const timer = setTimer(() => {
        pending.delete(timer);
        callback();
      }, ms);
      if ((ms ?? 0) > 1000) pending.add(timer);
      return timer;
    }) as typeof setTimeout);
    vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((timer?: NodeJS.Timeout) => {
      pending.delete(timer);
      clearTimer(timer);
    }) as typeof clearTimeout);
    const result = await renderPage('/article/41', { '/api/v2/article/41': freeArticle, '/api/v2/article/related/41': [] });
    expect(result.type === 'html' && (result.boot.state as { queries: unknown[] }).queries.length).toBeGreaterThan(0);
    expect(pending.size).toBe(0);
  });

  it('renders a free article with its highlighted body', async () => {
    const result = await renderPage('/article/41', { '/api/v2/article/41': freeArticle, '/api/v2/article/related/41': [] });
    expect(result.type === 'html' && result.html).toContain('<span class="hljs-keyword">const</span>');
    expect(result.type === 'html' && result.html).not.toContain('members');
  });

  it('lets search engines index a search that finds articles, not one that finds nothing or cannot run', async () => {
    const hit = { ...freeArticle, snippet: 'a <mark>hook</mark>' };
    const withHits = await renderPage('/search?q=hooks', { '/api/v2/search': { count: 1, next: null, previous: null, results: [hit], course_count: 0, courses: [] } });
    expect(withHits.type === 'html' && withHits.html).toContain(freeArticle.title);
    expect(withHits.type === 'html' && withHits.head).not.toContain('noindex');
    const none = await renderPage('/search?q=nothing', { '/api/v2/search': { count: 0, next: null, previous: null, results: [], course_count: 0, courses: [] } });
    expect(none.type === 'html' && none.head).toContain('<meta name="robots" content="noindex"');
    const tooLong = await renderPage(`/search?q=${'x'.repeat(300)}`);
    expect(tooLong.type === 'html' && tooLong.head).toContain('<meta name="robots" content="noindex"');
  });
});
