import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';

/**
 * A lesson linked to its version in the other language (migration 0034, decision 0116) names it to readers as
 * `translation` (id, language, title and its course's id) once the other lesson's course is published: never while that course is a
 * draft, not even to staff, and the same in the saved-offline copy's byte count.
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
const course = (language: string, access = 'free') => ({
  title: `Course ${(n += 1)} ${language}`,
  slug: '',
  summary: '',
  cover: '',
  body_markdown: 'About.',
  level: 'beginner',
  category_id: null,
  tag_ids: [],
  access,
  language,
});
const lesson = (courseId: number, overrides: Record<string, unknown> = {}) => ({
  course_id: courseId,
  title: `Lesson ${(n += 1)}`,
  slug: '',
  chapter: '',
  summary: 'What it is about.',
  body_markdown: 'Lesson text.',
  duration: 0,
  is_free_preview: false,
  ...overrides,
});

type Item = { id: number; version: string; fields: Record<string, unknown> };
async function create(kind: string, fields: Record<string, unknown>): Promise<Item> {
  const res = await t.api('POST', `/editorial/${kind}`, { token: staff, body: { fields } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Item;
}
async function publish(kind: string, id: number): Promise<void> {
  const res = await t.api('POST', `/editorial/${kind}/${id}/action/publish`, { token: staff });
  expect(res.statusCode, res.body).toBe(200);
}
async function translationOf(id: number, token?: string) {
  const res = await t.api('GET', `/lesson/${id}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { translation: unknown }).translation;
}

/** An English course and a Chinese one, a lesson in each linked to the other; only the English course published. */
async function linkedPair(access = 'free') {
  const en = await create('course', course('en', access));
  const zh = await create('course', course('zh-CN', access));
  const enLesson = await create('lesson', lesson(en.id));
  const zhLesson = await create('lesson', lesson(zh.id, { title: `第 ${(n += 1)} 课`, translation_id: enLesson.id }));
  await publish('course', en.id);
  return { en, zh, enLesson, zhLesson };
}

describe('a lesson names its translation', () => {
  it('once the other course is published, to guests, readers and staff alike; never while it is a draft', async () => {
    const { en, zh, enLesson, zhLesson } = await linkedPair();
    // The Chinese course is a draft: nobody is led to it, staff included.
    expect(await translationOf(enLesson.id)).toBeNull();
    expect(await translationOf(enLesson.id, reader)).toBeNull();
    expect(await translationOf(enLesson.id, staff)).toBeNull();

    await publish('course', zh.id);
    const expected = { id: zhLesson.id, language: 'zh-CN', title: zhLesson.fields.title, course_id: zh.id };
    // The guest's answer read before is not kept past the publication.
    expect(await translationOf(enLesson.id)).toEqual(expected);
    expect(await translationOf(enLesson.id, reader)).toEqual(expected);
    expect(await translationOf(zhLesson.id)).toEqual({ id: enLesson.id, language: 'en', title: enLesson.fields.title, course_id: en.id });

    // Unpublished again: the link goes with it.
    expect((await t.api('POST', `/editorial/course/${zh.id}/action/unpublish`, { token: staff })).statusCode).toBe(200);
    expect(await translationOf(enLesson.id)).toBeNull();
  });

  it('is null for a lesson with no translation', async () => {
    const en = await create('course', course('en'));
    const alone = await create('lesson', lesson(en.id));
    await publish('course', en.id);
    expect(await translationOf(alone.id)).toBeNull();
  });

  it('is named on a locked lesson too (title only: its text stays locked)', async () => {
    const { zh, enLesson, zhLesson } = await linkedPair('premium');
    await publish('course', zh.id);
    const res = await t.api('GET', `/lesson/${enLesson.id}`, { token: reader });
    const body = res.json() as { locked: boolean; content_html: string | null; translation: unknown };
    expect(body.locked).toBe(true);
    expect(body.content_html).toBeNull();
    expect(body.translation).toEqual({ id: zhLesson.id, language: 'zh-CN', title: zhLesson.fields.title, course_id: zh.id });
  });

  it('counts in the offline copy: each lesson answer in the manifest has the bytes the API sends', async () => {
    const { en, zh, enLesson } = await linkedPair();
    await publish('course', zh.id);
    const manifest = await t.api('GET', `/course/${en.id}/offline_manifest`, { token: reader });
    expect(manifest.statusCode, manifest.body).toBe(200);
    const entry = (manifest.json() as { lessons: { id: number; api_bytes: number }[] }).lessons.find((l) => l.id === enLesson.id)!;
    const answer = await t.api('GET', `/lesson/${enLesson.id}`, { token: reader });
    expect(answer.json().translation).not.toBeNull();
    expect(entry.api_bytes).toBe(Buffer.byteLength(answer.body));
  });
});
