import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createCategory, createStaff, createTag, createTopic, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t));
});

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

async function get<T>(path: string, query?: Record<string, string>): Promise<T> {
  const res = await t.api('GET', path, { query });
  if (res.statusCode === 404) return undefined as T;
  expect(res.statusCode, `${path} ${res.body}`).toBe(200);
  return res.json() as T;
}

const articleCount = async (path: string) => (await get<{ article_count: number } | undefined>(path))?.article_count ?? 0;
const listCount = async (query: Record<string, string>) => (await get<{ count: number }>('/article/summary', query)).count;

/** What every public place says about one category, tag, topic and author. */
async function countsOf(ids: { category: number; tag: number; topic: number; author: number }) {
  return {
    category: await articleCount(`/category/${ids.category}`),
    categoryList: await listCount({ category: String(ids.category) }),
    tag: await articleCount(`/tag/${ids.tag}`),
    tagList: await listCount({ tag: String(ids.tag) }),
    topic: await articleCount(`/topic/${ids.topic}`),
    topicList: (await get<{ count: number }>(`/topic/${ids.topic}/article`)).count,
    author: await articleCount(`/author/${ids.author}`),
    authorList: (await get<{ count: number }>(`/article/author/${ids.author}`)).count,
  };
}

const all = (n: number) => ({ category: n, categoryList: n, tag: n, tagList: n, topic: n, topicList: n, author: n, authorList: n });

/** The stored counts equal a count of the rows themselves, for every kind (the triggers' invariant). */
async function expectStoredCountsExact() {
  const db = t.db.kysely;
  const counted = sql`a.status = 'published' and a.published_at is not null`;
  const live = await sql<{ kind: string; ref_id: number; n: number | string }>`
    select 'all' as kind, 0 as ref_id, count(*) as n from articles a where ${counted}
    union all select 'category', a.category_id, count(*) from articles a where ${counted} and a.category_id is not null group by a.category_id
    union all select 'author', a.author_id, count(*) from articles a where ${counted} group by a.author_id
    union all select 'month', cast(substr(a.published_at, 1, 4) || substr(a.published_at, 6, 2) as integer), count(*) from articles a where ${counted}
      group by cast(substr(a.published_at, 1, 4) || substr(a.published_at, 6, 2) as integer)
    union all select 'tag', l.tag_id, count(*) from article_tags l join articles a on a.id = l.article_id where ${counted} group by l.tag_id
    union all select 'topic', l.topic_id, count(*) from topic_articles l join articles a on a.id = l.article_id where ${counted} group by l.topic_id
  `.execute(db);
  const stored = await db.selectFrom('article_counts').select(['kind', 'ref_id', 'n']).where('n', '!=', 0).execute();
  const key = (r: { kind: string; ref_id: number; n: number | string }) => `${r.kind}:${Number(r.ref_id)}=${Number(r.n)}`;
  expect(stored.map(key).sort()).toEqual(live.rows.filter((r) => Number(r.n) !== 0).map(key).sort());
}

async function fixture() {
  const author = await createStaff(t);
  const [category, tag, topic] = [await createCategory(t), await createTag(t), await createTopic(t)];
  const ids = { category: category.id, tag: tag.id, topic: topic.id, author: author.id };
  const links = { category_id: category.id, tag_ids: [tag.id], topic_ids: [topic.id], author_id: author.id };
  return { author, ids, links };
}

const patch = (id: number, body: Record<string, unknown>) => t.api('PATCH', `/article/${id}`, { token: staff, body });

