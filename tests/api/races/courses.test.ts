import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { courseWithLessons, person, type Person } from '../courses/factories.js';
import { RACERS, race, statuses } from './race.js';

/**
 * Enrolling and marking a lesson done are idempotent by contract (a second enrol answers the enrolment as it is;
 * progress is a PUT where done never reverts): ten at once all answer 200 with the same enrolment or progress, and
 * the ledger holds one enrolment, one progress row and one certificate, on SQLite and PostgreSQL alike.
 */

let t: TestApp;
let staff: Person;

beforeAll(async () => {
  t = await createTestApp();
  staff = await person(t, 'staff');
});

interface Progress {
  done: boolean;
  done_at: string | null;
  certificate_code: string | null;
}

const put = (lessonId: number, token: string, done = true) => t.api('PUT', `/lesson/${lessonId}/progress`, { token, body: { done, position: 1, client_updated_at: new Date().toISOString() } });

const certificates = (userId: number, courseId: number) => t.db.kysely.selectFrom('course_certificates').select('code').where('user_id', '=', userId).where('course_id', '=', courseId).execute();

describe('ten at once', () => {
  it('enrol: every answer 200 with the one enrolment', async () => {
    const { course } = await courseWithLessons(t, staff.token, 'free', 1);
    const learner = await person(t);
    const answers = await race(() => t.api('POST', `/course/${course.id}/enrol`, { token: learner.token }));
    expect(statuses(answers)).toEqual(Array<number>(RACERS).fill(200));
    expect(new Set(answers.map((a) => a.json<{ enrolled_at: string }>().enrolled_at)).size).toBe(1);
    const rows = await t.db.kysely.selectFrom('course_enrolments').select('id').where('user_id', '=', learner.user.id).where('course_id', '=', course.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('mark the last lesson done: every answer 200, done once, one certificate', async () => {
    const { course, lessons } = await courseWithLessons(t, staff.token, 'free', 2);
    const learner = await person(t);
    expect((await put(lessons[0].id, learner.token)).statusCode).toBe(200);
    const answers = await race(() => put(lessons[1].id, learner.token));
    expect(statuses(answers)).toEqual(Array<number>(RACERS).fill(200));
    const bodies = answers.map((a) => a.json<Progress>());
    expect(new Set(bodies.map((b) => b.done_at)).size).toBe(1);
    expect(bodies.every((b) => b.done)).toBe(true);
    const issued = await certificates(learner.user.id, course.id);
    expect(issued).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.certificate_code))).toEqual(new Set([issued[0].code]));
  });

  it('mark every lesson done at once: the course completes, with one certificate', async () => {
    const { course, lessons } = await courseWithLessons(t, staff.token, 'free', RACERS);
    const learner = await person(t);
    const answers = await Promise.all(lessons.map((l) => put(l.id, learner.token)));
    expect(statuses(answers)).toEqual(Array<number>(RACERS).fill(200));
    // Whichever write finished the course issued the certificate; none may miss that the others were done.
    expect(await certificates(learner.user.id, course.id)).toHaveLength(1);
  });
});
