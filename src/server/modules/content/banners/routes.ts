import { z } from 'zod';
import { banner, contentPaths } from '../../../../shared/api/content.js';
import { moduleRoutes } from '../../../platform/http.js';
import { bannersOf } from './service.js';

const tags = ['banners'];
const response = { 200: z.array(banner) };

export const bannerRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(contentPaths.banner, {
    schema: { tags, summary: 'Active banners of the main carousel, by position', response },
    handler: async () => bannersOf(ctx, 'main'),
  });

  app.get(contentPaths.bannerFinal, {
    schema: { tags, summary: 'Active closing banners, by position', response },
    handler: async () => bannersOf(ctx, 'final'),
  });

  app.get(contentPaths.bannerHot, {
    schema: { tags, summary: 'Active banners of the hot section, by position', response },
    handler: async () => bannersOf(ctx, 'hot'),
  });
});
