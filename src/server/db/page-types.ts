import type { Generated } from 'kysely';
import type { Flag } from './types.js';

/**
 * The site's own editorial pages (migration 0025): terms of use, privacy, contact. Flat, found by `slug`; the
 * default language's texts in the row, other languages' in `translations`. Timestamps are ISO-8601 text.
 */
export interface PagesTable {
  id: Generated<number>;
  title: string;
  /** Unique, lower-case letters, digits and hyphens: the page is at `/page/<slug>`. */
  slug: string;
  body_markdown: string;
  /** JSON: `{"zh-CN": {"title": ..., "body_markdown": ...}}`. */
  translations: string;
  /** Readers see a live page; a draft only staff. */
  live: Flag;
  first_published_at: string | null;
  last_published_at: string | null;
  /** Listed in every page's footer while live. */
  show_in_footer: Flag;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface PageTables {
  pages: PagesTable;
}
