import { z } from 'zod';
import { contentPaths, languageQuery } from '../../../../shared/api/content.js';
import { banner } from '../../../../shared/api/content-site.js';
import { moduleRoutes } from '../../../platform/http.js';
import { requestLanguage } from '../../../platform/request-language.js';
import { bannersOf } from './service.js';

const tags = ['banners'];
const response = { 200: z.array(banner) };

export const bannerRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(contentPaths.banner, {
    schema: { tags, summary: 'Active banners of the main carousel, by position', querystring: languageQuery, response },
    handler: async (request, reply) => bannersOf(ctx, 'main', requestLanguage(request, reply)),
  });

  app.get(contentPaths.bannerFinal, {
    schema: { tags, summary: 'Active closing banners, by position', querystring: languageQuery, response },
    handler: async (request, reply) => bannersOf(ctx, 'final', requestLanguage(request, reply)),
  });

  app.get(contentPaths.bannerHot, {
    schema: { tags, summary: 'Active banners of the hot section, by position', querystring: languageQuery, response },
    handler: async (request, reply) => bannersOf(ctx, 'hot', requestLanguage(request, reply)),
  });
});
