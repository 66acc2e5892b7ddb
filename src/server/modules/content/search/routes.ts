import { contentPaths, searchQuery } from '../../../../shared/api/content.js';
import { searchWithCourses } from '../../../../shared/api/courses.js';
import { getActor } from '../../../platform/auth.js';
import { moduleRoutes, paginate, privateResponse } from '../../../platform/http.js';
import { createGuestCache } from '../../../platform/guest-cache.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { requestLanguage } from '../../../platform/request-language.js';
import { COURSE_HITS, searchCourses } from './course-service.js';
import { searchArticles, type SearchInput } from './service.js';

const tags = ['search'];

export const searchRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  // Popular searches repeat; a guest's answer is the same for every guest until content changes.
  const guestAnswers = createGuestCache<Awaited<ReturnType<typeof searchAll>>>(ctx);
  /** Articles page by page; the matching courses with the first page, their count with every page. */
  const searchAll = async (actor: Parameters<typeof searchArticles>[1], query: SearchInput, lang: Language) => {
    const [articles, courses] = await Promise.all([
      searchArticles(ctx, actor, query, lang),
      searchCourses(ctx, actor, query.q, query.page === 1 ? COURSE_HITS : 0, lang),
    ]);
    return { ...articles, courses };
  };

  app.get(contentPaths.search, {
    schema: {
      tags,
      summary:
        'Full-text search of published articles (paged) and courses (`courses`, first page): words, or substrings for Chinese; with highlighted snippets',
      querystring: searchQuery,
      response: { 200: searchWithCourses },
    },
    handler: async (request, reply) => {
      const actor = await getActor(request);
      // Snippets depend on what the caller may read: a signed-in answer never goes in a shared cache, and a
      // cached guest answer is never handed to a signed-in caller.
      if (actor) privateResponse(reply);
      else reply.header('cache-control', 'public, max-age=0, must-revalidate').header('vary', 'Authorization');
      // Card names are in the reader's language: a guest answer is kept per language, never handed to another.
      const lang = requestLanguage(request, reply);
      const page = actor
        ? await searchAll(actor, request.query, lang)
        : await guestAnswers.get(`${lang} ${request.url}`, () => searchAll(null, request.query, lang));
      return {
        ...paginate(request, ctx.config.publicUrl, request.query, page.count, page.results),
        course_count: page.courses.count,
        courses: page.courses.results,
      };
    },
  });
});
