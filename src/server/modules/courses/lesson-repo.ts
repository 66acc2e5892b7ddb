import type { Insertable, Kysely, Updateable } from 'kysely';
import type { LessonsTable } from '../../db/course-types.js';
import type { Database } from '../../db/types.js';

/** Runs `work` in the caller's transaction when there is one (the back office's editor), else in a new one. */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** SQL of lessons. A course's lessons are always read in order over the (course_id, position, id) index. */

export type LessonRow = NonNullable<Awaited<ReturnType<typeof findLesson>>>;

/** Every column but the body: what outlines, lists and navigation need. */
const headColumns = [
  'lessons.id',
  'lessons.course_id',
  'lessons.title',
  'lessons.slug',
  'lessons.chapter',
  'lessons.excerpt',
  'lessons.media_kind',
  'lessons.duration',
  'lessons.position',
  'lessons.is_free_preview',
  'lessons.updated_at',
] as const;

export type LessonHead = Pick<LessonRow, 'id' | 'course_id' | 'title' | 'slug' | 'chapter' | 'excerpt' | 'media_kind' | 'duration' | 'position' | 'is_free_preview' | 'updated_at'>;

export function findLesson(db: Kysely<Database>, id: number) {
  return db.selectFrom('lessons').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findLessonBySlug(db: Kysely<Database>, courseId: number, slug: string) {
  return db.selectFrom('lessons').select('id').where('course_id', '=', courseId).where('slug', '=', slug).executeTakeFirst();
}

/** The course's lessons in order, without bodies. */
export function lessonHeads(db: Kysely<Database>, courseId: number): Promise<LessonHead[]> {
  return db.selectFrom('lessons').select(headColumns).where('course_id', '=', courseId).orderBy('position').orderBy('id').execute();
}

/** The course's lessons in order, bodies included (the offline manifest sizes them). */
export function lessonsOfCourse(db: Kysely<Database>, courseId: number): Promise<LessonRow[]> {
  return db.selectFrom('lessons').selectAll().where('course_id', '=', courseId).orderBy('position').orderBy('id').execute();
}

export async function lastPosition(db: Kysely<Database>, courseId: number): Promise<number | null> {
  const row = await db
    .selectFrom('lessons')
    .select('position')
    .where('course_id', '=', courseId)
    .orderBy('position', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.position ?? null;
}

export interface LessonFilters {
  course?: number;
  /** Lessons of unpublished courses too (staff). */
  drafts?: boolean;
}

function filtered(db: Kysely<Database>, f: LessonFilters) {
  let q = db.selectFrom('lessons').innerJoin('courses', 'courses.id', 'lessons.course_id');
  if (!f.drafts) q = q.where('courses.is_published', '=', 1);
  if (f.course) q = q.where('lessons.course_id', '=', f.course);
  return q;
}

export function listLessons(db: Kysely<Database>, f: LessonFilters, limit: number, offset: number): Promise<LessonHead[]> {
  return filtered(db, f)
    .select(headColumns)
    .orderBy('courses.position')
    .orderBy('lessons.course_id')
    .orderBy('lessons.position')
    .orderBy('lessons.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countLessons(db: Kysely<Database>, f: LessonFilters): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Inserts the lesson and marks its course changed, in one transaction. */
export async function insertLesson(db: Kysely<Database>, values: Insertable<LessonsTable>): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = await trx.insertInto('lessons').values(values).returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('courses').set({ updated_at: values.updated_at }).where('id', '=', values.course_id).execute();
    return row.id;
  });
}

/** Changes the lesson and marks its course (and a course it left) changed, in one transaction. */
export async function updateLesson(
  db: Kysely<Database>,
  id: number,
  fromCourse: number,
  values: Updateable<LessonsTable> & { updated_at: string },
  /** More writes of the same transaction, after the row's (its aliases rewritten from it). */
  then?: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.updateTable('lessons').set(values).where('id', '=', id).execute();
    const courses = [...new Set([fromCourse, values.course_id ?? fromCourse])];
    await trx.updateTable('courses').set({ updated_at: values.updated_at }).where('id', 'in', courses).execute();
    await then?.(trx);
  });
}

/** Deletes the lesson (its progress goes with it) and marks its course changed, in one transaction. */
export async function deleteLesson(db: Kysely<Database>, id: number, courseId: number, at: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('lessons').where('id', '=', id).executeTakeFirst();
    await trx.updateTable('courses').set({ updated_at: at }).where('id', '=', courseId).execute();
    return Number(result.numDeletedRows) > 0;
  });
}

/** Lessons that show this picture in their text. */
export function lessonsShowingPicture(db: Kysely<Database>, url: string) {
  return db.selectFrom('lessons').select(['id', 'title']).where('body_markdown', 'like', `%${url}%`).orderBy('id').limit(20).execute();
}

/**
 * The translations readers may follow from these lessons, by lesson id: the linked lesson (migration 0034) when
 * its course is published, with that course's language and id (a lesson's address is under its course). One statement for any number of lessons, none when no
 * lesson is linked.
 */
export async function liveLessonTranslations(db: Kysely<Database>, lessons: Pick<LessonRow, 'id' | 'translation_id'>[]): Promise<Map<number, { id: number; language: string; title: string; course_id: number }>> {
  const linked = lessons.filter((l): l is typeof l & { translation_id: number } => l.translation_id !== null);
  if (linked.length === 0) return new Map();
  const rows = await db
    .selectFrom('lessons as other')
    .innerJoin('courses', 'courses.id', 'other.course_id')
    .select(['other.id', 'courses.language', 'other.title', 'other.course_id'])
    .where('other.id', 'in', [...new Set(linked.map((l) => l.translation_id))])
    .where('courses.is_published', '=', 1)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, { id: r.id, language: r.language, title: r.title, course_id: r.course_id }]));
  return new Map(linked.flatMap((l) => (byId.has(l.translation_id) ? [[l.id, byId.get(l.translation_id)!] as const] : [])));
}
