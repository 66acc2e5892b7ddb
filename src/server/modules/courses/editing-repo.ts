import type { Kysely, Updateable } from 'kysely';
import type { CoursesTable, LessonsTable } from '../../db/course-types.js';
import type { Database } from '../../db/types.js';
import { containsText } from '../../platform/text-search.js';

type Db = Kysely<Database>;

export async function courseTagIds(db: Db, id: number): Promise<number[]> {
  return (await db.selectFrom('course_tags').select('tag_id').where('course_id', '=', id).orderBy('tag_id').execute()).map((r) => r.tag_id);
}

export async function setCourse(db: Db, id: number, change: Updateable<CoursesTable>): Promise<void> {
  await db.updateTable('courses').set(change).where('id', '=', id).execute();
}

export async function courseSlugTaken(db: Db, slug: string, selfId: number | null): Promise<boolean> {
  let query = db.selectFrom('courses').select('id').where('slug', '=', slug);
  if (selfId !== null) query = query.where('id', '<>', selfId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Every course, drafts included, newest change first. */
export async function listAllCourses(db: Db, search: string | undefined, limit: number, offset: number) {
  let query = db.selectFrom('courses');
  if (search) query = query.where(containsText(db, 'title', search));
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query.select(['id', 'title', 'is_published', 'updated_at', 'language']).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return { count: Number(count.n), rows };
}

/** Lessons with their course's publication, a course's or all, in course order. */
export async function listAllLessons(db: Db, courseId: number | undefined, search: string | undefined, limit: number, offset: number) {
  let query = db.selectFrom('lessons').innerJoin('courses', 'courses.id', 'lessons.course_id');
  if (courseId) query = query.where('lessons.course_id', '=', courseId);
  if (search) query = query.where(containsText(db, 'lessons.title', search));
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .select(['lessons.id', 'lessons.title', 'lessons.updated_at', 'courses.is_published', 'courses.language'])
      .orderBy('lessons.course_id')
      .orderBy('lessons.position')
      .orderBy('lessons.id')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { count: Number(count.n), rows };
}

export async function lessonSlugTaken(db: Db, courseId: number, slug: string, selfId: number | null): Promise<boolean> {
  let query = db.selectFrom('lessons').select('id').where('course_id', '=', courseId).where('slug', '=', slug);
  if (selfId !== null) query = query.where('id', '<>', selfId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function setLesson(db: Db, id: number, change: Updateable<LessonsTable>): Promise<void> {
  await db.updateTable('lessons').set(change).where('id', '=', id).execute();
}

/** The course's lesson ids in their order. */
export async function lessonOrder(db: Db, courseId: number): Promise<number[]> {
  return (await db.selectFrom('lessons').select('id').where('course_id', '=', courseId).orderBy('position').orderBy('id').execute()).map((r) => r.id);
}

/** Numbers the course's lessons 1, 2, ... in this order. */
export async function renumberLessons(db: Db, ids: number[], at: string): Promise<void> {
  for (const [index, id] of ids.entries()) await db.updateTable('lessons').set({ position: index + 1, updated_at: at }).where('id', '=', id).execute();
}
