import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createCategory, createStaff, createTag, createTopic } from '../helpers/factories.js';

/**
 * The card lists read their page, its count and the cards' author, category, tags and topics in as few
 * statements as they can (the count rides on the page query, later pages find their ids first, the
 * references come in one statement): these pin what those reads answer.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

interface Card {
  id: number;
  author: { id: number; display_name: string; avatar: string | null };
  category: { id: number; name: string; slug: string } | null;
  tags: { id: number; name: string }[];
  topics: { id: number; name: string }[];
}
interface Page {
  count: number;
  results: Card[];
}

async function page(query: Record<string, string>): Promise<Page> {
  const res = await t.api('GET', '/article/summary', { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

const day = (n: number) => new Date(Date.UTC(2003, 0, 1) + n * 86_400_000).toISOString();

describe('a card list read page by page', () => {
  let category: { id: number };
  let newestFirst: number[];
  beforeAll(async () => {
    category = await createCategory(t);
    const made: { id: number; at: string }[] = [];
    // Two pairs share a date, so the id decides their order; a draft and a scheduled article are left out.
    for (const n of [1, 2, 2, 3, 4, 5, 5, 6, 7]) made.push({ id: (await createArticle(t, { category_id: category.id, published_at: day(n) })).id, at: day(n) });
    await createArticle(t, { category_id: category.id, status: 'draft', published_at: day(8) });
    await createArticle(t, { category_id: category.id, published_at: new Date(Date.now() + 86_400_000).toISOString() });
    newestFirst = made.sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1)).map((m) => m.id);
  });

  it('lists every later page in the order of one long page, with the full count on each', async () => {
    const whole = await page({ category: String(category.id), page_size: '50' });
    expect(whole.count).toBe(9);
    expect(whole.results.map((c) => c.id)).toEqual(newestFirst);
    const pages: number[] = [];
    for (const n of [1, 2, 3, 4]) {
      const p = await page({ category: String(category.id), page_size: '2', page: String(n) });
      expect(p.count).toBe(9);
      pages.push(...p.results.map((c) => c.id));
    }
    expect(pages).toEqual(newestFirst.slice(0, 8));
    expect((await page({ category: String(category.id), page_size: '2', page: '5' })).results.map((c) => c.id)).toEqual(newestFirst.slice(8));
  });

  it('still counts on a page past the end, which has no row to carry the count', async () => {
    const past = await page({ category: String(category.id), page_size: '4', page: '7' });
    expect(past).toMatchObject({ count: 9, results: [] });
  });

  it('counts a filter without a maintained count (a category and an access) on the page and past it', async () => {
    const premium = [];
    for (const n of [10, 11, 12]) premium.push((await createArticle(t, { category_id: category.id, access: 'premium', published_at: day(n) })).id);
    const first = await page({ category: String(category.id), access: 'premium', page_size: '2' });
    expect(first.count).toBe(3);
    expect(first.results.map((c) => c.id)).toEqual([premium[2], premium[1]]);
    const second = await page({ category: String(category.id), access: 'premium', page_size: '2', page: '2' });
    expect(second).toMatchObject({ count: 3 });
    expect(second.results.map((c) => c.id)).toEqual([premium[0]]);
    expect(await page({ category: String(category.id), access: 'premium', page_size: '2', page: '3' })).toMatchObject({ count: 3, results: [] });
    expect(await page({ category: String(category.id), access: 'premium', language: 'zh-CN' })).toMatchObject({ count: 0, results: [] });
  });
});

describe('the references of a card', () => {
  it('come with each card: author, category, tags by name and topics in their order', async () => {
    const author = await createStaff(t, { display_name: 'Card Author', avatar: '/media/card-author.png' });
    const category = await createCategory(t, { name: 'Card category', slug: 'card-category' });
    const [zeta, alpha, mid] = [await createTag(t, { name: 'zeta-card' }), await createTag(t, { name: 'alpha-card' }), await createTag(t, { name: 'mid-card' })];
    const [later, first] = [await createTopic(t, { sort_order: 9 }), await createTopic(t, { sort_order: 1 })];
    const full = await createArticle(t, { author, category_id: category.id, tag_ids: [zeta.id, alpha.id, mid.id], topic_ids: [later.id, first.id], published_at: day(400) });
    const bare = await createArticle(t, { author, published_at: day(401) });

    const cards = (await page({ author: String(author.id) })).results;
    expect(cards.map((c) => c.id)).toEqual([bare.id, full.id]);
    expect(cards[1]).toMatchObject({
      author: { id: author.id, display_name: 'Card Author', avatar: '/media/card-author.png' },
      category: { id: category.id, name: 'Card category', slug: 'card-category' },
      tags: [
        { id: alpha.id, name: 'alpha-card' },
        { id: mid.id, name: 'mid-card' },
        { id: zeta.id, name: 'zeta-card' },
      ],
      topics: [{ id: first.id }, { id: later.id }],
    });
    expect(cards[0]).toMatchObject({ category: null, tags: [], topics: [] });
    // The article's own answer carries the same references.
    const detail = (await t.api('GET', `/article/${full.id}`)).json() as Card;
    expect(detail.tags.map((tag) => tag.name)).toEqual(['alpha-card', 'mid-card', 'zeta-card']);
    expect(detail.topics.map((topic) => topic.id)).toEqual([first.id, later.id]);
    expect(detail.category?.id).toBe(category.id);
  });
});

describe('related articles', () => {
  it("follow the article's category as stored, even when it changed where the related index did not see it", async () => {
    const [before, after] = [await createCategory(t), await createCategory(t)];
    const article = await createArticle(t, { category_id: before.id, published_at: day(500) });
    const inBefore = await createArticle(t, { category_id: before.id, published_at: day(501) });
    const inAfter = await createArticle(t, { category_id: after.id, published_at: day(502) });
    const related = async () => {
      const res = await t.api('GET', `/article/related/${article.id}`, { query: { limit: '6' } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Card[]).map((c) => c.id);
    };
    expect(await related()).toEqual([inBefore.id]);
    // Another process moves the article: no content event here, so the index still holds the old category.
    await t.db.kysely.updateTable('articles').set({ category_id: after.id }).where('id', '=', article.id).execute();
    expect(await related()).toEqual([inAfter.id]);
    // And unpublished behind the index's back: not found, whatever the index holds.
    await t.db.kysely.updateTable('articles').set({ status: 'draft' }).where('id', '=', article.id).execute();
    expect((await t.api('GET', `/article/related/${article.id}`)).statusCode).toBe(404);
    expect((await t.api('GET', '/article/related/2000000000')).statusCode).toBe(404);
  });
});

describe('the timeline', () => {
  it("lists each month's own newest articles, however many months a page reads at once", async () => {
    const made: Record<string, number[]> = {};
    for (const [month, days] of [
      ['1998-01', ['05', '20', '20', '28']],
      ['1998-02', ['01', '14']],
      ['1998-04', ['30']],
    ] as const) {
      made[month] = [];
      for (const d of days) made[month].push((await createArticle(t, { published_at: `${month}-${d}T12:00:00.000Z` })).id);
    }
    const res = await t.api('GET', '/timeline', { query: { year: '1998', per_month: '2' } });
    expect(res.statusCode, res.body).toBe(200);
    const months = (res.json() as { results: { month: string; count: number; articles: { id: number }[] }[] }).results;
    expect(months.map((m) => [m.month, m.count, m.articles.map((a) => a.id)])).toEqual([
      ['1998-04', 1, made['1998-04']],
      ['1998-02', 2, [made['1998-02']![1], made['1998-02']![0]]],
      // Two on the 20th: the higher id first.
      ['1998-01', 4, [made['1998-01']![3], made['1998-01']![2]]],
    ]);
  });
});
