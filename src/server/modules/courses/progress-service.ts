import { randomBytes, randomUUID } from 'node:crypto';
import type { PageQuery } from '../../../shared/api/common.js';
import type { Language } from '../../../shared/i18n/index.js';
import type {
  Certificate,
  CourseGrantResult,
  CourseProgress,
  Enrolment,
  LessonProgress,
  MyCourse,
  ProgressWrite,
} from '../../../shared/api/courses.js';
import type { CourseGrantSource } from '../../db/course-types.js';
import type { Actor } from '../../platform/auth.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import type { CourseAccessDecision } from '../content/access.js';
import { getUser } from '../users/service.js';
import { findCourse, type CourseRow } from './course-repo.js';
import { cardsByIds, type Page } from './course-service.js';
import { lessonHeads, type LessonHead } from './lesson-repo.js';
import { visibleLesson } from './lesson-service.js';
import { findCourseProduct } from './product-service.js';
import {
  claimEnrolment,
  claimGrant,
  countEnrolments,
  countLessonsAndDone,
  deleteGrant,
  enrolmentsOfUser,
  ensureEnrolment,
  findCertificate,
  findCertificateByCode,
  findDisplayName,
  findEnrolment,
  findGrantBySourceKey,
  findProgress,
  issueCertificate,
  markDone,
  markEnrolmentGranted,
  ownsCourse,
  progressInCourse,
  remainingGrantSource,
  setEnrolmentSource,
  touchEnrolment,
  upsertProgress,
  type EnrolmentRow,
} from './progress-repo.js';
import { courseAccessOf, visibleCourse, type Viewer } from './viewer.js';

const toEnrolment = (row: EnrolmentRow): Enrolment => ({ course_id: row.course_id, user_id: row.user_id, source: row.source, enrolled_at: row.created_at });

/** Why a logged-in caller may not learn here, in words. */
function refusal(decision: CourseAccessDecision): Forbidden {
  if (decision.reason === 'purchase_required') return new Forbidden('This course must be bought before you can enrol or record progress.');
  if (decision.reason === 'membership_required') return new Forbidden('This course is for premium members.');
  return new Forbidden();
}

/** A second enrolment, at once or later: the first did the work (409, the course stays as it is). */
const alreadyEnrolled = () => new Conflict('You are enrolled in this course already.');

// Enrolment and grants

/**
 * Enrols the caller: in a free course anyone logged in, in a premium course members and staff. A purchase
 * course is never enrolled in this way (403 saying it must be bought); its buyers are enrolled by the grant.
 * Once: the insert on the enrolment's unique key decides, so of requests at once one answers the enrolment
 * and the others, like any later one, 409 "You are enrolled in this course already.".
 */
export async function enrol(ctx: AppContext, viewer: Viewer, actor: Actor, courseId: number): Promise<Enrolment> {
  const course = await visibleCourse(ctx, viewer, courseId);
  const db = ctx.db.kysely;
  if (course.access === 'purchase') {
    const existing = await findEnrolment(db, actor.id, course.id);
    if (existing && existing.source !== 'self') throw alreadyEnrolled();
    throw refusal({ can_read: false, reason: 'purchase_required' });
  }
  const { decision } = await courseAccessOf(ctx, viewer, course);
  if (!decision.can_read) throw refusal(decision);
  if (!(await claimEnrolment(db, actor.id, course.id, 'self', nowIso()))) throw alreadyEnrolled();
  return toEnrolment((await findEnrolment(db, actor.id, course.id))!);
}

/** Where a grant comes from; `reference` is the order id, gift id or staff reference. */
export interface CourseGrantSourceRef {
  kind: CourseGrantSource;
  reference: string | number;
}

const sourceKeyOf = (source: CourseGrantSourceRef) => `${source.kind}:${String(source.reference)}`;

/**
 * Grants a course to a user: the shop's payment step calls it (source `order`), staff too. Enrols the user
 * and records the grant that opens a purchase course, in one transaction. Idempotent per source key: the
 * same order twice, or at the same moment, grants once; the same key for another user or course is a 409.
 */
export async function grantCourse(ctx: AppContext, userId: number, courseId: number, source: CourseGrantSourceRef, options: { productId?: number } = {}): Promise<CourseGrantResult> {
  const db = ctx.db.kysely;
  const sourceKey = sourceKeyOf(source);
  const course = await findCourse(db, courseId);
  if (!course) throw Invalid.field('course_id', 'No such course.');
  const earlier = await findGrantBySourceKey(db, sourceKey);
  if (earlier) return sameSourceAgain(ctx, earlier, userId, courseId);
  if (!(await getUser(ctx, userId))) throw Invalid.field('user_id', 'No such user.');
  if (options.productId !== undefined && (await findCourseProduct(ctx, options.productId))?.course_id !== courseId) {
    throw Invalid.field('product_id', 'No such product of this course.');
  }
  const granted = await db.transaction().execute(async (trx) => {
    const at = nowIso();
    const enrolment = await ensureEnrolment(trx, userId, courseId, source.kind, at);
    const grantId = await claimGrant(trx, {
      enrolment_id: enrolment.id,
      user_id: userId,
      course_id: courseId,
      product_id: options.productId ?? null,
      source: source.kind,
      source_key: sourceKey,
      created_at: at,
    });
    if (grantId !== undefined) await markEnrolmentGranted(trx, enrolment.id, source.kind, at);
    return grantId !== undefined;
  });
  if (!granted) return sameSourceAgain(ctx, (await findGrantBySourceKey(db, sourceKey))!, userId, courseId);
  return { granted: true, enrolment: toEnrolment((await findEnrolment(db, userId, courseId))!) };
}

