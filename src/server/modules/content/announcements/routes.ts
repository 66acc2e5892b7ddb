import { z } from 'zod';
import { idParam } from '../../../../shared/api/common.js';
import { contentPaths, languageQuery } from '../../../../shared/api/content.js';
import { announcement } from '../../../../shared/api/content-site.js';
import { moduleRoutes } from '../../../platform/http.js';
import { requestLanguage } from '../../../platform/request-language.js';
import { getAnnouncement, getModalAnnouncement, listAnnouncements } from './service.js';

const tags = ['announcements'];

export const announcementRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(contentPaths.announcements, {
    schema: { tags, summary: 'Announcements showing now, newest first', querystring: languageQuery, response: { 200: z.array(announcement) } },
    handler: async (request, reply) => listAnnouncements(ctx, requestLanguage(request, reply)),
  });

  app.get(contentPaths.announcement, {
    schema: { tags, summary: 'An announcement while it shows', params: idParam, querystring: languageQuery, response: { 200: announcement } },
    handler: async (request, reply) => getAnnouncement(ctx, request.params.id, requestLanguage(request, reply)),
  });

  app.get(contentPaths.announcementModal, {
    schema: { tags, summary: 'A modal announcement while it shows', params: idParam, querystring: languageQuery, response: { 200: announcement } },
    handler: async (request, reply) => getModalAnnouncement(ctx, request.params.id, requestLanguage(request, reply)),
  });
});
