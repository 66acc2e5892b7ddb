import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createCategory, createStaff, createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let staff: string;
let user: string;
/** Never a category id: ids are positive and this one is far beyond any test's rows, yet a 32-bit integer. */
const MISSING = 2_000_000_000;

beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t));
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

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

/** A category with two public articles, one draft and one scheduled for tomorrow. */
async function categoryWithArticles(name?: string) {
  const category = await createCategory(t, name ? { name } : {});
  const older = await createArticle(t, { category_id: category.id, published_at: hourAgo() });
  const newer = await createArticle(t, { category_id: category.id });
  await createArticle(t, { category_id: category.id, status: 'draft', published_at: null });
  await createArticle(t, { category_id: category.id, published_at: tomorrow() });
  return { category, older, newer };
}

describe('GET categories', () => {
  it('counts only published, public articles', async () => {
    const { category } = await categoryWithArticles(`Counted ${Date.now()}`);
    const res = await t.api('GET', '/categories', { query: { q: category.name } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 1, next: null, previous: null });
    expect(res.json().results[0]).toEqual({
      id: category.id,
      name: category.name,
      slug: category.slug,
      description: '',
      sort_order: 0,
      article_count: 2,
    });
  });

  it('filters by name whatever its case and takes LIKE wildcards literally', async () => {
    const plain = await createCategory(t, { name: 'Gardening Basics' });
    const percent = await createCategory(t, { name: 'Discounts 100%' });
    const byCase = (await t.api('GET', '/categories', { query: { q: 'gardening BAS' } })).json();
    expect(byCase.results.map((c: { id: number }) => c.id)).toEqual([plain.id]);
    const wildcard = (await t.api('GET', '/categories', { query: { q: '%' } })).json();
    expect(wildcard.results.map((c: { id: number }) => c.id)).toEqual([percent.id]);
  });

  it('pages by sort order then name with next and previous links', async () => {
    const second = await createCategory(t, { name: 'Pager Second', sort_order: 2 });
    const first = await createCategory(t, { name: 'Pager First', sort_order: 1 });
    const page1 = (await t.api('GET', '/categories', { query: { q: 'pager', page_size: '1' } })).json();
    expect(page1.count).toBe(2);
    expect(page1.results.map((c: { id: number }) => c.id)).toEqual([first.id]);
    expect(page1.next).toBe('http://lectern.test/api/v2/categories?q=pager&page_size=1&page=2');
    const page2 = (await t.api('GET', '/categories', { query: { q: 'pager', page_size: '1', page: '2' } })).json();
    expect(page2.results.map((c: { id: number }) => c.id)).toEqual([second.id]);
    expect(page2.next).toBeNull();
    expect(page2.previous).toContain('page=1');
  });

  it('names a bad page size or an over-long filter', async () => {
    expectInvalid(await t.api('GET', '/categories', { query: { page_size: '1000' } }), 'page_size');
    expectInvalid(await t.api('GET', '/categories', { query: { q: 'x'.repeat(101) } }), 'q');
  });
});

describe('POST categories', () => {
  it('lets staff create a category, with defaults, and drops cached pages', async () => {
    const before = t.app.ctx.events.current;
    const res = await t.api('POST', '/categories', { token: staff, body: { name: '  Astronomy  ', slug: 'astronomy' } });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({ id: expect.any(Number), name: 'Astronomy', slug: 'astronomy', description: '', sort_order: 0, article_count: 0 });
    expect(t.app.ctx.events.current).toBeGreaterThan(before);
    expect((await t.api('GET', `/category/${created.id}`)).json().name).toBe('Astronomy');
  });

  it('names missing and malformed fields', async () => {
    expectInvalid(await t.api('POST', '/categories', { token: staff, body: { slug: 'no-name' } }), 'name');
    expectInvalid(await t.api('POST', '/categories', { token: staff, body: { name: 'Bad slug', slug: 'Bad Slug' } }), 'slug');
    expectInvalid(await t.api('POST', '/categories', { token: staff, body: { name: 'Big', slug: 'big', sort_order: 1.5 } }), 'sort_order');
  });

  it('refuses a name taken in any case and a taken slug with 409 naming the field', async () => {
    const taken = await createCategory(t, { name: 'Chemistry', slug: 'chemistry' });
    const name = await t.api('POST', '/categories', { token: staff, body: { name: 'CHEMISTRY', slug: 'chemistry-2' } });
    expect(name.statusCode).toBe(409);
    expect(name.json().fields).toHaveProperty('name');
    const slug = await t.api('POST', '/categories', { token: staff, body: { name: 'Chemistry 2', slug: taken.slug } });
    expect(slug.statusCode).toBe(409);
    expect(slug.json().fields).toHaveProperty('slug');
  });

  it('is for staff only', async () => {
    const body = { name: 'Forbidden', slug: 'forbidden' };
    expect((await t.api('POST', '/categories', { body })).statusCode).toBe(401);
    expect((await t.api('POST', '/categories', { token: user, body })).statusCode).toBe(403);
    expect((await t.api('GET', '/category/slug/forbidden')).statusCode).toBe(404);
  });
});

