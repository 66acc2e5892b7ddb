import { contentPaths, timelineQuery } from '../../../../shared/api/content.js';
import { timelineWithCourses } from '../../../../shared/api/courses.js';
import { moduleRoutes, paginate } from '../../../platform/http.js';
import { requestLanguage } from '../request-language.js';
import { timeline } from './service.js';

const tags = ['timeline'];

export const timelineRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(contentPaths.timeline, {
    schema: {
      tags,
      summary: 'Published articles and courses (`courses`) by month (UTC), newest month first; pages count months',
      querystring: timelineQuery,
      response: { 200: timelineWithCourses },
    },
    handler: async (request, reply) => {
      const page = await timeline(ctx, request.query, requestLanguage(request, reply));
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });
});
