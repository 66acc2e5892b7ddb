import { z } from 'zod';
import { idParam } from '../../../../shared/api/common.js';
import { contentPaths, slotText, slotTextQuery } from '../../../../shared/api/content.js';
import { moduleRoutes } from '../../../platform/http.js';
import { getSlotText, slotTexts } from './service.js';

const tags = ['slot texts'];

export const slotRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(contentPaths.slotTexts, {
    schema: { tags, summary: 'Slot texts by key; `key` picks one', querystring: slotTextQuery, response: { 200: z.array(slotText) } },
    handler: async (request) => slotTexts(ctx, request.query.key),
  });

  app.get(contentPaths.slotText, {
    schema: { tags, summary: 'A slot text', params: idParam, response: { 200: slotText } },
    handler: async (request) => getSlotText(ctx, request.params.id),
  });
});
