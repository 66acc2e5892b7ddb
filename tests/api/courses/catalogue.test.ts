import { beforeAll, describe, expect, it } from 'vitest';
import { grantCourse } from '../../../src/server/modules/courses/progress-service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createCategory, createTag } from '../helpers/factories.js';
import { courseWithLessons, createCourse, createLesson, next, ok, person, type CourseOut, type LessonOut, type Person } from './factories.js';

/** Courses, lessons and course products: writes for staff, reads for everyone, every input validated. */
let t: TestApp;
let staff: Person;
let user: Person;
beforeAll(async () => {
  t = await createTestApp();
  staff = await person(t, 'staff');
  user = await person(t);
});

interface Page<T> {
  count: number;
  next: string | null;
  results: T[];
}

const expectField = async (res: Awaited<ReturnType<TestApp['api']>>, field: string, status = 400) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().fields, res.body).toHaveProperty(field);
};

describe('course writes', () => {
  it('are for staff only', async () => {
    const body = { title: 'Probe course' };
    expect((await t.api('POST', '/course', { body })).statusCode).toBe(401);
    expect((await t.api('POST', '/course', { token: user.token, body })).statusCode).toBe(403);
    const course = await createCourse(t, staff.token);
    expect((await t.api('PATCH', `/course/${course.id}`, { token: user.token, body })).statusCode).toBe(403);
    expect((await t.api('DELETE', `/course/${course.id}`, { token: user.token })).statusCode).toBe(403);
    expect((await t.api('POST', '/lesson', { token: user.token, body: { course_id: course.id, title: 'x' } })).statusCode).toBe(403);
  });

  it('create a course with its category, tags, level and rendered description', async () => {
    const [category, tag] = [await createCategory(t), await createTag(t)];
    const course = ok<CourseOut & Record<string, unknown>>(
      await t.api('POST', '/course', {
        token: staff.token,
        body: { title: 'Pragmatic SQL!', level: 'intermediate', access: 'premium', category_id: category.id, tag_ids: [tag.id, tag.id], body_markdown: '# Intro\n\n```sql\nselect 1;\n```', is_published: true, position: 3 },
      }),
      201,
    );
    expect(course).toMatchObject({
      slug: 'pragmatic-sql',
      level: 'intermediate',
      access: 'premium',
      category: { id: category.id },
      tags: [{ id: tag.id, name: tag.name }],
      author: { id: staff.user.id },
      is_published: true,
      position: 3,
      lesson_count: 0,
      can_read: true,
      reason: 'staff',
    });
    expect(course.content_html).toContain('hljs');
    expect(course.published_at).toEqual(expect.any(String));
    const second = ok<CourseOut>(await t.api('POST', '/course', { token: staff.token, body: { title: 'Pragmatic SQL' } }), 201);
    expect(second.slug).toBe('pragmatic-sql-2');
    const taken = await t.api('POST', '/course', { token: staff.token, body: { title: 'X', slug: 'pragmatic-sql' } });
    await expectField(taken, 'slug', 409);
  });

  it('refuse bad input with a 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x', level: 'expert' }, 'level'],
      [{ title: 'x', access: 'members' }, 'access'],
      [{ title: 'x', slug: 'Not A Slug' }, 'slug'],
      [{ title: 'x', category_id: 2147483000 }, 'category_id'],
      [{ title: 'x', category_id: 4294967296 }, 'category_id'],
      [{ title: 'x', tag_ids: [2147483000] }, 'tag_ids'],
      [{ title: 'x', author_id: 2147483000 }, 'author_id'],
      [{ title: 'x', position: 1e12 }, 'position'],
      [{ title: 'bad\u0000title' }, 'title'],
    ];
    for (const [body, field] of cases) await expectField(await t.api('POST', '/course', { token: staff.token, body }), field);
    await expectField(await t.api('GET', '/course/99999999999'), 'id');
    await expectField(await t.api('GET', '/course', { query: { level: 'expert' } }), 'level');
  });

  it('change, replace and delete a course; one that was granted stays', async () => {
    const course = await createCourse(t, staff.token, { is_published: false });
    const changed = ok<CourseOut & { is_published: boolean; published_at: string | null; title: string }>(
      await t.api('PATCH', `/course/${course.id}`, { token: staff.token, body: { title: 'Changed', is_published: true } }),
    );
    expect(changed).toMatchObject({ title: 'Changed', is_published: true });
    expect(changed.published_at).toEqual(expect.any(String));
    const replaced = ok<{ title: string; access: string; summary: string }>(await t.api('PUT', `/course/${course.id}`, { token: staff.token, body: { title: 'Replaced', access: 'purchase' } }));
    expect(replaced).toMatchObject({ title: 'Replaced', access: 'purchase', summary: '' });
    expect((await t.api('PATCH', '/course/2147483000', { token: staff.token, body: { title: 'x' } })).statusCode).toBe(404);
    await grantCourse(t.app.ctx, user.user.id, course.id, { kind: 'staff', reference: `keep-${course.id}` });
    expect((await t.api('DELETE', `/course/${course.id}`, { token: staff.token })).statusCode).toBe(409);
    const other = await courseWithLessons(t, staff.token, 'free', 2);
    expect((await t.api('DELETE', `/course/${other.course.id}`, { token: staff.token })).statusCode).toBe(204);
    expect((await t.api('GET', `/course/${other.course.id}`)).statusCode).toBe(404);
    expect((await t.api('GET', `/lesson/${other.lessons[0].id}`)).statusCode).toBe(404);
    expect((await t.api('DELETE', `/course/${other.course.id}`, { token: staff.token })).statusCode).toBe(404);
  });
});

