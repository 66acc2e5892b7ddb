import { z } from 'zod';
import { idParam } from '../../../../shared/api/common.js';
import { contentPaths, languageQuery } from '../../../../shared/api/content.js';
import {
  shortcut,
  shortcutListQuery,
  shortcutPreviewQuery,
  shortcutType,
  shortcutTypeDetails as details,
} from '../../../../shared/api/content-site.js';
import { moduleRoutes } from '../../../platform/http.js';
import { requestLanguage } from '../../../platform/request-language.js';
import { getShortcut, getShortcutType, shortcuts, shortcutTypeDetails, shortcutTypes } from './service.js';

const tags = ['shortcuts'];

/** Shortcut types and shortcuts, their texts in the reader's language (`lang`, else cookie, else Accept-Language). */
export const shortcutRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  // The static shortcuts/type/... paths first: the router prefers them over shortcuts/:id and
  // shortcuts/type/:id anyway, and reading them first says so.
  app.get(contentPaths.shortcutTypes, {
    schema: { tags, summary: 'Shortcut types by position', querystring: languageQuery, response: { 200: z.array(shortcutType) } },
    handler: async (request, reply) => shortcutTypes(ctx, requestLanguage(request, reply)),
  });

  app.get(contentPaths.shortcutTypeDetails, {
    schema: { tags, summary: 'Every shortcut type with all its shortcuts', querystring: languageQuery, response: { 200: z.array(details) } },
    handler: async (request, reply) => shortcutTypeDetails(ctx, requestLanguage(request, reply)),
  });

  app.get(contentPaths.shortcutTypePreview, {
    schema: { tags, summary: 'Every shortcut type with its first `limit` shortcuts', querystring: shortcutPreviewQuery, response: { 200: z.array(details) } },
    handler: async (request, reply) => shortcutTypeDetails(ctx, requestLanguage(request, reply), request.query.limit),
  });

  app.get(contentPaths.shortcutType, {
    schema: { tags, summary: 'A shortcut type', params: idParam, querystring: languageQuery, response: { 200: shortcutType } },
    handler: async (request, reply) => getShortcutType(ctx, request.params.id, requestLanguage(request, reply)),
  });

  app.get(contentPaths.shortcuts, {
    schema: { tags, summary: 'Shortcuts by position; `type` keeps one type', querystring: shortcutListQuery, response: { 200: z.array(shortcut) } },
    handler: async (request, reply) => shortcuts(ctx, request.query.type, requestLanguage(request, reply)),
  });

  app.get(contentPaths.shortcut, {
    schema: { tags, summary: 'A shortcut', params: idParam, querystring: languageQuery, response: { 200: shortcut } },
    handler: async (request, reply) => getShortcut(ctx, request.params.id, requestLanguage(request, reply)),
  });
});
