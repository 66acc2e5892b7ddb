import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { courseWithLessons, person, type Person } from '../courses/factories.js';
import { RACERS, expectOneWinner, race, statuses } from './race.js';

/**
 * Enrolling, marking a lesson done and a staff grant with one reference happen once: ten at once answer one 200
 * and nine the 409 a later request gets, with its message, and the ledger holds one enrolment, one done mark,
 * one grant and one certificate, on SQLite and PostgreSQL alike. Marking different lessons done at once is
 * different work: every answer 200.
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
  it('enrol: one 200 with the enrolment, nine 409', async () => {
    const { course } = await courseWithLessons(t, staff.token, 'free', 1);
    const learner = await person(t);
    const winner = expectOneWinner(await race(() => t.api('POST', `/course/${course.id}/enrol`, { token: learner.token })), 200, 409, /^You are enrolled in this course already\.$/);
    expect(winner.json<{ source: string }>().source).toBe('self');
    const rows = await t.db.kysely.selectFrom('course_enrolments').select('id').where('user_id', '=', learner.user.id).where('course_id', '=', course.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('mark the last lesson done: one 200 with the certificate, nine 409, one certificate', async () => {
    const { course, lessons } = await courseWithLessons(t, staff.token, 'free', 2);
    const learner = await person(t);
    expect((await put(lessons[0].id, learner.token)).statusCode).toBe(200);
    const winner = expectOneWinner(await race(() => put(lessons[1].id, learner.token)), 200, 409, /^This lesson is done already\.$/);
    const body = winner.json<Progress>();
    expect(body.done).toBe(true);
    const issued = await certificates(learner.user.id, course.id);
    expect(issued).toHaveLength(1);
    expect(body.certificate_code).toBe(issued[0].code);
    const row = await t.db.kysely.selectFrom('lesson_progress').select('done_at').where('user_id', '=', learner.user.id).where('lesson_id', '=', lessons[1].id).executeTakeFirstOrThrow();
    expect(row.done_at).toBe(body.done_at);
  });

  it('staff grant with one reference: one 200 granting the course, nine 409', async () => {
    const { course } = await courseWithLessons(t, staff.token, 'purchase', 1);
    const learner = await person(t);
    const body = { user_id: learner.user.id, reference: `race-${learner.user.id}` };
    const winner = expectOneWinner(await race(() => t.api('POST', `/course/${course.id}/grant`, { token: staff.token, body })), 200, 409, /^This reference has been granted already\.$/);
    expect(winner.json<{ granted: boolean }>().granted).toBe(true);
    const grants = await t.db.kysely.selectFrom('course_grants').select('id').where('user_id', '=', learner.user.id).where('course_id', '=', course.id).execute();
    expect(grants).toHaveLength(1);
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
