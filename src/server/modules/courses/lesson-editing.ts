import type { LessonFields } from '../../../shared/api/content-editorial.js';
import { lessonPagePath } from '../../../shared/api/courses-paths.js';
import { Conflict, Invalid } from '../../platform/errors.js';
import { renderMarkdown } from '../../platform/markdown.js';
import { freeSlug, slugOf, type EditableKindAdapter } from '../content/editorial/service.js';
import { findCourse } from './course-repo.js';
import { lessonOrder, lessonSlugTaken, listAllLessons, renumberLessons, setLesson } from './editing-repo.js';
import { deleteLesson, findLesson, insertLesson, lastPosition, updateLesson } from './lesson-repo.js';
import { excerptOf } from './text.js';
import { checkTranslation, linkTranslation } from '../content/editorial/translations.js';

function columnsOf(fields: LessonFields) {
  const content_html = renderMarkdown(fields.body_markdown);
  return {
    course_id: fields.course_id,
    title: fields.title,
    slug: fields.slug,
    chapter: fields.chapter,
    summary: fields.summary,
    excerpt: excerptOf(fields.summary, content_html),
    body_markdown: fields.body_markdown,
    content_html,
    duration: fields.duration,
    is_free_preview: fields.is_free_preview ? (1 as const) : (0 as const),
    translation_id: fields.translation_id,
  };
}

/**
 * Lessons in the back office's editor. A lesson is live while its course is: a live course's lesson keeps its
 * saved changes for `publish`, and is published and scheduled with its course, not on its own.
 */
export const lessonEditing: EditableKindAdapter<'lesson'> = {
  kind: 'lesson',
  what: 'Lesson',
  table: 'lessons',
  schedulable: false,

  async load(db, id) {
    const row = await findLesson(db, id);
    if (!row) return undefined;
    const course = await findCourse(db, row.course_id);
    const fields: LessonFields = {
      course_id: row.course_id,
      title: row.title,
      slug: row.slug,
      chapter: row.chapter,
      summary: row.summary,
      body_markdown: row.body_markdown,
      duration: row.duration,
      is_free_preview: row.is_free_preview === 1,
      translation_id: row.translation_id,
    };
    return { fields, head: { id, title: row.title, live: course?.is_published === 1, stamp: row.updated_at, updated_at: row.updated_at, html_url: lessonPagePath(row.course_id, id) } };
  },

  async check(ctx, fields, id) {
    const db = ctx.db.kysely;
    const course = await findCourse(db, fields.course_id);
    if (!course) throw Invalid.field('course_id', 'No such course.');
    await checkTranslation(db, 'lessons', id, course.language, fields.translation_id);
    const current = id === null ? undefined : await findLesson(db, id);
    if (current && current.course_id !== fields.course_id) throw Invalid.field('course_id', 'Move a lesson to another course with the move action.');
    if (fields.slug) {
      if (await lessonSlugTaken(db, fields.course_id, fields.slug, id)) throw new Conflict('slug: The course has a lesson with this slug.', { slug: 'The course has a lesson with this slug.' });
      return fields;
    }
    return { ...fields, slug: await freeSlug(slugOf(fields.title, 'lesson'), (slug) => lessonSlugTaken(db, fields.course_id, slug, id)) };
  },

  /**
   * A lesson's readers are its course's: an alias goes only into a course that lets in no one the original's course
   * keeps out (the same access and plan; a bought course's lessons stay in it), and a live course takes no alias
   * of a lesson whose course is a draft.
   */
  async checkAlias(db, original, alias) {
    const [from, to] = await Promise.all([findCourse(db, original.course_id), findCourse(db, alias.course_id)]);
    if (!from || !to) throw Invalid.field('course_id', 'No such course.');
    const sameReaders = from.access === to.access && from.access_plan_id === to.access_plan_id && (from.access !== 'purchase' || from.id === to.id);
    if (!sameReaders) throw Invalid.field('course_id', 'Choose a course with the same access as the original lesson’s course.');
    if (to.is_published === 1 && from.is_published !== 1) throw Invalid.field('course_id', 'The original lesson’s course is a draft: choose a draft course, or publish that course first.');
  },

  async create(trx, fields, _authorId, now) {
    const position = ((await lastPosition(trx, fields.course_id)) ?? 0) + 1;
    const id = await insertLesson(trx, { ...columnsOf(fields), media_url: null, media_kind: null, position, created_at: now, updated_at: now });
    await linkTranslation(trx, 'lessons', id, fields.translation_id, now);
    return id;
  },

  async apply(trx, id, fields, now) {
    await updateLesson(trx, id, fields.course_id, { ...columnsOf(fields), updated_at: now });
    await linkTranslation(trx, 'lessons', id, fields.translation_id, now);
  },

  async publish(trx, id, now) {
    await setLesson(trx, id, { updated_at: now });
  },

  async remove(trx, id) {
    const row = await findLesson(trx, id);
    if (row) await deleteLesson(trx, id, row.course_id, new Date().toISOString());
  },

  /** To `position` (1 first) in its course, or in `course_id` (at `position`, else last), under `chapter` when given. */
  async move(trx, id, body, now) {
    const row = await findLesson(trx, id);
    if (!row) return;
    const target = body.course_id ?? row.course_id;
    if (body.position === undefined && body.course_id === undefined && body.chapter === undefined) throw Invalid.field('position', 'Give the lesson its new place (1 first).');
    if (target !== row.course_id) {
      if (!(await findCourse(trx, target))) throw Invalid.field('course_id', 'No such course.');
      if (await lessonSlugTaken(trx, target, row.slug, id)) throw new Conflict('slug: That course has a lesson with this slug.', { slug: 'That course has a lesson with this slug.' });
    }
    await updateLesson(trx, id, row.course_id, { course_id: target, ...(body.chapter !== undefined && { chapter: body.chapter }), updated_at: now });
    const order = (await lessonOrder(trx, target)).filter((other) => other !== id);
    const at = Math.min(Math.max((body.position ?? order.length + 1) - 1, 0), order.length);
    order.splice(at, 0, id);
    await renumberLessons(trx, order, now);
    if (target !== row.course_id) await renumberLessons(trx, await lessonOrder(trx, row.course_id), now);
  },

  async list(db, query) {
    const { count, rows } = await listAllLessons(db, query.course, query.search, query.page_size, (query.page - 1) * query.page_size);
    return { count, rows: rows.map((r) => ({ id: r.id, title: r.title, live: r.is_published === 1, updated_at: r.updated_at, language: r.language })) };
  },
};
