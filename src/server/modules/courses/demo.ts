import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { renderMarkdown } from '../../platform/markdown.js';
import { DEMO_COURSES } from './demo-content.js';
import { excerptOf } from './text.js';

/** Ids of the demo people and taxonomy, by username and slug. */
export interface CourseDemoRefs {
  authors: Map<string, number>;
  categories: Map<string, number>;
  tags: Map<string, number>;
}

/**
 * The demo courses with their lessons and, for the purchase course, its product; inside the seed's
 * transaction, Markdown rendered as the services render it.
 */
export async function seedCoursesDemo(db: Kysely<Database>, refs: CourseDemoRefs, now: string): Promise<void> {
  const stamps = { created_at: now, updated_at: now };
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
}
