import { idParam } from '../../../../shared/api/common.js';
import { contentPaths, languageQuery } from '../../../../shared/api/content.js';
import { author } from '../../../../shared/api/content-catalogue.js';
import { moduleRoutes } from '../../../platform/http.js';
import { requestLanguage } from '../../../platform/request-language.js';
import { getAuthor } from './service.js';

const tags = ['authors'];

export const authorRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(contentPaths.author, {
    schema: { tags, summary: 'A user with published articles; their articles are at article/author/{id}', params: idParam, querystring: languageQuery, response: { 200: author } },
    handler: async (request, reply) => getAuthor(ctx, request.params.id, requestLanguage(request, reply)),
  });
});
