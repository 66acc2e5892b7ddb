import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';

/**
 * An article, a course or a lesson linked to its version in the other language: editors link them (both ways,
 * in the save's transaction), readers follow the link once the other version is published.
 */
let t: TestApp;
let staff: string;
let reader: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t));
  reader = await tokenFor(t, await createUser(t));
});

let n = 0;
const article = (language: string, overrides: Record<string, unknown> = {}) => ({
  title: `Piece ${(n += 1)} ${language}`,
  slug: '',
  summary: '',
  cover: '',
  body_markdown: 'Text.',
  category_id: null,
  tag_ids: [],
  topic_ids: [],
  access: 'free',
  free_read: false,
  language,
  ...overrides,
});
const course = (language: string, overrides: Record<string, unknown> = {}) => ({
  title: `Course ${(n += 1)} ${language}`,
  slug: '',
  summary: '',
  cover: '',
  body_markdown: 'About.',
  level: 'beginner',
  category_id: null,
  tag_ids: [],
  access: 'free',
  language,
  ...overrides,
});
const lesson = (courseId: number, overrides: Record<string, unknown> = {}) => ({
  course_id: courseId,
  title: `Lesson ${(n += 1)}`,
  slug: '',
  chapter: '',
  summary: '',
  body_markdown: 'Lesson text.',
  duration: 0,
  is_free_preview: false,
  ...overrides,
});

