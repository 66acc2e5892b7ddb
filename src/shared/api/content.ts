import { z } from 'zod';
import { paginated, pageQuery, picturePath } from './common.js';
import { LANGUAGES } from '../i18n/index.js';
import { planWithProducts } from './membership.js';

/*
 * The articles' calls: cards, articles, the staff's unpublished list and the article writes, access and the meter,
 * search, the timeline and sitemap URLs. The rest of the content API by part: categories, tags, topics and
 * authors (content-catalogue.ts); banners, announcements, slot texts and shortcuts (content-site.ts); what
 * readers send: reading progress, reports, submissions (content-readers.ts).
 */

export { contentPaths, FINGERPRINT_HEADER } from './content-paths.js';

/**
 * Editorial texts (slot texts, announcements, banners, shortcut types and shortcuts, category, tag, topic and
 * author descriptions, and the names of categories, tags and topics wherever they appear, article cards and
 * articles included) are answered in one language: `lang` when given, else the language cookie, else
 * Accept-Language. Each text falls back to the site's default-language version when it has none in that
 * language. A client that caches answers passes `lang`, so the URL names the language.
 */
export const contentLanguage = z.enum(LANGUAGES);
export const languageQuery = z.object({ lang: contentLanguage.optional() });
export type LanguageQuery = z.infer<typeof languageQuery>;

/** `plan`: for the members of one plan (set by editors in the back office) and staff. */
export const accessSchema = z.enum(['free', 'premium', 'plan']);
export type Access = z.infer<typeof accessSchema>;
/** What the article write calls set; `plan` is set with its plan through the editorial calls. */
const writeAccess = z.enum(['free', 'premium']);

export const authorRef = z.object({ id: z.number().int(), display_name: z.string(), avatar: z.string().nullable() });
export const categoryRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export const tagRef = z.object({ id: z.number().int(), name: z.string() });
export const topicRef = z.object({ id: z.number().int(), name: z.string() });

/** An article as listed (cards, feeds): never carries the body. */
export const articleCard = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  cover: z.string().nullable(),
  author: authorRef,
  category: categoryRef.nullable(),
  tags: z.array(tagRef),
  topics: z.array(topicRef),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  access: accessSchema,
  free_read: z.boolean(),
  is_hot: z.boolean(),
  language: z.string(),
  reading_time: z.number().int(),
  view_count: z.number().int(),
});
export type ArticleCard = z.infer<typeof articleCard>;

/**
 * An article as read. `content_html` is null and `locked` true when the caller may not read a premium
 * article; the summary is then all they get.
 */
export const articleDetail = articleCard.extend({
  locked: z.boolean(),
  content_html: z.string().nullable(),
  status: z.enum(['draft', 'published']),
  /** The same article in the other language, when it is published. */
  translation: z.object({ id: z.number().int(), language: z.string(), title: z.string() }).nullable().optional(),
});
export type ArticleDetail = z.infer<typeof articleDetail>;

export const articleList = paginated(articleCard);

export const articleListQuery = pageQuery.extend({
  category: z.coerce.number().int().positive().optional(),
  tag: z.coerce.number().int().positive().optional(),
  topic: z.coerce.number().int().positive().optional(),
  author: z.coerce.number().int().positive().optional(),
  /** `plan`: the articles for the members of a plan, whichever plan (their cards carry no body, like any card). */
  access: accessSchema.optional(),
  language: z.string().max(10).optional(),
  /** The language of category, tag and topic names (`language` filters articles by their own language). */
  lang: contentLanguage.optional(),
});
export type ArticleListQuery = z.infer<typeof articleListQuery>;

/** Staff: what is not public yet, newest change first; `status` narrows it to drafts or to scheduled articles. */
export const unpublishedQuery = pageQuery.extend({ status: z.enum(['draft', 'scheduled'], 'Use draft or scheduled.').optional() });
export type UnpublishedQuery = z.infer<typeof unpublishedQuery>;
export const unpublishedArticle = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** `scheduled`: published, with a time still to come. */
  status: z.enum(['draft', 'scheduled']),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  access: accessSchema,
  author: z.object({ id: z.number().int(), display_name: z.string() }).nullable(),
});
export type UnpublishedArticle = z.infer<typeof unpublishedArticle>;
export const unpublishedList = paginated(unpublishedArticle);

const slugField = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and hyphens.');

