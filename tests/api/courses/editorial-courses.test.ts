import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let staff: string;
let reader: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t));
  reader = await tokenFor(t, await createUser(t));
});

const courseFields = (overrides: Record<string, unknown> = {}) => ({ title: 'Bookbinding', slug: '', summary: 'Sew a book.', cover: '', body_markdown: 'About **it**.', level: 'beginner', category_id: null, tag_ids: [], access: 'free', language: 'en', ...overrides });
const lessonFields = (courseId: number, overrides: Record<string, unknown> = {}) => ({ course_id: courseId, title: 'Lesson', slug: '', chapter: '', summary: '', body_markdown: 'Text.', duration: 60, is_free_preview: false, ...overrides });
const create = (kind: string, fields: unknown, token = staff) => t.api('POST', `/editorial/${kind}`, { token, body: { fields } });
const open = (kind: string, id: number) => t.api('GET', `/editorial/${kind}/${id}`, { token: staff });
const act = (kind: string, id: number, action: string, body?: unknown) => t.api('POST', `/editorial/${kind}/${id}/action/${action}`, { token: staff, ...(body !== undefined && { body }) });
const titles = async (courseId: number) => ((await open('course', courseId)).json().lessons as Array<{ title: string }>).map((l) => l.title);

describe('writing courses and lessons', () => {
  it('is staff-only for both kinds', async () => {
    for (const kind of ['course', 'lesson']) {
      expect((await t.api('GET', `/editorial/${kind}`)).statusCode).toBe(401);
      expect((await t.api('GET', `/editorial/${kind}`, { token: reader })).statusCode).toBe(403);
      expect((await create(kind, {}, reader)).statusCode).toBe(403);
    }
  });

  it('builds a course with three lessons in chapters, reorders them, and publishes it', async () => {
    const course = (await create('course', courseFields())).json();
    expect(course).toMatchObject({ status: 'draft', lessons: [] });
    for (const [title, chapter] of [['One', 'Basics'], ['Two', 'Basics'], ['Three', 'Further']]) {
      const made = await create('lesson', lessonFields(course.id, { title, chapter }));
      expect(made.statusCode, made.body).toBe(201);
    }
    expect(await titles(course.id)).toEqual(['One', 'Two', 'Three']);
    const three = (await open('course', course.id)).json().lessons[2].id;
    expect((await act('lesson', three, 'move', { position: 1 })).statusCode).toBe(200);
    expect(await titles(course.id)).toEqual(['Three', 'One', 'Two']);
    expect((await act('lesson', three, 'move', { position: 99 })).statusCode).toBe(200);
    expect(await titles(course.id)).toEqual(['One', 'Two', 'Three']);
    expect((await act('lesson', three, 'move', {})).json().fields).toHaveProperty('position');

    // A draft course is no one's but staff's: its page, its outline and its offline manifest.
    expect((await t.api('GET', `/course/${course.id}`)).statusCode).toBe(404);
    expect((await t.api('GET', `/course/${course.id}/offline_manifest`)).statusCode).not.toBe(200);
    expect((await act('course', course.id, 'publish')).json().status).toBe('live');
    const outline = (await t.api('GET', `/course/${course.id}/lesson`)).json();
    expect(JSON.stringify(outline)).toMatch(/One[\s\S]*Two[\s\S]*Three/);
  });

  it('moves a lesson into another course', async () => {
    const a = (await create('course', courseFields({ title: 'From' }))).json();
    const b = (await create('course', courseFields({ title: 'To' }))).json();
    const lesson = (await create('lesson', lessonFields(a.id, { title: 'Travelling' }))).json();
    await create('lesson', lessonFields(b.id, { title: 'Resident' }));
    const moved = await act('lesson', lesson.id, 'move', { course_id: b.id, position: 1, chapter: 'Arrivals' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().fields).toMatchObject({ course_id: b.id, chapter: 'Arrivals' });
    expect(await titles(b.id)).toEqual(['Travelling', 'Resident']);
    expect(await titles(a.id)).toEqual([]);
    expect((await act('lesson', lesson.id, 'move', { course_id: 999999 })).json().fields).toHaveProperty('course_id');
  });

  it("keeps a live course's lesson as learners read it until its changes are published", async () => {
    const course = (await create('course', courseFields({ title: 'Live course' }))).json();
    const lesson = (await create('lesson', lessonFields(course.id, { title: 'Open', body_markdown: 'Old words.', is_free_preview: true }))).json();
    await act('course', course.id, 'publish');
    const opened = (await open('lesson', lesson.id)).json();
    expect(opened.status).toBe('live');
    const saved = await t.api('POST', `/editorial/lesson/${lesson.id}/save`, { token: staff, body: { base_version: opened.version, fields: lessonFields(course.id, { title: 'Open', body_markdown: 'New words.', is_free_preview: true }) } });
    expect(saved.json()).toMatchObject({ unpublished_changes: true });
    expect((await t.api('GET', `/lesson/${lesson.id}`)).body).toContain('Old words.');
    await act('lesson', lesson.id, 'publish');
    expect((await t.api('GET', `/lesson/${lesson.id}`)).body).toContain('New words.');
    expect((await act('lesson', lesson.id, 'unpublish')).json().fields).toHaveProperty('action');
    expect((await act('lesson', lesson.id, 'schedule', { at: new Date(Date.now() + 60_000).toISOString() })).json().fields).toHaveProperty('action');
  });

  it('names bad fields and writes nothing', async () => {
    const before = (await t.api('GET', '/editorial/course', { token: staff })).json().count;
    for (const [fields, field] of [
      [courseFields({ level: 'expert' }), 'level'],
      [courseFields({ access: 'gold' }), 'access'],
      [courseFields({ tag_ids: [999999] }), 'tag_ids'],
    ] as const) {
      const res = await create('course', fields);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields, field).toHaveProperty([field]);
    }
    expect((await t.api('GET', '/editorial/course', { token: staff })).json().count).toBe(before);
    expect((await create('lesson', lessonFields(999999))).json().fields).toHaveProperty('course_id');
    expect((await create('lesson', lessonFields(1, { duration: -1 }))).json().fields).toHaveProperty('duration');
  });

  it('copies a course as a draft and deletes a lesson', async () => {
    const course = (await create('course', courseFields({ title: 'Original course', slug: 'original-course' }))).json();
    const lesson = (await create('lesson', lessonFields(course.id, { title: 'Only' }))).json();
    const copy = await act('course', course.id, 'copy', { slug: 'original-course-copy' });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ status: 'draft', fields: { slug: 'original-course-copy' } });
    expect((await act('lesson', lesson.id, 'delete')).statusCode).toBe(204);
    expect(await titles(course.id)).toEqual([]);
    expect((await t.api('GET', `/editorial/lesson/${lesson.id}/revisions`, { token: staff })).statusCode).toBe(404);
  });
});
