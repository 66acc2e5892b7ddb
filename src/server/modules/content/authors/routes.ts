import { idParam } from '../../../../shared/api/common.js';
import { author, contentPaths } from '../../../../shared/api/content.js';
import { moduleRoutes } from '../../../platform/http.js';
import { getAuthor } from './service.js';

const tags = ['authors'];

export const authorRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(contentPaths.author, {
    schema: { tags, summary: 'A user with published articles; their articles are at article/author/{id}', params: idParam, response: { 200: author } },
    handler: async (request) => getAuthor(ctx, request.params.id),
  });
});
