import type { CourseCard, CourseDetail, CoursePriceCard, CourseListQuery, CourseOutline, CoursePatch, CourseTaxon, CourseWrite } from '../../../shared/api/courses.js';
import type { Language } from '../../../shared/i18n/index.js';
import { aliasRulesOfWrite } from '../content/editorial/alias-older-writes.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors.js';
import { renderMarkdown } from '../../platform/markdown.js';
import { nowIso } from '../../platform/time.js';
import { namesIn } from '../../platform/translations.js';
import {
  countCourses,
  courseRefs,
  deleteCourse as removeCourse,
  existingIds,
  findCourse,
  findCourseBySlug,
  hasGrants,
  insertCourse,
  lessonStats,
  listCourses,
  taxonomyCounts,
  updateCourse as writeCourse,
  type CourseRow,
} from './course-repo.js';
import { publishedTranslation } from '../content/editorial/translations.js';
import { lessonHeads } from './lesson-repo.js';
import { activeProductsByCourse, activeProductsOf } from './product-service.js';
import { findEnrolment, progressInCourse } from './progress-repo.js';
import { slugify } from './text.js';
import { courseAccessOf, lessonDecision, visibleCourse, type Viewer } from './viewer.js';

export interface Page<T> {
  count: number;
  results: T[];
}

/**
 * Cards of many courses: authors, categories, tags and lesson totals in four queries; category and tag names
 * in `lang` (without it, the default-language names), from the translations the same queries read. A
 * course's own `language` is another thing: the language it is taught in.
 */
export async function toCards(ctx: AppContext, rows: CourseRow[], lang?: Language): Promise<CourseCard[]> {
  if (rows.length === 0) return [];
  const db = ctx.db.kysely;
  const [refs, stats] = await Promise.all([courseRefs(db, rows), lessonStats(db, rows.map((r) => r.id))]);
  const authorById = new Map(refs.authors.map((a) => [a.id, a]));
  const categoryById = new Map(refs.categories.map((c) => [c.id, c]));
  const [categoryName, tagName] = [namesIn(lang), namesIn(lang)];
  return rows.map((r) => {
    const a = authorById.get(r.author_id);
    const c = r.category_id === null ? undefined : categoryById.get(r.category_id);
    const s = stats.get(r.id);
    return {
      id: r.id,
      title: r.title,
      slug: r.slug,
      summary: r.summary,
      cover: r.cover,
      level: r.level,
      access: r.access,
      language: r.language,
      category: c ? { id: c.id, name: categoryName(c), slug: c.slug } : null,
      tags: refs.tags.filter((t) => t.course_id === r.id).map((t) => ({ id: t.id, name: tagName(t) })),
      author: { id: r.author_id, display_name: a ? a.display_name || a.username : '', avatar: a?.avatar ?? null },
      is_published: r.is_published === 1,
      published_at: r.published_at,
      position: r.position,
      lesson_count: s?.lessons ?? 0,
      duration: s?.duration ?? 0,
      updated_at: r.updated_at,
    };
  });
}

export async function listCourseCards(ctx: AppContext, viewer: Viewer, query: CourseListQuery, lang?: Language): Promise<Page<CourseCard>> {
  const { page, page_size, include_drafts, lang: _names, ...filters } = query;
  if (include_drafts && !viewer.who.staff) throw new Forbidden('Only staff list unpublished courses.');
  const f = { ...filters, drafts: Boolean(include_drafts) };
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countCourses(db, f), listCourses(db, f, page_size, (page - 1) * page_size)]);
  return { count, results: await toCards(ctx, rows, lang) };
}

/**
 * Published courses by id (the learner's list, the timeline, search, an order's course), category and tag
 * names in `lang`.
 */
export async function cardsByIds(ctx: AppContext, ids: number[], lang?: Language, drafts = false): Promise<Map<number, CourseCard>> {
  const rows = await listCourses(ctx.db.kysely, { ids, drafts }, Math.max(ids.length, 1), 0);
  return new Map((await toCards(ctx, rows, lang)).map((c) => [c.id, c]));
}

