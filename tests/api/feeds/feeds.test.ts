// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createCategory, createStaff, createTag, createUser } from '../helpers/factories.js';
import { parseXml, texts } from './xml.js';

const BASE = 'http://lectern.test';
const RFC_822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('site feeds', () => {
  it('serves RSS 2.0 with a self link, absolute links, stable guids and RFC 822 dates, newest first', async () => {
    const author = await createStaff(t);
    const older = await createArticle(t, { author, title: 'Older <one> & co', published_at: minutesAgo(30) });
    const newer = await createArticle(t, { author, title: 'Newer one', published_at: minutesAgo(20) });
    const res = await get('/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const doc = parseXml(res.body);
    expect(doc.documentElement.tagName).toBe('rss');
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    const channel = doc.getElementsByTagName('channel')[0];
    expect(texts(channel, 'title')[0]).toBe('Lectern');
    expect(texts(channel, 'link')[0]).toBe(`${BASE}/`);
    expect(texts(channel, 'description')[0]).not.toBe('');
    const self = doc.getElementsByTagName('atom:link')[0];
    expect(self.getAttribute('rel')).toBe('self');
    expect(self.getAttribute('href')).toBe(`${BASE}/rss.xml`);
    const items = Array.from(doc.getElementsByTagName('item'));
    const links = items.map((i) => texts(i, 'link')[0]);
    expect(links.indexOf(`${BASE}/article/${newer.id}`)).toBeLessThan(links.indexOf(`${BASE}/article/${older.id}`));
    const item = items[links.indexOf(`${BASE}/article/${older.id}`)];
    // Titles are HTML in both formats: the reader decodes the entities back to the original text.
    expect(texts(item, 'title')[0]).toBe('Older &lt;one&gt; &amp; co');
    expect(texts(item, 'description')[0]).toBe(older.summary);
    expect(texts(item, 'guid')[0]).toBe(`${BASE}/article/${older.id}`);
    expect(texts(item, 'pubDate')[0]).toMatch(RFC_822);
    expect(new Date(texts(item, 'pubDate')[0]).toISOString().slice(0, 19)).toBe(older.published_at!.slice(0, 19));
    // The same guid on the next fetch.
    const again = parseXml((await get('/rss.xml')).body);
    expect(texts(again, 'guid')).toEqual(texts(doc, 'guid'));
  });

  it('serves Atom with id, title, updated, author and entry summaries', async () => {
    const article = await createArticle(t, { title: 'Atom entry', summary: 'Atom summary' });
    const res = await get('/atom.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const doc = parseXml(res.body);
    const feed = doc.documentElement;
    expect(feed.tagName).toBe('feed');
    expect(feed.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    expect(feed.querySelector(':scope > id')?.textContent).toBe(`${BASE}/`);
    expect(feed.querySelector(':scope > title')?.textContent).toBe('Lectern');
    expect(Number.isNaN(Date.parse(feed.querySelector(':scope > updated')?.textContent ?? ''))).toBe(false);
    expect(feed.querySelector(':scope > author > name')?.textContent).toBe('Lectern');
    expect(feed.querySelector(':scope > link[rel="self"]')?.getAttribute('href')).toBe(`${BASE}/atom.xml`);
    const entry = Array.from(doc.getElementsByTagName('entry')).find((e) => texts(e, 'id')[0] === `${BASE}/article/${article.id}`);
    expect(entry).toBeDefined();
    expect(texts(entry!, 'summary')[0]).toBe('Atom summary');
    expect(entry!.querySelector('link')?.getAttribute('href')).toBe(`${BASE}/article/${article.id}`);
    expect(entry!.querySelector('author > name')?.textContent).toBe(article.author.display_name);
    expect(entry!.querySelector('author > uri')?.textContent).toBe(`${BASE}/author/${article.author.id}`);
  });

  it('holds the newest 50 published articles, never drafts or scheduled ones', async () => {
    const author = await createStaff(t);
    for (let i = 0; i < 51; i += 1) await createArticle(t, { author, published_at: minutesAgo(10) });
    const draft = await createArticle(t, { author, status: 'draft', published_at: null });
    const scheduled = await createArticle(t, { author, published_at: new Date(Date.now() + 3_600_000).toISOString() });
    for (const url of ['/rss.xml', '/atom.xml']) {
      const body = (await get(url)).body;
      const doc = parseXml(body);
      expect(doc.getElementsByTagName(url === '/rss.xml' ? 'item' : 'entry')).toHaveLength(50);
      expect(body).not.toContain(`/article/${draft.id}<`);
      expect(body).not.toContain(`/article/${scheduled.id}<`);
    }
  });

  it('never carries an article body, premium or free', async () => {
    const category = await createCategory(t);
    const tag = await createTag(t);
    const author = await createStaff(t);
    const premium = await createArticle(t, {
      author,
      access: 'premium',
      category_id: category.id,
      tag_ids: [tag.id],
      summary: 'Premium teaser',
      body_markdown: 'PREMIUM-BODY-SECRET paragraph only members may read.',
    });
    await createArticle(t, { author, category_id: category.id, tag_ids: [tag.id], body_markdown: 'FREE-BODY-TEXT stays on the page.' });
    t.app.ctx.events.changed('test fixtures');
    const urls = ['', `/category/${category.id}`, `/tag/${tag.id}`, `/author/${author.id}`].flatMap((p) => [`${p}/rss.xml`, `${p}/atom.xml`]);
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Premium teaser');
      expect(res.body, url).toContain(`${BASE}/article/${premium.id}`);
      expect(res.body, url).not.toContain('PREMIUM-BODY-SECRET');
      expect(res.body, url).not.toContain('FREE-BODY-TEXT');
      expect(res.body, url).not.toContain('content:encoded');
    }
  });

  it('builds every URL from PUBLIC_URL, never from the Host header', async () => {
    await createArticle(t);
    for (const url of ['/rss.xml', '/atom.xml', '/sitemap.xml', '/robots.txt']) {
      const res = await get(url, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(BASE);
      expect(res.body).not.toContain('evil.example');
    }
  });

  it('strips XML-illegal control characters and survives CDATA terminators', async () => {
    const category = await createCategory(t, { name: 'Odd & <cat>' });
    const article = await createArticle(t, {
      category_id: category.id,
      title: 'Bell\u0007 title ]]> and ]]> again',
      // NUL is left out: PostgreSQL refuses it in text before a feed could ever see it.
      summary: 'Start\u0001 and\u000b vertical tab <b>bold</b> ]]>\u001f',
    });
    for (const url of [`/category/${category.id}/rss.xml`, `/category/${category.id}/atom.xml`]) {
      const body = (await get(url)).body;
      expect(body).not.toMatch(/[\u0001\u0007\u000b\u001f]/); // eslint-disable-line no-control-regex -- the characters under test
      const doc = parseXml(body);
      expect(texts(doc, 'title')).toContain('Bell title ]]&gt; and ]]&gt; again');
      const summary = texts(doc, url.endsWith('rss.xml') ? 'description' : 'summary').at(-1);
      expect(summary).toBe('Start and vertical tab &lt;b&gt;bold&lt;/b&gt; ]]&gt;');
      expect(body).toContain(`/article/${article.id}`);
    }
  });
});

describe('category, tag and author feeds', () => {
  it('hold only their own articles, with their own self link and title', async () => {
    const category = await createCategory(t, { name: 'Gardening' });
    const tag = await createTag(t, { name: 'roses' });
    const author = await createStaff(t, { display_name: 'Rose Writer' });
    const inside = await createArticle(t, { author, category_id: category.id, tag_ids: [tag.id] });
    const outside = await createArticle(t);
    t.app.ctx.events.changed('test fixtures');
    const cases = [
      { path: `/category/${category.id}`, title: 'Lectern: Gardening' },
      { path: `/tag/${tag.id}`, title: 'Lectern: roses' },
      { path: `/author/${author.id}`, title: 'Lectern: Rose Writer' },
    ];
    for (const { path, title } of cases) {
      const rss = parseXml((await get(`${path}/rss.xml`)).body);
      expect(texts(rss, 'title')[0]).toBe(title);
      expect(texts(rss.getElementsByTagName('channel')[0], 'link')[0]).toBe(`${BASE}${path}`);
      expect(rss.getElementsByTagName('atom:link')[0].getAttribute('href')).toBe(`${BASE}${path}/rss.xml`);
      expect(texts(rss, 'guid')).toEqual([`${BASE}/article/${inside.id}`]);
      const atom = parseXml((await get(`${path}/atom.xml`)).body);
      expect(atom.querySelector('feed > link[rel="self"]')?.getAttribute('href')).toBe(`${BASE}${path}/atom.xml`);
      expect(texts(atom, 'id').slice(1)).toEqual([`${BASE}/article/${inside.id}`]);
      expect(texts(atom, 'id')).not.toContain(`${BASE}/article/${outside.id}`);
    }
  });

  it('answers 404 for an unknown category, tag or author, and for an author with nothing published', async () => {
    const reader = await createUser(t);
    const drafter = await createStaff(t);
    await createArticle(t, { author: drafter, status: 'draft', published_at: null });
    const paths = ['/category/999999', '/tag/999999', '/author/999999', `/author/${reader.id}`, `/author/${drafter.id}`, '/category/abc', '/tag/0'];
    for (const path of paths) {
      for (const format of ['rss', 'atom']) {
        const res = await get(`${path}/${format}.xml`);
        expect(res.statusCode, `${path}/${format}.xml`).toBe(404);
      }
    }
  });
});

describe('feed caching', () => {
  it('keeps the document until content changes, and answers 304 to a matching ETag', async () => {
    const category = await createCategory(t);
    const first = await createArticle(t, { category_id: category.id });
    const url = `/category/${category.id}/rss.xml`;
    const before = await get(url);
    expect(before.headers.etag).toBeTruthy();
    expect((await get(url)).headers.etag).toBe(before.headers.etag);
    const notModified = await get(url, { 'if-none-match': String(before.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    // A write through the service signals the change, so the next read is rebuilt.
    const second = await createArticle(t, { category_id: category.id });
    const after = await get(url);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(texts(parseXml(after.body), 'guid')).toEqual([`${BASE}/article/${second.id}`, `${BASE}/article/${first.id}`]);
  });
});

describe('feed redirects', () => {
  it('sends /feed and /rss permanently to /rss.xml', async () => {
    for (const url of ['/feed', '/rss', '/feed/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location).toBe('/rss.xml');
    }
  });
});
