import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Engine } from '../../../db/connection.js';
import type { Database } from '../../../db/types.js';
import { ftsInColumns, ftsWordsExpression, likeContains, tsQueryExpression, type SearchPlan } from './terms.js';

/** SQLite's FTS5 tables over courses and lessons (migration 0018); the hidden column named like the table takes MATCH. */
type FtsTables = {
  course_words: { rowid: number; title: string; summary: string; body_markdown: string };
  lesson_words: { rowid: number; title: string; excerpt: string; body_markdown: string };
};

/**
 * Whose locked lesson bodies the caller may read: every one (staff), or those of the listed courses (the
 * access decision, asked per course by the service). A free-preview lesson is open to everyone. Any other
 * lesson matches on its title and excerpt alone: a match in a body the caller may not read would tell them
 * what it says.
 */
export type LessonBodies = 'all' | number[];

/** A matching course (lesson null) or lesson, with its score (higher is better). */
export interface CourseMatch {
  course_id: number;
  lesson_id: number | null;
  score: number;
}

/** Title counts most, then the summary or excerpt, then the body; the head weights leave the body out. */
const BM25_WEIGHTS = sql.raw('10.0, 4.0, 1.0');
const BM25_HEAD_WEIGHTS = sql.raw('10.0, 4.0, 0.0');
const LESSON_HEAD = ['title', 'excerpt'];

/** The lessons whose bodies may match, as SQL over `l`. */
function openLesson(bodies: LessonBodies): RawBuilder<SqlBool> {
  if (bodies === 'all') return sql<SqlBool>`(1 = 1)`;
  const courses = bodies.length ? sql`l.course_id in (${sql.join(bodies)})` : sql`(1 = 0)`;
  return sql<SqlBool>`(l.is_free_preview = 1 or ${courses})`;
}

function contains(engine: Engine, column: string, term: string): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  const pattern = likeContains(term);
  return engine === 'postgres' ? sql<SqlBool>`${ref} ilike ${pattern} escape '\\'` : sql<SqlBool>`${ref} like ${pattern} escape '\\'`;
}

/** Every term in one of the columns; each hit in the title weighs 3, in the summary 2, in the body 1. */
function substringTest(engine: Engine, terms: string[], columns: [string, string, string], body: RawBuilder<SqlBool> | 'none' | 'all') {
  const [title, summary, text] = columns;
  const tests = (term: string): Array<[number, RawBuilder<SqlBool>]> => {
    const out: Array<[number, RawBuilder<SqlBool>]> = [
      [3, contains(engine, title, term)],
      [2, contains(engine, summary, term)],
    ];
    if (body === 'all') out.push([1, contains(engine, text, term)]);
    else if (body !== 'none') out.push([1, sql<SqlBool>`(${body} and ${contains(engine, text, term)})`]);
    return out;
  };
  const where = sql<SqlBool>`(${sql.join(
    terms.map((term) => sql`(${sql.join(tests(term).map(([, t]) => t), sql` or `)})`),
    sql` and `,
  )})`;
  const score = sql<number>`(${sql.join(
    terms.flatMap((term) => tests(term).map(([w, t]) => sql`case when ${t} then ${sql.lit(w)} else 0 end`)),
    sql` + `,
  )})`;
  return { where, score };
}

const toMatches = (rows: Array<{ course_id: number; lesson_id: number | null; score: number | string }>): CourseMatch[] =>
  rows.map((r) => ({ course_id: Number(r.course_id), lesson_id: r.lesson_id === null ? null : Number(r.lesson_id), score: Number(r.score) }));

/**
 * Published courses and their lessons that match the query. A course's own text (title, summary,
 * description) is public; a lesson matches on its body only where `bodies` allows. Never a draft course.
 */