export async function getCourse(ctx: AppContext, viewer: Viewer, id: number, lang?: Language): Promise<CourseDetail> {
  const course = await visibleCourse(ctx, viewer, id);
  return detailOf(ctx, viewer, course, lang);
}

async function detailOf(ctx: AppContext, viewer: Viewer, course: CourseRow, lang?: Language): Promise<CourseDetail> {
  const [[card], access, enrolment, products, translation] = await Promise.all([
    toCards(ctx, [course], lang),
    courseAccessOf(ctx, viewer, course),
    viewer.actor ? findEnrolment(ctx.db.kysely, viewer.actor.id, course.id) : Promise.resolve(undefined),
    course.access === 'purchase' ? activeProductsOf(ctx, course.id) : Promise.resolve([]),
    publishedTranslation(ctx.db.kysely, 'courses', course.id, nowIso()),
  ]);
  return {
    ...card,
    content_html: course.content_html,
    can_read: access.decision.can_read,
    reason: access.decision.reason,
    enrolled: viewer.actor ? enrolment !== undefined : null,
    products,
    translation: translation ?? null,
  };
}

/** The lessons of the course the user has done. */
export async function doneLessonIds(ctx: AppContext, userId: number, courseId: number): Promise<Set<number>> {
  const rows = await progressInCourse(ctx.db.kysely, userId, courseId);
  return new Set(rows.filter((r) => r.done === 1).map((r) => r.lesson_id));
}

/** Every lesson of the course with `locked` for the caller, and the caller's done flags when logged in. */
export async function courseOutline(ctx: AppContext, viewer: Viewer, id: number): Promise<CourseOutline> {
  const course = await visibleCourse(ctx, viewer, id);
  const [lessons, access, done] = await Promise.all([
    lessonHeads(ctx.db.kysely, course.id),
    courseAccessOf(ctx, viewer, course),
    viewer.actor ? doneLessonIds(ctx, viewer.actor.id, course.id) : Promise.resolve(null),
  ]);
  return {
    course_id: course.id,
    can_read: access.decision.can_read,
    reason: access.decision.reason,
    lessons: lessons.map((l) => ({
      id: l.id,
      title: l.title,
      slug: l.slug,
      chapter: l.chapter,
      position: l.position,
      duration: l.duration,
      is_free_preview: l.is_free_preview === 1,
      media_kind: l.media_kind,
      locked: !lessonDecision(viewer, access, l).can_read,
      done: done ? done.has(l.id) : null,
    })),
  };
}

