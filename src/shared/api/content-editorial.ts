import { z } from 'zod';
import { MAX_ID, pageQuery, paginated, picturePath } from './common.js';
import { EDITABLE_KINDS, EDITORIAL_ACTIONS } from './content-editorial-paths.js';

export * from './content-editorial-paths.js';

const refId = z.number('Choose one.').int().positive().max(MAX_ID);
const title = z.string().trim().min(1, 'Give it a title.').max(200, 'Use at most 200 characters.');
/** Empty: made from the title when the item is first saved. */
const slug = z
  .string()
  .trim()
  .max(200, 'Use at most 200 characters.')
  .regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'Use lower-case letters, digits and hyphens.');
const markdown = z.string().max(200_000, 'Use at most 200,000 characters.');
const summary = z.string().max(1000, 'Use at most 1000 characters.');
const language = z.enum(['en', 'zh-CN'], 'Choose English or Chinese.');
const ids = z.array(refId).max(50, 'Choose at most 50.');
/** The same piece in the other language; null: none (both pieces then point at each other). */
const translationId = refId.nullable().default(null);
/** The plan whose members may read a `plan` piece; null for any other access. */
const accessPlanId = refId.nullable().default(null);
const sortOrder = z.number('Enter a whole number.').int('Enter a whole number.').min(-1_000_000).max(1_000_000);

/** What an article's editor writes: every field of the article a reader or a list shows. */
export const articleFields = z.strictObject({
  title,
  slug,
  summary,
  cover: picturePath,
  body_markdown: markdown,
  category_id: refId.nullable(),
  tag_ids: ids,
  topic_ids: ids,
  access: z.enum(['free', 'premium', 'plan'], 'Choose free, premium or a plan.'),
  access_plan_id: accessPlanId,
  free_read: z.boolean(),
  language,
  translation_id: translationId,
});
export type ArticleFields = z.infer<typeof articleFields>;

export const courseFields = z.strictObject({
  title,
  slug,
  summary,
  cover: picturePath,
  body_markdown: markdown,
  level: z.enum(['beginner', 'intermediate', 'advanced'], 'Choose a level.'),
  category_id: refId.nullable(),
  tag_ids: ids,
  access: z.enum(['free', 'premium', 'plan', 'purchase'], 'Choose free, premium, a plan or purchase.'),
  access_plan_id: accessPlanId,
  language,
  translation_id: translationId,
});
export type CourseFields = z.infer<typeof courseFields>;

export const lessonFields = z.strictObject({
  course_id: refId,
  title,
  slug,
  chapter: z.string().trim().max(200, 'Use at most 200 characters.'),
  summary,
  body_markdown: markdown,
  duration: z.number('Enter seconds.').int('Enter whole seconds.').min(0).max(100_000),
  is_free_preview: z.boolean(),
  translation_id: translationId,
});
export type LessonFields = z.infer<typeof lessonFields>;

export const pageFields = z.strictObject({
  title,
  slug,
  body_markdown: markdown,
  /** The Chinese title and text; empty shows the English to Chinese readers. */
  zh_title: z.string().trim().max(200, 'Use at most 200 characters.'),
  zh_body_markdown: markdown,
  show_in_footer: z.boolean(),
  sort_order: sortOrder,
});
export type PageFields = z.infer<typeof pageFields>;

export const fieldsOfKind = { article: articleFields, course: courseFields, lesson: lessonFields, page: pageFields } as const;
export interface FieldsOfKind {
  article: ArticleFields;
  course: CourseFields;
  lesson: LessonFields;
  page: PageFields;
}
export type AnyFields = FieldsOfKind[keyof FieldsOfKind];

export const kindParams = z.object({ kind: z.enum(EDITABLE_KINDS) });
export const itemParams = kindParams.extend({ id: z.coerce.number().int().positive().max(MAX_ID) });
export const revisionParams = itemParams.extend({ revision: z.coerce.number().int().positive().max(MAX_ID) });
/** The action is checked by the service (an unknown one is a 400 naming `action`). */
export const actionParams = itemParams.extend({ action: z.string().max(50) });
export const isEditorialAction = (value: string): value is (typeof EDITORIAL_ACTIONS)[number] => (EDITORIAL_ACTIONS as readonly string[]).includes(value);