describe('GET categories/{id}', () => {
  it('answers the category with its count', async () => {
    const { category } = await categoryWithArticles();
    const res = await t.api('GET', `/categories/${category.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: category.id, name: category.name, article_count: 2 });
  });

  it('answers 404 and 400', async () => {
    expectNotFound(await t.api('GET', `/categories/${MISSING}`));
    expectInvalid(await t.api('GET', '/categories/abc'), 'id');
  });
});

describe('PUT categories/{id}', () => {
  it('replaces every field, resetting those left out to their defaults', async () => {
    const category = await createCategory(t, { description: 'Old text', sort_order: 5 });
    const before = t.app.ctx.events.current;
    const res = await t.api('PUT', `/categories/${category.id}`, { token: staff, body: { name: 'Renamed Put', slug: 'renamed-put' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: category.id, name: 'Renamed Put', slug: 'renamed-put', description: '', sort_order: 0, article_count: 0 });
    expect(t.app.ctx.events.current).toBeGreaterThan(before);
  });

  it('keeps its own name and slug without a conflict, but not those of another', async () => {
    const category = await createCategory(t);
    const other = await createCategory(t);
    const same = await t.api('PUT', `/categories/${category.id}`, { token: staff, body: { name: category.name, slug: category.slug, description: 'New' } });
    expect(same.statusCode).toBe(200);
    expect(same.json().description).toBe('New');
    const clash = await t.api('PUT', `/categories/${category.id}`, { token: staff, body: { name: other.name.toUpperCase(), slug: category.slug } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields).toHaveProperty('name');
  });

  it('answers 404, 400, 401 and 403', async () => {
    const category = await createCategory(t);
    const body = { name: 'Put Any', slug: 'put-any' };
    expectNotFound(await t.api('PUT', `/categories/${MISSING}`, { token: staff, body }));
    expectInvalid(await t.api('PUT', `/categories/${category.id}`, { token: staff, body: { name: 'No slug' } }), 'slug');
    expect((await t.api('PUT', `/categories/${category.id}`, { body })).statusCode).toBe(401);
    expect((await t.api('PUT', `/categories/${category.id}`, { token: user, body })).statusCode).toBe(403);
    expect((await t.api('GET', `/category/${category.id}`)).json().name).toBe(category.name);
  });
});

describe('PATCH categories/{id}', () => {
  it('changes only the fields sent', async () => {
    const category = await createCategory(t, { description: 'Kept', sort_order: 3 });
    const res = await t.api('PATCH', `/categories/${category.id}`, { token: staff, body: { sort_order: 9 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: category.name, slug: category.slug, description: 'Kept', sort_order: 9 });
  });

  it('answers 409 for a slug of another category', async () => {
    const category = await createCategory(t);
    const other = await createCategory(t);
    const res = await t.api('PATCH', `/categories/${category.id}`, { token: staff, body: { slug: other.slug } });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty('slug');
  });

  it('answers 404, 400, 401 and 403', async () => {
    const category = await createCategory(t);
    expectNotFound(await t.api('PATCH', `/categories/${MISSING}`, { token: staff, body: { sort_order: 1 } }));
    expectInvalid(await t.api('PATCH', `/categories/${category.id}`, { token: staff, body: { name: '' } }), 'name');
    expect((await t.api('PATCH', `/categories/${category.id}`, { body: { sort_order: 1 } })).statusCode).toBe(401);
    expect((await t.api('PATCH', `/categories/${category.id}`, { token: user, body: { sort_order: 1 } })).statusCode).toBe(403);
  });
});

describe('DELETE categories/{id}', () => {
  it('deletes the category and leaves its articles uncategorised', async () => {
    const { category, newer } = await categoryWithArticles();
    const before = t.app.ctx.events.current;
    const res = await t.api('DELETE', `/categories/${category.id}`, { token: staff });
    expect(res.statusCode).toBe(204);
    expect(t.app.ctx.events.current).toBeGreaterThan(before);
    expectNotFound(await t.api('GET', `/category/${category.id}`));
    const article = await t.api('GET', `/article/summary/${newer.id}`);
    expect(article.statusCode).toBe(200);
    expect(article.json().category).toBeNull();
  });

  it('answers 404, 400, 401 and 403', async () => {
    const category = await createCategory(t);
    expectNotFound(await t.api('DELETE', `/categories/${MISSING}`, { token: staff }));
    expectInvalid(await t.api('DELETE', '/categories/0', { token: staff }), 'id');
    expect((await t.api('DELETE', `/categories/${category.id}`)).statusCode).toBe(401);
    expect((await t.api('DELETE', `/categories/${category.id}`, { token: user })).statusCode).toBe(403);
    expect((await t.api('GET', `/category/${category.id}`)).statusCode).toBe(200);
  });
});

describe('GET categories/{id}/related_articles', () => {
  it('pages the published articles of the category, newest first', async () => {
    const { category, older, newer } = await categoryWithArticles();
    await createArticle(t);
    const res = await t.api('GET', `/categories/${category.id}/related_articles`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results.map((a: { id: number }) => a.id)).toEqual([newer.id, older.id]);
    expect(body.results[0].category).toEqual({ id: category.id, name: category.name, slug: category.slug });
    expect(body.results[0]).not.toHaveProperty('content_html');
  });

  it('answers 404 and 400', async () => {
    const category = await createCategory(t);
    expectNotFound(await t.api('GET', `/categories/${MISSING}/related_articles`));
    expectInvalid(await t.api('GET', `/categories/${category.id}/related_articles`, { query: { page: '0' } }), 'page');
  });
});

describe('GET category', () => {
  it('lists every category, unpaginated, by sort order then name', async () => {
    const b = await createCategory(t, { name: 'Ordered B', sort_order: 70 });
    const a = await createCategory(t, { name: 'Ordered A', sort_order: 70 });
    const c = await createCategory(t, { name: 'Ordered C', sort_order: 60 });
    const res = await t.api('GET', '/category');
    expect(res.statusCode).toBe(200);
    const list: { id: number }[] = res.json();
    const total = await t.db.kysely.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(list).toHaveLength(Number(total.n));
    const mine = new Set([a.id, b.id, c.id]);
    expect(list.filter((x) => mine.has(x.id)).map((x) => x.id)).toEqual([c.id, a.id, b.id]);
  });
});

describe('GET category/{id}', () => {
  it('answers the category, 404 and 400', async () => {
    const { category } = await categoryWithArticles();
    const res = await t.api('GET', `/category/${category.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: category.id, slug: category.slug, article_count: 2 });
    expectNotFound(await t.api('GET', `/category/${MISSING}`));
    expectInvalid(await t.api('GET', '/category/-3'), 'id');
  });
});

