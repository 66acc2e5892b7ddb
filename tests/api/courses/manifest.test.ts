import { statSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantCourse } from '../../../src/server/modules/courses/progress-service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { courseWithLessons, createCourse, createLesson, ok, person, type Person } from './factories.js';

/** The offline manifest: what saving a course needs, with sizes and a version that follows every lesson change. */
let t: TestApp;
let staff: Person;
let member: Person;
beforeAll(async () => {
  t = await createTestApp();
  staff = await person(t, 'staff');
  member = await person(t, 'member');
});

interface Manifest {
  course_id: number;
  version: string;
  page_url: string;
  api_url: string;
  api_bytes: number;
  lessons: { id: number; page_url: string; api_url: string; api_bytes: number; images: string[] }[];
  images: { url: string; bytes: number | null }[];
  total_bytes: number;
}

const manifest = (courseId: number, token?: string) => t.api('GET', `/course/${courseId}/offline_manifest`, { token });
const FIGURE = '/media/demo/figure-test-layers.webp';
const figureBytes = statSync(`public${FIGURE}`).size;

describe('the offline manifest', () => {
  it('lists every page, API answer and image with their sizes, as the caller gets them', async () => {
    const course = await createCourse(t, staff.token, { access: 'premium', cover: '/media/demo/cover-tests-trust.webp', body_markdown: 'See ![remote](https://images.example.org/a.png).' });
    const lessons = [await createLesson(t, staff.token, course.id), await createLesson(t, staff.token, course.id, { body_markdown: 'Text only.', is_free_preview: true })];
    ok(await t.api('PUT', `/lesson/${lessons[0].id}/progress`, { token: member.token, body: { done: true, position: 1, client_updated_at: new Date().toISOString() } }));
    const body = ok<Manifest>(await manifest(course.id, member.token));
    expect(body).toMatchObject({ course_id: course.id, page_url: `/course/${course.id}`, api_url: `/api/v2/course/${course.id}` });
    expect(body.version).toMatch(/^[0-9a-f]{24}$/);
    expect(body.lessons.map((l) => l.id)).toEqual(lessons.map((l) => l.id));
    expect(body.lessons[0]).toMatchObject({ page_url: `/course/${course.id}/lesson/${lessons[0].id}`, api_url: `/api/v2/lesson/${lessons[0].id}`, images: [FIGURE] });
    expect(body.lessons[1].images).toEqual([]);
    // The sizes are those of the answers this caller gets (done flags included).
    for (const lesson of body.lessons) {
      const res = await t.api('GET', `/lesson/${lesson.id}`, { token: member.token });
      expect(lesson.api_bytes).toBe(Buffer.byteLength(res.body));
    }
    expect(body.api_bytes).toBe(Buffer.byteLength((await t.api('GET', `/course/${course.id}`, { token: member.token })).body));
    const images = Object.fromEntries(body.images.map((i) => [i.url, i.bytes]));
    expect(images).toEqual({
      '/media/demo/cover-tests-trust.webp': statSync('public/media/demo/cover-tests-trust.webp').size,
      'https://images.example.org/a.png': null,
      [FIGURE]: figureBytes,
    });
    const sum = body.api_bytes + body.lessons.reduce((n, l) => n + l.api_bytes, 0) + Object.values(images).reduce<number>((n, b) => n + (b ?? 0), 0);
    expect(body.total_bytes).toBe(sum);
    expect(body.total_bytes).toBeGreaterThan(0);
    expect(ok<Manifest>(await manifest(course.id, member.token)).version).toBe(body.version);
  });

  it('never sizes a file outside the folders images are served from', async () => {
    // `%2f` survives URL parsing, so these reach the file lookup as `../package.json`, which exists.
    // A cover is refused unless it is a picture path of this site; the lesson's images are not checked on the way in.
    const course = await createCourse(t, staff.token, { cover: '/media/demo/missing-cover.webp' });
    await createLesson(t, staff.token, course.id, { body_markdown: '![x](/media/..%2f..%2fpackage.json) ![z](/media/demo/missing.webp)' });
    const body = ok<Manifest>(await manifest(course.id));
    const sizes = Object.fromEntries(body.images.map((i) => [i.url, i.bytes]));
    expect(sizes).toMatchObject({ '/media/demo/missing-cover.webp': null, '/media/..%2f..%2fpackage.json': null, '/media/demo/missing.webp': null });
  });

  it('changes its version when a lesson changes, is added or is removed', async () => {
    const { course, lessons } = await courseWithLessons(t, staff.token, 'free', 2);
    const versions = [ok<Manifest>(await manifest(course.id)).version];
    const step = async () => {
      // Timestamps have millisecond precision: a change within the same millisecond would look the same.
      await new Promise((resolve) => setTimeout(resolve, 3));
    };
    await step();
    ok(await t.api('PATCH', `/lesson/${lessons[0].id}`, { token: staff.token, body: { title: 'Renamed' } }));
    versions.push(ok<Manifest>(await manifest(course.id)).version);
    await step();
    const added = await createLesson(t, staff.token, course.id);
    versions.push(ok<Manifest>(await manifest(course.id)).version);
    await step();
    expect((await t.api('DELETE', `/lesson/${added.id}`, { token: staff.token })).statusCode).toBe(204);
    versions.push(ok<Manifest>(await manifest(course.id)).version);
    await step();
    ok(await t.api('PATCH', `/lesson/${lessons[1].id}`, { token: staff.token, body: { position: -5 } }));
    versions.push(ok<Manifest>(await manifest(course.id)).version);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('answers only callers who may read the whole course: 403 otherwise, 404 for what they cannot see', async () => {
    const premium = await courseWithLessons(t, staff.token, 'premium', 1, true);
    const purchase = await courseWithLessons(t, staff.token, 'purchase', 1, true);
    const reader = await person(t);
    expect((await manifest(premium.course.id)).statusCode).toBe(403);
    expect((await manifest(premium.course.id, reader.token)).statusCode).toBe(403);
    expect((await manifest(premium.course.id, member.token)).statusCode).toBe(200);
    expect((await manifest(purchase.course.id, member.token)).statusCode).toBe(403);
    await grantCourse(t.app.ctx, reader.user.id, purchase.course.id, { kind: 'order', reference: `manifest-${reader.user.id}` });
    const bought = await manifest(purchase.course.id, reader.token);
    expect(bought.statusCode).toBe(200);
    expect(bought.headers['cache-control']).toBe('private, no-store');
    expect((await manifest(purchase.course.id, staff.token)).statusCode).toBe(200);
    const draft = await createCourse(t, staff.token, { is_published: false });
    expect((await manifest(draft.id, reader.token)).statusCode).toBe(404);
    expect((await manifest(2147483000)).statusCode).toBe(404);
  });
});
