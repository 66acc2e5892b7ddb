import { beforeAll, describe, expect, it } from 'vitest';
import { grantCourse } from '../../../src/server/modules/courses/progress-service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { courseWithLessons, ok, person, type Person } from './factories.js';

/** Enrolment, grants, progress (conflicts, done never reverts, owners only), my courses and certificates. */
let t: TestApp;
let staff: Person;
let member: Person;
beforeAll(async () => {
  t = await createTestApp();
  staff = await person(t, 'staff');
  member = await person(t, 'member');
});

const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const put = (lessonId: number, token: string | undefined, body: Record<string, unknown>) => t.api('PUT', `/lesson/${lessonId}/progress`, { token, body });

interface Progress {
  done: boolean;
  position: number;
  client_updated_at: string | null;
  certificate_code: string | null;
}
interface CourseProgress {
  enrolled: boolean;
  done: number;
  total: number;
  last_lesson: { id: number } | null;
  resume_lesson: { id: number } | null;
  certificate: { code: string; issued_at: string } | null;
}

describe('enrolling', () => {
  it('takes anyone logged in into a free course, once (enrolling again is a 409)', async () => {
    const { course } = await courseWithLessons(t, staff.token, 'free', 1);
    const learner = await person(t);
    expect((await t.api('POST', `/course/${course.id}/enrol`)).statusCode).toBe(401);
    const first = ok<{ source: string; enrolled_at: string }>(await t.api('POST', `/course/${course.id}/enrol`, { token: learner.token }));
    const again = await t.api('POST', `/course/${course.id}/enrol`, { token: learner.token });
    expect(first.source).toBe('self');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are enrolled in this course already.');
    expect(ok<{ enrolled: boolean }>(await t.api('GET', `/course/${course.id}`, { token: learner.token })).enrolled).toBe(true);
  });

  it('takes members into a premium course and refuses other users', async () => {
    const { course } = await courseWithLessons(t, staff.token, 'premium', 1);
    const refused = await t.api('POST', `/course/${course.id}/enrol`, { token: (await person(t)).token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/premium members/);
    expect(ok<{ source: string }>(await t.api('POST', `/course/${course.id}/enrol`, { token: member.token })).source).toBe('self');
  });

  it('refuses a purchase course with a message that it must be bought, for members too', async () => {
    const { course } = await courseWithLessons(t, staff.token, 'purchase', 1);
    for (const token of [(await person(t)).token, member.token]) {
      const res = await t.api('POST', `/course/${course.id}/enrol`, { token });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/must be bought/);
    }
    const buyer = await person(t);
    await grantCourse(t.app.ctx, buyer.user.id, course.id, { kind: 'order', reference: 77001 });
    const bought = await t.api('POST', `/course/${course.id}/enrol`, { token: buyer.token });
    expect(bought.statusCode).toBe(409);
    expect(bought.json().message).toMatch(/enrolled in this course already/);
    expect(ok<{ enrolled: boolean; reason: string }>(await t.api('GET', `/course/${course.id}`, { token: buyer.token }))).toMatchObject({ enrolled: true, reason: 'buyer' });
  });

  it('answers 404 for a course that does not exist and 400 for an id beyond 32 bits', async () => {
    expect((await t.api('POST', '/course/2147483000/enrol', { token: member.token })).statusCode).toBe(404);
    const res = await t.api('POST', '/course/4294967296/enrol', { token: member.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('id');
  });
});

describe('grantCourse', () => {
  it('grants once per source, however often it is repeated', async () => {
    const { course } = await courseWithLessons(t, staff.token, 'purchase', 1);
    const learner = await person(t);
    const first = await grantCourse(t.app.ctx, learner.user.id, course.id, { kind: 'order', reference: 'order-1' });
    const second = await grantCourse(t.app.ctx, learner.user.id, course.id, { kind: 'order', reference: 'order-1' });
    expect(first).toMatchObject({ granted: true, enrolment: { source: 'order', course_id: course.id, user_id: learner.user.id } });
    expect(second.granted).toBe(false);
    expect(second.enrolment).toEqual(first.enrolment);
    const rows = await t.db.kysely.selectFrom('course_grants').selectAll().where('course_id', '=', course.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].source_key).toBe('order:order-1');
  });

  it('grants once when the same source arrives several times at the same moment', async () => {
    const { course } = await courseWithLessons(t, staff.token, 'purchase', 1);
    const learner = await person(t);
    const results = await Promise.all([1, 2, 3, 4].map(() => grantCourse(t.app.ctx, learner.user.id, course.id, { kind: 'order', reference: 'race-1' })));
    expect(results.filter((r) => r.granted)).toHaveLength(1);
    const grants = await t.db.kysely.selectFrom('course_grants').select('id').where('course_id', '=', course.id).execute();
    const enrolments = await t.db.kysely.selectFrom('course_enrolments').select('id').where('course_id', '=', course.id).execute();
    expect(grants).toHaveLength(1);
    expect(enrolments).toHaveLength(1);
  });

  it('refuses a source used for another user or course, and unknown users and courses', async () => {
    const { course } = await courseWithLessons(t, staff.token, 'purchase', 1);
    const [a, b] = [await person(t), await person(t)];
    await grantCourse(t.app.ctx, a.user.id, course.id, { kind: 'order', reference: 'shared' });
    await expect(grantCourse(t.app.ctx, b.user.id, course.id, { kind: 'order', reference: 'shared' })).rejects.toMatchObject({ status: 409, fields: { reference: expect.any(String) } });
    await expect(grantCourse(t.app.ctx, 2147483000, course.id, { kind: 'order', reference: 'nobody' })).rejects.toMatchObject({ status: 400, fields: { user_id: expect.any(String) } });
    await expect(grantCourse(t.app.ctx, a.user.id, 2147483000, { kind: 'order', reference: 'nothing' })).rejects.toMatchObject({ status: 400, fields: { course_id: expect.any(String) } });
  });

  it('is offered to staff through the API, once per reference (a repeat is a 409)', async () => {
    const { course } = await courseWithLessons(t, staff.token, 'purchase', 1);
    const learner = await person(t);
    const body = { user_id: learner.user.id, reference: 'gift-box-9' };
    expect((await t.api('POST', `/course/${course.id}/grant`, { token: learner.token, body })).statusCode).toBe(403);
    expect(ok<{ granted: boolean }>(await t.api('POST', `/course/${course.id}/grant`, { token: staff.token, body })).granted).toBe(true);
    const again = await t.api('POST', `/course/${course.id}/grant`, { token: staff.token, body });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This reference has been granted already.');
    expect(ok<{ reason: string }>(await t.api('GET', `/course/${course.id}`, { token: learner.token })).reason).toBe('buyer');
  });
});

describe('lesson progress', () => {
  it('needs a login and a course the caller may read', async () => {
    const premium = await courseWithLessons(t, staff.token, 'premium', 2, true);
    const purchase = await courseWithLessons(t, staff.token, 'purchase', 1);
    const body = { done: false, position: 0.5, client_updated_at: at(0) };
    expect((await put(premium.lessons[1].id, undefined, body)).statusCode).toBe(401);
    const reader = await person(t);
    expect((await put(premium.lessons[1].id, reader.token, body)).statusCode).toBe(403);
    // A free preview can be read, but progress belongs to a course one may learn.
    expect((await put(premium.lessons[0].id, reader.token, body)).statusCode).toBe(403);
    const bought = await put(purchase.lessons[0].id, reader.token, body);
    expect(bought.statusCode).toBe(403);
    expect(bought.json().message).toMatch(/must be bought/);
    expect(ok<Progress>(await put(premium.lessons[1].id, member.token, body)).position).toBe(0.5);
    expect((await put(2147483000, member.token, body)).statusCode).toBe(404);
  });

  it('validates every field, naming it', async () => {
    const { lessons } = await courseWithLessons(t, staff.token, 'free', 1);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ position: 0.1, client_updated_at: at(0) }, 'done'],
      [{ done: 'yes', position: 0.1, client_updated_at: at(0) }, 'done'],
      [{ done: false, position: -1, client_updated_at: at(0) }, 'position'],
      [{ done: false, position: 0.1, client_updated_at: 'yesterday' }, 'client_updated_at'],
    ];
    for (const [body, field] of cases) {
      const res = await put(lessons[0].id, member.token, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields, field).toHaveProperty(field);
    }
  });

  it('keeps the later client timestamp per lesson whatever the arrival order, and never reverts done', async () => {
    const { lessons } = await courseWithLessons(t, staff.token, 'free', 2);
    const learner = await person(t);
    const id = lessons[0].id;
    const tenSecondsAgo = at(-10_000);
    ok(await put(id, learner.token, { done: false, position: 0.5, client_updated_at: tenSecondsAgo }));
    // An older write arriving late changes nothing.
    const late = ok<Progress>(await put(id, learner.token, { done: false, position: 0.2, client_updated_at: at(-20_000) }));
    expect(late.position).toBe(0.5);
    // The same write again is the same answer.
    const again = ok<Progress>(await put(id, learner.token, { done: false, position: 0.5, client_updated_at: tenSecondsAgo }));
    expect(again).toEqual(late);
    const done = ok<Progress>(await put(id, learner.token, { done: true, position: 0.9, client_updated_at: at(-5_000) }));
    expect(done).toMatchObject({ done: true, position: 0.9 });
    // A newer write may move the position back, but not the done flag.
    const reread = ok<Progress>(await put(id, learner.token, { done: false, position: 0.1, client_updated_at: at(-1_000) }));
    expect(reread).toMatchObject({ done: true, position: 0.1 });
    // Marking it done again is a 409 that writes nothing, not even its position.
    const twice = await put(id, learner.token, { done: true, position: 0.6, client_updated_at: at(-500) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This lesson is done already.');
    expect(ok<Progress>(await t.api('GET', `/lesson/${id}/progress`, { token: learner.token }))).toMatchObject({ done: true, position: 0.1 });
    // An older "done" arriving late still counts: the lesson was finished then.
    const other = lessons[1].id;
    ok(await put(other, learner.token, { done: false, position: 0.4, client_updated_at: at(-1_000) }));
    expect(ok<Progress>(await put(other, learner.token, { done: true, position: 1, client_updated_at: at(-9_000) }))).toMatchObject({ done: true, position: 0.4 });
    expect(ok<Progress>(await t.api('GET', `/lesson/${other}/progress`, { token: learner.token }))).toMatchObject({ done: true, position: 0.4 });
  });

  it('counts a timestamp ahead of the server clock as now, so it cannot freeze the position', async () => {
    const { lessons } = await courseWithLessons(t, staff.token, 'free', 1);
    const learner = await person(t);
    const first = ok<Progress>(await put(lessons[0].id, learner.token, { done: false, position: 0.7, client_updated_at: '2099-01-01T00:00:00Z' }));
    expect(first.client_updated_at! <= new Date().toISOString()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ok<Progress>(await put(lessons[0].id, learner.token, { done: false, position: 0.3, client_updated_at: at(1_000) })).position).toBe(0.3);
  });

  it('keeps the order of writes whose offsets put them outside years 0001-9999', async () => {
    const { lessons } = await courseWithLessons(t, staff.token, 'free', 1);
    const learner = await person(t);
    // Year 10000 in UTC: ahead of the server, so it counts as now.
    const ahead = ok<Progress>(await put(lessons[0].id, learner.token, { done: false, position: 0.7, client_updated_at: '9999-12-31T23:59:59-14:00' }));
    expect(ahead.client_updated_at).toMatch(/^\d{4}-/);
    // Year -1 in UTC: older than anything, so it changes nothing.
    const ancient = ok<Progress>(await put(lessons[0].id, learner.token, { done: false, position: 0.8, client_updated_at: '0000-01-01T00:00:00+14:00' }));
    expect(ancient).toMatchObject({ position: 0.7 });
    expect(ancient.client_updated_at).toMatch(/^\d{4}-/);
    expect(ok<Progress>(await put(lessons[0].id, learner.token, { done: false, position: 0.9, client_updated_at: '2020-01-01T00:00:00Z' })).position).toBe(0.7);
  });

  it('settles concurrent writes the same way as sequential ones', async () => {
    const { lessons } = await courseWithLessons(t, staff.token, 'free', 1);
    const learner = await person(t);
    const writes = [0.1, 0.2, 0.3, 0.4, 0.5].map((position, i) => put(lessons[0].id, learner.token, { done: i === 1, position, client_updated_at: at(-10_000 + i * 1000) }));
    for (const res of await Promise.all(writes)) expect(res.statusCode).toBe(200);
    expect(ok<Progress>(await t.api('GET', `/lesson/${lessons[0].id}/progress`, { token: learner.token }))).toMatchObject({ done: true, position: 0.5 });
  });
});