export async function courseMatches(db: Kysely<Database>, engine: Engine, plan: SearchPlan, bodies: LessonBodies): Promise<CourseMatch[]> {
  const sdb = db.withTables<FtsTables>();
  const open = openLesson(bodies);
  const closed = sql<SqlBool>`(not ${open})`;
  const scopes: Array<{ where: RawBuilder<SqlBool> | null; body: boolean }> =
    bodies === 'all' ? [{ where: null, body: true }] : [{ where: open, body: true }, { where: closed, body: false }];

  if (plan.mode === 'substrings') {
    const course = substringTest(engine, plan.terms, ['c.title', 'c.summary', 'c.body_markdown'], 'all');
    const lesson = substringTest(engine, plan.terms, ['l.title', 'l.excerpt', 'l.body_markdown'], bodies === 'all' ? 'all' : open);
    const [courses, lessons] = await Promise.all([
      sdb
        .selectFrom('courses as c')
        .select(['c.id as course_id', sql<null>`null`.as('lesson_id'), course.score.as('score')])
        .where('c.is_published', '=', 1)
        .where(course.where)
        .execute(),
      sdb
        .selectFrom('lessons as l')
        .innerJoin('courses as c', 'c.id', 'l.course_id')
        .select(['l.course_id', 'l.id as lesson_id', lesson.score.as('score')])
        .where('c.is_published', '=', 1)
        .where(lesson.where)
        .execute(),
    ]);
    return toMatches([...courses, ...lessons]);
  }

  if (engine === 'postgres') {
    const query = sql`to_tsquery('simple', ${tsQueryExpression(plan.words)})`;
    // The expressions of the GIN indexes of migration 0018, so the indexes answer the match.
    const courseDoc = sql`to_tsvector('simple', c.title || ' ' || c.summary || ' ' || c.body_markdown)`;
    const courseRank = sql`setweight(to_tsvector('simple', c.title), 'A') || setweight(to_tsvector('simple', c.summary), 'B') || to_tsvector('simple', c.body_markdown)`;
    const lessonDoc = sql`to_tsvector('simple', l.title || ' ' || l.excerpt || ' ' || l.body_markdown)`;
    const lessonHead = sql`to_tsvector('simple', l.title || ' ' || l.excerpt)`;
    const lessonRankHead = sql`setweight(to_tsvector('simple', l.title), 'A') || setweight(to_tsvector('simple', l.excerpt), 'B')`;
    const lessonRank = sql`${lessonRankHead} || to_tsvector('simple', l.body_markdown)`;
    const rows = await Promise.all([
      sdb
        .selectFrom('courses as c')
        .select(['c.id as course_id', sql<null>`null`.as('lesson_id'), sql<number>`ts_rank(${courseRank}, ${query})`.as('score')])
        .where('c.is_published', '=', 1)
        .where(sql<SqlBool>`${courseDoc} @@ ${query}`)
        .execute(),
      ...scopes.map((scope) =>
        sdb
          .selectFrom('lessons as l')
          .innerJoin('courses as c', 'c.id', 'l.course_id')
          .select(['l.course_id', 'l.id as lesson_id', sql<number>`ts_rank(${scope.body ? lessonRank : lessonRankHead}, ${query})`.as('score')])
          .where('c.is_published', '=', 1)
          .where(sql<SqlBool>`${scope.body ? lessonDoc : lessonHead} @@ ${query}`)
          .$if(scope.where !== null, (qb) => qb.where(scope.where!))
          .execute(),
      ),
    ]);
    return toMatches(rows.flat());
  }

  const expression = ftsWordsExpression(plan.words);
  const rows = await Promise.all([
    sdb
      .selectFrom('course_words')
      .crossJoin('courses as c')
      .whereRef('c.id', '=', 'course_words.rowid')
      .select(['c.id as course_id', sql<null>`null`.as('lesson_id'), sql<number>`-bm25(course_words, ${BM25_WEIGHTS})`.as('score')])
      .where(sql<SqlBool>`course_words match ${expression}`)
      .where('c.is_published', '=', 1)
      .execute(),
    ...scopes.map((scope) =>
      sdb
        .selectFrom('lesson_words')
        .crossJoin('lessons as l')
        .whereRef('l.id', '=', 'lesson_words.rowid')
        .innerJoin('courses as c', 'c.id', 'l.course_id')
        .select(['l.course_id', 'l.id as lesson_id', sql<number>`-bm25(lesson_words, ${scope.body ? BM25_WEIGHTS : BM25_HEAD_WEIGHTS})`.as('score')])
        .where(sql<SqlBool>`lesson_words match ${scope.body ? expression : ftsInColumns(LESSON_HEAD, expression)}`)
        .where('c.is_published', '=', 1)
        .$if(scope.where !== null, (qb) => qb.where(scope.where!))
        .execute(),
    ),
  ]);
  return toMatches(rows.flat());
}

/** What a lesson hit needs: its head, and its body only to quote it for a caller who may read it. */
export function lessonsForHits(db: Kysely<Database>, ids: number[]) {
  return db
    .selectFrom('lessons')
    .select(['id', 'course_id', 'title', 'slug', 'chapter', 'position', 'excerpt', 'content_html', 'is_free_preview'])
    .where('id', 'in', ids.length ? ids : [0])
    .execute();
}

/** Published courses with their access, for the per-course access decision (a catalogue is small). */
export function publishedCourseAccess(db: Kysely<Database>) {
  return db.selectFrom('courses').select(['id', 'access', 'access_plan_id']).where('is_published', '=', 1).execute();
}

/** The public descriptions of the courses hit, to quote them. */
export async function courseTexts(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  const rows = await db.selectFrom('courses').select(['id', 'content_html']).where('id', 'in', ids.length ? ids : [0]).execute();
  return new Map(rows.map((r) => [r.id, r.content_html]));
}

/** The purchase courses the user holds a grant for. */
export async function grantedCourseIds(db: Kysely<Database>, userId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('course_grants').select('course_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.course_id));
}