async function sameSourceAgain(ctx: AppContext, grant: { user_id: number; course_id: number }, userId: number, courseId: number): Promise<CourseGrantResult> {
  if (grant.user_id !== userId || grant.course_id !== courseId) {
    throw new Conflict('reference: This reference was used for another grant.', { reference: 'This reference was used for another grant.' });
  }
  return { granted: false, enrolment: toEnrolment((await findEnrolment(ctx.db.kysely, userId, courseId))!) };
}

/**
 * Takes back the course one source granted (an order refunded) inside `trx`; idempotent (false when there is
 * nothing, or nothing any more, to take back). A grant from another source keeps the course open; without
 * one, the enrolment says `self` again, so a purchase course is closed to the user (their progress stays).
 */
/** Does the user hold the course already (bought, gifted or given by staff), read inside the caller's transaction? */
export function holdsCourseWithin(trx: Kysely<Database>, userId: number, courseId: number): Promise<boolean> {
  return ownsCourse(trx, userId, courseId);
}

export async function revokeCourseGrantWithin(trx: Kysely<Database>, source: CourseGrantSourceRef, at: string): Promise<boolean> {
  const grant = await findGrantBySourceKey(trx, sourceKeyOf(source));
  if (!grant || !(await deleteGrant(trx, grant.id))) return false;
  await setEnrolmentSource(trx, grant.user_id, grant.course_id, (await remainingGrantSource(trx, grant.user_id, grant.course_id)) ?? 'self', at);
  return true;
}

/**
 * Staff grant a course once per reference: a repeat of a reference (at once or later) grants nothing and is a
 * 409 saying so; the shop's own grants stay idempotent (`granted: false`) for its retries.
 */
export async function staffGrantCourse(ctx: AppContext, courseId: number, input: { user_id: number; reference?: string; product_id?: number }): Promise<CourseGrantResult> {
  const result = await grantCourse(ctx, input.user_id, courseId, { kind: 'staff', reference: input.reference ?? randomUUID() }, { productId: input.product_id });
  if (!result.granted) throw new Conflict('This reference has been granted already.', { reference: 'This reference has been granted already.' });
  return result;
}

// Lesson progress

const CERTIFICATE_CODE_BYTES = 15;

function progressView(lessonId: number, courseId: number, row: Awaited<ReturnType<typeof findProgress>>, certificateCode: string | null): LessonProgress {
  return {
    lesson_id: lessonId,
    course_id: courseId,
    done: row?.done === 1,
    position: row?.position ?? 0,
    client_updated_at: row?.client_updated_at ?? null,
    done_at: row?.done_at ?? null,
    certificate_code: certificateCode,
  };
}

/**
 * Records the caller's progress in a lesson of a course they may read (403 otherwise, previews included:
 * progress belongs to a course one learns). Per lesson the later client timestamp's position wins whatever the
 * arrival order, and `done` never reverts. Marking done happens once: a `done: true` write to a lesson done
 * already (a repeat, or one of several at once) is a 409 "This lesson is done already." that writes nothing. A timestamp ahead of the server's clock counts
 * as now, so one device with a fast clock cannot freeze the position. Enrols the caller when they were not,
 * and issues the certificate when this completes the course, in the same transaction.
 */
/** A device's clock before this (a reset phone, a hand-written year 0) counts as this: older than any real write. */
const EARLIEST_CLIENT_TIME = Date.UTC(2000, 0, 1);

export async function recordProgress(ctx: AppContext, viewer: Viewer, actor: Actor, lessonId: number, input: ProgressWrite): Promise<LessonProgress> {
  const { lesson, course } = await visibleLesson(ctx, viewer, lessonId);
  const { decision } = await courseAccessOf(ctx, viewer, course);
  if (!decision.can_read) throw refusal(decision);
  const now = Date.now();
  const at = new Date(now).toISOString();
  // Compared as text with earlier writes (later wins): held between the floor and now, so it is always a four-digit year.
  const clientAt = new Date(Math.min(Math.max(Date.parse(input.client_updated_at), EARLIEST_CLIENT_TIME), now)).toISOString();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await ensureEnrolment(trx, actor.id, course.id, 'self', at);
    await touchEnrolment(trx, actor.id, course.id, at);
    if (!input.done) {
      await upsertProgress(trx, { user_id: actor.id, lesson_id: lesson.id, done: 0, position: input.position, client_updated_at: clientAt, at });
      return;
    }
    // Marking done happens once: the write that moves the lesson to done decides; a repeat changes nothing.
    if (!(await markDone(trx, { user_id: actor.id, lesson_id: lesson.id, position: input.position, client_updated_at: clientAt, at }))) {
      throw new Conflict('This lesson is done already.');
    }
    const { total, done } = await countLessonsAndDone(trx, actor.id, course.id);
    if (total === 0 || done < total) return;
    const person = await findDisplayName(trx, actor.id);
    await issueCertificate(trx, {
      code: randomBytes(CERTIFICATE_CODE_BYTES).toString('base64url'),
      user_id: actor.id,
      course_id: course.id,
      display_name: person ? person.display_name || person.username : '',
      course_title: course.title,
      issued_at: at,
    });
  });
  const db = ctx.db.kysely;
  const [row, certificate] = await Promise.all([findProgress(db, actor.id, lesson.id), findCertificate(db, actor.id, course.id)]);
  return progressView(lesson.id, course.id, row, certificate?.code ?? null);
}

