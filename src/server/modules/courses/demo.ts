import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { renderMarkdown } from '../../platform/markdown.js';
import { DEMO_COURSES, DEMO_LEARNER, DEMO_MEMBER_ENROLMENTS } from './demo-content.js';
import { excerptOf } from './text.js';

/** Ids of the demo people and taxonomy, by username and slug. */
export interface CourseDemoRefs {
  authors: Map<string, number>;
  categories: Map<string, number>;
  tags: Map<string, number>;
}

const HOUR = 3600 * 1000;

/**
 * The demo courses with their lessons and, for the purchase course, its product; then the demo member's
 * enrolments and progress. Inside the seed's transaction, Markdown rendered as the services render it.
 */
export async function seedCoursesDemo(db: Kysely<Database>, refs: CourseDemoRefs, now: string): Promise<void> {
  const stamps = { created_at: now, updated_at: now };
  const courseIds = new Map<string, number>();
  for (const [position, course] of DEMO_COURSES.entries()) {
    const { id } = await db
      .insertInto('courses')
      .values({
        title: course.title,
        slug: course.slug,
        summary: course.summary,
        cover: course.cover,
        body_markdown: course.body,
        content_html: renderMarkdown(course.body),
        level: course.level,
        category_id: refs.categories.get(course.category) ?? null,
        author_id: refs.authors.get(course.author)!,
        access: course.access,
        language: course.language,
        is_published: 1,
        published_at: now,
        position,
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    courseIds.set(course.slug, id);
    const tagIds = course.tags.map((slug) => refs.tags.get(slug)).filter((t): t is number => t !== undefined);
    if (tagIds.length) await db.insertInto('course_tags').values(tagIds.map((tag_id) => ({ course_id: id, tag_id }))).execute();
    await db
      .insertInto('lessons')
      .values(
        course.lessons.map((lesson, i) => {
          const content_html = renderMarkdown(lesson.body);
          return {
            course_id: id,
            title: lesson.title,
            slug: lesson.slug,
            chapter: lesson.chapter,
            summary: '',
            excerpt: excerptOf('', content_html),
            body_markdown: lesson.body,
            content_html,
            media_url: null,
            media_kind: null,
            duration: lesson.duration,
            position: i + 1,
            is_free_preview: lesson.free_preview ? (1 as const) : (0 as const),
            ...stamps,
          };
        }),
      )
      .execute();
    for (const [i, product] of (course.products ?? []).entries()) {
      await db.insertInto('course_products').values({ course_id: id, name: product.name, price: product.price, is_active: 1, sort_order: i, ...stamps }).execute();
    }
  }
  const learner = refs.authors.get(DEMO_LEARNER);
  if (learner !== undefined) await seedDemoLearning(db, learner, courseIds, Date.parse(now));
}

/**
 * The demo member's enrolments (enrolled by themselves, a week ago) and progress as the progress call records
 * it: the done lessons over the past days, then the lesson to resume, read part-way yesterday.
 */
async function seedDemoLearning(db: Kysely<Database>, userId: number, courseIds: Map<string, number>, nowMs: number): Promise<void> {
  const at = (hoursAgo: number) => new Date(nowMs - hoursAgo * HOUR).toISOString();
  for (const [index, enrolment] of DEMO_MEMBER_ENROLMENTS.entries()) {
    const courseId = courseIds.get(enrolment.course)!;
    const lessons = new Map(
      (await db.selectFrom('lessons').select(['id', 'slug']).where('course_id', '=', courseId).execute()).map((l) => [l.slug, l.id]),
    );
    const lessonId = (slug: string) => {
      const id = lessons.get(slug);
      if (id === undefined) throw new Error(`The demo course ${enrolment.course} has no lesson ${slug}`);
      return id;
    };
    // The courses were last opened on different days, so "my courses" has an order.
    const lastOpened = at(24 + index * 48);
    await db
      .insertInto('course_enrolments')
      .values({ user_id: userId, course_id: courseId, source: 'self', created_at: at(7 * 24), updated_at: lastOpened })
      .execute();
    const rows: Insertable<Database['lesson_progress']>[] = enrolment.done.map((slug, i) => {
      const doneAt = at(24 + index * 48 + (enrolment.done.length - i) * 20);
      return { user_id: userId, lesson_id: lessonId(slug), done: 1, position: 1, client_updated_at: doneAt, done_at: doneAt, updated_at: doneAt };
    });
    rows.push({ user_id: userId, lesson_id: lessonId(enrolment.resume.lesson), done: 0, position: enrolment.resume.position, client_updated_at: lastOpened, done_at: null, updated_at: lastOpened });
    await db.insertInto('lesson_progress').values(rows).execute();
  }
}