/** The fields are checked against the kind's own schema by the service, which names each bad one. */
export const createBody = z.object({ fields: z.record(z.string(), z.unknown()) });
export const saveBody = z.object({
  /** The `version` the editor started from: a save against an older one is refused (409), never merged. */
  base_version: z.string().max(100),
  fields: z.record(z.string(), z.unknown()),
});
export type SaveBody = z.infer<typeof saveBody>;

export const actionBody = z
  .object({
    slug: slug.optional(),
    title: title.optional(),
    /** revert_to_page_revision: the revision whose fields come back. */
    revision_id: z.number().int().positive().max(MAX_ID).optional(),
    /** schedule: when it goes live (ISO-8601, in the future). */
    at: z.iso.datetime({ offset: true, error: 'Give a date and time.' }).optional(),
    /** move: the new place, 1 first (lessons within their course, courses and pages in their lists); create_alias: a page's. */
    position: z.number().int().min(1).max(100_000).optional(),
    /** move a lesson into this course, or an article into this category (null: none); create_alias: the alias's. */
    course_id: refId.optional(),
    category_id: refId.nullable().optional(),
    chapter: z.string().trim().max(200).optional(),
  })
  .nullish();
export type ActionBody = z.infer<typeof actionBody>;

export const previewBody = z.object({ markdown });
export const previewAnswer = z.object({ html: z.string() });

const status = z.enum(['draft', 'live', 'scheduled']);
export type EditorialStatus = z.infer<typeof status>;

export const lessonEntry = z.object({ id: z.number().int(), title: z.string(), chapter: z.string(), position: z.number().int() });
export type LessonEntry = z.infer<typeof lessonEntry>;

const aliasRef = z.object({ id: z.number().int(), title: z.string() });
export type AliasRef = z.infer<typeof aliasRef>;

/** An item as its editor opens it. */
export const editorialItem = z.object({
  kind: z.enum(EDITABLE_KINDS),
  id: z.number().int(),
  /** The latest revision's fields (a live item's saved changes show readers once published). */
  fields: z.record(z.string(), z.unknown()),
  /** Opaque: send it back as `base_version` with the next save. */
  version: z.string(),
  status,
  /** A live item whose latest saved changes are not published yet. */
  unpublished_changes: z.boolean(),
  scheduled_at: z.string().nullable(),
  updated_at: z.string(),
  /** Where readers find it once live. */
  html_url: z.string(),
  /** The original this alias shows (its content follows the original's; edit it there, or convert the alias). */
  alias_of: aliasRef.nullable(),
  /** The aliases that show this item. */
  aliases: z.array(aliasRef),
  /** A course's lessons, in their order. */
  lessons: z.array(lessonEntry).optional(),
});
export type EditorialItem = z.infer<typeof editorialItem>;

export const editorialListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  /** Lessons: of this course. */
  course: z.coerce.number().int().positive().max(MAX_ID).optional(),
});
export type EditorialListQuery = z.infer<typeof editorialListQuery>;
export const editorialListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  status,
  scheduled_at: z.string().nullable(),
  updated_at: z.string(),
  /** Articles, courses and lessons (a lesson: its course's): what the translation picker shows. */
  language: z.string().optional(),
});
export type EditorialListItem = z.infer<typeof editorialListItem>;
export const editorialList = paginated(editorialListItem);

const who = z.object({ id: z.number().int().nullable(), name: z.string() });
export const revisionSummary = z.object({ id: z.number().int(), created_at: z.string(), author: who, note: z.string(), title: z.string() });
export type RevisionSummary = z.infer<typeof revisionSummary>;
export const revisionList = z.array(revisionSummary);
export const revisionDetail = revisionSummary.extend({ fields: z.record(z.string(), z.unknown()) });
export type RevisionDetail = z.infer<typeof revisionDetail>;

const named = z.object({ id: z.number().int(), name: z.string() });
/** What editors choose from; `plans`: for access "members of a plan". */
export const editorialOptions = z.object({ categories: z.array(named), tags: z.array(named), topics: z.array(named), plans: z.array(named) });
export type EditorialOptions = z.infer<typeof editorialOptions>;
