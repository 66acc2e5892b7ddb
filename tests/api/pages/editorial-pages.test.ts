import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { createSitePage } from './factories.js';

let t: TestApp;
let staff: string;
let reader: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t));
  reader = await tokenFor(t, await createUser(t));
});

const fields = (overrides: Record<string, unknown> = {}) => ({ title: 'About us', slug: '', body_markdown: 'We are **here**.', zh_title: '', zh_body_markdown: '', show_in_footer: false, sort_order: 0, ...overrides });
const open = (id: number) => t.api('GET', `/editorial/page/${id}`, { token: staff });
const save = (id: number, base: string, body: unknown) => t.api('POST', `/editorial/page/${id}/save`, { token: staff, body: { base_version: base, fields: body } });
const act = (id: number, action: string, body?: unknown) => t.api('POST', `/editorial/page/${id}/action/${action}`, { token: staff, ...(body !== undefined && { body }) });

describe('writing the site pages', () => {
  it('is staff-only', async () => {
    const page = await createSitePage(t);
    expect((await t.api('GET', `/editorial/page/${page.id}`)).statusCode).toBe(401);
    expect((await t.api('GET', `/editorial/page/${page.id}`, { token: reader })).statusCode).toBe(403);
    expect((await t.api('POST', `/editorial/page/${page.id}/action/publish`, { token: reader })).statusCode).toBe(403);
  });

  it('opens a page written elsewhere, with its Chinese texts', async () => {
    const page = await createSitePage(t, { title: 'Terms', translations: { 'zh-CN': { title: '条款', body_markdown: '中文' } } });
    expect((await open(page.id)).json().fields).toMatchObject({ title: 'Terms', zh_title: '条款', zh_body_markdown: '中文' });
  });

  it('writes, publishes, revises and reverts a page, in English and Chinese', async () => {
    const made = await t.api('POST', '/editorial/page', { token: staff, body: { fields: fields({ zh_title: '关于我们', zh_body_markdown: '我们在**这里**。' }) } });
    expect(made.statusCode, made.body).toBe(201);
    const page = made.json();
    expect(page.fields.slug).toMatch(/^about-us/);
    const slug = page.fields.slug as string;
    expect((await t.api('GET', `/page/s/${slug}`)).statusCode).toBe(404);
    const live = (await act(page.id, 'publish')).json();
    expect((await t.api('GET', `/page/s/${slug}`, { query: { lang: 'zh-CN' } })).json()).toMatchObject({ title: '关于我们', body_html: expect.stringContaining('<strong>这里</strong>') });

    const second = await save(page.id, live.version, fields({ slug, body_markdown: 'Second words.' }));
    expect(second.json()).toMatchObject({ status: 'live', unpublished_changes: true });
    expect((await t.api('GET', `/page/s/${slug}`)).json().body_html).toContain('<strong>here</strong>');
    await act(page.id, 'publish');
    expect((await t.api('GET', `/page/s/${slug}`)).json().body_html).toContain('Second words.');

    const revisions = (await t.api('GET', `/editorial/page/${page.id}/revisions`, { token: staff })).json();
    expect(revisions).toHaveLength(2);
    const first = revisions[1].id;
    const reverted = (await act(page.id, 'revert_to_page_revision', { revision_id: first })).json();
    expect(reverted).toMatchObject({ unpublished_changes: true, fields: { body_markdown: 'We are **here**.' } });
    await act(page.id, 'publish');
    expect((await t.api('GET', `/page/s/${slug}`)).json().body_html).toContain('<strong>here</strong>');
  });

  it('refuses a stale save, a taken slug and bad fields, each named', async () => {
    const taken = await createSitePage(t, { slug: 'taken-slug' });
    const page = (await t.api('POST', '/editorial/page', { token: staff, body: { fields: fields({ title: 'Fresh' }) } })).json();
    const first = await save(page.id, page.version, fields({ title: 'Fresh', body_markdown: 'mine' }));
    expect(first.statusCode).toBe(200);
    expect((await save(page.id, page.version, fields({ title: 'Fresh', body_markdown: 'theirs' }))).statusCode).toBe(409);
    // A write through the page API since the editor opened it is seen as well.
    await t.api('PATCH', `/pages/${page.id}`, { token: staff, body: { body_markdown: 'patched' } });
    expect((await save(page.id, first.json().version, fields({ title: 'Fresh' }))).statusCode).toBe(409);
    const current = (await open(page.id)).json();
    expect(current.fields.body_markdown).toBe('patched');
    expect((await save(page.id, current.version, fields({ title: 'Fresh', slug: taken.slug }))).json().fields).toHaveProperty('slug');
    expect((await save(page.id, current.version, fields({ title: 'Fresh', sort_order: 1.5 }))).json().fields).toHaveProperty('sort_order');
    expect((await save(page.id, 'nonsense', fields({ title: 'Fresh' }))).statusCode).toBe(409);
    expect((await save(999999, current.version, fields())).statusCode).toBe(404);
  });

  it('moves a page in the footer order, copies and deletes it', async () => {
    const page = (await t.api('POST', '/editorial/page', { token: staff, body: { fields: fields({ title: 'Mover' }) } })).json();
    expect((await act(page.id, 'move', { position: 7 })).json().fields.sort_order).toBe(7);
    const copy = await act(page.id, 'copy', { slug: `mover-copy-${Date.now()}` });
    expect(copy.statusCode).toBe(201);
    expect((await act(page.id, 'delete')).statusCode).toBe(204);
    expect((await open(page.id)).statusCode).toBe(404);
  });

  it("takes SPEC's move and revert_to_page_revision on pages/{id}/action too", async () => {
    const page = (await t.api('POST', '/editorial/page', { token: staff, body: { fields: fields({ title: 'Spec actions', body_markdown: 'one' }) } })).json();
    await save(page.id, page.version, fields({ title: 'Spec actions', slug: page.fields.slug, body_markdown: 'two' }));
    const moved = await t.api('POST', `/pages/${page.id}/action/move`, { token: staff, body: { position: 3 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().sort_order).toBe(3);
    const [, first] = (await t.api('GET', `/editorial/page/${page.id}/revisions`, { token: staff })).json();
    const reverted = await t.api('POST', `/pages/${page.id}/action/revert_to_page_revision`, { token: staff, body: { revision_id: first.id } });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json().body_markdown).toBe('one');
    expect((await t.api('POST', `/pages/${page.id}/action/revert_to_page_revision`, { token: staff, body: {} })).json().fields).toHaveProperty('revision_id');
    expect((await t.api('POST', `/pages/${page.id}/action/move`, { token: reader, body: { position: 1 } })).statusCode).toBe(403);
  });
});
