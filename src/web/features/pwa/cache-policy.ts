import type { WorkboxPlugin } from 'workbox-core/types.js';
import { markDeviceCopy } from '../../lib/device-copy.js';
import { ADMIN_PREVIEW, isCacheablePage } from './page-policy.js';

/** The service worker's runtime caches that the page reads too (the offline view, the saved-articles list). */
export const PAGES_CACHE = 'lectern-pages';
export const API_CACHE = 'lectern-api';

/**
 * Whether a response may go in a cache that everyone using this browser profile can read. The server
 * marks premium and personal responses `private` or `no-store`; a request that carried a bearer token
 * is personal whatever its headers say, because cache keys ignore the Authorization header and the
 * next reader (or a guest after logout) would be served it. Only GET answers are kept: the answer to a
 * POST (a login form sent as HTML, say) belongs to what was sent, and a cache key holds only the URL.
 */
export function isShareable(request: Request, response: Response): boolean {
  if (request.method !== 'GET') return false;
  if (request.headers.has('authorization')) return false;
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  return !/(^|[\s,])(private|no-store)([\s,=]|$)/.test(cacheControl);
}

/** `cacheWillUpdate` for every runtime cache of the service worker: refuses what is not shareable. */
export const shareableOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => (isShareable(request, response) ? response : null),
};

/**
 * `cachedResponseWillBeUsed` for the page and API caches: an answer taken from the device carries
 * DEVICE_COPY_HEADER (and a Server-Timing entry), so the page can tell its reader it is reading an offline copy.
 */
export const deviceCopyMarked: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse ? markDeviceCopy(cachedResponse) : cachedResponse),
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

export function isContentApi(url: URL): boolean {
  const match = /^\/api\/v2\/([^/]+)/.exec(url.pathname);
  return match !== null && CONTENT_API_AREAS.has(match[1]) && !ADMIN_PREVIEW.test(url.pathname);
}

export { isCacheablePage };
