import type { LightMyRequestResponse } from 'fastify';
import type { UserRow } from '../../../src/server/db/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createStaff, createTag, createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let author: UserRow;
let staff: string;
let user: string;
/** Never a tag id here, yet a 32-bit integer. */
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

/** A tag on two public articles, a draft and one scheduled for tomorrow. */
async function tagWithArticles(name?: string) {
  const tag = await createTag(t, name ? { name } : {});
  const older = await createArticle(t, { author, tag_ids: [tag.id], published_at: new Date(Date.now() - 3_600_000).toISOString() });
  const newer = await createArticle(t, { author, tag_ids: [tag.id] });
  await createArticle(t, { author, tag_ids: [tag.id], status: 'draft', published_at: null });
  await createArticle(t, { author, tag_ids: [tag.id], published_at: new Date(Date.now() + 86_400_000).toISOString() });
  return { tag, older, newer };
}

describe('GET tags', () => {
  it('pages tags by name with their published article counts', async () => {
    const { tag } = await tagWithArticles('paged-b');
    const first = await createTag(t, { name: 'paged-a' });
    const page1 = await t.api('GET', '/tags', { query: { q: 'PAGED', page_size: '1' } });
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ count: 2, previous: null });
    expect(page1.json().results).toEqual([{ id: first.id, name: 'paged-a', slug: first.slug, description: '', article_count: 0 }]);
    expect(page1.json().next).toContain('page=2');
    const page2 = (await t.api('GET', '/tags', { query: { q: 'paged', page_size: '1', page: '2' } })).json();
    expect(page2.results).toEqual([expect.objectContaining({ id: tag.id, article_count: 2 })]);
  });

  it('takes LIKE wildcards in q literally', async () => {
    const underscored = await createTag(t, { name: 'snake_case' });
    await createTag(t, { name: 'snakeXcase' });
    const res = (await t.api('GET', '/tags', { query: { q: 'e_c' } })).json();
    expect(ids(res.results)).toEqual([underscored.id]);
  });

  it('names a bad page or filter', async () => {
    expectInvalid(await t.api('GET', '/tags', { query: { page: 'first' } }), 'page');
    expectInvalid(await t.api('GET', '/tags', { query: { q: 'q'.repeat(101) } }), 'q');
  });
});

