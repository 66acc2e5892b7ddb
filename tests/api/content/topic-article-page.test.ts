import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createStaff, createTopic } from '../helpers/factories.js';
import { statementsOf } from '../helpers/statements.js';

/**
 * A topic's article page is read with its count in one statement and the cards' references in another (on
 * PostgreSQL both in one); the topic is looked up only for a page without cards. The topic list's count rides on its page the same way.
 * These pin what that answers at the edges.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const ids = (results: { id: number }[]) => results.map((r) => r.id);


describe('a topic article page', () => {
  let topic: { id: number };
  let listed: number[];
  beforeAll(async () => {
    const author = await createStaff(t);
    topic = await createTopic(t);
    listed = [];
    for (const n of [40, 30, 20, 10]) listed.push((await createArticle(t, { author, topic_ids: [topic.id], published_at: minutesAgo(n) })).id);
    listed.reverse();
    // Neither a draft nor a scheduled article is listed or counted.
    await createArticle(t, { author, topic_ids: [topic.id], status: 'draft', published_at: null });
    await createArticle(t, { author, topic_ids: [topic.id], published_at: new Date(Date.now() + 86_400_000).toISOString() });
  });

  it('lists the public articles newest first with their count, page by page, in one statement on PostgreSQL (two on SQLite)', async () => {
    let first: { count: number; results: { id: number }[] } | undefined;
    expect(
      (await statementsOf(t, async () => {
        first = (await t.api('GET', `/topic/${topic.id}/article`, { query: { page_size: '3' } })).json();
      })).length,
    ).toBe(t.db.engine === 'postgres' ? 1 : 2);
    expect(first!.count).toBe(4);
    expect(ids(first!.results)).toEqual(listed.slice(0, 3));
    const second = (await t.api('GET', `/topic/${topic.id}/article`, { query: { page_size: '3', page: '2' } })).json();
    expect(second).toMatchObject({ count: 4 });
    expect(ids(second.results)).toEqual(listed.slice(3));
  });

  it("still counts on a page past the end, which has no row to carry the count", async () => {
    const res = await t.api('GET', `/topic/${topic.id}/article`, { query: { page_size: '3', page: '5' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 4, results: [] });
  });

  it('answers 404 for a topic deleted with its links, and for one that never was', async () => {
    const gone = await createTopic(t);
    await createArticle(t, { topic_ids: [gone.id] });
    expect((await t.api('GET', `/topic/${gone.id}/article`)).json().count).toBe(1);
    await t.db.kysely.deleteFrom('topics').where('id', '=', gone.id).execute();
    expect((await t.api('GET', `/topic/${gone.id}/article`)).statusCode).toBe(404);
    expect((await t.api('GET', '/topic/999999/article')).statusCode).toBe(404);
  });
});

describe('the topic list', () => {
  it('counts every topic in the statement that reads the page, and on a page past the end', async () => {
    await createTopic(t);
    const total = Number((await t.db.kysely.selectFrom('topics').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
    let first: { count: number; results: unknown[] } | undefined;
    expect(
      (await statementsOf(t, async () => {
        first = (await t.api('GET', '/topic', { query: { page_size: '1' } })).json();
      })).length,
    ).toBe(1);
    expect(first).toMatchObject({ count: total });
    expect(first!.results).toHaveLength(1);
    expect((await t.api('GET', '/topic', { query: { page_size: '1', page: String(total + 3) } })).json()).toMatchObject({ count: total, results: [] });
  });
});
