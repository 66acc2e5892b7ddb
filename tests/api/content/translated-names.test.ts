import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleCard } from '../../../src/shared/api/content.js';
import { CATEGORIES, TAGS, TOPICS } from '../../../src/server/db/seed/demo/taxonomy.js';
import { render } from '../../../src/web/entry-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createCategory, createStaff, createTag, createTopic, tokenFor } from '../helpers/factories.js';

/*
 * Category, tag and topic names follow the reader's language wherever a guest or reader sees them: the
 * catalogue's own reads, every card list, the article, and the pages rendered from them. Slugs and ids never
 * change. An answer that depends on the language is never handed from a cache to a reader of another one.
 */

const zh = (fields: Record<string, string>) => JSON.stringify({ 'zh-CN': fields });

let t: TestApp;
let staff: string;
let category: Awaited<ReturnType<typeof createCategory>>;
let tide: Awaited<ReturnType<typeof createTag>>;
let plain: Awaited<ReturnType<typeof createTag>>;
let series: Awaited<ReturnType<typeof createTopic>>;
let author: Awaited<ReturnType<typeof createStaff>>;
let article: Awaited<ReturnType<typeof createArticle>>;
let sibling: Awaited<ReturnType<typeof createArticle>>;

const ENGLISH = { category: 'Harbour Studies', tags: ['plain-tag', 'tidewater'], topics: ['Harbour Series'] };
const CHINESE = { category: '港口研究', tags: ['plain-tag', '潮水'], topics: ['港口系列'] };

beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t));
  category = await createCategory(t, {
    name: 'Harbour Studies',
    slug: 'harbour-studies',
    description: 'Ports.',
    translations: zh({ name: '港口研究', description: '港口。' }),
  });
  tide = await createTag(t, { name: 'tidewater', slug: 'tidewater', translations: zh({ name: '潮水' }) });
  // No Chinese name: it shows its default name in every language.
  plain = await createTag(t, { name: 'plain-tag', slug: 'plain-tag', translations: zh({ description: '只有描述。' }) });
  series = await createTopic(t, { name: 'Harbour Series', slug: 'harbour-series', translations: zh({ name: '港口系列' }) });
  author = await createStaff(t, { display_name: 'Harbour Writer' });
  article = await createArticle(t, {
    author,
    title: 'Harbour tides',
    summary: 'On quillwort and tides.',
    category_id: category.id,
    tag_ids: [tide.id, plain.id],
    topic_ids: [series.id],
    is_hot: true,
    cover: '/media/demo/harbour.webp',
  });
  sibling = await createArticle(t, { author, title: 'Harbour walls', category_id: category.id, tag_ids: [tide.id] });
});

interface Endpoint {
  name: string;
  method?: 'GET' | 'POST';
  path: () => string;
  query?: () => Record<string, string>;
  headers?: Record<string, string>;
  cards: (body: never) => ArticleCard[];
}

const results = (body: { results: ArticleCard[] }) => body.results;
const list = (body: ArticleCard[]) => body;
const one = (body: ArticleCard) => [body];

/** Every public answer that carries the article's card (or the article itself). */
const ENDPOINTS: Endpoint[] = [
  { name: 'the article', path: () => `/article/${article.id}`, cards: one },
  { name: 'the article unlocked', method: 'POST', path: () => `/article/${article.id}/unlock`, headers: { 'x-lectern-fingerprint': 'names-test-fingerprint-1' }, cards: one },
  { name: 'one summary', path: () => `/article/summary/${article.id}`, cards: one },
  { name: 'the article list', path: () => '/article/summary', query: () => ({ category: String(category.id) }), cards: results },
  { name: "the author's articles", path: () => `/article/author/${author.id}`, cards: results },
  { name: 'the hot articles', path: () => '/article/hot/0', query: () => ({ limit: '50' }), cards: list },
  { name: "the category's hot articles", path: () => `/article/hot/${category.id}`, query: () => ({ limit: '50' }), cards: list },
  { name: 'the hot carousel', path: () => `/article/hot/banner/${category.id}`, query: () => ({ limit: '10' }), cards: list },
  { name: 'the related articles', path: () => `/article/related/${sibling.id}`, query: () => ({ limit: '10' }), cards: list },
  { name: "the category's articles", path: () => `/categories/${category.id}/related_articles`, cards: results },
  { name: "the category's articles by name", path: () => '/category/name/Harbour%20Studies/article', cards: results },
  { name: "the tag's articles", path: () => `/tags/${tide.id}/related_articles`, cards: results },
  { name: "the tag's articles by name", path: () => '/tag/name/tidewater/article', cards: results },
  { name: "the topic's articles", path: () => `/topic/${series.id}/article`, cards: results },
  { name: 'search', path: () => '/search', query: () => ({ q: 'quillwort' }), cards: results },
  {
    name: 'the timeline',
    path: () => '/timeline',
    query: () => ({ per_month: '100', page_size: '100' }),
    cards: (body: { results: { articles: ArticleCard[] }[] }) => body.results.flatMap((m) => m.articles),
  },
];

