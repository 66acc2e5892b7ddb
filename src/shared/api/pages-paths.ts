// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/** Paths of the staff's calls on the site's own pages (terms, privacy...), relative to API_PREFIX. */
export const pagesPaths = {
  pages: '/pages',
  /** One page by its exact `slug` or `title`: the page, or 404. */
  pageFind: '/pages/find',
  page: '/pages/:id',
  /** POST: `publish`, `unpublish`, `copy` (body: the copy's `slug`, optional `title`), `delete`, `move`, `revert_to_page_revision`, `create_alias` (body: the alias's `slug`, optional `position`) or `convert_alias`. */
  pageAction: '/pages/:id/action/:action',
} as const;

/** The live pages the footer links, by sort order: their slug and title (alone, for the first visit's bundle). */
export const FOOTER_PAGES_PATH = '/page/footer';

/** Public: what readers read (live pages only), in the reader's language. */
export const publicPagePaths = {
  /** A live page by its slug, its body as safe HTML. */
  pageBySlug: '/page/s/:slug',
  footer: FOOTER_PAGES_PATH,
} as const;

/** SPEC's page actions; `move` (body: `position`) and `revert_to_page_revision` (body: `revision_id`) go through the editor's revisions. */
export const PAGE_ACTIONS = ['publish', 'unpublish', 'copy', 'delete', 'move', 'revert_to_page_revision', 'create_alias', 'convert_alias'] as const;
export type PageAction = (typeof PAGE_ACTIONS)[number];

/** A footer link to a page (`/page/<slug>`), titled in the reader's language. */
export interface FooterPage {
  slug: string;
  title: string;
}
