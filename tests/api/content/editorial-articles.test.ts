import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createCategory, createStaff, createTag, createTopic, createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let staff: string;
let otherStaff: string;
let reader: string;
let category: number;
let tag: number;
let topic: number;
beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t, { display_name: 'Ada Editor' }));
  otherStaff = await tokenFor(t, await createStaff(t, { display_name: 'Bo Editor' }));
  reader = await tokenFor(t, await createUser(t));
  category = (await createCategory(t)).id;
  tag = (await createTag(t)).id;
  topic = (await createTopic(t)).id;
});

const fields = (overrides: Record<string, unknown> = {}) => ({
  title: 'Writing in the back office',
  slug: '',
  summary: 'How editors write.',
  cover: '',
  body_markdown: '# Hello\n\nSome **bold** text <script>alert(1)</script>',
  category_id: category,
  tag_ids: [tag],
  topic_ids: [topic],
  access: 'free',
  free_read: false,
  language: 'en',
  ...overrides,
});
const create = (body: Record<string, unknown> = fields(), token = staff) => t.api('POST', '/editorial/article', { token, body: { fields: body } });
const save = (id: number, base: string, body: Record<string, unknown>, token = staff) => t.api('POST', `/editorial/article/${id}/save`, { token, body: { base_version: base, fields: body } });
const act = (id: number, action: string, body?: unknown, token = staff) => t.api('POST', `/editorial/article/${id}/action/${action}`, { token, ...(body !== undefined && { body }) });

