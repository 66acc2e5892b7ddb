import { beforeAll, describe, expect, it } from 'vitest';
import { withBackofficeTables } from '../../../src/server/modules/backoffice/tables.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createCategory, createMembershipPlan, createStaff, createUser, tokenFor } from '../helpers/factories.js';

/**
 * Aliases (decision 0119): `create_alias` and `convert_alias` for articles, courses, lessons and site pages. An
 * alias shows its original's content in its own place, follows the original's publication, keeps its access, and
 * refuses edits of its content until converted.
 */
let t: TestApp;
let staff: string;
let staffId: number;
let reader: string;
let category: number;
let plan: number;
beforeAll(async () => {
  t = await createTestApp();
  const editor = await createStaff(t, { display_name: 'Ada Editor' });
  staffId = editor.id;
  staff = await tokenFor(t, editor);
  reader = await tokenFor(t, await createUser(t));
  category = (await createCategory(t)).id;
  plan = (await createMembershipPlan(t)).id;
});

let n = 0;
const word = () => `zq${(n += 1)}${Math.random().toString(36).slice(2, 8)}`;
const articleFields = (overrides: Record<string, unknown> = {}) => ({
  title: `Article ${word()}`,
  slug: '',
  summary: 'A summary.',
  cover: '',
  body_markdown: 'First text.',
  category_id: null,
  tag_ids: [],
  topic_ids: [],
  access: 'free',
  free_read: false,
  language: 'en',
  ...overrides,
});
const courseFields = (overrides: Record<string, unknown> = {}) => ({ title: `Course ${word()}`, slug: '', summary: 'Sew.', cover: '', body_markdown: 'About it.', level: 'beginner', category_id: null, tag_ids: [], access: 'free', language: 'en', ...overrides });
const lessonFields = (courseId: number, overrides: Record<string, unknown> = {}) => ({ course_id: courseId, title: `Lesson ${word()}`, slug: '', chapter: '', summary: '', body_markdown: 'Lesson text.', duration: 60, is_free_preview: false, ...overrides });
const pageFields = (overrides: Record<string, unknown> = {}) => ({ title: `Page ${word()}`, slug: '', body_markdown: 'Page text.', zh_title: '', zh_body_markdown: '', show_in_footer: false, sort_order: 0, ...overrides });

