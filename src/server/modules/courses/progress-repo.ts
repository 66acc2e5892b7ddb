import { sql, type Kysely } from 'kysely';
import type { CourseGrantSource, EnrolmentSource } from '../../db/course-types.js';
import type { Database } from '../../db/types.js';

/** SQL of enrolments, grants, lesson progress and certificates. */

// Enrolments

export function findEnrolment(db: Kysely<Database>, userId: number, courseId: number) {
  return db.selectFrom('course_enrolments').selectAll().where('user_id', '=', userId).where('course_id', '=', courseId).executeTakeFirst();
}

export type EnrolmentRow = NonNullable<Awaited<ReturnType<typeof findEnrolment>>>;

/** The user's enrolment in the course, created when absent (a concurrent creation is not an error). */
export async function ensureEnrolment(db: Kysely<Database>, userId: number, courseId: number, source: EnrolmentSource, at: string): Promise<EnrolmentRow> {
  await db
    .insertInto('course_enrolments')
    .values({ user_id: userId, course_id: courseId, source, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
    .execute();
  return (await findEnrolment(db, userId, courseId))!;
}

/**
 * Enrols the user when they were not, inside the caller's transaction: true for the request whose insert made
 * the enrolment, false when one was there (or a concurrent request's insert won the unique key).
 */
export async function claimEnrolment(db: Kysely<Database>, userId: number, courseId: number, source: EnrolmentSource, at: string): Promise<boolean> {
  const result = await db
    .insertInto('course_enrolments')
    .values({ user_id: userId, course_id: courseId, source, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** A grant outranks enrolling oneself: the enrolment then records where the course came from. */
export async function markEnrolmentGranted(db: Kysely<Database>, id: number, source: CourseGrantSource, at: string): Promise<void> {
  await db.updateTable('course_enrolments').set({ source, updated_at: at }).where('id', '=', id).where('source', '=', 'self').execute();
}

/** The user's enrolments in published courses, the most recently active first. */
function enrolmentsInPublished(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('course_enrolments')
    .innerJoin('courses', 'courses.id', 'course_enrolments.course_id')
    .where('course_enrolments.user_id', '=', userId)
    .where('courses.is_published', '=', 1);
}

export function enrolmentsOfUser(db: Kysely<Database>, userId: number, limit: number, offset: number) {
  return enrolmentsInPublished(db, userId)
    .selectAll('course_enrolments')
    .orderBy('course_enrolments.updated_at', 'desc')
    .orderBy('course_enrolments.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countEnrolments(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await enrolmentsInPublished(db, userId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Learning moves a course up the learner's list. */
export async function touchEnrolment(db: Kysely<Database>, userId: number, courseId: number, at: string): Promise<void> {
  await db.updateTable('course_enrolments').set({ updated_at: at }).where('user_id', '=', userId).where('course_id', '=', courseId).execute();
}

// Grants

/** Claims the source key; undefined when that source has granted already. */
export async function claimGrant(
  db: Kysely<Database>,
  values: { enrolment_id: number; user_id: number; course_id: number; product_id: number | null; source: CourseGrantSource; source_key: string; created_at: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('course_grants')
    .values(values)
    .onConflict((oc) => oc.column('source_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function findGrantBySourceKey(db: Kysely<Database>, sourceKey: string) {
  return db.selectFrom('course_grants').selectAll().where('source_key', '=', sourceKey).executeTakeFirst();
}

/** Removes a grant taken back (its order refunded); false when a concurrent revoke removed it first. */
export async function deleteGrant(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('course_grants').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The source of the user's remaining grant of the course, if any. */
export async function remainingGrantSource(db: Kysely<Database>, userId: number, courseId: number): Promise<CourseGrantSource | undefined> {
  const row = await db.selectFrom('course_grants').select('source').where('user_id', '=', userId).where('course_id', '=', courseId).orderBy('id').limit(1).executeTakeFirst();
  return row?.source;
}

/** The enrolment records where the course now comes from (`self` once no grant is left). */
export async function setEnrolmentSource(db: Kysely<Database>, userId: number, courseId: number, source: EnrolmentSource, at: string): Promise<void> {
  await db.updateTable('course_enrolments').set({ source, updated_at: at }).where('user_id', '=', userId).where('course_id', '=', courseId).execute();
}

/** Does the user hold a grant of the course (bought, gifted or given by staff)? */
export async function ownsCourse(db: Kysely<Database>, userId: number, courseId: number): Promise<boolean> {
  const row = await db
    .selectFrom('course_grants')
    .select('id')
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// Progress

export function findProgress(db: Kysely<Database>, userId: number, lessonId: number) {
  return db.selectFrom('lesson_progress').selectAll().where('user_id', '=', userId).where('lesson_id', '=', lessonId).executeTakeFirst();
}

/**
 * Records progress in one statement, so concurrent writes from several devices settle the same way in
 * any order: the later client timestamp's position wins, and `done` only ever goes from 0 to 1.
 */
export async function upsertProgress(
  db: Kysely<Database>,
  values: { user_id: number; lesson_id: number; done: 0 | 1; position: number; client_updated_at: string; at: string },
): Promise<void> {
  const { at, ...row } = values;
  await db
    .insertInto('lesson_progress')
    .values({ ...row, done_at: row.done ? at : null, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['user_id', 'lesson_id']).doUpdateSet({
        done: sql`case when lesson_progress.done = 1 or excluded.done = 1 then 1 else 0 end`,
        done_at: sql`coalesce(lesson_progress.done_at, excluded.done_at)`,
        position: sql`case when excluded.client_updated_at > lesson_progress.client_updated_at then excluded.position else lesson_progress.position end`,
        client_updated_at: sql`case when excluded.client_updated_at > lesson_progress.client_updated_at then excluded.client_updated_at else lesson_progress.client_updated_at end`,
        updated_at: sql`excluded.updated_at`,
      }),
    )
    .execute();
}

/**
 * Marks a lesson done with the write's position, inside the caller's transaction: true for the request that
 * moved it from not done (or no row) to done, false when it was done already. The update's condition is
 * checked again on the row a concurrent writer committed, so of writes at once exactly one answers true.
 */
export async function markDone(db: Kysely<Database>, values: { user_id: number; lesson_id: number; position: number; client_updated_at: string; at: string }): Promise<boolean> {
  const { at, ...row } = values;
  const result = await db
    .insertInto('lesson_progress')
    .values({ ...row, done: 1, done_at: at, updated_at: at })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'lesson_id'])
        .doUpdateSet({
          done: 1,
          done_at: at,
          position: sql`case when excluded.client_updated_at > lesson_progress.client_updated_at then excluded.position else lesson_progress.position end`,
          client_updated_at: sql`case when excluded.client_updated_at > lesson_progress.client_updated_at then excluded.client_updated_at else lesson_progress.client_updated_at end`,
          updated_at: at,
        })
        .where('lesson_progress.done', '=', 0),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The user's progress rows over the lessons of a course. */
export function progressInCourse(db: Kysely<Database>, userId: number, courseId: number) {
  return db
    .selectFrom('lesson_progress')
    .innerJoin('lessons', 'lessons.id', 'lesson_progress.lesson_id')
    .select(['lesson_progress.lesson_id', 'lesson_progress.done', 'lesson_progress.client_updated_at', 'lesson_progress.updated_at'])
    .where('lesson_progress.user_id', '=', userId)
    .where('lessons.course_id', '=', courseId)
    .execute();
}

export async function countLessonsAndDone(db: Kysely<Database>, userId: number, courseId: number): Promise<{ total: number; done: number }> {
  const row = await db
    .selectFrom('lessons')
    .leftJoin('lesson_progress', (join) => join.onRef('lesson_progress.lesson_id', '=', 'lessons.id').on('lesson_progress.user_id', '=', userId))
    .select((eb) => [eb.fn.countAll<number | string>().as('total'), eb.fn.sum<number | string>(sql`coalesce(lesson_progress.done, 0)`).as('done')])
    .where('lessons.course_id', '=', courseId)
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), done: Number(row?.done ?? 0) };
}

// Certificates

/** Issues the certificate once per user and course; a second issue (or a race) keeps the first. */
export async function issueCertificate(
  db: Kysely<Database>,
  values: { code: string; user_id: number; course_id: number; display_name: string; course_title: string; issued_at: string },
): Promise<void> {
  await db
    .insertInto('course_certificates')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
    .execute();
}

export function findCertificate(db: Kysely<Database>, userId: number, courseId: number) {
  return db.selectFrom('course_certificates').selectAll().where('user_id', '=', userId).where('course_id', '=', courseId).executeTakeFirst();
}

export function findCertificateByCode(db: Kysely<Database>, code: string) {
  return db.selectFrom('course_certificates').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findDisplayName(db: Kysely<Database>, userId: number) {
  return db.selectFrom('users').select(['display_name', 'username']).where('id', '=', userId).executeTakeFirst();
}
