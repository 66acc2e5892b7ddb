// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { sitemapXml } from '../../../src/server/modules/feeds/service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createCategory, createStaff, createTag, createTopic, createUser } from '../helpers/factories.js';
import { parseXml, texts } from './xml.js';

const BASE = 'http://lectern.test';

let t: TestApp;
let fixtures: Awaited<ReturnType<typeof seed>>;

async function seed() {
  const category = await createCategory(t);
  const tag = await createTag(t);
  const topic = await createTopic(t);
  const author = await createStaff(t);
  const article = await createArticle(t, { author, category_id: category.id, tag_ids: [tag.id], topic_ids: [topic.id] });
  const premium = await createArticle(t, { author, access: 'premium' });
  const draft = await createArticle(t, { status: 'draft', published_at: null });
  const reader = await createUser(t);
  return { category, tag, topic, author, article, premium, draft, reader };
}

beforeAll(async () => {
  t = await createTestApp();
  fixtures = await seed();
  // Categories, tags and topics come from factories that write rows directly.
  t.app.ctx.events.changed('test fixtures');
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function sitemapEntries() {
  const res = await get('/sitemap.xml');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  const doc = parseXml(res.body);
  expect(doc.documentElement.tagName).toBe('urlset');
  expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return Array.from(doc.getElementsByTagName('url'), (u) => ({ loc: texts(u, 'loc')[0], lastmod: texts(u, 'lastmod')[0] ?? null }));
}

describe('sitemap.xml', () => {
  it('lists every public canonical page with absolute URLs on PUBLIC_URL', async () => {
    const { category, tag, topic, author, article, premium } = fixtures;
    const locs = (await sitemapEntries()).map((e) => e.loc);
    for (const path of ['/', '/about', '/topic', '/member', '/member/intro', '/member/content', '/member/shortcuts', '/community', `/article/${article.id}`, `/article/${premium.id}`, `/category/${category.id}`, `/tag/${tag.id}`, `/topic/${topic.id}`, `/author/${author.id}`]) {
      expect(locs, path).toContain(`${BASE}${path}`);
    }
    expect(locs.every((loc) => loc.startsWith(`${BASE}/`))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('lists the Slack page only when the site has a Slack', async () => {
    const locs = (await sitemapEntries()).map((e) => e.loc);
    expect(locs).not.toContain(`${BASE}/community/slack`);
    const withSlack = await createTestApp({ communitySlackUrl: 'https://join.slack.com/t/lectern/shared_invite/abc' });
    const res = await withSlack.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.body).toContain(`<loc>${BASE}/community/slack</loc>`);
  });

  it('leaves out drafts, people who published nothing, previews and personal pages', async () => {
    const { draft, reader } = fixtures;
    const locs = (await sitemapEntries()).map((e) => e.loc);
    expect(locs).not.toContain(`${BASE}/article/${draft.id}`);
    expect(locs).not.toContain(`${BASE}/author/${draft.author.id}`);
    expect(locs).not.toContain(`${BASE}/author/${reader.id}`);
    expect(locs.filter((loc) => /adminpreview|\/cart|\/checkout|\/account|\/login|\/my-membership|\/member\/enquiry|\/submission|\/sso\/|\/api\//.test(loc))).toEqual([]);
  });

  it('gives lastmod where it is known: an article its change, a listing its newest article', async () => {
    const { article, category } = fixtures;
    const entries = await sitemapEntries();
    const byLoc = new Map(entries.map((e) => [e.loc, e.lastmod]));
    expect(byLoc.get(`${BASE}/article/${article.id}`)).toBe(article.updated_at);
    expect(byLoc.get(`${BASE}/category/${category.id}`)! >= article.updated_at).toBe(true);
    expect(byLoc.get(`${BASE}/about`)).toBeNull();
    expect(byLoc.get(`${BASE}/member/content`)! >= fixtures.premium.updated_at).toBe(true);
    expect(byLoc.get(`${BASE}/`)).not.toBeNull();
  });

  it('has no numbered files while everything fits in one', async () => {
    expect((await get('/sitemap-1.xml')).statusCode).toBe(404);
  });

  it('picks up a new article once content changes', async () => {
    const fresh = await createArticle(t);
    const locs = (await sitemapEntries()).map((e) => e.loc);
    expect(locs).toContain(`${BASE}/article/${fresh.id}`);
  });
});

describe('sitemap index', () => {
  it('becomes an index of numbered files, each within the limit, once the URLs exceed it', async () => {
    const all = (await sitemapEntries()).map((e) => e.loc);
    const limit = 2;
    const index = parseXml((await sitemapXml(t.app.ctx, null, limit)).body);
    expect(index.documentElement.tagName).toBe('sitemapindex');
    const files = texts(index, 'loc');
    expect(files).toHaveLength(Math.ceil(all.length / limit));
    expect(files[0]).toBe(`${BASE}/sitemap-1.xml`);
    const listed: string[] = [];
    for (let n = 1; n <= files.length; n += 1) {
      expect(files[n - 1]).toBe(`${BASE}/sitemap-${n}.xml`);
      const part = parseXml((await sitemapXml(t.app.ctx, n, limit)).body);
      expect(part.documentElement.tagName).toBe('urlset');
      const locs = texts(part, 'loc');
      expect(locs.length).toBeGreaterThan(0);
      expect(locs.length).toBeLessThanOrEqual(limit);
      listed.push(...locs);
    }
    expect(listed).toEqual(all);
    await expect(sitemapXml(t.app.ctx, files.length + 1, limit)).rejects.toThrow('Sitemap not found.');
    await expect(sitemapXml(t.app.ctx, 0, limit)).rejects.toThrow('Sitemap not found.');
  });
});

describe('robots.txt', () => {
  it('allows crawling, keeps crawlers out of the API, previews and test pages, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/article/adminpreview/', '/test/']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.at(-1)).toBe(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe('GET sitemap/urls', () => {
  it('pages through the same URL list as the sitemap', async () => {
    const all = await sitemapEntries();
    const first = await t.api('GET', '/sitemap/urls', { query: { page_size: '2' } });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBe(all.length);
    expect(body.results).toHaveLength(2);
    expect(body.previous).toBeNull();
    expect(body.next).toBe(`${BASE}/api/v2/sitemap/urls?page_size=2&page=2`);
    const collected = [...body.results];
    for (let page = 2; collected.length < body.count; page += 1) {
      const res = await t.api('GET', '/sitemap/urls', { query: { page: String(page), page_size: '2' } });
      expect(res.statusCode).toBe(200);
      collected.push(...res.json().results);
    }
    expect(collected).toEqual(all.map((e) => ({ loc: e.loc, lastmod: e.lastmod })));
  });

  it('names the field of a bad page or page size', async () => {
    const big = await t.api('GET', '/sitemap/urls', { query: { page_size: '101' } });
    expect(big.statusCode).toBe(400);
    expect(big.json().fields).toHaveProperty('page_size');
    const zero = await t.api('GET', '/sitemap/urls', { query: { page: '0' } });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields).toHaveProperty('page');
  });

  it('answers an empty page past the end', async () => {
    const res = await t.api('GET', '/sitemap/urls', { query: { page: '999' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([]);
  });
});