describe('maintained published-article counts', () => {
  it('follow create, publish, unpublish and delete', async () => {
    const { ids, links } = await fixture();
    expect(await countsOf(ids)).toEqual(all(0));
    const published = await createArticle(t, { ...links, published_at: hourAgo() });
    expect(await countsOf(ids)).toEqual(all(1));
    const draft = await createArticle(t, { ...links, status: 'draft', published_at: null });
    expect(await countsOf(ids)).toEqual(all(1));
    expect((await patch(draft.id, { status: 'published' })).statusCode).toBe(200);
    expect(await countsOf(ids)).toEqual(all(2));
    expect((await patch(published.id, { status: 'draft' })).statusCode).toBe(200);
    expect(await countsOf(ids)).toEqual(all(1));
    expect((await t.api('DELETE', `/article/${draft.id}`, { token: staff })).statusCode).toBe(204);
    expect(await countsOf(ids)).toEqual(all(0));
    await expectStoredCountsExact();
  });

  it('count a scheduled article only once its date has come', async () => {
    const { ids, links } = await fixture();
    const scheduled = await createArticle(t, { ...links, published_at: tomorrow() });
    expect(await countsOf(ids)).toEqual(all(0));
    const before = await listCount({});
    expect((await patch(scheduled.id, { published_at: hourAgo() })).statusCode).toBe(200);
    expect(await countsOf(ids)).toEqual(all(1));
    expect(await listCount({})).toBe(before + 1);
    await expectStoredCountsExact();
  });

  it('move with the category, tags, topics and author of an article', async () => {
    const from = await fixture();
    const to = await fixture();
    const article = await createArticle(t, { ...from.links });
    expect(await countsOf(from.ids)).toEqual(all(1));
    const res = await patch(article.id, { ...to.links });
    expect(res.statusCode).toBe(200);
    expect(await countsOf(from.ids)).toEqual(all(0));
    expect(await countsOf(to.ids)).toEqual(all(1));
    // Adding the article to a topic it is already in reorders it and counts it once.
    await t.api('POST', `/topic/${to.ids.topic}/article`, { token: staff, body: { article_ids: [article.id] } });
    expect(await articleCount(`/topic/${to.ids.topic}`)).toBe(1);
    await expectStoredCountsExact();
  });

  it('stay exact when a tag, topic or category is deleted', async () => {
    const { ids, links } = await fixture();
    await createArticle(t, { ...links });
    await createArticle(t, { ...links });
    for (const path of [`/tags/${ids.tag}`, `/topic/${ids.topic}`, `/categories/${ids.category}`]) {
      expect((await t.api('DELETE', path, { token: staff })).statusCode).toBe(204);
    }
    expect(await articleCount(`/author/${ids.author}`)).toBe(2);
    await expectStoredCountsExact();
  });

  it('are kept by the database for rows written without the API (the seed)', async () => {
    const { author, ids } = await fixture();
    const now = new Date().toISOString();
    const row = await t.db.kysely
      .insertInto('articles')
      .values({
        title: 'Seeded',
        slug: `seeded-${Date.now()}`,
        summary: '',
        cover: null,
        body_markdown: '',
        content_html: '',
        body_text: '',
        author_id: author.id,
        category_id: ids.category,
        access: 'free',
        free_read: 0,
        is_hot: 0,
        language: 'en',
        status: 'published',
        reading_time: 1,
        view_count: 0,
        published_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('article_tags').values({ article_id: row.id, tag_id: ids.tag }).execute();
    await t.db.kysely.insertInto('topic_articles').values({ article_id: row.id, topic_id: ids.topic, position: 0 }).execute();
    expect(await countsOf(ids)).toEqual(all(1));
    await expectStoredCountsExact();
  });

  it('give tag/hot and the timeline from the same counts', async () => {
    const { ids, links } = await fixture();
    await createArticle(t, { ...links, published_at: '2001-02-03T04:05:06.000Z' });
    await createArticle(t, { ...links, published_at: '2001-02-04T04:05:06.000Z' });
    const hot = await get<{ id: number; article_count: number }[]>('/tag/hot', { limit: '50' });
    expect(hot.find((tag) => tag.id === ids.tag)?.article_count).toBe(2);
    const timeline = await get<{ count: number; results: { month: string; count: number }[] }>('/timeline', { year: '2001', month: '2' });
    expect(timeline.results.map((m) => [m.month, m.count])).toEqual([['2001-02', 2]]);
    await createArticle(t, { ...links, published_at: '2001-02-05T04:05:06.000Z', status: 'draft' });
    const again = await get<{ results: { count: number }[] }>('/timeline', { year: '2001', month: '2' });
    expect(again.results[0]!.count).toBe(2);
  });
});

describe('related articles', () => {
  const related = async (id: number) => (await get<{ id: number }[]>(`/article/related/${id}`, { limit: '50' })).map((a) => a.id);

  it('follow tag changes, unpublishing, scheduling and deletes', async () => {
    const category = await createCategory(t);
    const [a, b] = [await createTag(t), await createTag(t)];
    const article = await createArticle(t, { tag_ids: [a.id, b.id] });
    const both = await createArticle(t, { tag_ids: [a.id, b.id] });
    const one = await createArticle(t, { tag_ids: [a.id] });
    expect(await related(article.id)).toEqual([both.id, one.id]);

    expect((await patch(both.id, { tag_ids: [b.id] })).statusCode).toBe(200);
    expect(await related(article.id)).toEqual([one.id, both.id].sort((x, y) => y - x));

    expect((await patch(one.id, { status: 'draft' })).statusCode).toBe(200);
    expect(await related(article.id)).toEqual([both.id]);

    expect((await patch(both.id, { published_at: tomorrow() })).statusCode).toBe(200);
    expect(await related(article.id)).toEqual([]);

    // With no article sharing a tag, the newest of its category fill the list.
    const neighbour = await createArticle(t, { category_id: category.id });
    expect((await patch(article.id, { category_id: category.id })).statusCode).toBe(200);
    expect(await related(article.id)).toEqual([neighbour.id]);

    expect((await t.api('DELETE', `/article/${neighbour.id}`, { token: staff })).statusCode).toBe(204);
    expect(await related(article.id)).toEqual([]);
  });
});
