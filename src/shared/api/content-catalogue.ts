import { z } from 'zod';
import { paginated, pageQuery, picturePath } from './common.js';
import { languageQuery, contentLanguage } from './content.js';
import { translationsOf } from './translations.js';

// Categories, tags, topics and authors

/** Categories, tags and topics: their name and description in other languages (slugs and ids never change). */
const catalogTranslations = translationsOf({ name: z.string().trim().max(100), description: z.string().max(2000) });

export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  sort_order: z.number().int(),
  article_count: z.number().int(),
});
export type Category = z.infer<typeof category>;
const catalogName = z.string().trim().min(1).max(100);
const catalogSlug = z.string().trim().min(1).max(100).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and hyphens.');
/** Bounded so it fits a 32-bit integer column on every engine. */
const sortOrder = z.number().int().min(-1_000_000).max(1_000_000);
/** Fields without defaults: PATCH takes any subset of them (zod 4 would apply defaults inside partial()). */
const categoryFields = z.object({
  name: catalogName,
  slug: catalogSlug,
  description: z.string().max(2000),
  sort_order: sortOrder,
  /** The name and description in other languages; `name` and `description` are the default language's. */
  translations: catalogTranslations,
});
export const categoryPatch = categoryFields.partial();
export const categoryWrite = categoryFields.extend({
  description: categoryFields.shape.description.default(''),
  translations: catalogTranslations.default({}),
  sort_order: sortOrder.default(0),
});
export type CategoryWrite = z.infer<typeof categoryWrite>;
export type CategoryPatch = z.infer<typeof categoryPatch>;

export const tag = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  article_count: z.number().int(),
});
export type Tag = z.infer<typeof tag>;
const tagFields = z.object({ name: catalogName, slug: catalogSlug, description: z.string().max(2000), translations: catalogTranslations });
export const tagPatch = tagFields.partial();
export const tagWrite = tagFields.extend({ description: tagFields.shape.description.default(''), translations: catalogTranslations.default({}) });
export type TagWrite = z.infer<typeof tagWrite>;
export type TagPatch = z.infer<typeof tagPatch>;

export const topic = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  sort_order: z.number().int(),
  article_count: z.number().int(),
});
export type Topic = z.infer<typeof topic>;
const topicFields = z.object({
  name: catalogName,
  slug: catalogSlug,
  description: z.string().max(2000),
  cover: picturePath.nullable(),
  sort_order: sortOrder,
  translations: catalogTranslations,
});
export const topicPatch = topicFields.partial();
export const topicWrite = topicFields.extend({
  description: topicFields.shape.description.default(''),
  translations: catalogTranslations.default({}),
  cover: topicFields.shape.cover.default(null),
  sort_order: sortOrder.default(0),
});
export type TopicWrite = z.infer<typeof topicWrite>;
export type TopicPatch = z.infer<typeof topicPatch>;
/**
 * POST topic/{id}/article: appends these articles to the topic in this order; one already in the topic
 * moves to its new place, so posting the whole list reorders the topic.
 */
export const topicArticlesWrite = z.object({
  article_ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(200),
});

export const author = z.object({
  id: z.number().int(),
  display_name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  description: z.string(),
  article_count: z.number().int(),
});
export type Author = z.infer<typeof author>;

/** Catalogue lists and lookups. `q` filters names case-insensitively; an empty `q` filters nothing. */
export const catalogListQuery = pageQuery.extend({ q: z.string().trim().max(100).optional(), lang: contentLanguage.optional() });
export const topicListQuery = pageQuery.extend({ lang: contentLanguage.optional() });
export const categoryList = paginated(category);
export const tagList = paginated(tag);
export const topicList = paginated(topic);
export const nameParam = z.object({ name: z.string().trim().min(1).max(100) });
export const slugParam = z.object({ slug: catalogSlug });
export const tagHotQuery = languageQuery.extend({ limit: z.coerce.number().int().min(1).max(50).default(15) });
