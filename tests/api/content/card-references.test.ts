import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../src/server/db/types.js';
import type { ArticleCard } from '../../../src/shared/api/content.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createCategory, createStaff, createTag, createTopic } from '../helpers/factories.js';
import { statementsOf } from '../helpers/statements.js';

/**
 * Every card list reads its cards' author, category, tags and topics through one function: on PostgreSQL in
 * the statement that reads the page (the references as JSON per card), on SQLite in a second statement. These
 * pin what each list answers for cards with many references in both languages and with none, and how many
 * statements a list costs.
 */
let t: TestApp;
const zh = (name: string) => JSON.stringify({ 'zh-CN': { name } });

// March 1997 holds only this file's articles, so the timeline can be asked for them alone.
const at = (day: number) => `1997-03-${String(day).padStart(2, '0')}T08:00:00.000Z`;

let full: { id: number };
let bare: { id: number };
let newer: { id: number };
let named: UserRow;
let unnamed: UserRow;
let firstTopic: { id: number };
let expected: { en: Record<number, Refs>; zh: Record<number, Refs> };

type Refs = Pick<ArticleCard, 'author' | 'category' | 'tags' | 'topics'>;


async function get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  const res = await t.api('GET', path, { query });
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json() as T;
}

const refsOf = (card: ArticleCard): Refs => ({ author: card.author, category: card.category, tags: card.tags, topics: card.topics });

beforeAll(async () => {
  t = await createTestApp();
  named = await createStaff(t, { display_name: 'Reference Writer', avatar: '/media/reference-writer.png' });
  // An author without a display name shows the username.
  unnamed = await createStaff(t);
  await t.db.kysely.updateTable('users').set({ display_name: '', avatar: null }).where('id', '=', unnamed.id).execute();
  const category = await createCategory(t, { name: 'Reference shelf', slug: 'reference-shelf', translations: zh('参考书架') });
  // Ids in another order than the names, a Chinese name on two of the three tags.
  const zz = await createTag(t, { name: 'zz-reference', translations: zh('末尾') });
  const aa = await createTag(t, { name: 'aa-reference' });
  const mm = await createTag(t, { name: 'mm-reference', translations: zh('中间') });
  // Topics by sort order, then name: second (1), then "A late" and "B late" (both 5).
  const bLate = await createTopic(t, { name: 'B late', sort_order: 5, translations: zh('乙') });
  const aLate = await createTopic(t, { name: 'A late', sort_order: 5 });
  const second = await createTopic(t, { name: 'Z early', sort_order: 1, translations: zh('早') });
  firstTopic = second;
  full = await createArticle(t, {
    author: named,
    category_id: category.id,
    tag_ids: [zz.id, aa.id, mm.id],
    topic_ids: [bLate.id, aLate.id, second.id],
    is_hot: true,
    published_at: at(3),
  });
  bare = await createArticle(t, { author: unnamed, published_at: at(5) });
  newer = await createArticle(t, { author: named, category_id: category.id, tag_ids: [mm.id], topic_ids: [second.id], published_at: at(9) });

  const fullRefs = (lang: 'en' | 'zh') => ({
    author: { id: named.id, display_name: 'Reference Writer', avatar: '/media/reference-writer.png' },
    category: { id: category.id, name: lang === 'en' ? 'Reference shelf' : '参考书架', slug: 'reference-shelf' },
    tags: [
      { id: aa.id, name: 'aa-reference' },
      { id: mm.id, name: lang === 'en' ? 'mm-reference' : '中间' },
      { id: zz.id, name: lang === 'en' ? 'zz-reference' : '末尾' },
    ],
    topics: [
      { id: second.id, name: lang === 'en' ? 'Z early' : '早' },
      { id: aLate.id, name: 'A late' },
      { id: bLate.id, name: lang === 'en' ? 'B late' : '乙' },
    ],
  });
  const bareRefs = { author: { id: unnamed.id, display_name: unnamed.username, avatar: null }, category: null, tags: [], topics: [] };
  const newerRefs = (lang: 'en' | 'zh') => ({
    author: fullRefs(lang).author,
    category: fullRefs(lang).category,
    tags: [{ id: mm.id, name: lang === 'en' ? 'mm-reference' : '中间' }],
    topics: [{ id: second.id, name: lang === 'en' ? 'Z early' : '早' }],
  });
  expected = {
    en: { [full.id]: fullRefs('en'), [bare.id]: bareRefs, [newer.id]: newerRefs('en') },
    zh: { [full.id]: fullRefs('zh'), [bare.id]: bareRefs, [newer.id]: newerRefs('zh') },
  };
});

type Lists = Record<string, (lang: string) => Promise<ArticleCard[]>>;
const page = (body: { results: ArticleCard[] }) => body.results;

