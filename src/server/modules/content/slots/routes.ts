import { z } from 'zod';
import { idParam } from '../../../../shared/api/common.js';
import { contentPaths, languageQuery } from '../../../../shared/api/content.js';
import { slotText, slotTextQuery } from '../../../../shared/api/content-site.js';
import { moduleRoutes } from '../../../platform/http.js';
import { requestLanguage } from '../../../platform/request-language.js';
import { getSlotText, slotTexts } from './service.js';

const tags = ['slot texts'];

export const slotRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(contentPaths.slotTexts, {
    schema: { tags, summary: 'Slot texts by key, in the reader\'s language; `key` picks one', querystring: slotTextQuery, response: { 200: z.array(slotText) } },
    handler: async (request, reply) => slotTexts(ctx, requestLanguage(request, reply), request.query.key),
  });

  app.get(contentPaths.slotText, {
    schema: { tags, summary: 'A slot text, in the reader\'s language', params: idParam, querystring: languageQuery, response: { 200: slotText } },
    handler: async (request, reply) => getSlotText(ctx, request.params.id, requestLanguage(request, reply)),
  });
});
