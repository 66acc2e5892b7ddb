import { z } from 'zod';
import { idParam } from '../../../../shared/api/common.js';
import { announcement, contentPaths } from '../../../../shared/api/content.js';
import { moduleRoutes } from '../../../platform/http.js';
import { getAnnouncement, getModalAnnouncement, listAnnouncements } from './service.js';

const tags = ['announcements'];

export const announcementRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(contentPaths.announcements, {
    schema: { tags, summary: 'Announcements showing now, newest first', response: { 200: z.array(announcement) } },
    handler: async () => listAnnouncements(ctx),
  });

  app.get(contentPaths.announcement, {
    schema: { tags, summary: 'An announcement while it shows', params: idParam, response: { 200: announcement } },
    handler: async (request) => getAnnouncement(ctx, request.params.id),
  });

  app.get(contentPaths.announcementModal, {
    schema: { tags, summary: 'A modal announcement while it shows', params: idParam, response: { 200: announcement } },
    handler: async (request) => getModalAnnouncement(ctx, request.params.id),
  });
});
