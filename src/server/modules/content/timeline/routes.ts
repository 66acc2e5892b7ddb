import { contentPaths, timelineQuery } from '../../../../shared/api/content.js';
import { timelineWithCourses } from '../../../../shared/api/courses.js';
import { createGuestCache } from '../../../platform/guest-cache.js';
import { moduleRoutes, paginate, sendJsonBytes, serializedJson } from '../../../platform/http.js';
import { requestLanguage } from '../../../platform/request-language.js';
import { timeline } from './service.js';

const tags = ['timeline'];

export const timelineRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  // The same for every caller, and a page of it is a few hundred cards (about 180 KB): kept as the bytes sent,
  // per language and URL, until content changes (a course or lesson too), so a repeat costs no serialising.
  const answers = createGuestCache<Buffer>(ctx, 100);

  app.get(contentPaths.timeline, {
    schema: {
      tags,
      summary: 'Published articles and courses (`courses`) by month (UTC), newest month first; pages count months',
      querystring: timelineQuery,
      response: { 200: timelineWithCourses },
    },
    handler: async (request, reply) => {
      const lang = requestLanguage(request, reply);
      const body = await answers.get(`${lang} ${request.url}`, async () => {
        const page = await timeline(ctx, request.query, lang);
        return serializedJson(reply, paginate(request, ctx.config.publicUrl, request.query, page.count, page.results));
      });
      return sendJsonBytes(reply, body);
    },
  });
});
