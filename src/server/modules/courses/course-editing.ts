import type { CourseFields } from '../../../shared/api/content-editorial.js';
import { coursePagePath } from '../../../shared/api/courses-paths.js';
import { Conflict, Invalid } from '../../platform/errors.js';
import { renderMarkdown } from '../../platform/markdown.js';
import { freeSlug, slugOf, type EditableKindAdapter } from '../content/editorial/service.js';
import { deleteCourse, findCourse, hasGrants, insertCourse, updateCourse } from './course-repo.js';
import { checkReferences } from './course-service.js';
import { courseSlugTaken, courseTagIds, listAllCourses, setCourse } from './editing-repo.js';
import { lessonHeads } from './lesson-repo.js';
import { checkAccessPlan, checkTranslation, linkTranslation } from '../content/editorial/translations.js';

function columnsOf(fields: CourseFields) {
  return {
    title: fields.title,
    slug: fields.slug,
    summary: fields.summary,
    cover: fields.cover || null,
    body_markdown: fields.body_markdown,
    content_html: renderMarkdown(fields.body_markdown),
    level: fields.level,
    category_id: fields.category_id,
    access: fields.access,
    access_plan_id: fields.access === 'plan' ? fields.access_plan_id : null,
    language: fields.language,
    translation_id: fields.translation_id,
  };
}

/**
 * Courses in the back office's editor. Its lessons' saves touch the course's `updated_at`, so that is no sign of
 * a write outside the editor here: the version is the revision alone.
 */
export const courseEditing: EditableKindAdapter<'course'> = {
  kind: 'course',
  what: 'Course',
  table: 'courses',
  schedulable: true,

  async load(db, id) {
    const row = await findCourse(db, id);
    if (!row) return undefined;
    const fields: CourseFields = {
      title: row.title,
      slug: row.slug,
      summary: row.summary,
      cover: row.cover ?? '',
      body_markdown: row.body_markdown,
      level: row.level,
      category_id: row.category_id,
      tag_ids: await courseTagIds(db, id),
      access: row.access,
      access_plan_id: row.access_plan_id,
      language: row.language === 'zh-CN' ? 'zh-CN' : 'en',
      translation_id: row.translation_id,
    };
    return { fields, head: { id, title: row.title, live: row.is_published === 1, stamp: '', updated_at: row.updated_at, html_url: coursePagePath(id) } };
  },

  async lessons(db, id) {
    return (await lessonHeads(db, id)).map((l) => ({ id: l.id, title: l.title, chapter: l.chapter, position: l.position }));
  },

  async check(ctx, given, id) {
    await checkReferences(ctx, { ...given, access: undefined });
    const db = ctx.db.kysely;
    const fields = await checkAccessPlan(db, given);
    await checkTranslation(db, 'courses', id, fields.language, fields.translation_id);
    if (fields.slug) {
      if (await courseSlugTaken(db, fields.slug, id)) throw new Conflict('slug: That slug is taken.', { slug: 'That slug is taken.' });
      return fields;
    }
    return { ...fields, slug: await freeSlug(slugOf(fields.title, 'course'), (slug) => courseSlugTaken(db, slug, id)) };
  },

  async create(trx, fields, authorId, now) {
    const id = await insertCourse(trx, { ...columnsOf(fields), author_id: authorId, is_published: 0, published_at: null, position: 0, created_at: now, updated_at: now }, [...new Set(fields.tag_ids)]);
    await linkTranslation(trx, 'courses', id, fields.translation_id, now);
    return id;
  },

  async apply(trx, id, fields, now) {
    await updateCourse(trx, id, { ...columnsOf(fields), updated_at: now }, [...new Set(fields.tag_ids)]);
    await linkTranslation(trx, 'courses', id, fields.translation_id, now);
  },

  async publish(trx, id, now) {
    const row = await findCourse(trx, id);
    await setCourse(trx, id, { is_published: 1, published_at: row?.published_at ?? now, updated_at: now });
  },

  async unpublish(trx, id, now) {
    await setCourse(trx, id, { is_published: 0, updated_at: now });
  },

  async remove(trx, id) {
    // Deleting a course someone holds would take what they paid for: unpublish it instead.
    if (await hasGrants(trx, id)) throw new Conflict('This course was bought or granted; unpublish it instead.');
    await deleteCourse(trx, id);
  },

  async move(trx, id, body, now) {
    if (body.position === undefined) throw Invalid.field('position', 'Give the course its place in the list (1 first).');
    await setCourse(trx, id, { position: body.position, updated_at: now });
  },

  async list(db, query) {
    const { count, rows } = await listAllCourses(db, query.search, query.page_size, (query.page - 1) * query.page_size);
    return { count, rows: rows.map((r) => ({ id: r.id, title: r.title, live: r.is_published === 1, updated_at: r.updated_at, language: r.language })) };
  },
};
