import type { z } from 'zod';
import { idParam, type PageQuery, type Paginated } from '../../../shared/api/common.js';
import { articleList, cardPageQuery, languageQuery, type ArticleCard } from '../../../shared/api/content.js';
import { nameParam, slugParam } from '../../../shared/api/content-catalogue.js';
import type { Language } from '../../../shared/i18n/index.js';
import { requireStaff } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { paginate, type ZodApp } from '../../platform/http.js';
import type { Page } from './articles/service.js';
import { requestLanguage } from '../../platform/request-language.js';

/** A GET of one item by its id, name or slug, answered in the reader's language. */
export interface CatalogLookup<Item, Key> {
  path: string;
  summary: string;
  find: (ctx: AppContext, key: Key, lang: Language) => Promise<Item>;
}

/** A GET of one item's published articles, paginated, the item named by its id or name; card names in the reader's language. */
export interface CatalogArticles<Key> {
  path: string;
  summary: string;
  list: (ctx: AppContext, key: Key, page: PageQuery, lang: Language) => Promise<Page<ArticleCard>>;
}

/**
 * One catalogue area (categories, tags, topics): its paths, schemas, service and OpenAPI words. Editorial
 * texts of an item (its name and description) are answered in the reader's language.
 */
export interface CatalogArea<Item, ListQuery extends PageQuery, Write, Patch> {
  /** The OpenAPI tags the calls are grouped under. */
  tags: string[];
  /** List (GET) and create (POST). */
  collectionPath: string;
  /** Get, replace (PUT), change (PATCH) and delete one by `:id`. */
  itemPath: string;
  /** One item with its article ("a category"): the summaries of create, get, PUT and PATCH say it. */
  singular: string;
  /** Summaries that say more than the name: how the list is ordered, what deleting leaves behind. */
  summaries: { list: string; delete: string };
  schemas: {
    item: z.ZodType<Item, Item>;
    list: z.ZodType<Paginated<Item>, Paginated<Item>>;
    listQuery: z.ZodType<ListQuery, unknown>;
    write: z.ZodType<Write, unknown>;
    patch: z.ZodType<Patch, unknown>;
  };
  // Function properties, not methods: their parameters are then checked strictly at the call site.
  service: {
    list: (ctx: AppContext, query: ListQuery, lang: Language) => Promise<Page<Item>>;
    create: (ctx: AppContext, input: Write, lang: Language) => Promise<Item>;
    get: (ctx: AppContext, id: number, lang: Language) => Promise<Item>;
    /** PUT sends a whole Write, PATCH a Patch: the area's update takes both. */
    update: (ctx: AppContext, id: number, input: Write | Patch, lang: Language) => Promise<Item>;
    remove: (ctx: AppContext, id: number) => Promise<void>;
  };
  /** Every item at once, for menus: not paginated. */
  all?: { path: string; summary: string; list: (ctx: AppContext, lang: Language) => Promise<Item[]> };
  /** Reads of one item beside the CRUD path (`category/{id}`, `category/n/{name}`, `category/s/{slug}`). */
  lookups?: { id?: CatalogLookup<Item, number>; name?: CatalogLookup<Item, string>; slug?: CatalogLookup<Item, string> };
  /** The item's published articles, by its id or its name. */
  articles?: { id?: CatalogArticles<number>; name?: CatalogArticles<string> };
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type AnyArea = CatalogArea<unknown, PageQuery, unknown, unknown>;

/**
 * Registers the calls of a catalogue area: list, create, get, replace, change and delete, and the
 * lookups, article lists and full list it has. Reads are public, writes staff only (201 on create, 204
 * on delete). What an area has beyond these stays in its own routes.
 */
export function registerCatalogArea<Item, ListQuery extends PageQuery, Write, Patch>(app: ZodApp, area: CatalogArea<Item, ListQuery, Write, Patch>): void {
  // The type parameters check at the call site that an area's schemas and service agree; Fastify's
  // request types do not resolve through type parameters, so the routes, which only hand what a
  // schema validated to the same area's service, work on the widened type.
  const widened = area as unknown as AnyArea;
  registerCrud(app, widened);
  registerReads(app, widened);
}

function registerCrud(app: ZodApp, area: AnyArea): void {
  const { ctx } = app;
  const { tags, schemas, service, singular } = area;

  app.get(area.collectionPath, {
    schema: { tags, summary: area.summaries.list, querystring: schemas.listQuery, response: { 200: schemas.list } },
    handler: async (request, reply) => {
      const page = await service.list(ctx, request.query, requestLanguage(request, reply));
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.post(area.collectionPath, {
    schema: { tags, summary: `Create ${singular} (staff)`, querystring: languageQuery, body: schemas.write, response: { 201: schemas.item } },
    handler: async (request, reply) => {
      await requireStaff(request);
      return reply.status(201).send(await service.create(ctx, request.body, requestLanguage(request, reply)));
    },
  });

  app.get(area.itemPath, {
    schema: { tags, summary: capitalised(singular), params: idParam, querystring: languageQuery, response: { 200: schemas.item } },
    handler: async (request, reply) => service.get(ctx, request.params.id, requestLanguage(request, reply)),
  });

  app.put(area.itemPath, {
    schema: { tags, summary: `Replace ${singular} (staff)`, params: idParam, querystring: languageQuery, body: schemas.write, response: { 200: schemas.item } },
    handler: async (request, reply) => {
      await requireStaff(request);
      return service.update(ctx, request.params.id, request.body, requestLanguage(request, reply));
    },
  });

  app.patch(area.itemPath, {
    schema: { tags, summary: `Change some fields of ${singular} (staff)`, params: idParam, querystring: languageQuery, body: schemas.patch, response: { 200: schemas.item } },
    handler: async (request, reply) => {
      await requireStaff(request);
      return service.update(ctx, request.params.id, request.body, requestLanguage(request, reply));
    },
  });

  app.delete(area.itemPath, {
    schema: { tags, summary: area.summaries.delete, params: idParam },
    handler: async (request, reply) => {
      await requireStaff(request);
      await service.remove(ctx, request.params.id);
      return reply.status(204).send();
    },
  });
}

function registerReads(app: ZodApp, area: AnyArea): void {
  const { ctx } = app;
  const { tags, schemas, lookups = {}, articles = {}, all } = area;

  if (all) {
    app.get(all.path, {
      schema: { tags, summary: all.summary, querystring: languageQuery, response: { 200: schemas.item.array() } },
      handler: async (request, reply) => all.list(ctx, requestLanguage(request, reply)),
    });
  }

  const { id, name, slug } = lookups;
  if (id) {
    app.get(id.path, {
      schema: { tags, summary: id.summary, params: idParam, querystring: languageQuery, response: { 200: schemas.item } },
      handler: async (request, reply) => id.find(ctx, request.params.id, requestLanguage(request, reply)),
    });
  }
  if (name) {
    app.get(name.path, {
      schema: { tags, summary: name.summary, params: nameParam, querystring: languageQuery, response: { 200: schemas.item } },
      handler: async (request, reply) => name.find(ctx, request.params.name, requestLanguage(request, reply)),
    });
  }
  if (slug) {
    app.get(slug.path, {
      schema: { tags, summary: slug.summary, params: slugParam, querystring: languageQuery, response: { 200: schemas.item } },
      handler: async (request, reply) => slug.find(ctx, request.params.slug, requestLanguage(request, reply)),
    });
  }

  if (articles.id) {
    const byId = articles.id;
    app.get(byId.path, {
      schema: { tags, summary: byId.summary, params: idParam, querystring: cardPageQuery, response: { 200: articleList } },
      handler: async (request, reply) => {
        const page = await byId.list(ctx, request.params.id, request.query, requestLanguage(request, reply));
        return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
      },
    });
  }
  if (articles.name) {
    const byName = articles.name;
    app.get(byName.path, {
      schema: { tags, summary: byName.summary, params: nameParam, querystring: cardPageQuery, response: { 200: articleList } },
      handler: async (request, reply) => {
        const page = await byName.list(ctx, request.params.name, request.query, requestLanguage(request, reply));
        return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
      },
    });
  }
}
