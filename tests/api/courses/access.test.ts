import { beforeAll, describe, expect, it } from 'vitest';
import { decideCourseAccess, decideLessonAccess, type Entitlement } from '../../../src/server/modules/content/access.js';
import { grantCourse } from '../../../src/server/modules/courses/progress-service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { courseWithLessons, createCourse, createLesson, ok, person, type LessonOut, type Person } from './factories.js';

/**
 * Who reads what: free courses for everyone, premium courses for members and staff, purchase courses for
 * buyers and staff, free-preview lessons for everyone. A locked lesson never carries its body or media.
 */
let t: TestApp;
let staff: Person;
let user: Person;
let member: Person;
let buyer: Person;
const courses: Record<'free' | 'premium' | 'purchase', { course: { id: number }; lessons: LessonOut[] }> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  [staff, user, member, buyer] = [await person(t, 'staff'), await person(t), await person(t, 'member'), await person(t)];
  courses.free = await courseWithLessons(t, staff.token, 'free', 3);
  courses.premium = await courseWithLessons(t, staff.token, 'premium', 3, true);
  courses.purchase = await courseWithLessons(t, staff.token, 'purchase', 3, true);
  await grantCourse(t.app.ctx, buyer.user.id, courses.purchase.course.id, { kind: 'order', reference: `access-${buyer.user.id}` });
});

type Caller = 'guest' | 'user' | 'member' | 'buyer' | 'staff';
const tokenOf = (who: Caller) => ({ guest: undefined, user: user.token, member: member.token, buyer: buyer.token, staff: staff.token })[who];
const CALLERS: Caller[] = ['guest', 'user', 'member', 'buyer', 'staff'];

/** The reason each caller gets for a lesson that is not a preview. */
const EXPECTED: Record<'free' | 'premium' | 'purchase', Record<Caller, string>> = {
  free: { guest: 'free', user: 'free', member: 'free', buyer: 'free', staff: 'free' },
  premium: { guest: 'login_required', user: 'membership_required', member: 'member', buyer: 'membership_required', staff: 'staff' },
  purchase: { guest: 'login_required', user: 'purchase_required', member: 'purchase_required', buyer: 'buyer', staff: 'staff' },
};
const OPEN = new Set(['free', 'member', 'buyer', 'staff', 'preview']);

/** The text only a reader may see: the secret word of the lesson's body. */
const secretOf = (lesson: LessonOut) => /The (secret\w+word)/.exec(String(lesson.content_html))![1];

describe('the course access decision', () => {
  const guest: Entitlement = { loggedIn: false, staff: false, member: false, plans: [], reader: null };
  const reader: Entitlement = { loggedIn: true, staff: false, member: false, plans: [], reader: { userId: 1 } };
  const memberWho: Entitlement = { loggedIn: true, staff: false, member: true, plans: [], reader: null };
  const staffWho: Entitlement = { loggedIn: true, staff: true, member: false, plans: [], reader: null };

  it('gives every reason', () => {
    for (const who of [guest, reader, memberWho, staffWho]) expect(decideCourseAccess(who, { access: 'free' }, false)).toEqual({ can_read: true, reason: 'free' });
    expect(decideCourseAccess(guest, { access: 'premium' }, false)).toEqual({ can_read: false, reason: 'login_required' });
    expect(decideCourseAccess(reader, { access: 'premium' }, true)).toEqual({ can_read: false, reason: 'membership_required' });
    expect(decideCourseAccess(memberWho, { access: 'premium' }, false)).toEqual({ can_read: true, reason: 'member' });
    expect(decideCourseAccess(staffWho, { access: 'premium' }, false)).toEqual({ can_read: true, reason: 'staff' });
    expect(decideCourseAccess(reader, { access: 'purchase' }, false)).toEqual({ can_read: false, reason: 'purchase_required' });
    expect(decideCourseAccess(memberWho, { access: 'purchase' }, false)).toEqual({ can_read: false, reason: 'purchase_required' });
    expect(decideCourseAccess(reader, { access: 'purchase' }, true)).toEqual({ can_read: true, reason: 'buyer' });
    expect(decideCourseAccess(staffWho, { access: 'purchase' }, false)).toEqual({ can_read: true, reason: 'staff' });
  });

  it('opens a free-preview lesson to everyone, and only that lesson', () => {
    expect(decideLessonAccess(guest, { access: 'purchase' }, false, { is_free_preview: 1 })).toEqual({ can_read: true, reason: 'preview' });
    expect(decideLessonAccess(guest, { access: 'purchase' }, false, { is_free_preview: 0 })).toEqual({ can_read: false, reason: 'login_required' });
    expect(decideLessonAccess(memberWho, { access: 'premium' }, false, { is_free_preview: 1 })).toEqual({ can_read: true, reason: 'member' });
  });
});

