import type { LessonCard, LessonDetail, LessonListQuery, LessonNavigation, LessonPatch, LessonWrite } from '../../../shared/api/courses.js';
import type { AppContext } from '../../platform/context.js';
import { aliasRulesOfWrite } from '../content/editorial/alias-older-writes.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { renderMarkdown } from '../../platform/markdown.js';
import { nowIso } from '../../platform/time.js';
import type { CourseRow } from './course-repo.js';
import { findCourse } from './course-repo.js';
import {
  countLessons,
  deleteLesson as removeLesson,
  findLesson,
  findLessonBySlug,
  insertLesson,
  lastPosition,
  lessonHeads,
  listLessons,
  liveLessonTranslations,
  updateLesson as writeLesson,
  type LessonHead,
  type LessonRow,
} from './lesson-repo.js';
import { withSignedMedia } from './member-media.js';
import { findProgress } from './progress-repo.js';
import { excerptOf, slugify } from './text.js';
import { courseAccessOf, lessonDecision, visibleCourse, type CourseGate, type Viewer } from './viewer.js';
import type { Page } from './course-service.js';

const toCard = (l: LessonHead): LessonCard => ({
  id: l.id,
  course_id: l.course_id,
  title: l.title,
  slug: l.slug,
  chapter: l.chapter,
  summary: l.excerpt,
  position: l.position,
  duration: l.duration,
  is_free_preview: l.is_free_preview === 1,
  media_kind: l.media_kind,
  updated_at: l.updated_at,
});

export async function listLessonCards(ctx: AppContext, viewer: Viewer, query: LessonListQuery): Promise<Page<LessonCard>> {
  const { page, page_size, course } = query;
  const f = { course, drafts: viewer.who.staff };
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countLessons(db, f), listLessons(db, f, page_size, (page - 1) * page_size)]);
  return { count, results: rows.map(toCard) };
}

/**
 * The lesson as this caller may see it. Locked: no body and no media URL, only the title and the summary
 * (the one staff wrote, else the first paragraph), with the reason. Built in the contract's key order, so
 * its JSON is the same whichever serialiser writes it (the offline manifest counts its bytes).
 */
export function lessonView(course: CourseRow, lesson: LessonRow, access: CourseGate, viewer: Viewer, done: boolean | null, translation: LessonDetail['translation']): LessonDetail {
  const decision = lessonDecision(viewer, access, lesson);
  return {
    ...toCard(lesson),
    course: { id: course.id, title: course.title, slug: course.slug, access: course.access },
    locked: !decision.can_read,
    reason: decision.reason,
    content_html: decision.can_read ? lesson.content_html : null,
    media_url: decision.can_read ? lesson.media_url : null,
    done,
    translation,
  };
}

/** A lesson of a course the caller may see (published, or any for staff); 404 otherwise. */
export async function visibleLesson(ctx: AppContext, viewer: Viewer, id: number): Promise<{ lesson: LessonRow; course: CourseRow }> {
  const lesson = await findLesson(ctx.db.kysely, id);
  if (!lesson) throw new NotFound('Lesson');
  const course = await visibleCourse(ctx, viewer, lesson.course_id).catch(() => {
    throw new NotFound('Lesson');
  });
  return { lesson, course };
}

export async function getLesson(ctx: AppContext, viewer: Viewer, id: number): Promise<LessonDetail> {
  const { lesson, course } = await visibleLesson(ctx, viewer, id);
  const [access, progress, translations] = await Promise.all([
    courseAccessOf(ctx, viewer, course),
    viewer.actor ? findProgress(ctx.db.kysely, viewer.actor.id, lesson.id) : Promise.resolve(undefined),
    liveLessonTranslations(ctx.db.kysely, [lesson]),
  ]);
  return withSignedMedia(ctx, lessonView(course, lesson, access, viewer, viewer.actor ? progress?.done === 1 : null, translations.get(lesson.id) ?? null));
}

/** Whether a guest's answer for this lesson is the same for every guest (and may sit in a shared cache). */
export const isOpenToAll = (detail: LessonDetail) => detail.reason === 'free' || detail.reason === 'preview';

const pointer = (l: LessonHead, viewer: Viewer, access: CourseGate) => ({
  id: l.id,
  title: l.title,
  slug: l.slug,
  chapter: l.chapter,
  locked: !lessonDecision(viewer, access, l).can_read,
});