async function call(endpoint: Endpoint, options: { lang?: string; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
  const query = { ...endpoint.query?.(), ...(options.lang && { lang: options.lang }) };
  return t.api(endpoint.method ?? 'GET', endpoint.path(), { query, headers: { ...endpoint.headers, ...options.headers } });
}

/** The names on the article's card in an answer. */
function namesIn(endpoint: Endpoint, res: LightMyRequestResponse) {
  expect(res.statusCode, `${endpoint.name}: ${res.body}`).toBe(200);
  const card = endpoint.cards(res.json() as never).find((c) => c.id === article.id);
  expect(card, `${endpoint.name} lists the article`).toBeDefined();
  return { category: card!.category?.name, tags: card!.tags.map((x) => x.name).sort(), topics: card!.topics.map((x) => x.name) };
}

describe('category, tag and topic names on cards and articles', () => {
  it('are in the language `lang` names, the default ones in English', async () => {
    for (const endpoint of ENDPOINTS) {
      expect(namesIn(endpoint, await call(endpoint, { lang: 'zh-CN' })), endpoint.name).toEqual(CHINESE);
      expect(namesIn(endpoint, await call(endpoint, { lang: 'en' })), endpoint.name).toEqual(ENGLISH);
    }
  });

  it('keep their ids and the category its slug in every language', async () => {
    const [chinese, english] = await Promise.all([
      t.api('GET', `/article/${article.id}`, { query: { lang: 'zh-CN' } }),
      t.api('GET', `/article/${article.id}`, { query: { lang: 'en' } }),
    ]);
    const refs = (res: LightMyRequestResponse) => {
      const a = res.json() as ArticleCard;
      return { category: [a.category?.id, a.category?.slug], tags: a.tags.map((x) => x.id).sort(), topics: a.topics.map((x) => x.id) };
    };
    expect(refs(chinese)).toEqual(refs(english));
    expect(refs(chinese).category).toEqual([category.id, 'harbour-studies']);
  });

  it('follow the language cookie, then Accept-Language, without `lang`, and the answer says it varies by them', async () => {
    for (const endpoint of ENDPOINTS) {
      const byCookie = await call(endpoint, { headers: { cookie: 'lang=zh-CN', 'accept-language': 'en' } });
      expect(namesIn(endpoint, byCookie), endpoint.name).toEqual(CHINESE);
      expect(String(byCookie.headers.vary), endpoint.name).toMatch(/Cookie/);
      expect(String(byCookie.headers.vary), endpoint.name).toMatch(/Accept-Language/);
      expect(namesIn(endpoint, await call(endpoint, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } })), endpoint.name).toEqual(CHINESE);
    }
  });

  it('are never served from a cache to a reader of another language', async () => {
    for (const endpoint of ENDPOINTS) {
      // An English reader's answer first, twice, so any cache keyed by URL holds it.
      expect(namesIn(endpoint, await call(endpoint)), endpoint.name).toEqual(ENGLISH);
      expect(namesIn(endpoint, await call(endpoint)), endpoint.name).toEqual(ENGLISH);
      // The same URL for a Chinese reader (by cookie, by Accept-Language), then for the English one again.
      expect(namesIn(endpoint, await call(endpoint, { headers: { cookie: 'lang=zh-CN' } })), `${endpoint.name}, by cookie`).toEqual(CHINESE);
      expect(namesIn(endpoint, await call(endpoint, { headers: { 'accept-language': 'zh-CN' } })), `${endpoint.name}, by Accept-Language`).toEqual(CHINESE);
      expect(namesIn(endpoint, await call(endpoint)), endpoint.name).toEqual(ENGLISH);
      // `lang` in the URL wins over a cookie of the other language.
      expect(namesIn(endpoint, await call(endpoint, { lang: 'en', headers: { cookie: 'lang=zh-CN' } })), endpoint.name).toEqual(ENGLISH);
    }
  });

  it('refuse a `lang` that is not a language of the site, naming it', async () => {
    for (const endpoint of ENDPOINTS) {
      const res = await call(endpoint, { lang: 'fr' });
      expect(res.statusCode, endpoint.name).toBe(400);
      expect(res.json().fields, endpoint.name).toHaveProperty('lang');
    }
  });
});

