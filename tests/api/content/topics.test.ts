import type { LightMyRequestResponse } from 'fastify';
import type { UserRow } from '../../../src/server/db/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createStaff, createTopic, createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let author: UserRow;
let staff: string;
let user: string;
/** Never a topic or article id here, yet a 32-bit integer. */
const MISSING = 2_000_000_000;

beforeAll(async () => {
  t = await createTestApp();
  author = await createStaff(t);
  staff = await tokenFor(t, author);
  user = await tokenFor(t, await createUser(t));
});

function expectInvalid(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json().fields).toHaveProperty(field);
}

function expectNotFound(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(404);
  expect(res.json().error).toBe('not_found');
}

const ids = (list: { id: number }[]) => list.map((x) => x.id);
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

describe('GET topic', () => {
  it('pages topics by sort order then name, with published article counts', async () => {
    const second = await createTopic(t, { name: 'Listed B', sort_order: -1000 });
    const first = await createTopic(t, { name: 'Listed A', sort_order: -1000 });
    const third = await createTopic(t, { name: 'Listed C', sort_order: -999 });
    await createArticle(t, { author, topic_ids: [second.id] });
    await createArticle(t, { author, topic_ids: [second.id], status: 'draft', published_at: null });
    const res = await t.api('GET', '/topic', { query: { page_size: '2' } });
    expect(res.statusCode).toBe(200);
    const total = await t.db.kysely.selectFrom('topics').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(res.json().count).toBe(Number(total.n));
    expect(res.json().results).toEqual([
      { id: first.id, name: 'Listed A', slug: first.slug, description: '', cover: null, sort_order: -1000, article_count: 0 },
      { id: second.id, name: 'Listed B', slug: second.slug, description: '', cover: null, sort_order: -1000, article_count: 1 },
    ]);
    expect(res.json().next).toContain('page=2');
    const page2 = (await t.api('GET', '/topic', { query: { page_size: '2', page: '2' } })).json();
    expect(ids(page2.results)[0]).toBe(third.id);
  });

  it('names a bad page size', async () => {
    expectInvalid(await t.api('GET', '/topic', { query: { page_size: 'all' } }), 'page_size');
  });
});

