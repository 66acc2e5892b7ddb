import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { courseWithLessons, createCourse, person, type CourseOut, type LessonOut } from '../courses/factories.js';

const BASE = 'http://lectern.test';

let t: TestApp;
let free: { course: CourseOut; lessons: LessonOut[] };
let premium: { course: CourseOut; lessons: LessonOut[] };
let draft: CourseOut;
let secrets: string[];

beforeAll(async () => {
  t = await createTestApp();
  const staff = await person(t, 'staff');
  free = await courseWithLessons(t, staff.token, 'free', 2);
  premium = await courseWithLessons(t, staff.token, 'premium', 2, true);
  draft = await createCourse(t, staff.token, { is_published: false });
  // The words only the lesson bodies hold (the factory writes "The secret<n>word is here.").
  const bodies = await Promise.all(
    premium.lessons.map(async (l) => ((await t.api('GET', `/lesson/${l.id}`, { token: staff.token })).json() as { content_html: string }).content_html),
  );
  secrets = bodies.map((html) => /secret\w+word/.exec(html)![0]);
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('courses in the sitemap', () => {
  it('lists the catalogue, every published course and its lessons, and no draft', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    const urls = Array.from(res.body.matchAll(/<url>([\s\S]*?)<\/url>/g), ([, u]) => ({
      loc: /<loc>([^<]*)<\/loc>/.exec(u)![1],
      lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(u)?.[1] ?? null,
    }));
    const locs = urls.map((u) => u.loc);
    expect(locs).toContain(`${BASE}/course`);
    for (const { course, lessons } of [free, premium]) {
      expect(locs).toContain(`${BASE}/course/${course.id}`);
      for (const lesson of lessons) expect(locs).toContain(`${BASE}/course/${course.id}/lesson/${lesson.id}`);
    }
    expect(locs.some((loc) => loc.includes(`/course/${draft.id}`))).toBe(false);
    expect(urls.find((u) => u.loc === `${BASE}/course/${free.course.id}`)!.lastmod).toBeTruthy();
    for (const secret of secrets) expect(res.body).not.toContain(secret);
  });
});

describe('the course feed', () => {
  it.each(['rss', 'atom'] as const)('lists published courses with links and summaries, never a lesson body (%s)', async (format) => {
    const res = await get(`/course/${format}.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(format === 'rss' ? 'application/rss+xml' : 'application/atom+xml');
    expect(res.body).toContain(`${BASE}/course/${free.course.id}`);
    expect(res.body).toContain(`${BASE}/course/${premium.course.id}`);
    expect(res.body).toContain(String(premium.course.summary));
    expect(res.body).not.toContain(`${BASE}/course/${draft.id}`);
    for (const secret of secrets) expect(res.body).not.toContain(secret);
    for (const lesson of premium.lessons) expect(res.body).not.toContain(String(lesson.title));
  });
});