export async function lessonNavigation(ctx: AppContext, viewer: Viewer, id: number): Promise<LessonNavigation> {
  const { lesson, course } = await visibleLesson(ctx, viewer, id);
  const [heads, access] = await Promise.all([lessonHeads(ctx.db.kysely, course.id), courseAccessOf(ctx, viewer, course)]);
  const index = heads.findIndex((l) => l.id === lesson.id);
  const previous = index > 0 ? heads[index - 1] : undefined;
  const next = heads[index + 1];
  return {
    lesson_id: lesson.id,
    course_id: course.id,
    chapter: lesson.chapter,
    position: index + 1,
    total: heads.length,
    previous: previous ? pointer(previous, viewer, access) : null,
    next: next ? pointer(next, viewer, access) : null,
  };
}

// Writing (the routes check staff first)

interface LessonShape {
  course_id: number;
  slug: string;
  media_url: string | null;
  media_kind: LessonRow['media_kind'];
}

async function checkLesson(ctx: AppContext, shape: LessonShape, selfId: number | null): Promise<void> {
  if (!(await findCourse(ctx.db.kysely, shape.course_id))) throw Invalid.field('course_id', 'No such course.');
  if (shape.media_url && !shape.media_kind) throw Invalid.field('media_kind', 'Say whether the media is video or audio.');
  const other = await findLessonBySlug(ctx.db.kysely, shape.course_id, shape.slug);
  if (other && other.id !== selfId) throw new Conflict('slug: The course has a lesson with this slug.', { slug: 'The course has a lesson with this slug.' });
}

async function uniqueSlug(ctx: AppContext, courseId: number, wanted: string): Promise<string> {
  let slug = wanted;
  for (let n = 2; await findLessonBySlug(ctx.db.kysely, courseId, slug); n += 1) slug = `${wanted}-${n}`;
  return slug;
}

function bodyColumns(markdown: string, summary: string) {
  const content_html = renderMarkdown(markdown);
  return { body_markdown: markdown, content_html, summary, excerpt: excerptOf(summary, content_html) };
}

export async function createLesson(ctx: AppContext, viewer: Viewer, input: LessonWrite): Promise<LessonDetail> {
  const slug = input.slug ?? (await uniqueSlug(ctx, input.course_id, slugify(input.title, 'lesson')));
  const media_kind = input.media_url ? input.media_kind : null;
  await checkLesson(ctx, { course_id: input.course_id, slug, media_url: input.media_url, media_kind }, null);
  const now = nowIso();
  const position = input.position ?? ((await lastPosition(ctx.db.kysely, input.course_id)) ?? 0) + 1;
  const id = await insertLesson(ctx.db.kysely, {
    course_id: input.course_id,
    title: input.title,
    slug,
    chapter: input.chapter,
    ...bodyColumns(input.body_markdown, input.summary),
    media_url: input.media_url,
    media_kind,
    duration: input.duration,
    position,
    is_free_preview: input.is_free_preview ? 1 : 0,
    created_at: now,
    updated_at: now,
  });
  ctx.events.changed('course');
  return getLesson(ctx, viewer, id);
}

export async function updateLesson(ctx: AppContext, viewer: Viewer, id: number, input: LessonPatch): Promise<LessonDetail> {
  const current = await findLesson(ctx.db.kysely, id);
  if (!current) throw new NotFound('Lesson');
  const mediaUrl = input.media_url !== undefined ? input.media_url : current.media_url;
  const shape: LessonShape = {
    course_id: input.course_id ?? current.course_id,
    slug: input.slug ?? current.slug,
    media_url: mediaUrl,
    media_kind: mediaUrl ? (input.media_kind !== undefined ? input.media_kind : current.media_kind) : null,
  };
  await checkLesson(ctx, shape, id);
  const followAliases = await aliasRulesOfWrite(ctx, 'lesson', id, input);
  const body = input.body_markdown !== undefined || input.summary !== undefined;
  await writeLesson(ctx.db.kysely, id, current.course_id, {
    ...shape,
    ...(input.title !== undefined && { title: input.title }),
    ...(input.chapter !== undefined && { chapter: input.chapter }),
    ...(body && bodyColumns(input.body_markdown ?? current.body_markdown, input.summary ?? current.summary)),
    ...(input.duration !== undefined && { duration: input.duration }),
    ...(input.position !== undefined && { position: input.position }),
    ...(input.is_free_preview !== undefined && { is_free_preview: input.is_free_preview ? 1 : 0 }),
    updated_at: nowIso(),
  }, followAliases);
  ctx.events.changed('course');
  return getLesson(ctx, viewer, id);
}

export async function deleteLesson(ctx: AppContext, id: number): Promise<void> {
  const current = await findLesson(ctx.db.kysely, id);
  if (!current || !(await removeLesson(ctx.db.kysely, id, current.course_id, nowIso()))) throw new NotFound('Lesson');
  ctx.events.changed('course');
}
