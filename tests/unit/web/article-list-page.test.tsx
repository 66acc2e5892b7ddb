import { describe, expect, it } from 'vitest';
import { render } from '../../../src/web/entry-server.js';
import { fakeApi, lockedArticle } from './fixtures.js';

const { content_html: _body, locked: _locked, status: _status, ...card } = lockedArticle;
const list = (count: number) => ({ count, next: null, previous: null, results: [card] });

async function renderList(url: string, routes: Record<string, unknown>) {
  const result = await render({
    url,
    headers: { accept: 'application/json' },
    fetch: fakeApi(routes),
    lang: 'en',
    colorMode: 'system',
    publicUrl: 'https://lectern.example',
    siteName: 'Lectern',
  });
  if (result.type !== 'html') throw new Error(`expected a page, got ${result.type}`);
  expect(result.status).toBe(200);
  const header = /<header class="page-header">(.*?)<\/header>/.exec(result.html)?.[1] ?? '';
  return { head: result.head, header, html: result.html };
}

describe('article list pages', () => {
  it('gives a tag page "#name" as its title, the fallback description and the feed of the tag', async () => {
    const tag = { id: 5, name: 'performance', slug: 'performance', description: '', article_count: 20 };
    const page = await renderList('/tag/n/performance?page=2', { '/api/v2/tag/name/performance': tag, '/api/v2/article/summary': list(20) });
    expect(page.head).toContain('<title>#performance, page 2 · Lectern</title>');
    expect(page.head).toContain('<meta name="description" content="Articles tagged performance."');
    expect(page.head).toContain('<link rel="canonical" href="https://lectern.example/tag/5?page=2"');
    expect(page.header).toContain('<p class="page-header__kicker">Tag</p><h1>performance</h1>');
    expect(page.header).not.toContain('page-header__description');
    expect(page.header).toMatch(/<a class="feed-link" href="\/tag\/5\/rss.xml"[^>]*>.*RSS feed of performance<\/a>$/);
    expect(page.html).toContain('<p class="list-count">20 articles</p>');
  });

  it("gives an author page the author's description, avatar and feed, canonical without a page number", async () => {
    const author = { id: 3, display_name: 'Maren Holt', username: 'maren', avatar: '/media/a.webp', description: 'Writes tests.', article_count: 1 };
    const page = await renderList('/author/3', { '/api/v2/author/3': author, '/api/v2/article/author/3': list(1) });
    expect(page.head).toContain('<title>Maren Holt · Lectern</title>');
    expect(page.head).toContain('<meta name="description" content="Writes tests."');
    expect(page.head).toContain('<meta property="og:image" content="https://lectern.example/media/a.webp"');
    expect(page.head).toContain('<link rel="canonical" href="https://lectern.example/author/3"');
    expect(page.header).toMatch(/<h1>Maren Holt<\/h1><p class="page-header__description">Writes tests.<\/p><img class="avatar" src="\/media\/a.webp"[^>]*\/><a class="feed-link" href="\/author\/3\/rss.xml"/);
    expect(page.html).toContain('<p class="list-count">1 article</p>');
  });

  it('points a category found by slug at its id page', async () => {
    const category = { id: 2, name: 'Testing', slug: 'testing', description: 'All about tests.', sort_order: 0, article_count: 1 };
    const page = await renderList('/category/s/testing', { '/api/v2/category/slug/testing': category, '/api/v2/article/summary': list(1) });
    expect(page.head).toContain('<title>Testing · Lectern</title>');
    expect(page.head).toContain('<link rel="canonical" href="https://lectern.example/category/2"');
    expect(page.header).toContain('<a class="feed-link" href="/category/2/rss.xml"');
  });

  it('shows a topic with its cover and no feed link', async () => {
    const topic = { id: 1, name: 'The Tested Codebase', slug: 'tested', description: '', cover: '/media/t.webp', sort_order: 0, article_count: 1 };
    const page = await renderList('/topic/1', { '/api/v2/topic/1': topic, '/api/v2/topic/1/article': list(1) });
    expect(page.head).toContain('<meta name="description" content="The articles of the topic The Tested Codebase, in reading order."');
    expect(page.head).toContain('<meta property="og:image" content="https://lectern.example/media/t.webp"');
    expect(page.header).toContain('<img class="page-header__cover" src="/media/t.webp"');
    expect(page.header).not.toContain('feed-link');
  });
  it('says a page past the last is empty and leads to the first, instead of "no articles yet" and "page 99 of 1"', async () => {
    const tag = { id: 5, name: 'performance', slug: 'performance', description: '', article_count: 11 };
    const pastLast = { count: 11, next: null, previous: null, results: [] };
    const page = await renderList('/tag/5?page=99', { '/api/v2/tag/5': tag, '/api/v2/article/summary': pastLast });
    expect(page.html).toContain('<p class="list-count">11 articles</p>');
    expect(page.html).not.toContain('There are no articles here yet.');
    expect(page.html).not.toContain('Page 99 of 1');
    expect(page.html).toMatch(/<p class="empty">There is nothing on this page\.(<!-- -->)? <a href="\/tag\/5"[^>]*>Back to the first page<\/a><\/p>/);
    // A list that is really empty still says so, on its first page.
    const empty = await renderList('/tag/5', { '/api/v2/tag/5': { ...tag, article_count: 0 }, '/api/v2/article/summary': { ...pastLast, count: 0 } });
    expect(empty.html).toContain('There are no articles here yet.');
    expect(empty.html).not.toContain('Back to the first page');
  });
});