describe('POST tags', () => {
  it('lets staff create a tag and drops cached pages', async () => {
    const before = t.app.ctx.events.current;
    const res = await t.api('POST', '/tags', { token: staff, body: { name: 'typescript', slug: 'typescript', description: 'Types for JS' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'typescript', slug: 'typescript', description: 'Types for JS', article_count: 0 });
    expect(t.app.ctx.events.current).toBeGreaterThan(before);
    expect((await t.api('GET', `/tag/${res.json().id}`)).json().name).toBe('typescript');
  });

  it('names missing and malformed fields', async () => {
    expectInvalid(await t.api('POST', '/tags', { token: staff, body: { name: 'x' } }), 'slug');
    expectInvalid(await t.api('POST', '/tags', { token: staff, body: { name: 'x'.repeat(101), slug: 'x' } }), 'name');
    expectInvalid(await t.api('POST', '/tags', { token: staff, body: { name: 'x', slug: '-x-' } }), 'slug');
  });

  it('answers 409 naming the name or slug already taken', async () => {
    const taken = await createTag(t, { name: 'Rust', slug: 'rust' });
    const name = await t.api('POST', '/tags', { token: staff, body: { name: 'rust', slug: 'rust-lang' } });
    expect(name.statusCode).toBe(409);
    expect(name.json().fields).toHaveProperty('name');
    const slug = await t.api('POST', '/tags', { token: staff, body: { name: 'Rust Lang', slug: taken.slug } });
    expect(slug.statusCode).toBe(409);
    expect(slug.json().fields).toHaveProperty('slug');
  });

  it('is for staff only', async () => {
    const body = { name: 'nope', slug: 'nope' };
    expect((await t.api('POST', '/tags', { body })).statusCode).toBe(401);
    expect((await t.api('POST', '/tags', { token: user, body })).statusCode).toBe(403);
    expectNotFound(await t.api('GET', '/tag/name/nope'));
  });
});

describe('GET tags/{id}', () => {
  it('answers the tag with its count, 404 and 400', async () => {
    const { tag } = await tagWithArticles();
    const res = await t.api('GET', `/tags/${tag.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: tag.id, name: tag.name, article_count: 2 });
    expectNotFound(await t.api('GET', `/tags/${MISSING}`));
    expectInvalid(await t.api('GET', '/tags/1.5'), 'id');
  });
});

describe('PUT tags/{id}', () => {
  it('replaces the tag, resetting the description left out', async () => {
    const tag = await createTag(t, { description: 'Old' });
    const before = t.app.ctx.events.current;
    const res = await t.api('PUT', `/tags/${tag.id}`, { token: staff, body: { name: 'replaced-tag', slug: 'replaced-tag' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: tag.id, name: 'replaced-tag', slug: 'replaced-tag', description: '', article_count: 0 });
    expect(t.app.ctx.events.current).toBeGreaterThan(before);
  });

  it('answers 409, 404, 400, 401 and 403', async () => {
    const tag = await createTag(t);
    const other = await createTag(t);
    const clash = await t.api('PUT', `/tags/${tag.id}`, { token: staff, body: { name: tag.name, slug: other.slug } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields).toHaveProperty('slug');
    const body = { name: 'put-any', slug: 'put-any' };
    expectNotFound(await t.api('PUT', `/tags/${MISSING}`, { token: staff, body }));
    expectInvalid(await t.api('PUT', `/tags/${tag.id}`, { token: staff, body: { slug: 'only-slug' } }), 'name');
    expect((await t.api('PUT', `/tags/${tag.id}`, { body })).statusCode).toBe(401);
    expect((await t.api('PUT', `/tags/${tag.id}`, { token: user, body })).statusCode).toBe(403);
    expect((await t.api('GET', `/tag/${tag.id}`)).json().name).toBe(tag.name);
  });
});

describe('PATCH tags/{id}', () => {
  it('changes only the fields sent', async () => {
    const tag = await createTag(t, { description: 'Kept' });
    const res = await t.api('PATCH', `/tags/${tag.id}`, { token: staff, body: { name: 'patched-tag' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'patched-tag', slug: tag.slug, description: 'Kept' });
  });

  it('answers 409, 404, 400, 401 and 403', async () => {
    const tag = await createTag(t);
    const other = await createTag(t);
    const clash = await t.api('PATCH', `/tags/${tag.id}`, { token: staff, body: { name: other.name.toUpperCase() } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields).toHaveProperty('name');
    expectNotFound(await t.api('PATCH', `/tags/${MISSING}`, { token: staff, body: { description: 'x' } }));
    expectInvalid(await t.api('PATCH', `/tags/${tag.id}`, { token: staff, body: { description: 7 } }), 'description');
    expect((await t.api('PATCH', `/tags/${tag.id}`, { body: { description: 'x' } })).statusCode).toBe(401);
    expect((await t.api('PATCH', `/tags/${tag.id}`, { token: user, body: { description: 'x' } })).statusCode).toBe(403);
  });
});

describe('DELETE tags/{id}', () => {
  it('deletes the tag and keeps its articles, without the tag', async () => {
    const { tag, newer } = await tagWithArticles();
    const res = await t.api('DELETE', `/tags/${tag.id}`, { token: staff });
    expect(res.statusCode).toBe(204);
    expectNotFound(await t.api('GET', `/tag/${tag.id}`));
    const article = await t.api('GET', `/article/summary/${newer.id}`);
    expect(article.statusCode).toBe(200);
    expect(article.json().tags).toEqual([]);
  });

  it('answers 404, 400, 401 and 403', async () => {
    const tag = await createTag(t);
    expectNotFound(await t.api('DELETE', `/tags/${MISSING}`, { token: staff }));
    expectInvalid(await t.api('DELETE', '/tags/x', { token: staff }), 'id');
    expect((await t.api('DELETE', `/tags/${tag.id}`)).statusCode).toBe(401);
    expect((await t.api('DELETE', `/tags/${tag.id}`, { token: user })).statusCode).toBe(403);
    expect((await t.api('GET', `/tag/${tag.id}`)).statusCode).toBe(200);
  });
});

describe('GET tags/{id}/related_articles', () => {
  it('pages the published articles with the tag, newest first', async () => {
    const { tag, older, newer } = await tagWithArticles();
    const res = await t.api('GET', `/tags/${tag.id}/related_articles`);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
    expect(ids(res.json().results)).toEqual([newer.id, older.id]);
    expect(res.json().results[0].tags).toEqual([{ id: tag.id, name: tag.name }]);
  });

  it('answers 404 and 400', async () => {
    const tag = await createTag(t);
    expectNotFound(await t.api('GET', `/tags/${MISSING}/related_articles`));
    expectInvalid(await t.api('GET', `/tags/${tag.id}/related_articles`, { query: { page_size: '101' } }), 'page_size');
  });
});

describe('GET tag', () => {
  it('lists every tag, unpaginated, by name', async () => {
    const b = await createTag(t, { name: 'listed-b' });
    const a = await createTag(t, { name: 'listed-a' });
    const res = await t.api('GET', '/tag');
    expect(res.statusCode).toBe(200);
    const total = await t.db.kysely.selectFrom('tags').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(res.json()).toHaveLength(Number(total.n));
    expect(ids(res.json()).filter((id) => id === a.id || id === b.id)).toEqual([a.id, b.id]);
  });
});

describe('GET tag/hot', () => {
  let hot: TestApp;
  beforeAll(async () => {
    hot = await createTestApp();
  });

  it('lists tags with the most published articles, never one without any', async () => {
    const writer = await createStaff(hot);
    const [a, b, c, d, f] = await Promise.all(['hot-a', 'hot-b', 'hot-c', 'hot-d', 'hot-f'].map((name) => createTag(hot, { name })));
    await createTag(hot, { name: 'hot-e' });
    for (const tagIds of [[a.id, c.id], [a.id, c.id, b.id], [a.id, f.id]]) await createArticle(hot, { author: writer, tag_ids: tagIds });
    await createArticle(hot, { author: writer, tag_ids: [d.id], status: 'draft', published_at: null });
    const res = await hot.api('GET', '/tag/hot');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { name: string; article_count: number }) => [x.name, x.article_count])).toEqual([
      ['hot-a', 3],
      ['hot-c', 2],
      ['hot-b', 1],
      ['hot-f', 1],
    ]);
    const limited = (await hot.api('GET', '/tag/hot', { query: { limit: '2' } })).json();
    expect(ids(limited)).toEqual([a.id, c.id]);
  });

  it('names a limit out of range', async () => {
    expectInvalid(await hot.api('GET', '/tag/hot', { query: { limit: '51' } }), 'limit');
    expectInvalid(await hot.api('GET', '/tag/hot', { query: { limit: '0' } }), 'limit');
  });
});

describe('GET tag/{id}', () => {
  it('answers the tag, 404 and 400', async () => {
    const { tag } = await tagWithArticles();
    const res = await t.api('GET', `/tag/${tag.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: tag.id, name: tag.name, slug: tag.slug, description: '', article_count: 2 });
    expectNotFound(await t.api('GET', `/tag/${MISSING}`));
    expectInvalid(await t.api('GET', '/tag/0'), 'id');
  });
});

describe('GET tag/name/{name}', () => {
  it('finds a tag by name whatever its case, answers 404 and 400', async () => {
    const tag = await createTag(t, { name: 'Machine Learning' });
    const res = await t.api('GET', '/tag/name/MACHINE%20learning');
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(tag.id);
    expectNotFound(await t.api('GET', '/tag/name/no-such-tag'));
    expectInvalid(await t.api('GET', '/tag/name/%20'), 'name');
  });
});

describe('GET tag/name/{name}/article', () => {
  it('pages the published articles with the named tag', async () => {
    const { newer, older } = await tagWithArticles('Named Tag');
    const res = await t.api('GET', '/tag/name/named%20tag/article');
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
    expect(ids(res.json().results)).toEqual([newer.id, older.id]);
  });

  it('answers 404 and 400', async () => {
    const tag = await createTag(t);
    expectNotFound(await t.api('GET', '/tag/name/no-such-tag/article'));
    expectInvalid(await t.api('GET', `/tag/name/${tag.name}/article`, { query: { page: '-1' } }), 'page');
  });
});