describe('the course list', () => {
  it('filters by category, tag, level and access, pages, and hides drafts but from staff', async () => {
    const [category, tag] = [await createCategory(t), await createTag(t)];
    const a = await createCourse(t, staff.token, { category_id: category.id, level: 'advanced', access: 'purchase', position: 2 });
    const b = await createCourse(t, staff.token, { category_id: category.id, tag_ids: [tag.id], level: 'beginner', position: 1 });
    const draft = await createCourse(t, staff.token, { category_id: category.id, is_published: false });
    const list = (query: Record<string, string>, token?: string) => t.api('GET', '/course', { query, token });
    const ids = async (query: Record<string, string>, token?: string) => ok<Page<{ id: number }>>(await list(query, token)).results.map((c) => c.id);
    expect(await ids({ category: String(category.id) })).toEqual([b.id, a.id]);
    expect(await ids({ tag: String(tag.id) })).toEqual([b.id]);
    expect(await ids({ category: String(category.id), level: 'advanced' })).toEqual([a.id]);
    expect(await ids({ category: String(category.id), access: 'purchase' })).toEqual([a.id]);
    const paged = ok<Page<{ id: number }>>(await list({ category: String(category.id), page_size: '1' }));
    expect(paged).toMatchObject({ count: 2, results: [{ id: b.id }] });
    expect(paged.next).toContain('page=2');
    expect((await list({ include_drafts: '1' }, user.token)).statusCode).toBe(403);
    expect(await ids({ category: String(category.id), include_drafts: '1' }, staff.token)).toContain(draft.id);
  });

  it('lists the categories and tags that have published courses, with counts', async () => {
    const [category, tag, lonely] = [await createCategory(t), await createTag(t), await createTag(t)];
    const { course } = await courseWithLessons(t, staff.token, 'free', 2);
    ok(await t.api('PATCH', `/course/${course.id}`, { token: staff.token, body: { category_id: category.id, tag_ids: [tag.id] } }));
    await createCourse(t, staff.token, { category_id: category.id, tag_ids: [tag.id, lonely.id] });
    await createCourse(t, staff.token, { tag_ids: [lonely.id], is_published: false });
    const find = (list: { id: number }[], id: number) => list.find((x) => x.id === id);
    const courseCategories = ok<{ id: number }[]>(await t.api('GET', '/course/category'));
    expect(find(courseCategories, category.id)).toMatchObject({ name: category.name, course_count: 2, lesson_count: 2 });
    const courseTags = ok<{ id: number }[]>(await t.api('GET', '/course/tag'));
    expect(find(courseTags, tag.id)).toMatchObject({ course_count: 2, lesson_count: 2 });
    expect(find(courseTags, lonely.id)).toMatchObject({ course_count: 1, lesson_count: 0 });
    const lessonCategories = ok<{ id: number }[]>(await t.api('GET', '/lesson/category'));
    expect(find(lessonCategories, category.id)).toMatchObject({ lesson_count: 2 });
    const lessonTags = ok<{ id: number }[]>(await t.api('GET', '/lesson/tag'));
    expect(find(lessonTags, tag.id)).toMatchObject({ lesson_count: 2 });
    expect(find(lessonTags, lonely.id)).toBeUndefined();
  });
});

