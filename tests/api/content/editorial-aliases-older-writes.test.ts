import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createCategory, createStaff, tokenFor } from '../helpers/factories.js';

/**
 * The older writes (`PUT`/`PATCH article/{id}`, `course/{id}`, `lesson/{id}`) keep aliases as the editor does
 * (decision 0119): an original's change reaches its aliases in the same call; an alias's content and publication
 * stay its original's (409 naming the field), its place is its own.
 */
let t: TestApp;
let staff: string;
let category: number;
beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t));
  category = (await createCategory(t)).id;
});

let n = 0;
const word = () => `zo${(n += 1)}${Math.random().toString(36).slice(2, 8)}`;
const article = () => ({ title: `Article ${word()}`, slug: '', summary: 'A summary.', cover: '', body_markdown: 'First text.', category_id: null, tag_ids: [], topic_ids: [], access: 'free', free_read: false, language: 'en' });
const course = () => ({ title: `Course ${word()}`, slug: '', summary: 'Sew.', cover: '', body_markdown: 'About it.', level: 'beginner', category_id: null, tag_ids: [], access: 'free', language: 'en' });
const lesson = (courseId: number) => ({ course_id: courseId, title: `Lesson ${word()}`, slug: '', chapter: '', summary: '', body_markdown: 'Lesson text.', duration: 60, is_free_preview: false });

const create = async (kind: string, fields: unknown): Promise<number> => {
  const res = await t.api('POST', `/editorial/${kind}`, { token: staff, body: { fields } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
};
const act = async (kind: string, id: number, action: string, body?: unknown) => {
  const res = await t.api('POST', `/editorial/${kind}/${id}/action/${action}`, { token: staff, ...(body !== undefined && { body }) });
  expect(res.statusCode, `${action}: ${res.body}`).toBeLessThan(300);
  return res.json<{ id: number }>();
};
const patch = (kind: string, id: number, body: unknown) => t.api('PATCH', `/${kind}/${id}`, { token: staff, body });
const editorFields = async (kind: string, id: number) => (await t.api('GET', `/editorial/${kind}/${id}`, { token: staff })).json<{ fields: Record<string, unknown> }>().fields;
const refusal = async (kind: string, id: number, body: unknown, field: string) => {
  const res = await patch(kind, id, body);
  expect(res.statusCode, res.body).toBe(409);
  expect(Object.keys(res.json<{ fields: Record<string, string> }>().fields)).toEqual([field]);
};

describe('the older writes and aliases', () => {
  it('an article: PATCH of the original reaches its live alias at once; the alias takes place changes only', async () => {
    const original = await create('article', article());
    await act('article', original, 'publish');
    const copy = (await act('article', original, 'create_alias', { category_id: category })).id;
    const secret = word();
    expect((await patch('article', original, { body_markdown: `Changed ${secret}.`, title: `Retitled ${secret}` })).statusCode).toBe(200);
    const read = await t.api('GET', `/article/${copy}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ title: `Retitled ${secret}`, content_html: expect.stringContaining(`Changed ${secret}.`) });

    await refusal('article', copy, { body_markdown: 'Mine.' }, 'body_markdown');
    await refusal('article', copy, { status: 'draft' }, 'status');
    await refusal('article', copy, { access: 'premium' }, 'access');
    expect((await t.api('GET', `/article/${copy}`)).json().content_html).toContain(`Changed ${secret}.`);
    // The same content sent again is no change (tags in any order); the place is the alias's own.
    const slug = `moved-${word()}`;
    const moved = await patch('article', copy, { slug, body_markdown: `Changed ${secret}.`, status: 'published', tag_ids: [] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await editorFields('article', copy)).toMatchObject({ slug, category_id: category, body_markdown: `Changed ${secret}.` });

    // Unpublishing the original through the older call takes the alias from readers in the same call.
    expect((await patch('article', original, { status: 'draft' })).statusCode).toBe(200);
    expect((await t.api('GET', `/article/${copy}`)).statusCode).toBe(404);
  });

  it('a course: PUT and PATCH of the original reach its alias; the alias refuses content and publication', async () => {
    const original = await create('course', course());
    await act('course', original, 'publish');
    const copy = (await act('course', original, 'create_alias', { category_id: category })).id;
    expect((await patch('course', original, { summary: 'Stitch by stitch.', level: 'advanced' })).statusCode).toBe(200);
    expect(await editorFields('course', copy)).toMatchObject({ summary: 'Stitch by stitch.', level: 'advanced', category_id: category });
    await refusal('course', copy, { level: 'beginner' }, 'level');
    await refusal('course', copy, { is_published: false }, 'is_published');
    expect((await patch('course', original, { is_published: false })).statusCode).toBe(200);
    expect((await t.api('GET', `/course/${copy}`)).statusCode).toBe(404);
  });

  it('a lesson: PATCH of the original reaches its alias in another course; the alias refuses its text', async () => {
    const from = await create('course', course());
    const to = await create('course', course());
    await act('course', from, 'publish');
    await act('course', to, 'publish');
    const original = await create('lesson', lesson(from));
    const copy = (await act('lesson', original, 'create_alias', { course_id: to, chapter: 'Borrowed' })).id;
    const secret = word();
    expect((await patch('lesson', original, { body_markdown: `Stitch ${secret}.` })).statusCode).toBe(200);
    expect((await t.api('GET', `/lesson/${copy}`)).body).toContain(`Stitch ${secret}.`);
    await refusal('lesson', copy, { body_markdown: 'Mine.' }, 'body_markdown');
    expect((await patch('lesson', copy, { chapter: 'Lent' })).statusCode).toBe(200);
    expect(await editorFields('lesson', copy)).toMatchObject({ chapter: 'Lent', course_id: to, body_markdown: `Stitch ${secret}.` });
  });

  it('a refused write changes nothing, not even the place fields sent with it', async () => {
    const original = await create('article', article());
    await act('article', original, 'publish');
    const copy = (await act('article', original, 'create_alias')).id;
    const before = await editorFields('article', copy);
    await refusal('article', copy, { title: 'Mine', slug: `mine-${word()}` }, 'title');
    expect(await editorFields('article', copy)).toEqual(before);
  });
});