type Item = { id: number; version: string; status: string; fields: Record<string, unknown>; alias_of: { id: number; title: string } | null; aliases: Array<{ id: number }>; lessons?: Array<{ id: number; chapter: string }> };
const create = async (kind: string, fields: unknown): Promise<Item> => {
  const res = await t.api('POST', `/editorial/${kind}`, { token: staff, body: { fields } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const open = async (kind: string, id: number): Promise<Item> => (await t.api('GET', `/editorial/${kind}/${id}`, { token: staff })).json();
const save = (kind: string, item: Item, fields: Record<string, unknown>) => t.api('POST', `/editorial/${kind}/${item.id}/save`, { token: staff, body: { base_version: item.version, fields } });
const act = (kind: string, id: number, action: string, body?: unknown, token = staff) => t.api('POST', `/editorial/${kind}/${id}/action/${action}`, { token, ...(body !== undefined && { body }) });
const alias = async (kind: string, id: number, body: unknown = {}): Promise<Item> => {
  const res = await act(kind, id, 'create_alias', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const counts = async () => {
  const db = t.db.kysely;
  const one = async (table: 'articles' | 'courses' | 'lessons' | 'pages' | 'editorial_revisions') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return Promise.all([one('articles'), one('courses'), one('lessons'), one('pages'), one('editorial_revisions')]);
};

describe('aliases', () => {
  it('answers staff only: 401 for a guest, 403 for a reader, for both actions on every kind', async () => {
    const course = await create('course', courseFields());
    const items: Array<[string, number]> = [
      ['article', (await create('article', articleFields())).id],
      ['course', course.id],
      ['lesson', (await create('lesson', lessonFields(course.id))).id],
      ['page', (await create('page', pageFields())).id],
    ];
    const before = await counts();
    for (const [kind, id] of items) {
      for (const action of ['create_alias', 'convert_alias']) {
        expect((await t.api('POST', `/editorial/${kind}/${id}/action/${action}`, { body: {} })).statusCode, `${kind} ${action} guest`).toBe(401);
        expect((await act(kind, id, action, {}, reader)).statusCode, `${kind} ${action} reader`).toBe(403);
      }
    }
    const pageId = items[3]![1];
    expect((await t.api('POST', `/pages/${pageId}/action/create_alias`, { token: reader, body: { slug: 'nope' } })).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('names each bad field, and writes nothing for bad input', async () => {
    const free = await create('course', courseFields());
    const premium = await create('course', courseFields({ access: 'premium' }));
    const lesson = await create('lesson', lessonFields(free.id));
    const article = await create('article', articleFields({ slug: `taken-${word()}` }));
    const page = await create('page', pageFields());
    const cases: Array<[string, number, unknown, number, string]> = [
      ['article', article.id, { category_id: 999999 }, 400, 'category_id'],
      ['article', article.id, { slug: 'Not A Slug' }, 400, 'slug'],
      ['article', article.id, { slug: article.fields.slug }, 409, 'slug'],
      ['article', article.id, { title: 'Another title' }, 400, 'title'],
      ['course', free.id, { category_id: 999999 }, 400, 'category_id'],
      ['lesson', lesson.id, { course_id: 999999 }, 400, 'course_id'],
      // A lesson of a free course may not be shown in a premium one, nor the reverse.
      ['lesson', lesson.id, { course_id: premium.id }, 400, 'course_id'],
      ['page', page.id, { slug: page.fields.slug }, 409, 'slug'],
      ['article', article.id, undefined, 409, 'action'],
    ];
    const before = await counts();
    for (const [kind, id, body, status, field] of cases) {
      const res = await act(kind, id, body === undefined ? 'convert_alias' : 'create_alias', body ?? {});
      expect(res.statusCode, `${kind} ${field}: ${res.body}`).toBe(status);
      expect(res.json().fields, `${kind} ${field}`).toHaveProperty([field]);
    }
    expect((await act('article', 999999, 'create_alias', {})).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('an article alias follows its original: a draft while it is, its content at each publication', async () => {
    const secret = word();
    const original = await create('article', articleFields({ body_markdown: `Before ${secret}.`, category_id: category }));
    const other = (await createCategory(t)).id;
    const copy = await alias('article', original.id, { category_id: other });
    expect(copy).toMatchObject({ status: 'draft', alias_of: { id: original.id }, fields: { category_id: other, body_markdown: `Before ${secret}.` } });
    expect((await open('article', original.id)).aliases.map((a) => a.id)).toEqual([copy.id]);
    expect((await t.api('GET', `/article/${copy.id}`)).statusCode).toBe(404);

    await act('article', original.id, 'publish');
    const read = await t.api('GET', `/article/${copy.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().content_html).toContain(`Before ${secret}.`);

    // The original's saved changes reach the alias with its publication, not before.
    const live = await open('article', original.id);
    expect((await save('article', live, { ...live.fields, body_markdown: 'After.' })).statusCode).toBe(200);
    expect((await t.api('GET', `/article/${copy.id}`)).json().content_html).toContain('Before');
    await act('article', original.id, 'publish');
    expect((await t.api('GET', `/article/${copy.id}`)).json().content_html).toContain('After.');

    // Its content is the original's: edits are refused, naming the field; its place is its own.
    const opened = await open('article', copy.id);
    const refused = await save('article', opened, { ...opened.fields, body_markdown: 'Mine.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toHaveProperty('body_markdown');
    const slug = `alias-${word()}`;
    const moved = await save('article', opened, { ...opened.fields, slug });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'live', fields: { slug, body_markdown: 'After.' } });
    for (const action of ['publish', 'unpublish', 'schedule']) {
      const res = await act('article', copy.id, action, action === 'schedule' ? { at: new Date(Date.now() + 3_600_000).toISOString() } : undefined);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().fields, action).toHaveProperty('action');
    }

    // Unpublishing the original takes the alias from readers too.
    await act('article', original.id, 'unpublish');
    expect((await t.api('GET', `/article/${copy.id}`)).statusCode).toBe(404);
    expect((await open('article', copy.id)).status).toBe('draft');
  });

  it('an alias keeps its original’s access: a plan article’s alias is read by no one outside the plan', async () => {
    const secret = word();
    const original = await create('article', articleFields({ access: 'plan', access_plan_id: plan, body_markdown: `Circle ${secret} only.` }));
    await act('article', original.id, 'publish');
    const copy = await alias('article', original.id);
    expect(copy).toMatchObject({ status: 'live', fields: { access: 'plan', access_plan_id: plan } });
    for (const who of [{}, { token: reader }]) {
      const res = await t.api('GET', `/article/${copy.id}`, who);
      expect(res.body).not.toContain(secret);
    }
    expect((await t.api('GET', `/article/${copy.id}`, { token: staff })).body).toContain(secret);
  });

  it('convert_alias makes an ordinary item: it keeps what it showed, with a revision, and no longer follows', async () => {
    const original = await create('article', articleFields({ body_markdown: 'Shared words.' }));
    await act('article', original.id, 'publish');
    const copy = await alias('article', original.id);
    const converted = await act('article', copy.id, 'convert_alias');
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.json()).toMatchObject({ alias_of: null, status: 'live', fields: { body_markdown: 'Shared words.' } });
    const history = (await t.api('GET', `/editorial/article/${copy.id}/revisions`, { token: staff })).json();
    expect(history[0].note).toBe(`Converted from an alias of article ${original.id}`);
    // Both actions are in the staff audit log, as every staff write is.
    const audited = await withBackofficeTables(t.db.kysely).selectFrom('staff_audit_log').select(['path', 'status', 'actor_id']).where('path', 'in', [`/api/v2/editorial/article/${original.id}/action/create_alias`, `/api/v2/editorial/article/${copy.id}/action/convert_alias`]).execute();
    expect(audited.map((row) => [row.path.split('/').at(-1), row.status, row.actor_id]).sort()).toEqual([['convert_alias', 200, staffId], ['create_alias', 201, staffId]]);
    expect((await open('article', original.id)).aliases).toEqual([]);

    const live = await open('article', original.id);
    await save('article', live, { ...live.fields, body_markdown: 'The original moved on.' });
    await act('article', original.id, 'publish');
    expect((await t.api('GET', `/article/${copy.id}`)).json().content_html).toContain('Shared words.');
    // Its own text may be edited now.
    const own = await open('article', copy.id);
    expect((await save('article', own, { ...own.fields, body_markdown: 'Its own words.' })).statusCode).toBe(200);
    expect((await act('article', copy.id, 'convert_alias')).statusCode).toBe(409);
  });

  it('an alias of an alias shows the first original; deleting an original converts its aliases', async () => {
    const original = await create('article', articleFields({ body_markdown: 'Root text.' }));
    const first = await alias('article', original.id);
    const second = await alias('article', first.id);
    expect(second.alias_of?.id).toBe(original.id);
    expect((await act('article', original.id, 'delete')).statusCode).toBe(204);
    for (const id of [first.id, second.id]) {
      const item = await open('article', id);
      expect(item).toMatchObject({ alias_of: null, fields: { body_markdown: 'Root text.' } });
      const history = (await t.api('GET', `/editorial/article/${id}/revisions`, { token: staff })).json();
      expect(history[0].note).toBe(`Converted: its original (article ${original.id}) was deleted`);
    }
  });

  it('a course alias is published and unpublished with its original, in its own category', async () => {
    const original = await create('course', courseFields({ body_markdown: 'Course words.' }));
    const copy = await alias('course', original.id, { category_id: category });
    expect(copy).toMatchObject({ status: 'draft', alias_of: { id: original.id }, fields: { category_id: category, body_markdown: 'Course words.' } });
    expect((await t.api('GET', `/course/${copy.id}`)).statusCode).toBe(404);
    const draft = await open('course', original.id);
    await save('course', draft, { ...draft.fields, body_markdown: 'Better course words.' });
    // A draft's saves reach its aliases at once (both drafts: no reader sees them).
    expect((await open('course', copy.id)).fields.body_markdown).toBe('Better course words.');
    await act('course', original.id, 'publish');
    expect((await t.api('GET', `/course/${copy.id}`)).body).toContain('Better course words.');
    await act('course', original.id, 'unpublish');
    expect((await t.api('GET', `/course/${copy.id}`)).statusCode).toBe(404);
    expect((await act('course', copy.id, 'convert_alias')).json().alias_of).toBeNull();
  });

  it('a lesson alias stands in another course of the same access and follows the lesson’s publication', async () => {
    const from = await create('course', courseFields());
    const to = await create('course', courseFields());
    const lesson = await create('lesson', lessonFields(from.id, { body_markdown: 'Stitch once.' }));
    await act('course', to.id, 'publish');
    // The original's course is a draft: a live course may not show its lesson.
    const refused = await act('lesson', lesson.id, 'create_alias', { course_id: to.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('course_id');
    await act('course', from.id, 'publish');
    const copy = await alias('lesson', lesson.id, { course_id: to.id, chapter: 'Borrowed' });
    expect(copy).toMatchObject({ status: 'live', alias_of: { id: lesson.id }, fields: { course_id: to.id, chapter: 'Borrowed', body_markdown: 'Stitch once.' } });
    expect((await open('course', to.id)).lessons).toMatchObject([{ id: copy.id, chapter: 'Borrowed' }]);
    expect((await t.api('GET', `/lesson/${copy.id}`)).body).toContain('Stitch once.');

    const live = await open('lesson', lesson.id);
    await save('lesson', live, { ...live.fields, body_markdown: 'Stitch twice.' });
    expect((await t.api('GET', `/lesson/${copy.id}`)).body).toContain('Stitch once.');
    await act('lesson', lesson.id, 'publish');
    expect((await t.api('GET', `/lesson/${copy.id}`)).body).toContain('Stitch twice.');
    const [first] = (await t.api('GET', `/editorial/lesson/${copy.id}/revisions`, { token: staff })).json();
    expect((await act('lesson', copy.id, 'revert_to_page_revision', { revision_id: first.id })).statusCode).toBe(409);
  });

  it('a scheduled original takes its aliases live with it', async () => {
    const original = await create('page', pageFields({ body_markdown: 'At nine.' }));
    const copy = await alias('page', original.id, { slug: `scheduled-alias-${word()}` });
    await act('page', original.id, 'schedule', { at: new Date(Date.now() + 3_600_000).toISOString() });
    await t.db.kysely.updateTable('publish_schedules').set({ publish_at: new Date(Date.now() - 1000).toISOString() }).where('kind', '=', 'page').where('item_id', '=', original.id).execute();
    const { publishDue } = await import('../../../src/server/modules/content/editorial/action-service.js');
    expect(await publishDue(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect((await open('page', copy.id)).status).toBe('live');
    expect((await t.api('GET', `/page/s/${String(copy.fields.slug)}`)).json().body_html).toContain('At nine.');
  });

  it('site pages: both actions on the pages API too, and the page API’s publish reaches the alias', async () => {
    const original = await create('page', pageFields({ body_markdown: 'Page words.' }));
    const slug = `alias-page-${word()}`;
    const made = await t.api('POST', `/pages/${original.id}/action/create_alias`, { token: staff, body: { slug, position: 7 } });
    expect(made.statusCode, made.body).toBe(201);
    const page = made.json();
    expect(page).toMatchObject({ slug, sort_order: 7, live: false });
    expect((await t.api('GET', `/page/s/${slug}`)).statusCode).toBe(404);
    expect((await t.api('POST', `/pages/${page.id}/action/publish`, { token: staff })).statusCode).toBe(409);

    expect((await t.api('POST', `/pages/${original.id}/action/publish`, { token: staff })).statusCode).toBe(200);
    expect((await t.api('GET', `/page/s/${slug}`)).json().body_html).toContain('Page words.');
    const live = await open('page', original.id);
    await save('page', live, { ...live.fields, body_markdown: 'New page words.' });
    await act('page', original.id, 'publish');
    expect((await t.api('GET', `/page/s/${slug}`)).json().body_html).toContain('New page words.');

    // A change through the pages API's PATCH shows at once on a live page, and on its alias.
    expect((await t.api('PATCH', `/pages/${original.id}`, { token: staff, body: { body_markdown: 'Patched words.' } })).statusCode).toBe(200);
    expect((await t.api('GET', `/page/s/${slug}`)).json().body_html).toContain('Patched words.');

    const converted = await t.api('POST', `/pages/${page.id}/action/convert_alias`, { token: staff });
    expect(converted.statusCode, converted.body).toBe(200);
    expect((await open('page', page.id)).alias_of).toBeNull();
    expect((await t.api('POST', `/pages/${page.id}/action/convert_alias`, { token: staff })).statusCode).toBe(409);
  });
});