describe('lessons', () => {
  it('are written by staff: Markdown rendered with code and images, the summary from the first paragraph', async () => {
    const course = await createCourse(t, staff.token);
    const lesson = await createLesson(t, staff.token, course.id, { title: 'Hello, Lessons', chapter: 'Start' });
    expect(lesson).toMatchObject({ slug: 'hello-lessons', chapter: 'Start', position: 1, duration: 300, media_kind: 'video', is_free_preview: false });
    expect(lesson.content_html).toContain('<img');
    expect(lesson.content_html).toContain('hljs');
    expect(lesson.summary).toMatch(/^Opening paragraph of lesson \w+\.$/);
    const second = await createLesson(t, staff.token, course.id, { summary: 'Written by hand.' });
    expect(second).toMatchObject({ position: 2, summary: 'Written by hand.' });
    const changed = ok<LessonOut>(await t.api('PATCH', `/lesson/${second.id}`, { token: staff.token, body: { summary: '', media_url: null } }));
    expect(changed.summary).toMatch(/^Opening paragraph/);
    expect(changed).toMatchObject({ media_url: null, media_kind: null });
    const replaced = ok<LessonOut>(await t.api('PUT', `/lesson/${second.id}`, { token: staff.token, body: { course_id: course.id, title: 'Replaced' } }));
    expect(replaced).toMatchObject({ title: 'Replaced', content_html: '', duration: 0, position: 2 });
    expect((await t.api('DELETE', `/lesson/${second.id}`, { token: staff.token })).statusCode).toBe(204);
    expect((await t.api('GET', `/lesson/${second.id}`)).statusCode).toBe(404);
  });

  it('refuse bad input with a 400 naming the field', async () => {
    const course = await createCourse(t, staff.token);
    const base = { course_id: course.id, title: 'x' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'x' }, 'course_id'],
      [{ ...base, course_id: 2147483000 }, 'course_id'],
      [{ ...base, media_url: 'javascript:alert(1)', media_kind: 'video' }, 'media_url'],
      [{ ...base, media_url: 'ftp://example.com/a.mp3', media_kind: 'audio' }, 'media_url'],
      [{ ...base, media_url: 'not a url', media_kind: 'audio' }, 'media_url'],
      [{ ...base, media_url: 'https://example.com/a.mp3' }, 'media_kind'],
      [{ ...base, media_url: 'https://example.com/a.mp3', media_kind: 'film' }, 'media_kind'],
      [{ ...base, duration: -1 }, 'duration'],
      [{ ...base, duration: 1.5 }, 'duration'],
      [{ ...base, is_free_preview: 'yes' }, 'is_free_preview'],
    ];
    for (const [body, field] of cases) await expectField(await t.api('POST', '/lesson', { token: staff.token, body }), field);
    const lesson = await createLesson(t, staff.token, course.id, { slug: 'taken' });
    await expectField(await t.api('POST', '/lesson', { token: staff.token, body: { ...base, slug: 'taken' } }), 'slug', 409);
    await expectField(await t.api('PATCH', `/lesson/${lesson.id}`, { token: staff.token, body: { media_url: 'data:text/html,hi' } }), 'media_url');
    // The same slug in another course is fine.
    const other = await createCourse(t, staff.token);
    ok(await t.api('POST', '/lesson', { token: staff.token, body: { course_id: other.id, title: 'x', slug: 'taken' } }), 201);
  });

  it('are listed in order without bodies, and navigate previous and next', async () => {
    const { course, lessons } = await courseWithLessons(t, staff.token, 'free', 3);
    ok(await t.api('PATCH', `/lesson/${lessons[2].id}`, { token: staff.token, body: { position: 0, chapter: 'Prelude' } }));
    const list = ok<Page<{ id: number; summary: string } & Record<string, unknown>>>(await t.api('GET', '/lesson', { query: { course: String(course.id) } }));
    expect(list.count).toBe(3);
    expect(list.results.map((l) => l.id)).toEqual([lessons[2].id, lessons[0].id, lessons[1].id]);
    expect(list.results[0]).not.toHaveProperty('content_html');
    expect(list.results[0]).not.toHaveProperty('media_url');
    const nav = ok<Record<string, unknown>>(await t.api('GET', `/lesson/navigation/${lessons[0].id}`));
    expect(nav).toMatchObject({ lesson_id: lessons[0].id, course_id: course.id, position: 2, total: 3, chapter: '', previous: { id: lessons[2].id, chapter: 'Prelude' }, next: { id: lessons[1].id } });
    const first = ok<Record<string, unknown>>(await t.api('GET', `/lesson/navigation/${lessons[2].id}`));
    expect(first).toMatchObject({ position: 1, previous: null, chapter: 'Prelude' });
    expect(ok<Record<string, unknown>>(await t.api('GET', `/lesson/navigation/${lessons[1].id}`)).next).toBeNull();
    const detail = ok<{ lesson_count: number; duration: number }>(await t.api('GET', `/course/${course.id}`));
    expect(detail).toMatchObject({ lesson_count: 3, duration: 900 });
    expect((await t.api('GET', '/lesson/navigation/2147483000')).statusCode).toBe(404);
  });
});