describe('POST topic', () => {
  it('lets staff create a topic with defaults and drops cached pages', async () => {
    const before = t.app.ctx.events.current;
    const res = await t.api('POST', '/topic', { token: staff, body: { name: 'Getting Started', slug: 'getting-started' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Getting Started',
      slug: 'getting-started',
      description: '',
      cover: null,
      sort_order: 0,
      article_count: 0,
    });
    expect(t.app.ctx.events.current).toBeGreaterThan(before);
  });

  it('names bad fields and answers 409 for a taken name or slug', async () => {
    expectInvalid(await t.api('POST', '/topic', { token: staff, body: { name: 'x', slug: 'x', cover: 'c'.repeat(501) } }), 'cover');
    expectInvalid(await t.api('POST', '/topic', { token: staff, body: { name: 'x', slug: 'x', sort_order: 5_000_000 } }), 'sort_order');
    const taken = await createTopic(t, { name: 'Taken Topic' });
    const name = await t.api('POST', '/topic', { token: staff, body: { name: 'taken topic', slug: 'another-slug' } });
    expect(name.statusCode).toBe(409);
    expect(name.json().fields).toHaveProperty('name');
    const slug = await t.api('POST', '/topic', { token: staff, body: { name: 'Another Name', slug: taken.slug } });
    expect(slug.statusCode).toBe(409);
    expect(slug.json().fields).toHaveProperty('slug');
  });

  it('is for staff only', async () => {
    const body = { name: 'Nope', slug: 'nope' };
    expect((await t.api('POST', '/topic', { body })).statusCode).toBe(401);
    expect((await t.api('POST', '/topic', { token: user, body })).statusCode).toBe(403);
  });
});

describe('GET topic/{id}', () => {
  it('answers the topic, 404 and 400', async () => {
    const topic = await createTopic(t, { description: 'About things' });
    await createArticle(t, { author, topic_ids: [topic.id] });
    const res = await t.api('GET', `/topic/${topic.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: topic.id, name: topic.name, description: 'About things', article_count: 1 });
    expectNotFound(await t.api('GET', `/topic/${MISSING}`));
    expectInvalid(await t.api('GET', '/topic/abc'), 'id');
  });
});

describe('PUT topic/{id}', () => {
  it('replaces the topic, resetting fields left out', async () => {
    const topic = await createTopic(t, { description: 'Old', sort_order: 4 });
    const before = t.app.ctx.events.current;
    const res = await t.api('PUT', `/topic/${topic.id}`, { token: staff, body: { name: 'Replaced Topic', slug: 'replaced-topic', cover: '/media/c.jpg' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: topic.id,
      name: 'Replaced Topic',
      slug: 'replaced-topic',
      description: '',
      cover: '/media/c.jpg',
      sort_order: 0,
      article_count: 0,
    });
    expect(t.app.ctx.events.current).toBeGreaterThan(before);
  });

  it('answers 409, 404, 400, 401 and 403', async () => {
    const topic = await createTopic(t);
    const other = await createTopic(t);
    const clash = await t.api('PUT', `/topic/${topic.id}`, { token: staff, body: { name: other.name, slug: topic.slug } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields).toHaveProperty('name');
    const body = { name: 'Put Any', slug: 'put-any' };
    expectNotFound(await t.api('PUT', `/topic/${MISSING}`, { token: staff, body }));
    expectInvalid(await t.api('PUT', `/topic/${topic.id}`, { token: staff, body: { name: 'Put Any' } }), 'slug');
    expect((await t.api('PUT', `/topic/${topic.id}`, { body })).statusCode).toBe(401);
    expect((await t.api('PUT', `/topic/${topic.id}`, { token: user, body })).statusCode).toBe(403);
  });
});

describe('PATCH topic/{id}', () => {
  it('changes only the fields sent', async () => {
    const topic = await createTopic(t, { description: 'Kept', sort_order: 2 });
    const res = await t.api('PATCH', `/topic/${topic.id}`, { token: staff, body: { cover: '/media/new.png' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: topic.name, description: 'Kept', sort_order: 2, cover: '/media/new.png' });
  });

  it('answers 409, 404, 400, 401 and 403', async () => {
    const topic = await createTopic(t);
    const other = await createTopic(t);
    const clash = await t.api('PATCH', `/topic/${topic.id}`, { token: staff, body: { slug: other.slug } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields).toHaveProperty('slug');
    expectNotFound(await t.api('PATCH', `/topic/${MISSING}`, { token: staff, body: { sort_order: 1 } }));
    expectInvalid(await t.api('PATCH', `/topic/${topic.id}`, { token: staff, body: { sort_order: 'first' } }), 'sort_order');
    expect((await t.api('PATCH', `/topic/${topic.id}`, { body: { sort_order: 1 } })).statusCode).toBe(401);
    expect((await t.api('PATCH', `/topic/${topic.id}`, { token: user, body: { sort_order: 1 } })).statusCode).toBe(403);
  });
});

describe('DELETE topic/{id}', () => {
  it('deletes the topic and keeps its articles', async () => {
    const topic = await createTopic(t);
    const article = await createArticle(t, { author, topic_ids: [topic.id] });
    const res = await t.api('DELETE', `/topic/${topic.id}`, { token: staff });
    expect(res.statusCode).toBe(204);
    expectNotFound(await t.api('GET', `/topic/${topic.id}`));
    const summary = await t.api('GET', `/article/summary/${article.id}`);
    expect(summary.statusCode).toBe(200);
    expect(summary.json().topics).toEqual([]);
  });

  it('answers 404, 400, 401 and 403', async () => {
    const topic = await createTopic(t);
    expectNotFound(await t.api('DELETE', `/topic/${MISSING}`, { token: staff }));
    expectInvalid(await t.api('DELETE', '/topic/-1', { token: staff }), 'id');
    expect((await t.api('DELETE', `/topic/${topic.id}`)).statusCode).toBe(401);
    expect((await t.api('DELETE', `/topic/${topic.id}`, { token: user })).statusCode).toBe(403);
    expect((await t.api('GET', `/topic/${topic.id}`)).statusCode).toBe(200);
  });
});

describe('topic/{id}/article', () => {
  it("lists published articles in the topic's order, then newest first, and appends in the order given", async () => {
    const topic = await createTopic(t);
    // Put in the topic by the article editor: position 0, so newest first among them.
    const older = await createArticle(t, { author, topic_ids: [topic.id], published_at: minutesAgo(30) });
    const newer = await createArticle(t, { author, topic_ids: [topic.id], published_at: minutesAgo(10) });
    const p = await createArticle(t, { author, published_at: minutesAgo(5) });
    const q = await createArticle(t, { author, published_at: minutesAgo(50) });
    const draft = await createArticle(t, { author, status: 'draft', published_at: null });

    const before = t.app.ctx.events.current;
    const added = await t.api('POST', `/topic/${topic.id}/article`, { token: staff, body: { article_ids: [q.id, draft.id, p.id, q.id] } });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ id: topic.id, article_count: 4 });
    expect(t.app.ctx.events.current).toBeGreaterThan(before);

    const list = await t.api('GET', `/topic/${topic.id}/article`);
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(4);
    expect(ids(list.json().results)).toEqual([newer.id, older.id, q.id, p.id]);
    expect(list.json().results[2].topics).toEqual([{ id: topic.id, name: topic.name }]);

    // Posting an article already in the topic moves it to the end.
    await t.api('POST', `/topic/${topic.id}/article`, { token: staff, body: { article_ids: [newer.id] } });
    const page2 = await t.api('GET', `/topic/${topic.id}/article`, { query: { page_size: '2', page: '2' } });
    expect(ids(page2.json().results)).toEqual([p.id, newer.id]);
    expect(page2.json().previous).toContain('page=1');
  });

  it('adds nothing when an id does not exist, naming article_ids', async () => {
    const topic = await createTopic(t);
    const article = await createArticle(t, { author });
    const res = await t.api('POST', `/topic/${topic.id}/article`, { token: staff, body: { article_ids: [article.id, MISSING] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.article_ids).toContain(String(MISSING));
    expect((await t.api('GET', `/topic/${topic.id}/article`)).json().count).toBe(0);
  });

  it('answers 404, 400, 401 and 403', async () => {
    const topic = await createTopic(t);
    const article = await createArticle(t, { author });
    const body = { article_ids: [article.id] };
    expectNotFound(await t.api('GET', `/topic/${MISSING}/article`));
    expectNotFound(await t.api('POST', `/topic/${MISSING}/article`, { token: staff, body }));
    expectInvalid(await t.api('GET', `/topic/${topic.id}/article`, { query: { page: '0' } }), 'page');
    expectInvalid(await t.api('POST', `/topic/${topic.id}/article`, { token: staff, body: { article_ids: [] } }), 'article_ids');
    expect((await t.api('POST', `/topic/${topic.id}/article`, { body })).statusCode).toBe(401);
    expect((await t.api('POST', `/topic/${topic.id}/article`, { token: user, body })).statusCode).toBe(403);
    expect((await t.api('GET', `/topic/${topic.id}/article`)).json().count).toBe(0);
  });
});