/** Every card list path (first and later pages, topic, hot, related, by id, timeline) and the article itself. */
const LISTS: Lists = {
  'the newest, first page': async (lang) => page(await get('/article/summary', { author: String(named.id), lang })),
  'the newest, a later page': async (lang) => page(await get('/article/summary', { author: String(named.id), page_size: '1', page: '2', lang })),
  "the unnamed author's page": async (lang) => page(await get(`/article/author/${unnamed.id}`, { lang })),
  "a topic's page": async (lang) => page(await get(`/topic/${firstTopic.id}/article`, { lang })),
  'the hot list': async (lang) => get('/article/hot/0', { limit: '20', lang }),
  'the related list': async (lang) => get(`/article/related/${newer.id}`, { limit: '10', lang }),
  'a card by id': async (lang) => [await get<ArticleCard>(`/article/summary/${full.id}`, { lang }), await get<ArticleCard>(`/article/summary/${bare.id}`, { lang })],
  'the timeline': async (lang) =>
    (await get<{ results: { articles: ArticleCard[] }[] }>('/timeline', { year: '1997', month: '3', lang })).results.flatMap((m) => m.articles),
  'the article': async (lang) => [await get<ArticleCard>(`/article/${full.id}`, { lang }), await get<ArticleCard>(`/article/${bare.id}`, { lang })],
};

describe('the references of every card list', () => {
  it('are the author (the username without a display name), the category, tags by name and topics by order, in English and in Chinese', async () => {
    for (const [lang, want] of [['en', expected.en], ['zh-CN', expected.zh]] as const) {
      for (const [name, list] of Object.entries(LISTS)) {
        const cards = (await list(lang)).filter((c) => want[c.id] !== undefined);
        expect(cards.length, `${name} lists this file's articles`).toBeGreaterThan(0);
        for (const card of cards) expect(refsOf(card), `${name} (${lang}), article ${card.id}`).toEqual(want[card.id]);
      }
    }
    // Each list above had its own cards: the ones it should.
    expect((await LISTS['the newest, first page']!('en')).map((c) => c.id)).toEqual([newer.id, full.id]);
    expect((await LISTS['the newest, a later page']!('en')).map((c) => c.id)).toEqual([full.id]);
    expect((await LISTS['the timeline']!('en')).map((c) => c.id)).toEqual([newer.id, bare.id, full.id]);
    expect((await LISTS['the related list']!('en')).map((c) => c.id)).toContain(full.id);
  });

  it('keep the card columns the rows have', async () => {
    const [card] = (await LISTS['the newest, a later page']!('en')) as ArticleCard[];
    const detail = await get<ArticleCard & { content_html: string }>(`/article/${full.id}`);
    const { content_html: _body, locked: _locked, status: _status, translation: _translation, ...columns } = detail as ArticleCard & { content_html: string; locked: boolean; status: string; translation: unknown };
    expect(card).toEqual(columns);
    expect(card).toMatchObject({ is_hot: true, free_read: false, access: 'free', published_at: at(3) });
  });

  it('are none on a page past the end, which still has its count', async () => {
    expect(await get('/article/summary', { author: String(named.id), page_size: '1', page: '3' })).toMatchObject({ count: 2, results: [] });
    expect(await get('/article/summary', { author: String(named.id), page: '40' })).toMatchObject({ count: 2, results: [] });
    expect(await get(`/topic/${firstTopic.id}/article`, { page: '9' })).toMatchObject({ count: 2, results: [] });
    expect(await get('/timeline', { year: '1997', page: '4' })).toMatchObject({ count: 1, results: [] });
  });
});

describe('a card list', () => {
  const onPostgres = () => t.db.engine === 'postgres';

  it('is one statement on PostgreSQL with its references (two on SQLite), on its first and later pages, as is an article', async () => {
    for (const call of [
      () => t.api('GET', '/article/summary', { query: { author: String(named.id) } }),
      () => t.api('GET', '/article/summary', { query: { author: String(named.id), page_size: '1', page: '2' } }),
      () => t.api('GET', `/topic/${firstTopic.id}/article`),
      () => t.api('GET', '/article/hot/0', { query: { limit: '1' } }),
      () => t.api('GET', `/article/summary/${full.id}`),
      // The article itself, read with its card (a guest's kept answer is dropped first: it reads nothing).
      () => {
        t.app.ctx.events.changed('article');
        return t.api('GET', `/article/${full.id}`);
      },
    ]) {
      const texts = await statementsOf(t, call);
      expect(texts.length, texts.join('\n\n')).toBe(onPostgres() ? 1 : 2);
    }
    expect(await statementsOf(t, () => t.api('GET', `/article/${full.id}`))).toEqual([]);
  });

  it('reads a related list with the article in one statement on PostgreSQL', async () => {
    // The related index is built on the first call; the second reads only the cards.
    await t.api('GET', `/article/related/${newer.id}`);
    expect((await statementsOf(t, () => t.api('GET', `/article/related/${newer.id}`))).length).toBe(onPostgres() ? 1 : 2);
  });

  it("reads an uncached timeline page's months in one statement and its article cards in one more on PostgreSQL", async () => {
    // A content change drops the kept timeline, so the next call reads.
    t.app.ctx.events.changed('article');
    const texts = await statementsOf(t, () => t.api('GET', '/timeline', { query: { year: '1997' } }));
    const articleStatements = texts.filter((text) => !/\b(courses|lessons|course_tags)\b/.test(text));
    expect(articleStatements.length, articleStatements.join('\n\n')).toBe(onPostgres() ? 2 : 3);
  });
});
