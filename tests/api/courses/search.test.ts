import { beforeAll, describe, expect, it } from 'vitest';
import { grantCourse } from '../../../src/server/modules/courses/progress-service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createCourse, createLesson, next, ok, person, type Person } from './factories.js';

/**
 * Courses in `GET search`: a course matches on its own text or its lessons'; a lesson's body counts, and is
 * quoted, only for a caller who may read that lesson. Drafts never show. Article results are unchanged.
 */
let t: TestApp;
let staff: Person;
let user: Person;
let member: Person;
let buyer: Person;

beforeAll(async () => {
  t = await createTestApp();
  [staff, user, member, buyer] = [await person(t, 'staff'), await person(t), await person(t, 'member'), await person(t)];
});

interface LessonHit {
  id: number;
  locked: boolean;
  snippet: string;
}
interface CourseHit {
  id: number;
  kind: string;
  snippet: string;
  lessons: LessonHit[];
}
interface Answer {
  count: number;
  results: unknown[];
  course_count: number;
  courses: CourseHit[];
}

async function search(q: string, token?: string, page = 1): Promise<Answer> {
  return ok<Answer>(await t.api('GET', '/search', { query: { q, page: String(page) }, token }));
}
const courseIds = (a: Answer) => a.courses.map((c) => c.id).sort((x, y) => x - y);

/** A course of the access given with one lesson whose body alone holds `word` (also in Chinese when asked). */
async function courseWithSecret(access: 'free' | 'premium' | 'purchase', word: string, lessonFields: Record<string, unknown> = {}) {
  const course = await createCourse(t, staff.token, { access });
  const lesson = await createLesson(t, staff.token, course.id, {
    summary: 'A plain summary.',
    body_markdown: `Opening words.\n\nDeep inside lies the ${word} of this lesson.`,
    ...lessonFields,
  });
  return { course, lesson };
}

describe('course hits in search', () => {
  it('find a course by its title for everyone, as a course hit beside the article results', async () => {
    const word = `Zephyrine${next()}`;
    const course = await createCourse(t, staff.token, { title: `The ${word} course`, access: 'premium' });
    const guest = await search(word.toLowerCase());
    expect(guest.course_count).toBe(1);
    expect(guest.courses[0]).toMatchObject({ id: course.id, kind: 'course' });
    expect(guest.courses[0].snippet).toContain('<mark>');
    expect(guest.count).toBe(0);
    expect(guest.results).toEqual([]);
    // Later pages repeat the count but not the hits.
    const second = await search(word.toLowerCase(), undefined, 2);
    expect(second.course_count).toBe(1);
    expect(second.courses).toEqual([]);
  });

  it('never match nor quote a locked lesson body for a guest or a user; members, buyers and staff find it', async () => {
    const word = `quasarian${next()}`;
    const premium = await courseWithSecret('premium', word);
    for (const token of [undefined, user.token, buyer.token]) {
      const hits = await search(word, token);
      expect(hits.course_count).toBe(0);
      expect(JSON.stringify(hits)).not.toContain(word);
    }
    for (const token of [member.token, staff.token]) {
      const hits = await search(word, token);
      expect(courseIds(hits)).toEqual([premium.course.id]);
      const [lesson] = hits.courses[0].lessons;
      expect(lesson).toMatchObject({ id: premium.lesson.id, locked: false });
      expect(lesson.snippet).toContain(`<mark>${word}</mark>`);
    }
  });

  it('open a purchase course lesson body to its buyer only', async () => {
    const word = `nebulith${next()}`;
    const bought = await courseWithSecret('purchase', word);
    await grantCourse(t.app.ctx, buyer.user.id, bought.course.id, { kind: 'order', reference: `search-${bought.course.id}` });
    expect((await search(word)).course_count).toBe(0);
    expect((await search(word, member.token)).course_count).toBe(0);
    expect(courseIds(await search(word, buyer.token))).toEqual([bought.course.id]);
  });

  it('match free course and free preview lesson bodies for everyone', async () => {
    const word = `solstiary${next()}`;
    const free = await courseWithSecret('free', word);
    const preview = await courseWithSecret('premium', word, { is_free_preview: true });
    const guest = await search(word);
    expect(courseIds(guest)).toEqual([free.course.id, preview.course.id]);
    for (const hit of guest.courses) expect(hit.lessons[0].snippet).toContain(`<mark>${word}</mark>`);
  });

  it('match a locked lesson on its title and summary, quoting only those, for a guest', async () => {
    const word = `orrery${next()}`;
    const { course, lesson } = await courseWithSecret('premium', `hidden${word}`, { title: `About the ${word}` });
    const guest = await search(word);
    expect(courseIds(guest)).toEqual([course.id]);
    expect(guest.courses[0].lessons).toEqual([expect.objectContaining({ id: lesson.id, locked: true })]);
    expect(guest.courses[0].lessons[0].snippet).toContain(`<mark>${word}</mark>`);
    expect(JSON.stringify(guest)).not.toContain('Deep inside');
    // A query whose second word is only in the locked body finds nothing.
    expect((await search(`${word} hidden${word}`)).course_count).toBe(0);
  });

  it('match Chinese substrings with the same rules', async () => {
    const secret = `秘密课文${next()}`;
    const { course } = await courseWithSecret('premium', secret, { title: '索引课时' });
    expect((await search('秘密课文')).courses.map((c) => c.id)).not.toContain(course.id);
    expect((await search('秘密课文', member.token)).courses.map((c) => c.id)).toContain(course.id);
    expect((await search('索引课时')).courses.map((c) => c.id)).toContain(course.id);
  });

  it('never show an unpublished course, even to staff', async () => {
    const word = `draftling${next()}`;
    await createCourse(t, staff.token, { title: `The ${word}`, is_published: false });
    expect((await search(word)).course_count).toBe(0);
    expect((await search(word, staff.token)).course_count).toBe(0);
  });

  it('follow lesson edits and deletions in the index', async () => {
    const word = `palimpsest${next()}`;
    const { course, lesson } = await courseWithSecret('free', word);
    expect(courseIds(await search(word))).toEqual([course.id]);
    const other = `vellum${next()}`;
    ok(await t.api('PATCH', `/lesson/${lesson.id}`, { token: staff.token, body: { body_markdown: `Now about ${other}.` } }));
    expect((await search(word)).course_count).toBe(0);
    expect(courseIds(await search(other))).toEqual([course.id]);
    expect((await t.api('DELETE', `/lesson/${lesson.id}`, { token: staff.token })).statusCode).toBe(204);
    expect((await search(other)).course_count).toBe(0);
  });
});

describe('the guest search cache', () => {
  it('is dropped when a course changes', async () => {
    const word = `heliograph${next()}`;
    const course = await createCourse(t, staff.token, { title: `The ${word}` });
    expect((await search(word)).course_count).toBe(1);
    ok(await t.api('PATCH', `/course/${course.id}`, { token: staff.token, body: { is_published: false } }));
    expect((await search(word)).course_count).toBe(0);
    ok(await t.api('PATCH', `/course/${course.id}`, { token: staff.token, body: { is_published: true } }));
    expect((await search(word)).course_count).toBe(1);
    // A lesson added to another course shows at once too.
    const other = await createCourse(t, staff.token);
    await createLesson(t, staff.token, other.id, { title: `More ${word}` });
    expect((await search(word)).course_count).toBe(2);
  });
});
