import { z } from 'zod';
import { MAX_ID, pageQuery, paginated, picturePath } from './common.js';
import { authorRef, categoryRef, contentLanguage, languageQuery, tagRef } from './content.js';

/** The courses' and lessons' schemas, and the fields the other course schemas share. */

export const id = z.coerce.number().int().positive().max(MAX_ID);
export const bodyId = z.number().int().positive().max(MAX_ID);
export const flag = z.union([z.boolean(), z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true')]);
/** Bounded so it fits a 32-bit integer column on every engine. */
export const sortOrder = z.number().int().min(-1_000_000).max(1_000_000);
export const slugField = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(200, 'Use at most 200 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and hyphens.');
export const title = z.string().trim().min(1, 'This field may not be blank.').max(200, 'Use at most 200 characters.');

/** A piece's version in the other language, as readers may follow it. */
export const translationRef = z.object({ id: z.number().int(), language: z.string(), title: z.string() });
export type TranslationRef = z.infer<typeof translationRef>;

export const courseLevel = z.enum(['beginner', 'intermediate', 'advanced']);
export type CourseLevel = z.infer<typeof courseLevel>;
/**
 * `free`: everyone; `premium`: members (the premium plan) and staff; `plan`: the members of one plan (set by
 * editors in the back office) and staff; `purchase`: buyers and staff.
 */
export const courseAccess = z.enum(['free', 'premium', 'plan', 'purchase']);
export type CourseAccess = z.infer<typeof courseAccess>;
/** What the course write calls set; `plan` is set with its plan through the editorial calls. */
const courseWriteAccess = z.enum(['free', 'premium', 'purchase']);
export const mediaKind = z.enum(['video', 'audio']);

/**
 * Why the caller may or may not read a course's lessons: `free`, `preview` (a free-preview lesson),
 * `member`, `buyer` (holds a grant: bought, gifted or given by staff), `staff`; or why not:
 * `login_required` (a guest), `membership_required` (a premium course), `purchase_required`.
 */
export const courseAccessReason = z.enum(['free', 'preview', 'member', 'buyer', 'staff', 'login_required', 'membership_required', 'purchase_required']);
export type CourseAccessReason = z.infer<typeof courseAccessReason>;

// Courses

export const courseCard = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  cover: z.string().nullable(),
  level: courseLevel,
  access: courseAccess,
  language: z.string(),
  category: categoryRef.nullable(),
  tags: z.array(tagRef),
  author: authorRef,
  is_published: z.boolean(),
  published_at: z.string().nullable(),
  position: z.number().int(),
  lesson_count: z.number().int(),
  /** Seconds: the sum of the lessons' durations. */
  duration: z.number().int(),
  updated_at: z.string(),
});
export type CourseCard = z.infer<typeof courseCard>;

export const courseProduct = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  name: z.string(),
  /** In the currency's minor unit. */
  price: z.number().int(),
  currency: z.string(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
});
export type CourseProduct = z.infer<typeof courseProduct>;

/**
 * A course as read. The description (`content_html`) is public; `can_read` and `reason` say whether the
 * caller may read its lessons; `products` are what a purchase course costs (active ones).
 */
export const courseDetail = courseCard.extend({
  content_html: z.string(),
  can_read: z.boolean(),
  reason: courseAccessReason,
  /** Null for a guest. */
  enrolled: z.boolean().nullable(),
  products: z.array(courseProduct),
  /** The same course in the other language, when it is published. */
  translation: translationRef.nullable(),
});
export type CourseDetail = z.infer<typeof courseDetail>;

export const courseList = paginated(courseCard);

export const courseListQuery = pageQuery.extend({
  category: id.optional(),
  tag: id.optional(),
  level: courseLevel.optional(),
  access: courseAccess.optional(),
  language: z.enum(['en', 'zh-CN']).optional(),
  /** Staff only: list unpublished courses too. */
  include_drafts: flag.optional(),
  /** The language of category and tag names (`language` filters courses by the language they are taught in). */
  lang: contentLanguage.optional(),
});
export type CourseListQuery = z.infer<typeof courseListQuery>;

/**
 * Course answers name their category and tags in one language, as content answers do: `lang` when given,
 * else the language cookie, else Accept-Language (the answer then varies by them). A client that caches
 * answers passes `lang`, so the URL names the language.
 */
export const courseNamesQuery = languageQuery;
/** The learner's courses, a page at a time, category and tag names in `lang`. */
export const myCourseQuery = pageQuery.extend({ lang: contentLanguage.optional() });

