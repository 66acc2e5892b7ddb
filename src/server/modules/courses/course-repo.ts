import { type Insertable, type Kysely, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { CoursesTable } from '../../db/course-types.js';
import type { Database } from '../../db/types.js';

/** Runs `work` in the caller's transaction when there is one (the back office's editor), else in a new one. */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** SQL of courses, their tags and the categories and tags that have courses. */

export type CourseRow = NonNullable<Awaited<ReturnType<typeof findCourse>>>;

export interface CourseFilters {
  category?: number;
  tag?: number;
  level?: CoursesTable['level'];
  access?: CoursesTable['access'];
  language?: string;
  /** Unpublished courses too (staff lists). */
  drafts?: boolean;
  ids?: number[];
}

type CourseQuery = SelectQueryBuilder<Database, 'courses', object>;

function filtered(db: Kysely<Database>, f: CourseFilters): CourseQuery {
  let q = db.selectFrom('courses') as CourseQuery;
  if (!f.drafts) q = q.where('courses.is_published', '=', 1);
  if (f.category) q = q.where('courses.category_id', '=', f.category);
  if (f.level) q = q.where('courses.level', '=', f.level);
  if (f.access) q = q.where('courses.access', '=', f.access);
  if (f.language) q = q.where('courses.language', '=', f.language);
  if (f.ids) q = q.where('courses.id', 'in', f.ids.length ? f.ids : [0]);
  if (f.tag) {
    const tagId = f.tag;
    q = q.where('courses.id', 'in', (eb) => eb.selectFrom('course_tags').select('course_id').where('tag_id', '=', tagId));
  }
  return q;
}

export function findCourse(db: Kysely<Database>, id: number) {
  return db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCourseBySlug(db: Kysely<Database>, slug: string) {
  return db.selectFrom('courses').select('id').where('slug', '=', slug).executeTakeFirst();
}

/** In the order staff gave them (`position`), then oldest first. */
export function listCourses(db: Kysely<Database>, f: CourseFilters, limit: number, offset: number): Promise<CourseRow[]> {
  return filtered(db, f).selectAll('courses').orderBy('courses.position').orderBy('courses.id').limit(limit).offset(offset).execute();
}

export async function countCourses(db: Kysely<Database>, f: CourseFilters): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Lesson count and total duration of each course, in one grouped query over the (course_id, position) index. */
export async function lessonStats(db: Kysely<Database>, courseIds: number[]): Promise<Map<number, { lessons: number; duration: number }>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lessons')
    .select((eb) => ['course_id', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('duration').as('seconds')])
    .where('course_id', 'in', courseIds)
    .groupBy('course_id')
    .execute();
  return new Map(rows.map((r) => [r.course_id, { lessons: Number(r.n), duration: Number(r.seconds ?? 0) }]));
}

/** Authors, categories and tags of many courses in three queries; categories and tags with their translations. */
export async function courseRefs(db: Kysely<Database>, rows: Pick<CourseRow, 'id' | 'author_id' | 'category_id'>[]) {
  const ids = rows.map((r) => r.id);
  const authorIds = [...new Set(rows.map((r) => r.author_id))];
  const categoryIds = [...new Set(rows.map((r) => r.category_id).filter((c): c is number => c !== null))];
  const [authors, categories, tags] = await Promise.all([
    authorIds.length ? db.selectFrom('users').select(['id', 'display_name', 'username', 'avatar']).where('id', 'in', authorIds).execute() : [],
    categoryIds.length ? db.selectFrom('categories').select(['id', 'name', 'slug', 'translations']).where('id', 'in', categoryIds).execute() : [],
    ids.length
      ? db
          .selectFrom('course_tags')
          .innerJoin('tags', 'tags.id', 'course_tags.tag_id')
          .select(['course_tags.course_id', 'tags.id', 'tags.name', 'tags.translations'])
          .where('course_tags.course_id', 'in', ids)
          .orderBy('tags.name')
          .execute()
      : [],
  ]);
  return { authors, categories, tags };
}

export async function insertCourse(db: Kysely<Database>, values: Insertable<CoursesTable>, tagIds: number[]): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = await trx.insertInto('courses').values(values).returning('id').executeTakeFirstOrThrow();
    await replaceCourseTags(trx, row.id, tagIds);
    return row.id;
  });
}