describe("the catalogue's own reads", () => {
  it('answer categories in Chinese by id, name, slug and in lists, and in English by default', async () => {
    const q = { lang: 'zh-CN' };
    for (const url of [`/category/${category.id}`, '/category/name/harbour%20studies', '/category/slug/harbour-studies', `/categories/${category.id}`]) {
      const res = await t.api('GET', url, { query: q });
      expect(res.json(), url).toMatchObject({ id: category.id, name: '港口研究', slug: 'harbour-studies', description: '港口。' });
    }
    const menu = (await t.api('GET', '/category', { query: q })).json() as { id: number; name: string }[];
    expect(menu.find((c) => c.id === category.id)?.name).toBe('港口研究');
    expect((await t.api('GET', '/categories', { query: { q: 'harbour', lang: 'zh-CN' } })).json().results[0].name).toBe('港口研究');
    expect((await t.api('GET', `/category/${category.id}`)).json()).toMatchObject({ name: 'Harbour Studies', slug: 'harbour-studies' });
    const byCookie = await t.api('GET', '/category', { headers: { cookie: 'lang=zh-CN' } });
    expect((byCookie.json() as { id: number; name: string }[]).find((c) => c.id === category.id)?.name).toBe('港口研究');
  });

  it('answer tags and topics in Chinese, the hot tags too, falling back to the default name', async () => {
    const q = { lang: 'zh-CN' };
    expect((await t.api('GET', `/tag/${tide.id}`, { query: q })).json()).toMatchObject({ name: '潮水', slug: 'tidewater' });
    expect((await t.api('GET', '/tag/name/tidewater', { query: q })).json().name).toBe('潮水');
    expect((await t.api('GET', `/tags/${tide.id}`, { query: q })).json().name).toBe('潮水');
    const all = (await t.api('GET', '/tag', { query: q })).json() as { id: number; name: string }[];
    expect(all.find((x) => x.id === tide.id)?.name).toBe('潮水');
    expect(all.find((x) => x.id === plain.id)?.name).toBe('plain-tag');
    const hot = (await t.api('GET', '/tag/hot', { query: { lang: 'zh-CN', limit: '50' } })).json() as { id: number; name: string }[];
    expect(hot.find((x) => x.id === tide.id)?.name).toBe('潮水');
    expect((await t.api('GET', `/tag/${tide.id}`)).json().name).toBe('tidewater');

    expect((await t.api('GET', `/topic/${series.id}`, { query: q })).json()).toMatchObject({ name: '港口系列', slug: 'harbour-series' });
    const topics = (await t.api('GET', '/topic', { query: { lang: 'zh-CN', page_size: '100' } })).json().results as { id: number; name: string }[];
    expect(topics.find((x) => x.id === series.id)?.name).toBe('港口系列');
    expect((await t.api('GET', `/topic/${series.id}`, { query: { lang: 'en' } })).json().name).toBe('Harbour Series');
  });
});

