import { idParam } from '../../../../shared/api/common.js';
import { contentPaths, contentUrl as contentUrlSchema } from '../../../../shared/api/content.js';
import { readingProgress, readingProgressWrite } from '../../../../shared/api/content-readers.js';
import { requireUser } from '../../../platform/auth.js';
import { moduleRoutes, privateResponse } from '../../../platform/http.js';
import { contentUrl, getProgress, saveProgress } from './service.js';

const tags = ['reading'];

export const readingProgressRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(contentPaths.read, {
    schema: { tags, summary: "The caller's reading progress on an article", params: idParam, response: { 200: readingProgress } },
    handler: async (request, reply) => {
      const actor = await requireUser(request);
      privateResponse(reply);
      return getProgress(ctx, actor, request.params.id);
    },
  });

  app.post(contentPaths.read, {
    schema: {
      tags,
      summary: "Record the caller's reading progress (0..1) and position; completed from 0.98 on",
      params: idParam,
      body: readingProgressWrite,
      response: { 200: readingProgress },
    },
    handler: async (request, reply) => {
      const actor = await requireUser(request);
      privateResponse(reply);
      return saveProgress(ctx, actor, request.params.id, request.body);
    },
  });

  app.get(contentPaths.contentUrl, {
    schema: { tags, summary: "The canonical URL of a published article's page", params: idParam, response: { 200: contentUrlSchema } },
    handler: async (request) => contentUrl(ctx, request.params.id),
  });
});
