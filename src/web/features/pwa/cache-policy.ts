import type { WorkboxPlugin } from 'workbox-core/types.js';

/**
 * Whether a response may go in a cache that everyone using this browser profile can read. The server
 * marks premium and personal responses `private` or `no-store`; a request that carried a bearer token
 * is personal whatever its headers say, because cache keys ignore the Authorization header and the
 * next reader (or a guest after logout) would be served it.
 */
export function isShareable(request: Request, response: Response): boolean {
  if (request.headers.has('authorization')) return false;
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  return !/(^|[\s,])(private|no-store)([\s,=]|$)/.test(cacheControl);
}

/** `cacheWillUpdate` for every runtime cache of the service worker: refuses what is not shareable. */
export const shareableOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => (isShareable(request, response) ? response : null),
};

/**
 * API areas whose GET answers are public content worth reading offline (articles, summaries, the
 * catalogue, editorial slots, courses). Personal areas (auth, profile, reading progress, reports,
 * basket, orders) are left out even though the header filter would refuse most of them anyway.
 */
const CONTENT_API_AREAS = new Set([
  'article',
  'banner',
  'ad',
  'categories',
  'category',
  'tags',
  'tag',
  'topic',
  'author',
  'content',
  'search',
  'shortcuts',
  'slot',
  'timeline',
  'course',
  'course_product',
  'lesson',
]);

/** Pages (and their API calls) that are never kept offline: staff previews. */
const ADMIN_PREVIEW = /^\/(api\/v2\/)?article\/adminpreview(-secret)?\//;

export function isContentApi(url: URL): boolean {
  const match = /^\/api\/v2\/([^/]+)/.exec(url.pathname);
  return match !== null && CONTENT_API_AREAS.has(match[1]) && !ADMIN_PREVIEW.test(url.pathname);
}

/** Navigations whose HTML is kept for offline reading: every page but the API, feeds and previews. */
export function isCacheablePage(url: URL): boolean {
  return !url.pathname.startsWith('/api/') && !ADMIN_PREVIEW.test(url.pathname) && !/\.(xml|txt|json)$/.test(url.pathname);
}