describe('staff writing the Chinese names', () => {
  it('create, change and clear a Chinese name through the translations of each area', async () => {
    const created = await t.api('POST', '/categories', {
      token: staff,
      query: { lang: 'zh-CN' },
      body: { name: 'Navigation', slug: 'navigation', translations: { 'zh-CN': { name: '  航海  ', description: '航线。' } } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: '航海', slug: 'navigation', description: '航线。' });
    const id = created.json().id as number;
    expect((await t.api('GET', `/category/${id}`, { query: { lang: 'en' } })).json().name).toBe('Navigation');

    const tag = (await t.api('POST', '/tags', { token: staff, body: { name: 'charts', slug: 'charts' } })).json();
    const patched = await t.api('PATCH', `/tags/${tag.id}`, { token: staff, query: { lang: 'zh-CN' }, body: { translations: { 'zh-CN': { name: '海图' } } } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: '海图', slug: 'charts' });
    // The name the card shows changes with it (the write drops any cached answer).
    const charted = await createArticle(t, { tag_ids: [tag.id] });
    const card = (await t.api('GET', `/article/summary/${charted.id}`, { query: { lang: 'zh-CN' } })).json() as ArticleCard;
    expect(card.tags.map((x) => x.name)).toEqual(['海图']);

    const topic = (await t.api('POST', '/topic', { token: staff, body: { name: 'Lighthouses', slug: 'lighthouses', translations: { 'zh-CN': { name: '灯塔' } } } })).json();
    expect((await t.api('GET', `/topic/${topic.id}`, { query: { lang: 'zh-CN' } })).json().name).toBe('灯塔');
    // An empty version is none: the default name shows.
    await t.api('PATCH', `/topic/${topic.id}`, { token: staff, body: { translations: { 'zh-CN': { name: ' ' } } } });
    expect((await t.api('GET', `/topic/${topic.id}`, { query: { lang: 'zh-CN' } })).json().name).toBe('Lighthouses');
  });

  it('refuse a Chinese name too long or not text, naming the field', async () => {
    const field = 'translations.zh-CN.name';
    const named = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fields as object)).toContain(field);
    };
    const long = { translations: { 'zh-CN': { name: '名'.repeat(101) } } };
    named(await t.api('POST', '/categories', { token: staff, body: { name: 'Too long', slug: 'too-long', ...long } }));
    named(await t.api('PATCH', `/tags/${tide.id}`, { token: staff, body: long }));
    named(await t.api('PUT', `/topic/${series.id}`, { token: staff, body: { name: 'Harbour Series', slug: 'harbour-series', ...long } }));
    named(await t.api('PATCH', `/categories/${category.id}`, { token: staff, body: { translations: { 'zh-CN': { name: 42 } } } }));
    named(await t.api('PATCH', `/topic/${series.id}`, { token: staff, body: { translations: { 'zh-CN': { name: ['港口'] } } } }));
    // A slug has no other language.
    const slug = await t.api('PATCH', `/tags/${tide.id}`, { token: staff, body: { translations: { 'zh-CN': { slug: 'chaoshui' } } } });
    expect(slug.statusCode).toBe(400);
    // Nothing was written.
    expect((await t.api('GET', `/tag/${tide.id}`, { query: { lang: 'zh-CN' } })).json().name).toBe('潮水');
    expect((await t.api('GET', `/topic/${series.id}`, { query: { lang: 'zh-CN' } })).json().name).toBe('港口系列');
  });
});

describe('pages in Chinese', () => {
  let pages: TestApp;
  beforeAll(async () => {
    const distDir = path.join(process.env.TMPDIR ?? '/tmp', `lectern-names-pages-${process.pid}-${Math.random().toString(36).slice(2)}`);
    mkdirSync(path.join(distDir, 'client'), { recursive: true });
    writeFileSync(path.join(distDir, 'client', 'index.html'), readFileSync('index.html', 'utf8'));
    pages = await createTestApp({ distDir }, { ssr: { mode: 'production', loadRender: async () => render } });
    const cat = await createCategory(pages, { name: 'Harbour Studies', slug: 'harbour-studies', translations: zh({ name: '港口研究' }) });
    const tag = await createTag(pages, { name: 'tidewater', slug: 'tidewater', translations: zh({ name: '潮水' }) });
    await createArticle(pages, { title: 'Harbour tides', category_id: cat.id, tag_ids: [tag.id] });
  });

  const page = (url: string, cookie?: string) => pages.app.inject({ url, headers: cookie ? { cookie } : {} });

  it('render the category page with its Chinese name and the cards with Chinese tags, after an English reader filled the page cache', async () => {
    const cat = await pages.db.kysely.selectFrom('categories').select('id').where('slug', '=', 'harbour-studies').executeTakeFirstOrThrow();
    const url = `/category/${cat.id}`;
    for (let i = 0; i < 2; i += 1) {
      const english = await page(url, 'lang=en');
      expect(english.statusCode).toBe(200);
      expect(english.body).toContain('Harbour Studies');
      expect(english.body).not.toContain('港口研究');
    }
    const chinese = await page(url, 'lang=zh-CN');
    expect(chinese.statusCode).toBe(200);
    expect(chinese.body).toMatch(/<h1[^>]*>港口研究<\/h1>/);
    expect(chinese.body).toContain('潮水');
    // The card's tag, and no English name of the category or the tag in what the reader sees.
    expect(chinese.body).not.toMatch(/>tidewater</);
    expect(chinese.body).not.toMatch(/>Harbour Studies</);
  });
});

describe('the demo catalogue', () => {
  it('gives every category, tag and topic a Chinese name, distinct within its kind', () => {
    for (const terms of [CATEGORIES, TAGS, TOPICS]) {
      const names = terms.map((term) => term.translations['zh-CN']?.name?.trim());
      expect(names.every((name) => name && name.length <= 100), JSON.stringify(names)).toBe(true);
      expect(new Set(names).size).toBe(terms.length);
    }
  });
});