describe('writing articles', () => {
  it('answers staff only: 401 for a guest, 403 for a reader, on every call', async () => {
    const made = (await create()).json();
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/editorial/preview', { markdown: 'x' }],
      ['GET', '/editorial/options'],
      ['GET', '/editorial/article'],
      ['POST', '/editorial/article', { fields: fields() }],
      ['GET', `/editorial/article/${made.id}`],
      ['POST', `/editorial/article/${made.id}/save`, { base_version: made.version, fields: fields() }],
      ['GET', `/editorial/article/${made.id}/revisions`],
      ['POST', `/editorial/article/${made.id}/action/publish`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.api(method as 'GET', path, { body })).statusCode, `${method} ${path} guest`).toBe(401);
      expect((await t.api(method as 'GET', path, { token: reader, body })).statusCode, `${method} ${path} reader`).toBe(403);
    }
  });

  it('previews markdown with the renderer and sanitiser readers get', async () => {
    const res = await t.api('POST', '/editorial/preview', { token: staff, body: { markdown: '## Hi\n\n<img src=x onerror=alert(1)> `code`' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { html } = res.json();
    expect(html).toContain('<h2>Hi</h2>');
    expect(html).toContain('<code>code</code>');
    expect(html).not.toContain('onerror');
  });

  it('creates a draft with a slug from its title, unseen by readers until published', async () => {
    const res = await create();
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({ kind: 'article', status: 'draft', unpublished_changes: false, scheduled_at: null });
    expect(item.fields).toMatchObject({ title: 'Writing in the back office', tag_ids: [tag], topic_ids: [topic], category_id: category });
    expect(item.fields.slug).toMatch(/^writing-in-the-back-office/);
    expect((await t.api('GET', `/article/${item.id}`)).statusCode).toBe(404);

    const published = await act(item.id, 'publish');
    expect(published.statusCode).toBe(200);
    expect(published.json().status).toBe('live');
    const read = await t.api('GET', `/article/${item.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().content_html).toContain('<strong>bold</strong>');
    expect(read.json().content_html).not.toContain('<script>');
  });

  it('names each bad field, and writes nothing for bad input', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [fields({ title: '  ' }), 'title'],
      [fields({ slug: 'Not A Slug' }), 'slug'],
      [fields({ access: 'gold' }), 'access'],
      [fields({ language: 'fr' }), 'language'],
      [fields({ cover: 'https://elsewhere.example/x.png' }), 'cover'],
      [fields({ tag_ids: [tag, 'x'] }), 'tag_ids.1'],
      [fields({ category_id: 999999 }), 'category_id'],
      [fields({ topic_ids: [999999] }), 'topic_ids'],
      [{ ...fields(), extra: 1 }, 'extra'],
    ];
    const before = (await t.api('GET', '/editorial/article', { token: staff })).json().count;
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields, field).toHaveProperty([field]);
    }
    expect((await t.api('GET', '/editorial/article', { token: staff })).json().count).toBe(before);
  });

  it('saves against a version: a stale base is a 409 and nothing is overwritten', async () => {
    const item = (await create(fields({ title: 'Two editors' }))).json();
    const first = await save(item.id, item.version, fields({ title: 'Two editors', body_markdown: 'Ada wrote this.' }));
    expect(first.statusCode).toBe(200);
    const stale = await save(item.id, item.version, fields({ title: 'Two editors', body_markdown: 'Bo wrote over it.' }), otherStaff);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().fields).toHaveProperty('base_version');
    const now = (await t.api('GET', `/editorial/article/${item.id}`, { token: otherStaff })).json();
    expect(now.fields.body_markdown).toBe('Ada wrote this.');
    expect(now.version).toBe(first.json().version);
    // A write outside the editor changes the version too.
    await t.api('PATCH', `/article/${item.id}`, { token: staff, body: { summary: 'Changed through the API.' } });
    expect((await save(item.id, now.version, fields({ title: 'Two editors' }), otherStaff)).statusCode).toBe(409);
  });

  it('lets exactly one of two saves against the same version through, at the same moment', async () => {
    const item = (await create(fields({ title: 'Race' }))).json();
    const answers = await Promise.all([
      save(item.id, item.version, fields({ title: 'Race', body_markdown: 'Ada' })),
      save(item.id, item.version, fields({ title: 'Race', body_markdown: 'Bo' }), otherStaff),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    expect((await t.api('GET', `/editorial/article/${item.id}`, { token: staff })).json().fields.body_markdown).toBe(winner.fields.body_markdown);
    expect((await t.api('GET', `/editorial/article/${item.id}/revisions`, { token: staff })).json()).toHaveLength(2);
  });

  it('keeps a live article as readers see it until its saved changes are published', async () => {
    const item = (await create(fields({ title: 'Live one', body_markdown: 'First text.' }))).json();
    const live = (await act(item.id, 'publish')).json();
    const saved = (await save(item.id, live.version, fields({ title: 'Live one', body_markdown: 'Second text.' }))).json();
    expect(saved).toMatchObject({ status: 'live', unpublished_changes: true });
    expect(saved.fields.body_markdown).toBe('Second text.');
    expect((await t.api('GET', `/article/${item.id}`)).json().content_html).toContain('First text.');
    const again = (await act(item.id, 'publish')).json();
    expect(again.unpublished_changes).toBe(false);
    expect((await t.api('GET', `/article/${item.id}`)).json().content_html).toContain('Second text.');
  });

  it('keeps a revision per save (who, when), and reverts to one', async () => {
    const item = (await create(fields({ title: 'History', body_markdown: 'One.' }))).json();
    const two = (await save(item.id, item.version, fields({ title: 'History', body_markdown: 'Two.' }))).json();
    await save(item.id, two.version, fields({ title: 'History', body_markdown: 'Three.' }), otherStaff);
    const revisions = (await t.api('GET', `/article/${item.id}/revisions`.replace('/article', '/editorial/article'), { token: staff })).json();
    expect(revisions).toHaveLength(3);
    expect(revisions.map((r: { author: { name: string } }) => r.author.name)).toEqual(['Bo Editor', 'Ada Editor', 'Ada Editor']);
    const oldest = revisions[2];
    const detail = (await t.api('GET', `/editorial/article/${item.id}/revisions/${oldest.id}`, { token: staff })).json();
    expect(detail.fields.body_markdown).toBe('One.');
    const reverted = await act(item.id, 'revert_to_page_revision', { revision_id: oldest.id });
    expect(reverted.statusCode).toBe(200);
    expect(reverted.json().fields.body_markdown).toBe('One.');
    expect((await t.api('GET', `/editorial/article/${item.id}/revisions`, { token: staff })).json()[0].note).toBe(`Reverted to revision ${oldest.id}`);
    expect((await act(item.id, 'revert_to_page_revision', {})).json().fields).toHaveProperty('revision_id');
    expect((await act(item.id, 'revert_to_page_revision', { revision_id: 999999 })).statusCode).toBe(400);
  });

  it('copies, moves, unpublishes and deletes', async () => {
    const item = (await create(fields({ title: 'Original', slug: 'original-piece' }))).json();
    const copy = await act(item.id, 'copy', { slug: 'original-piece-copy' });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ status: 'draft', fields: { slug: 'original-piece-copy', title: 'Original' } });
    expect((await act(item.id, 'copy', { slug: 'original-piece' })).statusCode).toBe(409);
    const other = (await createCategory(t)).id;
    expect((await act(item.id, 'move', { category_id: other })).json().fields.category_id).toBe(other);
    expect((await act(item.id, 'move', {})).statusCode).toBe(400);
    await act(item.id, 'publish');
    expect((await act(item.id, 'unpublish')).json().status).toBe('draft');
    expect((await t.api('GET', `/article/${item.id}`)).statusCode).toBe(404);
    expect((await act(item.id, 'delete')).statusCode).toBe(204);
    expect((await t.api('GET', `/editorial/article/${item.id}`, { token: staff })).statusCode).toBe(404);
    expect((await act(item.id, 'publish')).statusCode).toBe(404);
    expect((await act(copy.json().id, 'fly')).json().fields).toHaveProperty('action');
  });
});
