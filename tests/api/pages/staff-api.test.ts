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

const create = (body: unknown, token = staff) => t.api('POST', '/pages', { token, body });
const act = (id: number, action: string, body?: unknown, token = staff) => t.api('POST', `/pages/${id}/action/${action}`, { token, ...(body !== undefined && { body }) });

describe('the staff pages API', () => {
  it('creates a draft with every field, and reads it back by id', async () => {
    const res = await create({
      title: '  Terms of use ',
      slug: 'terms-of-use',
      body_markdown: 'Be **kind**.',
      translations: { 'zh-CN': { title: '使用条款', body_markdown: '请**友善**。' } },
      show_in_footer: true,
      sort_order: 3,
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const made = res.json();
    expect(made).toMatchObject({
      title: 'Terms of use',
      slug: 'terms-of-use',
      body_markdown: 'Be **kind**.',
      translations: { 'zh-CN': { title: '使用条款', body_markdown: '请**友善**。' } },
      live: false,
      first_published_at: null,
      last_published_at: null,
      show_in_footer: true,
      sort_order: 3,
      html_url: '/page/terms-of-use',
    });
    const one = await t.api('GET', `/pages/${made.id}`, { token: staff });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(made);
    expect((await t.api('GET', '/pages/999999', { token: staff })).statusCode).toBe(404);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ slug: 'no-title' }, 'title'],
      [{ title: '   ', slug: 'blank-title' }, 'title'],
      [{ title: 'No slug' }, 'slug'],
      [{ title: 'Upper', slug: 'Upper-Case' }, 'slug'],
      [{ title: 'Spaces', slug: 'with space' }, 'slug'],
      [{ title: 'Long', slug: 'a'.repeat(101) }, 'slug'],
      [{ title: 'Footer', slug: 'footer-flag', show_in_footer: 'yes' }, 'show_in_footer'],
      [{ title: 'Order', slug: 'order', sort_order: 1.5 }, 'sort_order'],
      [{ title: 'Lang', slug: 'lang', translations: { fr: { title: 'Conditions' } } }, 'translations'],
      [{ title: 'Field', slug: 'field', translations: { 'zh-CN': { summary: '摘要' } } }, 'translations.zh-CN'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).some((name) => name === field || name.startsWith(`${field}.`)), `${JSON.stringify(body)}: ${res.body}`).toBe(true);
    }
    const made = (await create({ title: 'To patch', slug: 'to-patch' })).json();
    const bad = await t.api('PATCH', `/pages/${made.id}`, { token: staff, body: { slug: 'Not A Slug' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('slug');
    const blank = await t.api('PATCH', `/pages/${made.id}`, { token: staff, body: { title: '' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toHaveProperty('title');
    // Publishing is an action: `live` in a write is refused, not silently left as it was.
    for (const live of [true, false]) {
      const res = await t.api('PATCH', `/pages/${made.id}`, { token: staff, body: { live } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ live: 'Publish or unpublish the page with its publish and unpublish actions.' });
    }
    expect((await create({ title: 'Live at once', slug: 'live-at-once', live: true })).statusCode).toBe(400);
  });

  it('answers 409 naming `slug` for a slug another page has, on create, change and copy', async () => {
    const first = (await create({ title: 'Privacy', slug: 'privacy-taken' })).json();
    const second = (await create({ title: 'Other', slug: 'other-page' })).json();
    const again = await create({ title: 'Privacy again', slug: 'privacy-taken' });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toHaveProperty('slug');
    const patch = await t.api('PATCH', `/pages/${second.id}`, { token: staff, body: { slug: 'privacy-taken' } });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().fields).toHaveProperty('slug');
    // A page keeps its own slug.
    expect((await t.api('PATCH', `/pages/${first.id}`, { token: staff, body: { slug: 'privacy-taken', title: 'Privacy notice' } })).statusCode).toBe(200);
    const copy = await act(second.id, 'copy', { slug: 'privacy-taken' });
    expect(copy.statusCode).toBe(409);
    expect(copy.json().fields).toHaveProperty('slug');
    expect((await t.api('GET', '/pages/find', { token: staff, query: { slug: 'other-page' } })).json().id).toBe(second.id);
  });

  it('changes only the fields a PATCH names; translations sent replace the whole set', async () => {
    const made = (await create({ title: 'Contact', slug: 'contact', body_markdown: 'Write to us.', translations: { 'zh-CN': { title: '联系', body_markdown: '写信给我们。' } }, sort_order: 2 })).json();
    const res = await t.api('PATCH', `/pages/${made.id}`, { token: staff, body: { body_markdown: 'Call us.' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Contact', slug: 'contact', body_markdown: 'Call us.', sort_order: 2, translations: { 'zh-CN': { title: '联系' } } });
    expect(res.json().updated_at >= made.updated_at).toBe(true);
    const replaced = await t.api('PATCH', `/pages/${made.id}`, { token: staff, body: { translations: { 'zh-CN': { title: '联系我们' } } } });
    expect(replaced.json().translations).toEqual({ 'zh-CN': { title: '联系我们' } });
    // `live` is not a field: publishing is an action, and the page stays a draft.
    expect((await t.api('PATCH', `/pages/${made.id}`, { token: staff, body: { live: true } })).statusCode).toBe(400);
    expect((await t.api('GET', `/pages/${made.id}`, { token: staff })).json().live).toBe(false);
    expect((await t.api('PATCH', '/pages/999999', { token: staff, body: { title: 'Gone' } })).statusCode).toBe(404);
  });

  it('publishes, unpublishes, copies and deletes', async () => {
    const made = (await create({ title: 'Imprint', slug: 'imprint', body_markdown: 'Lectern Ltd.', translations: { 'zh-CN': { title: '版本说明' } }, show_in_footer: true, sort_order: 7 })).json();
    const published = await act(made.id, 'publish');
    expect(published.statusCode).toBe(200);
    expect(published.headers['cache-control']).toBe('private, no-store');
    const first = published.json();
    expect(first.live).toBe(true);
    expect(first.first_published_at).toEqual(expect.any(String));
    expect(first.last_published_at).toBe(first.first_published_at);

    const unpublished = (await act(made.id, 'unpublish')).json();
    expect(unpublished.live).toBe(false);
    expect(unpublished.first_published_at).toBe(first.first_published_at);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = (await act(made.id, 'publish')).json();
    expect(again.live).toBe(true);
    // The first publication's time is kept; the last one moves.
    expect(again.first_published_at).toBe(first.first_published_at);
    expect(again.last_published_at > first.last_published_at).toBe(true);

    const copy = await act(made.id, 'copy', { slug: 'imprint-copy', title: 'Imprint (new)' });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ title: 'Imprint (new)', slug: 'imprint-copy', body_markdown: 'Lectern Ltd.', translations: { 'zh-CN': { title: '版本说明' } }, show_in_footer: true, sort_order: 7, live: false, first_published_at: null, last_published_at: null });
    expect(copy.json().id).not.toBe(made.id);
    const sameTitle = (await act(made.id, 'copy', { slug: 'imprint-copy-2' })).json();
    expect(sameTitle.title).toBe('Imprint');
    const noSlug = await act(made.id, 'copy', {});
    expect(noSlug.statusCode).toBe(400);
    expect(noSlug.json().fields).toHaveProperty('slug');
    const badSlug = await act(made.id, 'copy', { slug: 'Bad Slug' });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().fields).toHaveProperty('slug');

    const deleted = await act(sameTitle.id, 'delete');
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await t.api('GET', `/pages/${sameTitle.id}`, { token: staff })).statusCode).toBe(404);
    expect((await act(sameTitle.id, 'delete')).statusCode).toBe(404);
    expect((await act(999999, 'publish')).statusCode).toBe(404);
    // The original is untouched by its copies.
    expect((await t.api('GET', `/pages/${made.id}`, { token: staff })).json()).toMatchObject({ slug: 'imprint', live: true });
  });

  it('answers an unknown action with a 400 naming `action`', async () => {
    const made = (await create({ title: 'Actions', slug: 'actions' })).json();
    for (const action of ['fly', 'PUBLISH', 'revert']) {
      const res = await act(made.id, action);
      expect(res.statusCode, action).toBe(400);
      expect(res.json().fields, action).toHaveProperty('action');
    }
    expect((await t.api('GET', `/pages/${made.id}`, { token: staff })).json().live).toBe(false);
  });

  it('finds one page by its exact slug or title, else 404; asks for exactly one of them', async () => {
    const page = await createSitePage(t, { title: 'Accessibility statement', slug: 'accessibility' });
    expect((await t.api('GET', '/pages/find', { token: staff, query: { slug: 'accessibility' } })).json().id).toBe(page.id);
    expect((await t.api('GET', '/pages/find', { token: staff, query: { title: 'Accessibility statement' } })).json().id).toBe(page.id);
    expect((await t.api('GET', '/pages/find', { token: staff, query: { title: 'Accessibility' } })).statusCode).toBe(404);
    expect((await t.api('GET', '/pages/find', { token: staff, query: { slug: 'accessibility-x' } })).statusCode).toBe(404);
    const neither = await t.api('GET', '/pages/find', { token: staff });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().fields).toHaveProperty('slug');
    expect((await t.api('GET', '/pages/find', { token: staff, query: { slug: 'accessibility', title: 'Accessibility statement' } })).statusCode).toBe(400);
  });

  it('lists by sort order, searches titles (case and wildcards as text) and filters live pages or drafts', async () => {
    const b = await createSitePage(t, { title: 'Listing Beta', sort_order: 2, live: true });
    const a = await createSitePage(t, { title: 'Listing alpha', sort_order: 1 });
    const c = await createSitePage(t, { title: 'Listing 100%', sort_order: 3, live: true });
    const ids = async (query: Record<string, string>) => {
      const res = await t.api('GET', '/pages', { token: staff, query: { search: 'listing', page_size: '50', ...query } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      return { ids: res.json().results.map((p: { id: number }) => p.id), count: res.json().count };
    };
    expect(await ids({})).toEqual({ ids: [a.id, b.id, c.id], count: 3 });
    expect(await ids({ search: 'LISTING B' })).toEqual({ ids: [b.id], count: 1 });
    expect(await ids({ live: 'true' })).toEqual({ ids: [b.id, c.id], count: 2 });
    expect(await ids({ live: 'false' })).toEqual({ ids: [a.id], count: 1 });
    expect(await ids({ search: '%' })).toEqual({ ids: [c.id], count: 1 });
    expect(await ids({ search: '_' })).toEqual({ ids: [], count: 0 });
    const paged = await t.api('GET', '/pages', { token: staff, query: { search: 'listing', page_size: '2' } });
    expect(paged.json().results).toHaveLength(2);
    expect(paged.json().next).toContain('page=2');
    expect((await t.api('GET', '/pages', { token: staff, query: { live: 'maybe' } })).json().fields).toHaveProperty('live');
  });

  it('is staff only: a guest gets 401 and a reader 403 on every call, before any input is judged', async () => {
    const page = await createSitePage(t);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/pages'],
      ['GET', `/pages/${page.id}`],
      ['GET', '/pages/find?slug=x'],
      ['POST', '/pages', { title: 'x' }],
      ['PATCH', `/pages/${page.id}`, { slug: 'BAD SLUG' }],
      ['POST', `/pages/${page.id}/action/publish`],
      ['POST', `/pages/${page.id}/action/nonsense`],
      ['POST', `/pages/${page.id}/action/delete`],
    ];
    for (const [method, url, body] of calls) {
      const [path, search] = url.split('?');
      const query = search ? Object.fromEntries(new URLSearchParams(search)) : undefined;
      const guest = await t.api(method as 'GET', path, { body, query });
      expect(guest.statusCode, `guest ${method} ${url}`).toBe(401);
      const asReader = await t.api(method as 'GET', path, { token: reader, body, query });
      expect(asReader.statusCode, `reader ${method} ${url}`).toBe(403);
      expect(asReader.headers['cache-control']).toBe('private, no-store');
    }
    expect((await t.api('GET', `/pages/${page.id}`, { token: staff })).json()).toMatchObject({ live: false, slug: page.slug });
  });
});
