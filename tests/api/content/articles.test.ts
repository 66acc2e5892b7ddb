import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createCategory, createStaff, createTag, createTopic, createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let staffToken: string;
let userToken: string;
beforeAll(async () => {
  t = await createTestApp();
  staffToken = await tokenFor(t, await createStaff(t));
  userToken = await tokenFor(t, await createUser(t));
});

describe('GET article/{id}', () => {
  it('gives a free article with its rendered, sanitised body', async () => {
    const tag = await createTag(t, { name: 'kysely' });
    const category = await createCategory(t);
    const article = await createArticle(t, {
      body_markdown: '# Title\n\n```ts\nconst a = 1;\n```\n\n<script>alert(1)</script>',
      tag_ids: [tag.id],
      category_id: category.id,
    });
    const res = await t.api('GET', `/article/${article.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: article.id, locked: false, access: 'free', tags: [{ id: tag.id, name: 'kysely' }] });
    expect(body.category).toEqual({ id: category.id, name: category.name, slug: category.slug });
    expect(body.content_html).toContain('<code class="hljs language-ts">');
    expect(body.content_html).toContain('hljs-keyword');
    expect(body.content_html).not.toContain('<script');
    expect(body.author.display_name).toBeTruthy();
    expect(res.headers['cache-control']).toContain('public');
  });

  it('locks a premium article for guests and plain users, opens it for staff', async () => {
    const article = await createArticle(t, { access: 'premium', summary: 'Teaser', body_markdown: 'SECRET-PREMIUM-TEXT' });
    const guest = await t.api('GET', `/article/${article.id}`);
    expect(guest.json()).toMatchObject({ locked: true, content_html: null, summary: 'Teaser' });
    expect(guest.body).not.toContain('SECRET-PREMIUM-TEXT');
    expect(guest.headers['cache-control']).toContain('no-store');
    const user = await t.api('GET', `/article/${article.id}`, { token: userToken });
    expect(user.json().locked).toBe(true);
    expect(user.body).not.toContain('SECRET-PREMIUM-TEXT');
    const staff = await t.api('GET', `/article/${article.id}`, { token: staffToken });
    expect(staff.json().locked).toBe(false);
    expect(staff.json().content_html).toContain('SECRET-PREMIUM-TEXT');
  });

  it('opens a premium free-read article to everyone', async () => {
    const article = await createArticle(t, { access: 'premium', free_read: true, body_markdown: 'open for now' });
    const res = await t.api('GET', `/article/${article.id}`);
    expect(res.json()).toMatchObject({ locked: false, free_read: true });
    expect(res.json().content_html).toContain('open for now');
  });

  it('hides drafts and future articles, and 404s unknown ids', async () => {
    const draft = await createArticle(t, { status: 'draft' });
    const future = await createArticle(t, { published_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await t.api('GET', `/article/${draft.id}`)).statusCode).toBe(404);
    expect((await t.api('GET', `/article/${future.id}`)).statusCode).toBe(404);
    expect((await t.api('GET', '/article/99999999')).statusCode).toBe(404);
    const bad = await t.api('GET', '/article/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
  });

  it('rejects a malformed bearer token instead of treating the caller as a guest', async () => {
    const article = await createArticle(t);
    const res = await t.api('GET', `/article/${article.id}`, { token: 'not-a-jwt' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('token_not_valid');
  });
});

describe('article/adminpreview/{id}', () => {
  it('shows drafts to staff only', async () => {
    const draft = await createArticle(t, { status: 'draft', body_markdown: 'draft body' });
    expect((await t.api('GET', `/article/adminpreview/${draft.id}`)).statusCode).toBe(401);
    expect((await t.api('GET', `/article/adminpreview/${draft.id}`, { token: userToken })).statusCode).toBe(403);
    const res = await t.api('GET', `/article/adminpreview/${draft.id}`, { token: staffToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'draft', locked: false });
    expect(res.json().content_html).toContain('draft body');
    expect((await t.api('GET', '/article/adminpreview/99999999', { token: staffToken })).statusCode).toBe(404);
  });

  it('checks the page secret', async () => {
    expect((await t.api('GET', `/article/adminpreview-secret/${t.config.adminPreviewSecret}`)).statusCode).toBe(204);
    expect((await t.api('GET', '/article/adminpreview-secret/wrong')).statusCode).toBe(404);
  });
});

describe('lists', () => {
  it('article/summary paginates newest first, without bodies, and filters', async () => {
    const category = await createCategory(t);
    const old = await createArticle(t, { category_id: category.id, published_at: '2024-01-01T00:00:00.000Z' });
    const recent = await createArticle(t, { category_id: category.id, published_at: '2025-01-01T00:00:00.000Z' });
    const res = await t.api('GET', '/article/summary', { query: { category: String(category.id), page_size: '1' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results.map((a: { id: number }) => a.id)).toEqual([recent.id]);
    expect(body.results[0]).not.toHaveProperty('content_html');
    expect(body.next).toBe(`http://lectern.test/api/v2/article/summary?category=${category.id}&page_size=1&page=2`);
    expect(body.previous).toBeNull();
    const page2 = await t.api('GET', '/article/summary', { query: { category: String(category.id), page_size: '1', page: '2' } });
    expect(page2.json().results[0].id).toBe(old.id);
    expect(page2.json().previous).toContain('page=1');
  });

  it('article/summary/{id} gives one card', async () => {
    const a = await createArticle(t);
    const res = await t.api('GET', `/article/summary/${a.id}`);
    expect(res.json()).toMatchObject({ id: a.id, title: a.title });
    expect(res.json()).not.toHaveProperty('content_html');
    expect((await t.api('GET', '/article/summary/99999999')).statusCode).toBe(404);
  });

  it('article/author/{id} lists an author', async () => {
    const author = await createStaff(t);
    const a = await createArticle(t, { author });
    const res = await t.api('GET', `/article/author/${author.id}`);
    expect(res.json().count).toBe(1);
    expect(res.json().results[0]).toMatchObject({ id: a.id, author: { id: author.id } });
    expect((await t.api('GET', '/article/author/0')).statusCode).toBe(400);
  });

  it('article/hot/{id} prefers hot articles of the category, 0 for all', async () => {
    const category = await createCategory(t);
    const hot = await createArticle(t, { category_id: category.id, is_hot: true });
    const plain = await createArticle(t, { category_id: category.id });
    const res = await t.api('GET', `/article/hot/${category.id}`, { query: { limit: '5' } });
    expect(res.json().map((a: { id: number }) => a.id)).toEqual([hot.id, plain.id]);
    const all = await t.api('GET', '/article/hot/0');
    expect(all.statusCode).toBe(200);
    expect(all.json().length).toBeGreaterThan(0);
    expect((await t.api('GET', '/article/hot/0', { query: { limit: '500' } })).json().fields).toHaveProperty('limit');
  });

  it('article/hot/banner/{id} gives hot articles with covers', async () => {
    const category = await createCategory(t);
    const withCover = await createArticle(t, { category_id: category.id, is_hot: true, cover: '/media/demo/a.webp' });
    await createArticle(t, { category_id: category.id, is_hot: true, cover: null });
    const res = await t.api('GET', `/article/hot/banner/${category.id}`);
    expect(res.json().map((a: { id: number }) => a.id)).toEqual([withCover.id]);
  });

  it('article/related/{id} ranks by shared tags', async () => {
    const [x, y] = [await createTag(t), await createTag(t)];
    const base = await createArticle(t, { tag_ids: [x.id, y.id] });
    const two = await createArticle(t, { tag_ids: [x.id, y.id] });
    const one = await createArticle(t, { tag_ids: [x.id] });
    const res = await t.api('GET', `/article/related/${base.id}`);
    expect(res.json().map((a: { id: number }) => a.id).slice(0, 2)).toEqual([two.id, one.id]);
    expect((await t.api('GET', '/article/related/99999999')).statusCode).toBe(404);
  });

  it('article/membership_status/{id} explains the decision', async () => {
    const premium = await createArticle(t, { access: 'premium' });
    expect((await t.api('GET', `/article/membership_status/${premium.id}`)).json()).toMatchObject({ locked: true, reason: 'login_required' });
    expect((await t.api('GET', `/article/membership_status/${premium.id}`, { token: userToken })).json()).toMatchObject({ can_read: true, reason: 'metered' });
    expect((await t.api('GET', `/article/membership_status/${premium.id}`, { token: staffToken })).json()).toMatchObject({ can_read: true, reason: 'staff' });
    expect((await t.api('GET', '/article/membership_status/99999999')).statusCode).toBe(404);
  });
});

describe('writes', () => {
  it('staff create, update and delete articles; others may not', async () => {
    const tag = await createTag(t);
    const topic = await createTopic(t);
    const body = { title: 'Hello Lectern', body_markdown: 'Some *text*', status: 'published', tag_ids: [tag.id], topic_ids: [topic.id] };
    expect((await t.api('POST', '/article', { body })).statusCode).toBe(401);
    expect((await t.api('POST', '/article', { body, token: userToken })).statusCode).toBe(403);
    const created = await t.api('POST', '/article', { body, token: staffToken });
    expect(created.statusCode).toBe(201);
    const article = created.json();
    expect(article).toMatchObject({ title: 'Hello Lectern', slug: 'hello-lectern', status: 'published', topics: [{ id: topic.id }] });
    expect(article.content_html).toContain('<em>text</em>');

    const patched = await t.api('PATCH', `/article/${article.id}`, { body: { title: 'Renamed' }, token: staffToken });
    expect(patched.json()).toMatchObject({ title: 'Renamed', tags: [{ id: tag.id }] });
    expect((await t.api('PATCH', `/article/${article.id}`, { body: { title: 'x' }, token: userToken })).statusCode).toBe(403);

    const category = await createCategory(t, { name: 'Replaced things', slug: 'replaced-things' });
    const dressed = (await t.api('PATCH', `/article/${article.id}`, { body: { category_id: category.id, cover: '/media/cover.webp' }, token: staffToken })).json();
    expect(dressed.category).toMatchObject({ id: category.id });
    const put = await t.api('PUT', `/article/${article.id}`, { body: { title: 'Replaced', body_markdown: 'new', status: 'published' }, token: staffToken });
    // A replace: what is left out takes its default or none; the author and the first publication stay.
    expect(put.json()).toMatchObject({ title: 'Replaced', tags: [], topics: [], category: null, cover: null, author: dressed.author, published_at: dressed.published_at });

    expect((await t.api('DELETE', `/article/${article.id}`, { token: userToken })).statusCode).toBe(403);
    expect((await t.api('DELETE', `/article/${article.id}`, { token: staffToken })).statusCode).toBe(204);
    expect((await t.api('GET', `/article/${article.id}`)).statusCode).toBe(404);
    expect((await t.api('DELETE', `/article/${article.id}`, { token: staffToken })).statusCode).toBe(404);
  });

  it('publishes an article sent as published with no time (null) now, on update as on create', async () => {
    for (const method of ['PATCH', 'PUT'] as const) {
      const draft = (await t.api('POST', '/article', { body: { title: `Draft for ${method}`, status: 'draft' }, token: staffToken })).json();
      expect(draft.published_at).toBeNull();
      const before = new Date().toISOString();
      const sent = await t.api(method, `/article/${draft.id}`, { body: { title: `Draft for ${method}`, status: 'published', published_at: null }, token: staffToken });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().published_at >= before).toBe(true);
      // Shown to everyone at once, not a published article no one can see.
      expect((await t.api('GET', `/article/${draft.id}`)).statusCode).toBe(200);
      // Back to a draft with no time: unpublished, and the time may stay empty.
      const unpublished = await t.api('PATCH', `/article/${draft.id}`, { body: { status: 'draft', published_at: null }, token: staffToken });
      expect(unpublished.json()).toMatchObject({ status: 'draft', published_at: null });
      expect((await t.api('GET', `/article/${draft.id}`)).statusCode).toBe(404);
    }
  });

  it('lists drafts and scheduled articles to staff, newest change first, which no public list shows', async () => {
    const author = await createStaff(t, { display_name: 'Editor Ed' });
    const draft = await createArticle(t, { title: 'Unfinished draft', status: 'draft', author });
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await createArticle(t, { title: 'Out tomorrow', status: 'published', published_at: later, author });
    const live = await createArticle(t, { title: 'Already out', author });
    const all = await t.api('GET', '/article/unpublished', { token: staffToken, query: { page_size: '100' } });
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('private, no-store');
    const ids = all.json().results.map((a: { id: number }) => a.id);
    expect(ids).toContain(draft.id);
    expect(ids).toContain(scheduled.id);
    expect(ids).not.toContain(live.id);
    expect(ids.indexOf(scheduled.id)).toBeLessThan(ids.indexOf(draft.id));
    expect(all.json().results.find((a: { id: number }) => a.id === scheduled.id)).toMatchObject({ status: 'scheduled', published_at: later, author: { id: author.id, display_name: 'Editor Ed' } });
    const drafts = (await t.api('GET', '/article/unpublished', { token: staffToken, query: { status: 'draft', page_size: '100' } })).json();
    expect(drafts.results.every((a: { status: string }) => a.status === 'draft')).toBe(true);
    expect(drafts.results.map((a: { id: number }) => a.id)).toContain(draft.id);
    expect((await t.api('GET', '/article/unpublished', { token: staffToken, query: { status: 'gone' } })).json().fields).toHaveProperty('status');
    expect((await t.api('GET', '/article/unpublished', { token: userToken })).statusCode).toBe(403);
    expect((await t.api('GET', '/article/unpublished')).statusCode).toBe(401);
  });

  it('names the invalid field and leaves nothing half-written', async () => {
    const missing = await t.api('POST', '/article', { body: { body_markdown: 'x' }, token: staffToken });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('title');
    const badTag = await t.api('POST', '/article', { body: { title: 'Orphan tags', tag_ids: [99999999] }, token: staffToken });
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().fields).toHaveProperty('tag_ids');
    const rows = await t.db.kysely.selectFrom('articles').select('id').where('title', '=', 'Orphan tags').execute();
    expect(rows).toHaveLength(0);
    const badSlug = await t.api('POST', '/article', { body: { title: 'x', slug: 'Not A Slug' }, token: staffToken });
    expect(badSlug.json().fields).toHaveProperty('slug');
    // A cover must be a picture this site serves: another site's (the pages' policy blocks it), a script URL or a
    // path out of the public folders is refused, naming the field.
    for (const cover of ['https://example.com/a.png', 'javascript:alert(1)', '//example.com/a.png', '/media/../package.json', '/api/v2/member_media/article/1/a.png']) {
      const bad = await t.api('POST', '/article', { body: { title: 'Bad cover', cover }, token: staffToken });
      expect(bad.statusCode, cover).toBe(400);
      expect(bad.json().fields, cover).toHaveProperty('cover');
    }
    const good = await t.api('POST', '/article', { body: { title: 'Good cover', cover: '/uploads/images/a1.webp' }, token: staffToken });
    expect(good.json()).toMatchObject({ cover: '/uploads/images/a1.webp' });
  });

  it('refuses a taken slug with 409', async () => {
    await createArticle(t, { slug: 'taken-slug' });
    const res = await t.api('POST', '/article', { body: { title: 'x', slug: 'taken-slug' }, token: staffToken });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty('slug');
  });
});
