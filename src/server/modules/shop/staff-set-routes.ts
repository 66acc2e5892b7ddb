import { z } from 'zod';
import { errorBody, idParam } from '../../../shared/api/common.js';
import { shopLanguageQuery } from '../../../shared/api/shop.js';
import type { Language } from '../../../shared/i18n/index.js';
import { asStaff, staffCreates, staffDeletes } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/http.js';
import { requestLanguage } from '../../platform/request-language.js';

export const noContent = z.null().describe('No content');
export const staffErrors = { 401: errorBody, 403: errorBody };

/**
 * A set of things staff keep for the shop (product categories, ranges): the whole list and one item, read by
 * anyone; created, changed (PATCH) and deleted by staff alone (201 on create, 204 on delete). A `translated` set
 * answers its texts in the reader's language (`lang`, else the cookie, else Accept-Language, with Vary) and
 * refuses a bad `lang` with 400; any other reads no language.
 */
export interface StaffSet<Item, Write, Patch> {
  tags: string[];
  paths: { list: string; item: string };
  summaries: { list: string; create: string; get: string; change: string; delete: string };
  translated: boolean;
  schemas: { item: z.ZodType<Item, Item>; list: z.ZodType<Item[], Item[]>; write: z.ZodType<Write, unknown>; patch: z.ZodType<Patch, unknown> };
  // Function properties, not methods: their parameters are then checked strictly at the call site.
  service: {
    list: (ctx: AppContext, lang?: Language) => Promise<Item[]>;
    create: (ctx: AppContext, input: Write, lang?: Language) => Promise<Item>;
    get: (ctx: AppContext, id: number, lang?: Language) => Promise<Item>;
    update: (ctx: AppContext, id: number, changes: Patch, lang?: Language) => Promise<Item>;
    remove: (ctx: AppContext, id: number) => Promise<void>;
  };
}

type AnySet = StaffSet<unknown, unknown, unknown>;

/** Registers a set's five calls (see StaffSet). */
export function registerStaffSet<Item, Write, Patch>(app: ZodApp, set: StaffSet<Item, Write, Patch>): void {
  // The type parameters check at the call site that a set's schemas and service agree; Fastify's request
  // types do not resolve through type parameters, so the routes work on the widened type.
  const { tags, paths, summaries, translated, schemas, service } = set as unknown as AnySet;
  const { ctx } = app;
  const language = translated ? { querystring: shopLanguageQuery } : {};
  const badLanguage = translated ? { 400: errorBody } : {};
  const langOf = (...[request, reply]: Parameters<typeof requestLanguage>) => (translated ? requestLanguage(request, reply) : undefined);

  app.get(paths.list, {
    schema: { tags, summary: summaries.list, ...language, response: { 200: schemas.list, ...badLanguage } },
    handler: async (request, reply) => service.list(ctx, langOf(request, reply)),
  });

  app.post(paths.list, {
    schema: { tags, summary: summaries.create, ...language, body: schemas.write, response: { 201: schemas.item, 400: errorBody, 409: errorBody, ...staffErrors } },
    handler: async (request, reply) => staffCreates(request, reply, () => service.create(ctx, request.body, langOf(request, reply))),
  });

  app.get(paths.item, {
    schema: { tags, summary: summaries.get, params: idParam, ...language, response: { 200: schemas.item, ...badLanguage, 404: errorBody } },
    handler: async (request, reply) => service.get(ctx, request.params.id, langOf(request, reply)),
  });

  app.patch(paths.item, {
    schema: {
      tags,
      summary: summaries.change,
      params: idParam,
      ...language,
      body: schemas.patch,
      response: { 200: schemas.item, 400: errorBody, 404: errorBody, 409: errorBody, ...staffErrors },
    },
    handler: async (request, reply) => asStaff(request, () => service.update(ctx, request.params.id, request.body, langOf(request, reply))),
  });

  app.delete(paths.item, {
    schema: { tags, summary: summaries.delete, params: idParam, response: { 204: noContent, 404: errorBody, 409: errorBody, ...staffErrors } },
    handler: async (request, reply) => staffDeletes(request, reply, () => service.remove(ctx, request.params.id)),
  });
}
