import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle } from '../helpers/factories.js';
import { createCourse, ok, person, type Person } from './factories.js';

/** Published courses in `GET timeline`, by the month they were published, beside the month's articles. */
let t: TestApp;
let staff: Person;

interface Month {
  month: string;
  count: number;
  articles: Array<{ id: number }>;
  course_count: number;
  courses: Array<{ id: number; kind: string; title: string }>;
}
interface Timeline {
  count: number;
  results: Month[];
}

async function timeline(query: Record<string, string>, token?: string): Promise<Timeline> {
  return ok<Timeline>(await t.api('GET', '/timeline', { query, token }));
}

/** A course published on the given date (set in the database: courses take the time they are published). */
async function courseAt(published_at: string, fields: Record<string, unknown> = {}) {
  const course = await createCourse(t, staff.token, fields);
  await t.db.kysely.updateTable('courses').set({ published_at }).where('id', '=', course.id).execute();
  return course;
}

const made: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  staff = await person(t, 'staff');
  // Years far in the past keep these months apart from anything else.
  made.article = (await createArticle(t, { title: 'Timeline article', published_at: '1998-05-04T08:00:00.000Z' })).id;
  made.mayEarly = (await courseAt('1998-05-02T08:00:00.000Z')).id;
  made.mayLate = (await courseAt('1998-05-20T08:00:00.000Z')).id;
  made.feb = (await courseAt('1998-02-11T08:00:00.000Z', { access: 'premium' })).id;
  made.draft = (await courseAt('1998-02-12T08:00:00.000Z', { is_published: false })).id;
});

describe('courses in the timeline', () => {
  it('list published courses by month beside the articles, newest first, with a kind; a month of courses alone counts', async () => {
    const body = await timeline({ year: '1998' });
    expect(body.count).toBe(2);
    const [may, feb] = body.results;
    expect(may).toMatchObject({ month: '1998-05', count: 1, course_count: 2 });
    expect(may.articles.map((a) => a.id)).toEqual([made.article]);
    expect(may.courses.map((c) => [c.id, c.kind])).toEqual([
      [made.mayLate, 'course'],
      [made.mayEarly, 'course'],
    ]);
    // February has a premium course (its card is public) and a draft (never shown); no article.
    expect(feb).toMatchObject({ month: '1998-02', count: 0, articles: [], course_count: 1 });
    expect(feb.courses.map((c) => c.id)).toEqual([made.feb]);
  });

  it('keeps per_month for courses too', async () => {
    const body = await timeline({ year: '1998', month: '5', per_month: '1' });
    expect(body.results[0].courses.map((c) => c.id)).toEqual([made.mayLate]);
    expect(body.results[0].course_count).toBe(2);
  });

  it('is cached for guests and dropped when a course changes', async () => {
    expect((await timeline({ year: '1998', month: '2' })).results[0].courses.map((c) => c.title)).not.toContain('Renamed course');
    // A write that bypasses the services is not seen: the answer is cached.
    await t.db.kysely.updateTable('courses').set({ title: 'Renamed course' }).where('id', '=', made.feb).execute();
    expect((await timeline({ year: '1998', month: '2' })).results[0].courses[0].title).not.toBe('Renamed course');
    // Unpublishing through the API drops it: the month is gone.
    ok(await t.api('PATCH', `/course/${made.feb}`, { token: staff.token, body: { is_published: false } }));
    expect((await timeline({ year: '1998', month: '2' })).count).toBe(0);
    ok(await t.api('PATCH', `/course/${made.feb}`, { token: staff.token, body: { is_published: true } }));
    const back = await timeline({ year: '1998', month: '2' });
    expect(back.results[0].courses.map((c) => c.title)).toEqual(['Renamed course']);
  });
});