type Item = { id: number; version: string; fields: Record<string, unknown> };
async function create(kind: string, fields: Record<string, unknown>, token = staff): Promise<Item> {
  const res = await t.api('POST', `/editorial/${kind}`, { token, body: { fields } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Item;
}
const open = async (kind: string, id: number) => (await t.api('GET', `/editorial/${kind}/${id}`, { token: staff })).json() as Item;
const save = (kind: string, item: Item, fields: Record<string, unknown>, token = staff) =>
  t.api('POST', `/editorial/${kind}/${item.id}/save`, { token, body: { base_version: item.version, fields: { ...item.fields, ...fields } } });
const links = (table: 'articles' | 'courses' | 'lessons', ids: number[]) =>
  t.db.kysely.selectFrom(table).select(['id', 'translation_id']).where('id', 'in', ids).orderBy('id').execute();
const publish = (kind: string, id: number) => t.api('POST', `/editorial/${kind}/${id}/action/publish`, { token: staff });

describe('linking translations', () => {
  it('links an article to its version in the other language, both ways, and moves the link', async () => {
    const en = await create('article', article('en'));
    const zh = await create('article', article('zh-CN', { translation_id: en.id }));
    expect(await links('articles', [en.id, zh.id])).toEqual([{ id: en.id, translation_id: zh.id }, { id: zh.id, translation_id: en.id }]);
    expect((await open('article', en.id)).fields.translation_id).toBe(zh.id);

    // Linking the English one to another Chinese version unlinks the first.
    const zh2 = await create('article', article('zh-CN'));
    const res = await save('article', await open('article', en.id), { translation_id: zh2.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await links('articles', [en.id, zh.id, zh2.id])).toEqual([
      { id: en.id, translation_id: zh2.id },
      { id: zh.id, translation_id: null },
      { id: zh2.id, translation_id: en.id },
    ]);

    // Unlinking clears both.
    expect((await save('article', await open('article', zh2.id), { translation_id: null })).statusCode).toBe(200);
    expect(await links('articles', [en.id, zh2.id])).toEqual([{ id: en.id, translation_id: null }, { id: zh2.id, translation_id: null }]);
  });

  it('tells the editor who had the other version open instead of saving the old link back', async () => {
    const en = await create('article', article('en'));
    const zh = await create('article', article('zh-CN'));
    const stale = await open('article', zh.id);
    expect((await save('article', await open('article', en.id), { translation_id: zh.id })).statusCode).toBe(200);
    const res = await save('article', stale, { title: 'Changed meanwhile' });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty('base_version');
  });

  it('refuses, naming the field, a missing piece, the same language, itself and one linked elsewhere, writing nothing', async () => {
    const en = await create('article', article('en'));
    const en2 = await create('article', article('en'));
    const zh = await create('article', article('zh-CN', { translation_id: en2.id }));
    const before = await open('article', en.id);
    for (const [translation_id, status] of [[999_999, 400], [en2.id, 400], [en.id, 400], [zh.id, 409], ['x', 400]] as const) {
      const res = await save('article', before, { translation_id, title: 'Not written' });
      expect(res.statusCode, `${translation_id}: ${res.body}`).toBe(status);
      expect(res.json().fields).toHaveProperty('translation_id');
    }
    const after = await open('article', en.id);
    expect(after.fields.title).toBe(before.fields.title);
    expect(await links('articles', [en.id, en2.id, zh.id])).toEqual([
      { id: en.id, translation_id: null },
      { id: en2.id, translation_id: zh.id },
      { id: zh.id, translation_id: en2.id },
    ]);
    const bad = await t.api('POST', '/editorial/article', { token: staff, body: { fields: article('zh-CN', { translation_id: en2.id }) } });
    expect(bad.statusCode).toBe(409);
    expect(await t.db.kysely.selectFrom('articles').select('id').where('translation_id', '=', en2.id).execute()).toHaveLength(1);
  });

  it('is for staff alone', async () => {
    const en = await create('article', article('en'));
    expect((await t.api('POST', '/editorial/article', { token: reader, body: { fields: article('zh-CN', { translation_id: en.id }) } })).statusCode).toBe(403);
    expect((await t.api('POST', '/editorial/article', { body: { fields: article('zh-CN', { translation_id: en.id }) } })).statusCode).toBe(401);
    expect(await links('articles', [en.id])).toEqual([{ id: en.id, translation_id: null }]);
  });

  it('links courses, and lessons across courses of the two languages', async () => {
    const en = await create('course', course('en'));
    const zh = await create('course', course('zh-CN', { translation_id: en.id }));
    expect(await links('courses', [en.id, zh.id])).toEqual([{ id: en.id, translation_id: zh.id }, { id: zh.id, translation_id: en.id }]);
    const enLesson = await create('lesson', lesson(en.id));
    const zhLesson = await create('lesson', lesson(zh.id, { translation_id: enLesson.id }));
    expect(await links('lessons', [enLesson.id, zhLesson.id])).toEqual([
      { id: enLesson.id, translation_id: zhLesson.id },
      { id: zhLesson.id, translation_id: enLesson.id },
    ]);
    const sameCourse = await t.api('POST', '/editorial/lesson', { token: staff, body: { fields: lesson(en.id, { translation_id: enLesson.id }) } });
    expect(sameCourse.statusCode).toBe(400);
    expect(sameCourse.json().fields).toHaveProperty('translation_id');
  });
});

describe('readers follow the link', () => {
  it('shows a course its published translation, and nothing while that one is a draft', async () => {
    const en = await create('course', course('en'));
    const zh = await create('course', course('zh-CN', { translation_id: en.id }));
    expect((await publish('course', en.id)).statusCode).toBe(200);
    expect((await t.api('GET', `/course/${en.id}`)).json().translation).toBeNull();
    expect((await publish('course', zh.id)).statusCode).toBe(200);
    expect((await t.api('GET', `/course/${en.id}`)).json().translation).toEqual({ id: zh.id, language: 'zh-CN', title: zh.fields.title });
    expect((await t.api('GET', `/course/${zh.id}`)).json().translation).toMatchObject({ id: en.id, language: 'en' });
  });

  it('shows an article its live translation', async () => {
    const en = await create('article', article('en'));
    const zh = await create('article', article('zh-CN', { translation_id: en.id }));
    expect((await publish('article', en.id)).statusCode).toBe(200);
    expect((await t.api('GET', `/article/${en.id}`)).json().translation).toBeNull();
    expect((await publish('article', zh.id)).statusCode).toBe(200);
    expect((await t.api('GET', `/article/${en.id}`)).json().translation).toEqual({ id: zh.id, language: 'zh-CN', title: zh.fields.title });
    expect((await t.api('GET', `/article/${zh.id}`, { token: reader })).json().translation).toMatchObject({ id: en.id, language: 'en' });
  });
});