/** Changes the course's columns and, when given, replaces its tags, in one transaction. */
export async function updateCourse(
  db: Kysely<Database>,
  id: number,
  values: Updateable<CoursesTable>,
  tagIds: number[] | undefined,
  /** More writes of the same transaction, after the row's (its aliases rewritten from it). */
  then?: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.updateTable('courses').set(values).where('id', '=', id).execute();
    if (tagIds) await replaceCourseTags(trx, id, tagIds);
    await then?.(trx);
  });
}

async function replaceCourseTags(db: Kysely<Database>, courseId: number, tagIds: number[]): Promise<void> {
  await db.deleteFrom('course_tags').where('course_id', '=', courseId).execute();
  if (tagIds.length) await db.insertInto('course_tags').values(tagIds.map((tag_id) => ({ course_id: courseId, tag_id }))).execute();
}

export async function deleteCourse(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('courses').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function hasGrants(db: Kysely<Database>, courseId: number): Promise<boolean> {
  const row = await db.selectFrom('course_grants').select('id').where('course_id', '=', courseId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function existingIds(db: Kysely<Database>, table: 'tags' | 'categories' | 'users', ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/**
 * Categories (or tags) of published courses, with how many courses carry each and how many lessons
 * those courses have, and their translations. `withLessons` keeps only those whose courses have lessons.
 */
export async function taxonomyCounts(db: Kysely<Database>, kind: 'category' | 'tag', withLessons: boolean) {
  const perCourse = db
    .selectFrom('courses')
    .leftJoin('lessons', 'lessons.course_id', 'courses.id')
    .select((eb) => ['courses.id as course_id', 'courses.category_id', eb.fn.count<number | string>('lessons.id').as('lessons')])
    .where('courses.is_published', '=', 1)
    .groupBy(['courses.id', 'courses.category_id']);
  const rows =
    kind === 'category'
      ? await db
          .with('per_course', () => perCourse)
          .selectFrom('per_course')
          .innerJoin('categories as t', 't.id', 'per_course.category_id')
          .select((eb) => ['t.id', 't.name', 't.slug', 't.translations', eb.fn.countAll<number | string>().as('courses'), eb.fn.sum<number | string>('per_course.lessons').as('lessons')])
          .groupBy(['t.id', 't.name', 't.slug', 't.translations'])
          .orderBy('t.name')
          .execute()
      : await db
          .with('per_course', () => perCourse)
          .selectFrom('per_course')
          .innerJoin('course_tags as ct', 'ct.course_id', 'per_course.course_id')
          .innerJoin('tags as t', 't.id', 'ct.tag_id')
          .select((eb) => ['t.id', 't.name', 't.slug', 't.translations', eb.fn.countAll<number | string>().as('courses'), eb.fn.sum<number | string>('per_course.lessons').as('lessons')])
          .groupBy(['t.id', 't.name', 't.slug', 't.translations'])
          .orderBy('t.name')
          .execute();
  return rows
    .map((r) => ({ id: r.id, name: r.name, slug: r.slug, translations: r.translations, course_count: Number(r.courses), lesson_count: Number(r.lessons ?? 0) }))
    .filter((r) => !withLessons || r.lesson_count > 0);
}

/** Courses that show this picture: as their cover or in their description. */
export function coursesShowingPicture(db: Kysely<Database>, url: string) {
  return db
    .selectFrom('courses')
    .select(['id', 'title'])
    .where((eb) => eb.or([eb('cover', '=', url), eb('body_markdown', 'like', `%${url}%`)]))
    .orderBy('id')
    .limit(20)
    .execute();
}