describe('reading a lesson', () => {
  for (const access of ['free', 'premium', 'purchase'] as const) {
    for (const caller of CALLERS) {
      it(`${access} course, ${caller}: ${EXPECTED[access][caller]}`, async () => {
        const { lessons } = courses[access];
        for (const [i, lesson] of lessons.entries()) {
          const res = await t.api('GET', `/lesson/${lesson.id}`, { token: tokenOf(caller) });
          const body = ok<LessonOut>(res);
          const reason = i === 0 && access !== 'free' && !OPEN.has(EXPECTED[access][caller]) ? 'preview' : EXPECTED[access][caller];
          expect(body.reason).toBe(reason);
          const open = OPEN.has(reason);
          expect(body.locked).toBe(!open);
          if (open) {
            expect(body.content_html).toContain('hljs');
            expect(body.media_url).toBe('https://media.example.com/video.mp4');
          } else {
            expect(body.content_html).toBeNull();
            expect(body.media_url).toBeNull();
            expect(res.body).not.toContain(secretOf(lesson));
            expect(res.body).not.toContain('media.example.com');
            expect(body.summary).toMatch(/^Opening paragraph of lesson/);
            expect(res.headers['cache-control']).toBe('private, no-store');
          }
          expect(body.done).toBe(caller === 'guest' ? null : false);
        }
      });
    }
  }

  it('lets a shared cache keep only what every guest gets', async () => {
    const free = await t.api('GET', `/lesson/${courses.free.lessons[0].id}`);
    expect(free.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const asMember = await t.api('GET', `/lesson/${courses.premium.lessons[1].id}`, { token: member.token });
    expect(asMember.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps bodies out of the outline, the lesson list and the navigation, whoever asks', async () => {
    for (const access of ['premium', 'purchase'] as const) {
      const { course, lessons } = courses[access];
      for (const caller of CALLERS) {
        const token = tokenOf(caller);
        for (const path of [`/course/${course.id}/lesson`, `/lesson?course=${course.id}`, `/lesson/navigation/${lessons[1].id}`, `/course/${course.id}`]) {
          const [url, query] = path.split('?');
          const res = await t.api('GET', url, { token, query: query ? Object.fromEntries(new URLSearchParams(query)) : undefined });
          expect(res.statusCode, `${caller} ${path}`).toBe(200);
          for (const lesson of lessons) expect(res.body).not.toContain(secretOf(lesson));
          expect(res.body).not.toContain('media.example.com');
        }
      }
    }
  });

  it('marks each outline line locked for the caller', async () => {
    const { course } = courses.premium;
    const asGuest = ok<{ can_read: boolean; reason: string; lessons: { locked: boolean; done: boolean | null; is_free_preview: boolean }[] }>(
      await t.api('GET', `/course/${course.id}/lesson`),
    );
    expect(asGuest).toMatchObject({ can_read: false, reason: 'login_required' });
    expect(asGuest.lessons.map((l) => l.locked)).toEqual([false, true, true]);
    expect(asGuest.lessons.map((l) => l.done)).toEqual([null, null, null]);
    const asMember = ok<typeof asGuest>(await t.api('GET', `/course/${course.id}/lesson`, { token: member.token }));
    expect(asMember).toMatchObject({ can_read: true, reason: 'member' });
    expect(asMember.lessons.map((l) => l.locked)).toEqual([false, false, false]);
    expect(asMember.lessons.map((l) => l.done)).toEqual([false, false, false]);
    const nav = ok<{ previous: { locked: boolean }; next: { locked: boolean } }>(await t.api('GET', `/lesson/navigation/${courses.purchase.lessons[1].id}`, { token: user.token }));
    expect(nav.previous.locked).toBe(false);
    expect(nav.next.locked).toBe(true);
  });

  it('says on the course whether the caller may read it', async () => {
    for (const access of ['free', 'premium', 'purchase'] as const) {
      for (const caller of CALLERS) {
        const body = ok<{ can_read: boolean; reason: string; enrolled: boolean | null }>(await t.api('GET', `/course/${courses[access].course.id}`, { token: tokenOf(caller) }));
        expect(body.reason, `${access} ${caller}`).toBe(EXPECTED[access][caller]);
        expect(body.can_read).toBe(OPEN.has(EXPECTED[access][caller]));
        expect(body.enrolled).toBe(caller === 'guest' ? null : caller === 'buyer' && access === 'purchase');
      }
    }
  });

  it('lets a lapsed grant-holder of a premium course read nothing more than anyone else', async () => {
    // A grant opens purchase courses only; premium courses follow the membership.
    const holder = await person(t);
    await grantCourse(t.app.ctx, holder.user.id, courses.premium.course.id, { kind: 'staff', reference: `premium-${holder.user.id}` });
    const body = ok<LessonOut>(await t.api('GET', `/lesson/${courses.premium.lessons[1].id}`, { token: holder.token }));
    expect(body).toMatchObject({ locked: true, reason: 'membership_required', content_html: null });
  });
});

describe('unpublished courses', () => {
  it('exist for staff only, lessons included', async () => {
    const draft = await createCourse(t, staff.token, { is_published: false });
    const lesson = await createLesson(t, staff.token, draft.id);
    for (const caller of ['guest', 'user', 'member'] as const) {
      const token = tokenOf(caller);
      expect((await t.api('GET', `/course/${draft.id}`, { token })).statusCode).toBe(404);
      expect((await t.api('GET', `/course/${draft.id}/lesson`, { token })).statusCode).toBe(404);
      expect((await t.api('GET', `/lesson/${lesson.id}`, { token })).statusCode).toBe(404);
      expect((await t.api('GET', `/lesson/navigation/${lesson.id}`, { token })).statusCode).toBe(404);
      const list = ok<{ results: { id: number }[] }>(await t.api('GET', '/lesson', { token, query: { course: String(draft.id) } }));
      expect(list.results).toEqual([]);
    }
    expect((await t.api('GET', `/course/${draft.id}`, { token: staff.token })).statusCode).toBe(200);
    expect(ok<LessonOut>(await t.api('GET', `/lesson/${lesson.id}`, { token: staff.token })).reason).toBe('free');
  });
});
