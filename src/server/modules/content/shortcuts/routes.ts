import { z } from 'zod';
import { idParam } from '../../../../shared/api/common.js';
import {
  contentPaths,
  shortcut,
  shortcutListQuery,
  shortcutPreviewQuery,
  shortcutType,
  shortcutTypeDetails as details,
} from '../../../../shared/api/content.js';
import { moduleRoutes } from '../../../platform/http.js';
import { getShortcut, getShortcutType, shortcuts, shortcutTypeDetails, shortcutTypes } from './service.js';

const tags = ['shortcuts'];

export const shortcutRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  // The static shortcuts/type/... paths first: the router prefers them over shortcuts/:id and
  // shortcuts/type/:id anyway, and reading them first says so.
  app.get(contentPaths.shortcutTypes, {
    schema: { tags, summary: 'Shortcut types by position', response: { 200: z.array(shortcutType) } },
    handler: async () => shortcutTypes(ctx),
  });

  app.get(contentPaths.shortcutTypeDetails, {
    schema: { tags, summary: 'Every shortcut type with all its shortcuts', response: { 200: z.array(details) } },
    handler: async () => shortcutTypeDetails(ctx),
  });

  app.get(contentPaths.shortcutTypePreview, {
    schema: { tags, summary: 'Every shortcut type with its first `limit` shortcuts', querystring: shortcutPreviewQuery, response: { 200: z.array(details) } },
    handler: async (request) => shortcutTypeDetails(ctx, request.query.limit),
  });

  app.get(contentPaths.shortcutType, {
    schema: { tags, summary: 'A shortcut type', params: idParam, response: { 200: shortcutType } },
    handler: async (request) => getShortcutType(ctx, request.params.id),
  });

  app.get(contentPaths.shortcuts, {
    schema: { tags, summary: 'Shortcuts by position; `type` keeps one type', querystring: shortcutListQuery, response: { 200: z.array(shortcut) } },
    handler: async (request) => shortcuts(ctx, request.query.type),
  });

  app.get(contentPaths.shortcut, {
    schema: { tags, summary: 'A shortcut', params: idParam, response: { 200: shortcut } },
    handler: async (request) => getShortcut(ctx, request.params.id),
  });
});