/** Fields without defaults: PATCH takes any subset of them (zod 4 would apply defaults inside partial()). */
const courseFields = z.object({
  title,
  slug: slugField,
  summary: z.string().max(1000, 'Use at most 1000 characters.'),
  cover: picturePath.nullable(),
  body_markdown: z.string().max(500_000),
  level: courseLevel,
  category_id: bodyId.nullable(),
  tag_ids: z.array(bodyId).max(50),
  author_id: bodyId,
  access: courseWriteAccess,
  language: z.enum(['en', 'zh-CN']),
  is_published: z.boolean(),
  position: sortOrder,
});
export const coursePatch = courseFields.partial();
export type CoursePatch = z.infer<typeof coursePatch>;
export const courseWrite = courseFields.extend({
  slug: slugField.optional(),
  summary: courseFields.shape.summary.default(''),
  cover: courseFields.shape.cover.optional(),
  body_markdown: courseFields.shape.body_markdown.default(''),
  level: courseLevel.default('beginner'),
  category_id: courseFields.shape.category_id.optional(),
  tag_ids: courseFields.shape.tag_ids.default([]),
  author_id: bodyId.optional(),
  access: courseWriteAccess.default('free'),
  language: courseFields.shape.language.default('en'),
  is_published: z.boolean().default(false),
  position: sortOrder.default(0),
});
export type CourseWrite = z.infer<typeof courseWrite>;

/** A category or tag that has courses: `course/category`, `course/tag`, `lesson/category`, `lesson/tag`. */
export const courseTaxon = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** Published courses carrying it. */
  course_count: z.number().int(),
  /** Lessons of those courses. */
  lesson_count: z.number().int(),
});
export const courseTaxonList = z.array(courseTaxon);
export type CourseTaxon = z.infer<typeof courseTaxon>;

// Lessons

const lessonRef = z.object({ id: z.number().int(), title: z.string(), slug: z.string(), chapter: z.string(), locked: z.boolean() });

/** One line of a course's outline, for the caller. `done` is null for a guest. */
export const outlineLesson = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  chapter: z.string(),
  position: z.number().int(),
  duration: z.number().int(),
  is_free_preview: z.boolean(),
  media_kind: mediaKind.nullable(),
  locked: z.boolean(),
  done: z.boolean().nullable(),
});
export const courseOutline = z.object({
  course_id: z.number().int(),
  can_read: z.boolean(),
  reason: courseAccessReason,
  lessons: z.array(outlineLesson),
});
export type CourseOutline = z.infer<typeof courseOutline>;

/** A lesson as listed: never its body or media URL. */
export const lessonCard = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  chapter: z.string(),
  summary: z.string(),
  position: z.number().int(),
  duration: z.number().int(),
  is_free_preview: z.boolean(),
  media_kind: mediaKind.nullable(),
  updated_at: z.string(),
});
export type LessonCard = z.infer<typeof lessonCard>;
export const lessonList = paginated(lessonCard);
export const lessonListQuery = pageQuery.extend({ course: id.optional() });
export type LessonListQuery = z.infer<typeof lessonListQuery>;

/**
 * A lesson as the caller may read it. Locked: `content_html` and `media_url` are null, `summary` is the
 * explicit summary or the first paragraph, and `reason` says why. `done` is null for a guest.
 */
export const lessonDetail = lessonCard.extend({
  course: z.object({ id: z.number().int(), title: z.string(), slug: z.string(), access: courseAccess }),
  locked: z.boolean(),
  reason: courseAccessReason,
  content_html: z.string().nullable(),
  media_url: z.string().nullable(),
  done: z.boolean().nullable(),
  /** The same lesson in the other language, once its course is published (decision 0116), with that course (its address). */
  translation: translationRef.extend({ course_id: z.number().int() }).nullable(),
});
export type LessonDetail = z.infer<typeof lessonDetail>;

const mediaUrl = z
  .string()
  .trim()
  .max(2000, 'Use at most 2000 characters.')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Use an http or https URL.');

const lessonFields = z.object({
  course_id: bodyId,
  title,
  slug: slugField,
  chapter: z.string().trim().max(200, 'Use at most 200 characters.'),
  summary: z.string().trim().max(1000, 'Use at most 1000 characters.'),
  body_markdown: z.string().max(500_000),
  media_url: mediaUrl.nullable(),
  media_kind: mediaKind.nullable(),
  /** Seconds, up to a day. */
  duration: z.number().int().min(0).max(86_400),
  position: sortOrder,
  is_free_preview: z.boolean(),
});
export const lessonPatch = lessonFields.partial();
export type LessonPatch = z.infer<typeof lessonPatch>;
export const lessonWrite = lessonFields.extend({
  slug: slugField.optional(),
  chapter: lessonFields.shape.chapter.default(''),
  summary: lessonFields.shape.summary.default(''),
  body_markdown: lessonFields.shape.body_markdown.default(''),
  media_url: lessonFields.shape.media_url.default(null),
  media_kind: lessonFields.shape.media_kind.default(null),
  duration: lessonFields.shape.duration.default(0),
  /** Default: after the course's last lesson. */
  position: sortOrder.optional(),
  is_free_preview: z.boolean().default(false),
});
export type LessonWrite = z.infer<typeof lessonWrite>;

export const lessonNavigation = z.object({
  lesson_id: z.number().int(),
  course_id: z.number().int(),
  chapter: z.string(),
  /** 1-based place of the lesson in its course. */
  position: z.number().int(),
  total: z.number().int(),
  previous: lessonRef.nullable(),
  next: lessonRef.nullable(),
});
export type LessonNavigation = z.infer<typeof lessonNavigation>;
