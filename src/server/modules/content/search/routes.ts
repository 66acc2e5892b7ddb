import { contentPaths, searchQuery, searchResults } from '../../../../shared/api/content.js';
import { getActor } from '../../../platform/auth.js';
import { moduleRoutes, paginate, privateResponse } from '../../../platform/http.js';
import { createGuestCache } from '../../../platform/guest-cache.js';
import { searchArticles } from './service.js';

const tags = ['search'];

export const searchRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  // Popular searches repeat; a guest's answer is the same for every guest until content changes.
  const guestAnswers = createGuestCache<Awaited<ReturnType<typeof searchArticles>>>(ctx);

  app.get(contentPaths.search, {
    schema: {
      tags,
      summary: 'Full-text search of published articles: words, or substrings for Chinese; with highlighted snippets',
      querystring: searchQuery,
      response: { 200: searchResults },
    },
    handler: async (request, reply) => {
      const actor = await getActor(request);
      // Snippets depend on what the caller may read: a signed-in answer never goes in a shared cache, and a
      // cached guest answer is never handed to a signed-in caller.
      if (actor) privateResponse(reply);
      else reply.header('cache-control', 'public, max-age=0, must-revalidate').header('vary', 'Authorization');
      const page = actor
        ? await searchArticles(ctx, actor, request.query)
        : await guestAnswers.get(request.url, () => searchArticles(ctx, null, request.query));
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });
});
