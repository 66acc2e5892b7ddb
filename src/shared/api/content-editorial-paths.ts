// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/**
 * Paths of the back office's writing calls (staff only), relative to API_PREFIX. `:kind` is one of
 * EDITABLE_KINDS: the same calls write articles, courses, lessons and the site's pages.
 */
export const editorialPaths = {
  /** POST markdown: the HTML readers would see, from the renderer and sanitiser the server stores articles with. */
  preview: '/editorial/preview',
  /** GET the categories, tags and topics an editor chooses from. */
  options: '/editorial/options',
  /** GET what staff can edit of a kind (drafts included), newest change first; POST a new draft. */
  items: '/editorial/:kind',
  /** GET an item as its editor opens it: the latest revision's fields and the version to save against. */
  item: '/editorial/:kind/:id',
  /** POST the editor's fields against the version it started from: 409 when someone saved since. */
  save: '/editorial/:kind/:id/save',
  /** GET every saved revision, newest first (who, when). */
  revisions: '/editorial/:kind/:id/revisions',
  /** GET one revision's fields. */
  revision: '/editorial/:kind/:id/revisions/:revision',
  /** POST publish, unpublish, copy, move, create_alias, convert_alias, revert_to_page_revision, schedule, unschedule or delete. */
  action: '/editorial/:kind/:id/action/:action',
} as const;

export const EDITABLE_KINDS = ['article', 'course', 'lesson', 'page'] as const;
export type EditableKind = (typeof EDITABLE_KINDS)[number];

/** SPEC's page actions, for every kind, and scheduling. */
export const EDITORIAL_ACTIONS = ['publish', 'unpublish', 'copy', 'move', 'create_alias', 'convert_alias', 'revert_to_page_revision', 'schedule', 'unschedule', 'delete'] as const;
export type EditorialAction = (typeof EDITORIAL_ACTIONS)[number];

/**
 * An alias's own fields (decision 0119): where it stands (slug, category, course and chapter, order) and its own
 * translation link. Every other field is its original's content, which the alias shows and may not change.
 */
export const ALIAS_PLACE_FIELDS: Record<EditableKind, readonly string[]> = {
  article: ['slug', 'category_id', 'translation_id'],
  course: ['slug', 'category_id', 'translation_id'],
  lesson: ['course_id', 'slug', 'chapter', 'translation_id'],
  page: ['slug', 'show_in_footer', 'sort_order'],
};

/** How often the scheduled-publishing job looks for what is due (a scheduled item appears within this time). */
export const SCHEDULED_PUBLISH_INTERVAL_MS = 10_000;

export const editorialUrl = (path: string, params: Record<string, string | number>) =>
  path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params[name])));