export async function lessonProgress(ctx: AppContext, viewer: Viewer, actor: Actor, lessonId: number): Promise<LessonProgress> {
  const { lesson, course } = await visibleLesson(ctx, viewer, lessonId);
  const db = ctx.db.kysely;
  const [row, certificate] = await Promise.all([findProgress(db, actor.id, lesson.id), findCertificate(db, actor.id, course.id)]);
  return progressView(lesson.id, course.id, row, certificate?.code ?? null);
}

// Course progress

const lessonPointer = (l: LessonHead) => ({ id: l.id, title: l.title, chapter: l.chapter });

async function progressOf(ctx: AppContext, userId: number, course: CourseRow): Promise<CourseProgress> {
  const db = ctx.db.kysely;
  const [heads, rows, enrolment, certificate] = await Promise.all([
    lessonHeads(db, course.id),
    progressInCourse(db, userId, course.id),
    findEnrolment(db, userId, course.id),
    findCertificate(db, userId, course.id),
  ]);
  const done = new Set(rows.filter((r) => r.done === 1).map((r) => r.lesson_id));
  const latest = rows.reduce<(typeof rows)[number] | undefined>(
    (best, r) => (!best || r.client_updated_at > best.client_updated_at || (r.client_updated_at === best.client_updated_at && r.updated_at > best.updated_at) ? r : best),
    undefined,
  );
  const lastIndex = latest ? heads.findIndex((l) => l.id === latest.lesson_id) : -1;
  return {
    course_id: course.id,
    user_id: userId,
    enrolled: enrolment !== undefined,
    done: heads.filter((l) => done.has(l.id)).length,
    total: heads.length,
    last_lesson: lastIndex >= 0 ? lessonPointer(heads[lastIndex]) : null,
    resume_lesson: resumeFrom(heads, done, lastIndex),
    certificate: certificate ? { code: certificate.code, issued_at: certificate.issued_at } : null,
  };
}

/** The last lesson if unfinished, else the next unfinished one after it, else the first unfinished one. */
function resumeFrom(heads: LessonHead[], done: Set<number>, lastIndex: number) {
  const start = Math.max(lastIndex, 0);
  for (let i = 0; i < heads.length; i += 1) {
    const lesson = heads[(start + i) % heads.length];
    if (!done.has(lesson.id)) return lessonPointer(lesson);
  }
  return null;
}

/** A learner's progress in a course: their own, or any learner's for staff (403 for someone else's). */
export async function courseProgress(ctx: AppContext, viewer: Viewer, actor: Actor, courseId: number, userId?: number): Promise<CourseProgress> {
  const target = userId ?? actor.id;
  if (target !== actor.id && !viewer.who.staff) throw new Forbidden('You may see only your own progress.');
  const course = await visibleCourse(ctx, viewer, courseId);
  return progressOf(ctx, target, course);
}

/** The caller's enrolled (published) courses, the most recently active first, with progress; names in `lang`. */
export async function myCourses(ctx: AppContext, actor: Actor, page: PageQuery, lang?: Language): Promise<Page<MyCourse>> {
  const db = ctx.db.kysely;
  const [count, enrolments] = await Promise.all([countEnrolments(db, actor.id), enrolmentsOfUser(db, actor.id, page.page_size, (page.page - 1) * page.page_size)]);
  const cards = await cardsByIds(ctx, enrolments.map((e) => e.course_id), lang);
  const results: MyCourse[] = [];
  for (const enrolment of enrolments) {
    const card = cards.get(enrolment.course_id);
    const course = await findCourse(db, enrolment.course_id);
    if (!card || !course) continue;
    results.push({ course: card, enrolment: toEnrolment(enrolment), progress: await progressOf(ctx, actor.id, course) });
  }
  return { count, results };
}

// Certificates

/** A certificate by its code, for anyone holding the code; an unknown or made-up code is a 404. */
export async function getCertificate(ctx: AppContext, code: string): Promise<Certificate> {
  const row = await findCertificateByCode(ctx.db.kysely, code);
  if (!row) throw new NotFound('Certificate');
  return { code: row.code, display_name: row.display_name, course_id: row.course_id, course_title: row.course_title, issued_at: row.issued_at };
}
