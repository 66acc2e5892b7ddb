import type { FastifyInstance } from 'fastify';

/**
 * Addresses people type in the plural, and the page each one means (docs/decisions/0102). The site's own
 * addresses are SPEC's singular ones (`/course`, `/my-course`); these lead there with a permanent redirect, so
 * they work without JavaScript and a search engine keeps one address per page.
 */
export const PLURAL_REDIRECTS: Readonly<Record<string, string>> = {
  '/courses': '/course',
  '/my-courses': '/my-course',
  // The articles have no list page of their own: the home page lists the latest.
  '/articles': '/',
  '/topics': '/topic',
  '/my-orders': '/my-order',
};

/** Plural prefixes whose pages below keep their rest: `/courses/3/lesson/7` is `/course/3/lesson/7`. */
const PLURAL_PREFIXES: Readonly<Record<string, string>> = {
  '/courses/': '/course/',
  '/articles/': '/article/',
  '/topics/': '/topic/',
};

/** Where a plural address leads (its query kept), or null for any other address. */
export function pluralTarget(url: string): string | null {
  const at = url.indexOf('?');
  const pathname = at === -1 ? url : url.slice(0, at);
  const query = at === -1 ? '' : url.slice(at);
  const bare = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const exact = PLURAL_REDIRECTS[bare];
  if (exact !== undefined) return `${exact}${query}`;
  for (const [from, to] of Object.entries(PLURAL_PREFIXES)) {
    if (bare.startsWith(from) && bare.length > from.length) return `${to}${bare.slice(from.length)}${query}`;
  }
  return null;
}

/** GET (and HEAD) of each plural address, and of the pages below a plural prefix, answers 301 to the singular page. */
export function registerPluralRedirects(app: FastifyInstance): void {
  const paths = [...Object.keys(PLURAL_REDIRECTS), ...Object.keys(PLURAL_PREFIXES).map((prefix) => `${prefix}*`)];
  for (const path of paths) {
    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      const target = pluralTarget(request.url) ?? '/';
      return reply.header('cache-control', 'public, max-age=86400').redirect(target, 301);
    });
  }
}
