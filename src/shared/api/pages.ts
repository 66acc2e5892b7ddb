import { z } from 'zod';
import { MAX_ID, pageQuery, paginated } from './common.js';
import { PAGE_ACTIONS } from './pages-paths.js';
import { translationsOf } from './translations.js';

export { FOOTER_PAGES_PATH, PAGE_ACTIONS, pagesPaths, publicPagePaths, type FooterPage, type PageAction } from './pages-paths.js';

const PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const pageSlug = z.string().trim().min(1, 'Give the page a slug.').max(100, 'Use at most 100 characters.').regex(PAGE_SLUG, 'Use lower-case letters, digits and hyphens.');
const pageTitle = z.string().trim().min(1, 'Give the page a title.').max(200, 'Use at most 200 characters.');
const bodyMarkdown = z.string().max(200_000, 'Use at most 200,000 characters.');
/** Bounded so it fits a 32-bit integer column on every engine. */
const sortOrder = z.number('Enter a whole number.').int('Enter a whole number.').min(-1_000_000, 'Use a number from -1000000 to 1000000.').max(1_000_000, 'Use a number from -1000000 to 1000000.');

/** The title and body in other languages than the default; a field left out or empty shows the default text. */
const pageTranslations = translationsOf({ title: z.string().trim().max(200, 'Use at most 200 characters.'), body_markdown: bodyMarkdown });

/** A page as staff read and write it: every field, the default language's texts with the others' beside them. */
export const page = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  body_markdown: z.string(),
  translations: z.record(z.string(), z.record(z.string(), z.string())),
  live: z.boolean(),
  first_published_at: z.string().nullable(),
  last_published_at: z.string().nullable(),
  updated_at: z.string(),
  show_in_footer: z.boolean(),
  sort_order: z.number().int(),
  /** Where readers find it once live: `/page/<slug>`. */
  html_url: z.string(),
});
export type Page = z.infer<typeof page>;
export const pageList = paginated(page);

/** Fields without defaults: PATCH takes any subset of them (zod 4 would apply defaults inside partial()). */
/** `live` is no field a write sets: sent anyway, it is refused rather than silently left as it was. */
const notWritableLive = z.undefined({ error: 'Publish or unpublish the page with its publish and unpublish actions.' }).optional();

const pageFields = z.object({
  live: notWritableLive,
  title: pageTitle,
  slug: pageSlug,
  body_markdown: bodyMarkdown,
  translations: pageTranslations,
  show_in_footer: z.boolean(),
  sort_order: sortOrder,
});
/** A new page is a draft; `publish` makes it live. */
export const pageCreate = pageFields.extend({
  body_markdown: bodyMarkdown.default(''),
  translations: pageTranslations.default({}),
  show_in_footer: z.boolean().default(false),
  sort_order: sortOrder.default(0),
});
export type PageCreate = z.infer<typeof pageCreate>;
/** Only the fields named change; `translations` replaces the whole set. Publishing is an action, not a field. */
export const pagePatch = pageFields.partial();
export type PagePatch = z.infer<typeof pagePatch>;

const liveFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** By sort order, then title; `search` matches the title, `live` keeps live pages (true) or drafts (false). */
export const pageListQuery = pageQuery.extend({
  search: z.string().trim().max(200, 'Use at most 200 characters.').optional(),
  live: liveFlag.optional(),
});
export type PageListQuery = z.infer<typeof pageListQuery>;

/** Exactly one of `slug` or `title` (checked after the caller's rights, so a guest is told to log in first). */
export const pageFindQuery = z.object({ slug: z.string().trim().max(100, 'Use at most 100 characters.').optional(), title: pageTitle.optional() });
export type PageFindQuery = z.infer<typeof pageFindQuery>;

/** The action is checked by the service (an unknown one is a 400 naming `action`). */
export const pageActionParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID), action: z.string().max(50) });
/** `copy`'s body: the copy's `slug` (required by `copy`) and, optionally, its title (else the original's). Other actions need no body. */
export const pageActionBody = z
  .object({
    slug: pageSlug.optional(),
    title: pageTitle.optional(),
    /** `move`: the page's place in lists and the footer (its sort order). */
    position: z.number().int().min(1).max(100_000).optional(),
    /** `revert_to_page_revision`: the revision whose texts come back (a live page shows them once published). */
    revision_id: z.number().int().positive().max(MAX_ID).optional(),
  })
  .nullish();
export type PageActionBody = z.infer<typeof pageActionBody>;
export const isPageAction = (value: string): value is (typeof PAGE_ACTIONS)[number] => (PAGE_ACTIONS as readonly string[]).includes(value);

/** A live page as readers read it, in their language: its body as safe HTML. */
export const publicPage = z.object({
  slug: z.string(),
  title: z.string(),
  body_html: z.string(),
  /** The body's first words as plain text, for a description. */
  summary: z.string(),
  first_published_at: z.string().nullable(),
  last_published_at: z.string().nullable(),
  /** The last change, publication included: a live page shows edits at once. */
  updated_at: z.string(),
});
export type PublicPage = z.infer<typeof publicPage>;
export const pageSlugParam = z.object({ slug: z.string().max(200) });

export const footerPage = z.object({ slug: z.string(), title: z.string() });
export const footerPages = z.array(footerPage);
