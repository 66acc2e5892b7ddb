import { z } from 'zod';
import { errorBody, idParam } from '../../../shared/api/common.js';
import { languageQuery } from '../../../shared/api/content.js';
import {
  footerPages as footerPagesSchema,
  page,
  pageActionBody,
  pageActionParams,
  pageCreate,
  pageFindQuery,
  pageList,
  pageListQuery,
  pagePatch,
  pageSlugParam,
  pagesPaths,
  publicPage,
  publicPagePaths,
} from '../../../shared/api/pages.js';
import { requireStaff } from '../../platform/auth.js';
import { createGuestCache } from '../../platform/guest-cache.js';
import { moduleRoutes, paginate, privateResponse, sendJsonBytes, serializedJson } from '../../platform/http.js';
import { requestLanguage } from '../../platform/request-language.js';
import { registerEditable } from '../content/editorial/service.js';
import { pageEditing } from './editing.js';
import { addPageGuestReads } from './guest-reads.js';
import { changePage, createPage, findPageFor, footerPages, getPage, listPagesForStaff, pageAction, readLivePage } from './service.js';

const tags = ['pages'];
const staffErrors = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * The site's own editorial pages (SPEC's admin pages: list, one, find, actions; modelled on Wagtail's page API,
 * flat), written by staff, and read by everyone once live. Staff calls are private (each handler's requireStaff,
 * which platform/route-guard.ts also runs as the request arrives, before the body is read).
 */
export const pagesRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  registerEditable(ctx, pageEditing);
  addPageGuestReads(ctx);
  // Pages and the footer's list are the same for every caller: kept as the bytes sent, per language and URL,
  // until content changes. Every page renders the footer, so its list is asked for by every page render.
  const answers = createGuestCache<Buffer>(ctx, 200, { max: 4 * 1024 * 1024, size: (body) => body.byteLength });

  app.get(publicPagePaths.pageBySlug, {
    schema: { tags, summary: "A live page by its slug, in the reader's language; its body as safe HTML", params: pageSlugParam, querystring: languageQuery, response: { 200: publicPage, 404: errorBody } },
    handler: async (request, reply) => {
      const lang = requestLanguage(request, reply);
      const body = await answers.get(`${lang} ${request.url}`, async () => serializedJson(reply, await readLivePage(ctx, request.params.slug, lang)));
      return sendJsonBytes(reply, body);
    },
  });

  app.get(publicPagePaths.footer, {
    schema: { tags, summary: "The live pages the footer links, by sort order, titled in the reader's language", querystring: languageQuery, response: { 200: footerPagesSchema } },
    handler: async (request, reply) => {
      const lang = requestLanguage(request, reply);
      const body = await answers.get(`${lang} ${request.url}`, async () => serializedJson(reply, await footerPages(ctx, lang)));
      return sendJsonBytes(reply, body);
    },
  });

  // The staff's calls: private answers (errors included).
  app.register(
    moduleRoutes((staff) => {
      staff.addHook('onRequest', async (_request, reply) => privateResponse(reply));

      staff.get(pagesPaths.pages, {
        schema: { tags, summary: 'Pages, by sort order then title (staff); `search` matches the title, `live` keeps live pages or drafts', querystring: pageListQuery, response: { 200: pageList, ...staffErrors } },
        handler: async (request) => {
          await requireStaff(request);
          const found = await listPagesForStaff(ctx, request.query);
          return paginate(request, ctx.config.publicUrl, request.query, found.count, found.results);
        },
      });

      staff.post(pagesPaths.pages, {
        schema: { tags, summary: 'Create a page, as a draft (staff); 409 naming `slug` when it is taken', body: pageCreate, response: { 201: page, ...staffErrors, 409: errorBody } },
        handler: async (request, reply) => {
          await requireStaff(request);
          return reply.status(201).send(await createPage(ctx, request.body));
        },
      });

      // Registered before `pages/:id`, which would otherwise take "find" for an id.
      staff.get(pagesPaths.pageFind, {
        schema: { tags, summary: 'One page by its exact slug or title (staff)', querystring: pageFindQuery, response: { 200: page, ...staffErrors, 404: errorBody } },
        handler: async (request) => {
          await requireStaff(request);
          return findPageFor(ctx, request.query);
        },
      });

      staff.get(pagesPaths.page, {
        schema: { tags, summary: 'One page, live or draft (staff)', params: idParam, response: { 200: page, ...staffErrors, 404: errorBody } },
        handler: async (request) => {
          await requireStaff(request);
          return getPage(ctx, request.params.id);
        },
      });

      staff.patch(pagesPaths.page, {
        schema: { tags, summary: 'Change the fields named (staff); `translations` replaces the whole set', params: idParam, body: pagePatch, response: { 200: page, ...staffErrors, 404: errorBody, 409: errorBody } },
        handler: async (request) => {
          await requireStaff(request);
          return changePage(ctx, request.params.id, request.body);
        },
      });

      staff.post(pagesPaths.pageAction, {
        schema: {
          tags,
          summary: '`publish`, `unpublish`, `copy` (body: the copy\'s `slug`, optional `title`; the copy is a draft), `move`, `revert_to_page_revision`, `create_alias` (body: the alias\'s `slug`, optional `position`), `convert_alias` or `delete` a page (staff)',
          params: pageActionParams,
          body: pageActionBody,
          response: { 200: page, 201: page, 204: z.null().describe('No content'), ...staffErrors, 404: errorBody, 409: errorBody },
        },
        handler: async (request, reply) => {
          const actor = await requireStaff(request);
          const done = await pageAction(ctx, request.params.id, request.params.action, request.body, actor);
          if (!done.page) return reply.status(204).send(null);
          return reply.status(done.created ? 201 : 200).send(done.page);
        },
      });
    }),
  );
});