/** Categories or tags that have courses, their names in `lang`, in that language's alphabetical order. */
export async function courseTaxonomy(ctx: AppContext, kind: 'category' | 'tag', withLessons: boolean, lang?: Language): Promise<CourseTaxon[]> {
  const nameOf = namesIn(lang);
  const taxa = (await taxonomyCounts(ctx.db.kysely, kind, withLessons)).map(({ translations, ...taxon }) => ({
    ...taxon,
    name: nameOf({ id: taxon.id, name: taxon.name, translations }),
  }));
  if (!lang) return taxa;
  const collator = new Intl.Collator(lang);
  return taxa.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

/** Most purchase courses the price card lists: a shop-sized catalogue. */
const PRICE_CARD_MAX = 500;

/** `product_course`: every published purchase course with its products on sale. */
export async function coursePriceCard(ctx: AppContext, lang?: Language): Promise<CoursePriceCard> {
  const rows = await listCourses(ctx.db.kysely, { access: 'purchase' }, PRICE_CARD_MAX, 0);
  const [cards, products] = await Promise.all([toCards(ctx, rows, lang), activeProductsByCourse(ctx, rows.map((r) => r.id))]);
  return cards.map((card) => ({ ...card, products: products.get(card.id) ?? [] }));
}

// Writing (the routes check staff first)

export async function checkReferences(ctx: AppContext, input: CoursePatch): Promise<void> {
  const db = ctx.db.kysely;
  if (input.author_id && (await existingIds(db, 'users', [input.author_id])).length === 0) throw Invalid.field('author_id', 'No such author.');
  if (input.category_id && (await existingIds(db, 'categories', [input.category_id])).length === 0) throw Invalid.field('category_id', 'No such category.');
  const wanted = [...new Set(input.tag_ids ?? [])];
  const found = await existingIds(db, 'tags', wanted);
  if (found.length !== wanted.length) throw Invalid.field('tag_ids', `Unknown id: ${wanted.filter((t) => !found.includes(t)).join(', ')}.`);
}

async function uniqueSlug(ctx: AppContext, wanted: string): Promise<string> {
  let slug = wanted;
  for (let n = 2; await findCourseBySlug(ctx.db.kysely, slug); n += 1) slug = `${wanted}-${n}`;
  return slug;
}

const slugTaken = () => new Conflict('slug: That slug is taken.', { slug: 'That slug is taken.' });

export async function createCourse(ctx: AppContext, actor: Actor, viewer: Viewer, input: CourseWrite): Promise<CourseDetail> {
  await checkReferences(ctx, input);
  if (input.slug && (await findCourseBySlug(ctx.db.kysely, input.slug))) throw slugTaken();
  const slug = input.slug ?? (await uniqueSlug(ctx, slugify(input.title, 'course')));
  const now = nowIso();
  const id = await insertCourse(
    ctx.db.kysely,
    {
      title: input.title,
      slug,
      summary: input.summary,
      cover: input.cover ?? null,
      body_markdown: input.body_markdown,
      content_html: renderMarkdown(input.body_markdown),
      level: input.level,
      category_id: input.category_id ?? null,
      author_id: input.author_id ?? actor.id,
      access: input.access,
      language: input.language,
      is_published: input.is_published ? 1 : 0,
      published_at: input.is_published ? now : null,
      position: input.position,
      created_at: now,
      updated_at: now,
    },
    [...new Set(input.tag_ids)],
  );
  ctx.events.changed('course');
  return detailOf(ctx, viewer, (await findCourse(ctx.db.kysely, id))!);
}

export async function updateCourse(ctx: AppContext, viewer: Viewer, id: number, input: CoursePatch): Promise<CourseDetail> {
  const db = ctx.db.kysely;
  const current = await findCourse(db, id);
  if (!current) throw new NotFound('Course');
  await checkReferences(ctx, input);
  if (input.slug && input.slug !== current.slug && (await findCourseBySlug(db, input.slug))) throw slugTaken();
  const followAliases = await aliasRulesOfWrite(ctx, 'course', id, input, { field: 'is_published', live: input.is_published });
  const now = nowIso();
  const published = input.is_published ?? current.is_published === 1;
  await writeCourse(
    db,
    id,
    {
      ...(input.title !== undefined && { title: input.title }),
      ...(input.slug !== undefined && { slug: input.slug }),
      ...(input.summary !== undefined && { summary: input.summary }),
      ...(input.cover !== undefined && { cover: input.cover }),
      ...(input.body_markdown !== undefined && { body_markdown: input.body_markdown, content_html: renderMarkdown(input.body_markdown) }),
      ...(input.level !== undefined && { level: input.level }),
      ...(input.category_id !== undefined && { category_id: input.category_id }),
      ...(input.author_id !== undefined && { author_id: input.author_id }),
      ...(input.access !== undefined && { access: input.access }),
      ...(input.language !== undefined && { language: input.language }),
      ...(input.position !== undefined && { position: input.position }),
      is_published: published ? 1 : 0,
      published_at: published ? (current.published_at ?? now) : current.published_at,
      updated_at: now,
    },
    input.tag_ids && [...new Set(input.tag_ids)],
    followAliases,
  );
  ctx.events.changed('course');
  return detailOf(ctx, viewer, (await findCourse(db, id))!);
}

/** A course someone was granted stays (unpublish it instead): deleting it would take what they paid for. */
export async function deleteCourse(ctx: AppContext, id: number): Promise<void> {
  const db = ctx.db.kysely;
  if (!(await findCourse(db, id))) throw new NotFound('Course');
  if (await hasGrants(db, id)) throw new Conflict('This course was bought or granted; unpublish it instead.');
  await removeCourse(db, id);
  ctx.events.changed('course');
}
