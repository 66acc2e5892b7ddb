import { describe, expect, it } from 'vitest';
import { render } from '../../../src/web/entry-server.js';
import { fakeApi, freeArticle } from './fixtures.js';

/* A search page past the last (an old link, fewer results since) says so and links to the first page, in both languages. */

const pastTheLast = { '/api/v2/search': { count: 23, next: null, previous: null, results: [], course_count: 0, courses: [] } };

async function html(url: string, routes: Record<string, unknown>, lang: 'en' | 'zh-CN') {
  const result = await render({ url, headers: { accept: 'application/json' }, fetch: fakeApi(routes), lang, colorMode: 'system', publicUrl: 'https://lectern.example', siteName: 'Lectern' });
  if (result.type !== 'html') throw new Error(`not a page: ${result.type}`);
  return result;
}

describe('/search past the last page', () => {
  it('says the page is empty and links to the first page of the same search, instead of "page 999 of 3"', async () => {
    const page = await html('/search?q=hooks&page=999', pastTheLast, 'en');
    expect(page.status).toBe(200);
    expect(page.html).toContain('There are no results on this page.');
    expect(page.html).toMatch(/<a [^>]*href="\/search\?q=hooks"[^>]*>Back to the first page<\/a>/);
    expect(page.html).not.toContain('Page 999 of 3');
    expect(page.html).not.toContain('class="pagination"');
    expect(page.head).toContain('<meta name="robots" content="noindex"');
  });

  it('says it in Chinese to a Chinese reader', async () => {
    const page = await html('/search?q=hooks&page=999', pastTheLast, 'zh-CN');
    expect(page.html).toContain('这一页没有结果。');
    expect(page.html).toMatch(/<a [^>]*href="\/search\?q=hooks"[^>]*>回到第一页<\/a>/);
    expect(page.html).not.toContain('第 999 页');
  });

  it('keeps the results and the pages of a page that has results', async () => {
    const hit = { ...freeArticle, snippet: 'a <mark>hook</mark>' };
    const page = await html('/search?q=hooks&page=2', { '/api/v2/search': { count: 23, next: null, previous: null, results: [hit], course_count: 0, courses: [] } }, 'en');
    expect(page.html).toContain(freeArticle.title);
    expect(page.html).toContain('Page 2 of 3');
    expect(page.html).not.toContain('There are no results on this page.');
  });
});