describe('course products', () => {
  it('price purchase courses: public when active, written by staff, kept once granted', async () => {
    const { course } = await courseWithLessons(t, staff.token, 'purchase', 1);
    const free = await createCourse(t, staff.token);
    const body = { course_id: course.id, name: `Lifetime ${next()}`, price: 4900 };
    expect((await t.api('POST', '/course_product', { token: user.token, body })).statusCode).toBe(403);
    await expectField(await t.api('POST', '/course_product', { token: staff.token, body: { ...body, course_id: free.id } }), 'course_id');
    await expectField(await t.api('POST', '/course_product', { token: staff.token, body: { ...body, price: 12.5 } }), 'price');
    await expectField(await t.api('POST', '/course_product', { token: staff.token, body: { ...body, price: -1 } }), 'price');
    const product = ok<{ id: number; price: number; currency: string; is_active: boolean }>(await t.api('POST', '/course_product', { token: staff.token, body }), 201);
    expect(product).toMatchObject({ price: 4900, currency: 'CNY', is_active: true });
    const hidden = ok<{ id: number }>(await t.api('POST', '/course_product', { token: staff.token, body: { ...body, is_active: false } }), 201);

    const publicList = ok<{ id: number }[]>(await t.api('GET', '/course_product', { query: { course: String(course.id) } }));
    expect(publicList.map((p) => p.id)).toEqual([product.id]);
    expect((await t.api('GET', '/course_product', { token: user.token, query: { include_inactive: '1' } })).statusCode).toBe(403);
    const staffList = ok<{ id: number }[]>(await t.api('GET', '/course_product', { token: staff.token, query: { course: String(course.id), include_inactive: '1' } }));
    expect(staffList.map((p) => p.id)).toEqual([product.id, hidden.id]);
    expect((await t.api('GET', `/course_product/${hidden.id}`)).statusCode).toBe(404);
    expect((await t.api('GET', `/course_product/${hidden.id}`, { token: staff.token })).statusCode).toBe(200);

    const card = ok<{ id: number; products: { id: number }[] }[]>(await t.api('GET', '/product_course'));
    expect(card.find((c) => c.id === course.id)?.products.map((p) => p.id)).toEqual([product.id]);
    expect(card.find((c) => c.id === free.id)).toBeUndefined();
    expect(ok<{ products: { id: number }[] }>(await t.api('GET', `/course/${course.id}`)).products.map((p) => p.id)).toEqual([product.id]);

    expect(ok<{ price: number }>(await t.api('PATCH', `/course_product/${product.id}`, { token: staff.token, body: { price: 3900 } })).price).toBe(3900);
    await grantCourse(t.app.ctx, user.user.id, course.id, { kind: 'order', reference: `product-${product.id}` }, { productId: product.id });
    expect((await t.api('DELETE', `/course_product/${product.id}`, { token: staff.token })).statusCode).toBe(409);
    expect((await t.api('DELETE', `/course_product/${hidden.id}`, { token: staff.token })).statusCode).toBe(204);
    await expect(grantCourse(t.app.ctx, user.user.id, free.id, { kind: 'order', reference: 'wrong-product' }, { productId: product.id })).rejects.toMatchObject({ status: 400, fields: { product_id: expect.any(String) } });
  });
});