describe('course progress and my courses', () => {
  it('tells done and total, the last lesson, where to resume, and enrols the learner on the first write', async () => {
    const { course, lessons } = await courseWithLessons(t, staff.token, 'free', 3);
    const learner = await person(t);
    const empty = ok<CourseProgress>(await t.api('GET', `/course/${course.id}/progress`, { token: learner.token }));
    expect(empty).toMatchObject({ enrolled: false, done: 0, total: 3, last_lesson: null, resume_lesson: { id: lessons[0].id }, certificate: null });
    ok(await put(lessons[0].id, learner.token, { done: true, position: 1, client_updated_at: at(-3000) }));
    ok(await put(lessons[1].id, learner.token, { done: false, position: 0.3, client_updated_at: at(-2000) }));
    const mid = ok<CourseProgress>(await t.api('GET', `/course/${course.id}/progress`, { token: learner.token }));
    expect(mid).toMatchObject({ enrolled: true, done: 1, total: 3, last_lesson: { id: lessons[1].id }, resume_lesson: { id: lessons[1].id } });
    ok(await put(lessons[1].id, learner.token, { done: true, position: 1, client_updated_at: at(-1000) }));
    const later = ok<CourseProgress>(await t.api('GET', `/course/${course.id}/progress`, { token: learner.token }));
    expect(later).toMatchObject({ done: 2, last_lesson: { id: lessons[1].id }, resume_lesson: { id: lessons[2].id } });
  });

  it("refuses another user's progress, except to staff", async () => {
    const { course, lessons } = await courseWithLessons(t, staff.token, 'free', 1);
    const [owner, other] = [await person(t), await person(t)];
    ok(await put(lessons[0].id, owner.token, { done: true, position: 1, client_updated_at: at(0) }));
    const refused = await t.api('GET', `/course/${course.id}/progress`, { token: other.token, query: { user_id: String(owner.user.id) } });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('"done"');
    expect((await t.api('GET', `/course/${course.id}/progress`, { query: { user_id: String(owner.user.id) } })).statusCode).toBe(401);
    // The other user's own progress is theirs, untouched by the owner's.
    expect(ok<CourseProgress>(await t.api('GET', `/course/${course.id}/progress`, { token: other.token })).done).toBe(0);
    expect(ok<{ done: boolean }>(await t.api('GET', `/lesson/${lessons[0].id}/progress`, { token: other.token })).done).toBe(false);
    const asStaff = ok<CourseProgress & { user_id: number }>(await t.api('GET', `/course/${course.id}/progress`, { token: staff.token, query: { user_id: String(owner.user.id) } }));
    expect(asStaff).toMatchObject({ user_id: owner.user.id, done: 1, total: 1 });
  });

  it('lists the learner’s courses with progress, most recently active first, for the learner only', async () => {
    const a = await courseWithLessons(t, staff.token, 'free', 2);
    const b = await courseWithLessons(t, staff.token, 'premium', 1);
    expect((await t.api('GET', '/my_course')).statusCode).toBe(401);
    const learner = await person(t, 'member');
    ok(await t.api('POST', `/course/${b.course.id}/enrol`, { token: learner.token }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    ok(await put(a.lessons[0].id, learner.token, { done: true, position: 1, client_updated_at: at(0) }));
    const mine = ok<{ count: number; results: { course: { id: number }; enrolment: { source: string }; progress: CourseProgress }[] }>(
      await t.api('GET', '/my_course', { token: learner.token }),
    );
    expect(mine.count).toBe(2);
    expect(mine.results.map((r) => r.course.id)).toEqual([a.course.id, b.course.id]);
    expect(mine.results[0].progress).toMatchObject({ done: 1, total: 2 });
    expect(mine.results[1].progress).toMatchObject({ done: 0, total: 1 });
    expect(ok<{ count: number }>(await t.api('GET', '/my_course', { token: (await person(t)).token })).count).toBe(0);
  });
});

describe('certificates', () => {
  it('are issued once every lesson is done, shown publicly by code, and never for a made-up code', async () => {
    const { course, lessons } = await courseWithLessons(t, staff.token, 'free', 2);
    const learner = await person(t);
    const first = ok<Progress>(await put(lessons[0].id, learner.token, { done: true, position: 1, client_updated_at: at(0) }));
    expect(first.certificate_code).toBeNull();
    const last = ok<Progress>(await put(lessons[1].id, learner.token, { done: true, position: 1, client_updated_at: at(0) }));
    const code = last.certificate_code!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const progress = ok<CourseProgress>(await t.api('GET', `/course/${course.id}/progress`, { token: learner.token }));
    expect(progress).toMatchObject({ done: 2, total: 2, resume_lesson: null, certificate: { code } });
    const shown = ok<{ display_name: string; course_title: string; issued_at: string }>(await t.api('GET', `/certificate/${code}`));
    expect(shown).toMatchObject({ display_name: learner.user.display_name, course_id: course.id, course_title: expect.stringMatching(/^Course /) });
    // Reading a lesson again keeps the one certificate; marking it done again is a 409 that issues nothing.
    expect(ok<Progress>(await put(lessons[0].id, learner.token, { done: false, position: 0.5, client_updated_at: at(0) })).certificate_code).toBe(code);
    expect((await put(lessons[0].id, learner.token, { done: true, position: 1, client_updated_at: at(0) })).statusCode).toBe(409);
    expect(await t.db.kysely.selectFrom('course_certificates').select('code').where('course_id', '=', course.id).execute()).toEqual([{ code }]);
    for (const forged of [`${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`, 'AAAAAAAAAAAAAAAAAAAA', 'x']) {
      expect((await t.api('GET', `/certificate/${forged}`)).statusCode).toBe(404);
    }
    expect((await t.api('GET', `/certificate/${'a'.repeat(65)}`)).statusCode).toBe(400);
  });
});