describe('GET category/name/{name}', () => {
  it('finds a category by name whatever its case', async () => {
    const category = await createCategory(t, { name: 'Deep Learning' });
    const res = await t.api('GET', '/category/name/deep%20LEARNING');
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(category.id);
  });

  it('answers 404 and 400', async () => {
    expectNotFound(await t.api('GET', '/category/name/no-such-category'));
    expectInvalid(await t.api('GET', '/category/name/%20%20'), 'name');
  });
});

describe('GET category/name/{name}/article', () => {
  it('pages the published articles of the named category', async () => {
    const { category, older, newer } = await categoryWithArticles('Named With Articles');
    const res = await t.api('GET', '/category/name/named%20with%20articles/article', { query: { page_size: '1' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results.map((a: { id: number }) => a.id)).toEqual([newer.id]);
    expect(body.next).toContain('page=2');
    const page2 = (await t.api('GET', '/category/name/Named%20With%20Articles/article', { query: { page_size: '1', page: '2' } })).json();
    expect(page2.results.map((a: { id: number }) => a.id)).toEqual([older.id]);
    expect(page2.results[0].category.id).toBe(category.id);
  });

  it('answers 404 and 400', async () => {
    const category = await createCategory(t);
    expectNotFound(await t.api('GET', '/category/name/no-such-category/article'));
    expectInvalid(await t.api('GET', `/category/name/${encodeURIComponent(category.name)}/article`, { query: { page_size: '0' } }), 'page_size');
  });
});

describe('GET category/slug/{slug}', () => {
  it('finds a category by slug, answers 404 and 400', async () => {
    const category = await createCategory(t);
    const res = await t.api('GET', `/category/slug/${category.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: category.id, name: category.name });
    expectNotFound(await t.api('GET', '/category/slug/no-such-slug'));
    expectInvalid(await t.api('GET', '/category/slug/Not_A_Slug'), 'slug');
  });
});