/** Fields without defaults: PATCH takes any subset of them (zod 4 would apply defaults inside partial()). */
const articleFields = z.object({
  title: z.string().trim().min(1).max(200),
  slug: slugField,
  summary: z.string().max(1000),
  cover: picturePath.nullable(),
  body_markdown: z.string().max(500_000),
  author_id: z.number().int().positive(),
  category_id: z.number().int().positive().nullable(),
  tag_ids: z.array(z.number().int().positive()).max(50),
  topic_ids: z.array(z.number().int().positive()).max(50),
  access: writeAccess,
  free_read: z.boolean(),
  is_hot: z.boolean(),
  language: z.enum(['en', 'zh-CN']),
  status: z.enum(['draft', 'published']),
  published_at: z.string().datetime().nullable(),
});
export const articlePatch = articleFields.partial();
export type ArticlePatch = z.infer<typeof articlePatch>;
export const articleWrite = articleFields.extend({
  slug: slugField.optional(),
  summary: articleFields.shape.summary.default(''),
  cover: articleFields.shape.cover.optional(),
  body_markdown: articleFields.shape.body_markdown.default(''),
  author_id: articleFields.shape.author_id.optional(),
  category_id: articleFields.shape.category_id.optional(),
  tag_ids: articleFields.shape.tag_ids.default([]),
  topic_ids: articleFields.shape.topic_ids.default([]),
  access: writeAccess.default('free'),
  free_read: z.boolean().default(false),
  is_hot: z.boolean().default(false),
  language: articleFields.shape.language.default('en'),
  status: articleFields.shape.status.default('draft'),
  published_at: articleFields.shape.published_at.optional(),
});
export type ArticleWrite = z.infer<typeof articleWrite>;

/**
 * Why the caller may or may not read an article: `free`, `free_read` (a premium article opened to all),
 * `metered` (a free read of the monthly meter), `member` (active premium membership), `staff`; or why not:
 * `login_required` (a guest), `membership_required` (a logged-in user without membership).
 */
export const accessReason = z.enum(['free', 'free_read', 'metered', 'member', 'staff', 'login_required', 'membership_required']);
export type AccessReason = z.infer<typeof accessReason>;

const meterFields = {
  /** Metered reads left this month (UTC); null where the meter does not apply (free, member, staff, guest without fingerprint). */
  reads_left: z.number().int().nullable(),
  /** Metered reads a month for this caller; null like `reads_left`. */
  reads_limit: z.number().int().nullable(),
};

/**
 * GET article/membership_status/{id}: for the caller (a guest's meter counts only with the
 * `x-lectern-fingerprint` header). Looking never spends a metered read: `can_read` with reason `metered`
 * says the unlock call would open it. `plans` are the plans whose membership would open it (empty when
 * the caller reads it anyway as free, free read, member or staff).
 */
export const membershipStatus = z.object({
  article_id: z.number().int(),
  access: accessSchema,
  free_read: z.boolean(),
  locked: z.boolean(),
  can_read: z.boolean(),
  reason: accessReason,
  ...meterFields,
  plans: z.array(planWithProducts),
});
export type MembershipStatus = z.infer<typeof membershipStatus>;

/**
 * POST article/{id}/unlock: the article with its body when the caller may read it, spending a metered
 * read when that is what opens it (an article already opened this month costs nothing). The answer is
 * `private, no-store`. Refused: 200 with `locked` true, no body, and the reason (`login_required` for a
 * guest, `membership_required` for a user). Page rendering and `GET article/{id}` never spend a read.
 */
export const articleUnlock = articleDetail.extend({ reason: accessReason, ...meterFields });
export type ArticleUnlock = z.infer<typeof articleUnlock>;

export const searchQuery = pageQuery.extend({
  q: z.string().trim().min(1, 'Enter something to search for.').max(200),
  category: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  lang: contentLanguage.optional(),
});
export const searchHit = articleCard.extend({
  /** HTML with matches wrapped in <mark>; text is escaped. Built from the body only for readers allowed it. */
  snippet: z.string(),
  rank: z.number(),
});
export type SearchHit = z.infer<typeof searchHit>;
export const searchResults = paginated(searchHit);

/** Pages count months; each month lists its newest `per_month` cards and the full `count`. */
export const timelineQuery = pageQuery
  .extend({
    year: z.coerce.number().int().min(1970).max(9999).optional(),
    month: z.coerce.number().int().min(1).max(12).optional(),
    per_month: z.coerce.number().int().min(1).max(100).default(20),
    lang: contentLanguage.optional(),
  })
  .refine((t) => t.month === undefined || t.year !== undefined, { message: 'Give a year with the month.', path: ['month'] });
export const timelineMonth = z.object({
  month: z.string(),
  count: z.number().int(),
  articles: z.array(articleCard),
});
export const timeline = paginated(timelineMonth);

export const contentUrl = z.object({ id: z.number().int(), url: z.string(), path: z.string() });

export const sitemapUrl = z.object({ loc: z.string(), lastmod: z.string().nullable() });
export const sitemapUrls = paginated(sitemapUrl);

/** A page of article cards, their category, tag and topic names in `lang`. */
export const cardPageQuery = pageQuery.extend({ lang: contentLanguage.optional() });
