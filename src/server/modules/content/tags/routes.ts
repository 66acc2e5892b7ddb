import { z } from 'zod';
import { idParam, pageQuery } from '../../../../shared/api/common.js';
import {
  articleList,
  catalogListQuery,
  contentPaths,
  nameParam,
  tag,
  tagHotQuery,
  tagList,
  tagPatch,
  tagWrite,
} from '../../../../shared/api/content.js';
import { requireStaff } from '../../../platform/auth.js';
import { moduleRoutes, paginate } from '../../../platform/http.js';
import {
  allTags,
  createTag,
  deleteTag,
  getTag,
  getTagByName,
  hotTags,
  listTags,
  tagArticles,
  tagArticlesByName,
  updateTag,
} from './service.js';

const tags = ['tags'];

export const tagRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(contentPaths.tagsCrud, {
    schema: { tags, summary: 'Tags, paginated, with their published article counts', querystring: catalogListQuery, response: { 200: tagList } },
    handler: async (request) => {
      const page = await listTags(ctx, request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.post(contentPaths.tagsCrud, {
    schema: { tags, summary: 'Create a tag (staff)', body: tagWrite, response: { 201: tag } },
    handler: async (request, reply) => {
      await requireStaff(request);
      return reply.status(201).send(await createTag(ctx, request.body));
    },
  });

  app.get(contentPaths.tagCrud, {
    schema: { tags, summary: 'A tag', params: idParam, response: { 200: tag } },
    handler: async (request) => getTag(ctx, request.params.id),
  });

  app.put(contentPaths.tagCrud, {
    schema: { tags, summary: 'Replace a tag (staff)', params: idParam, body: tagWrite, response: { 200: tag } },
    handler: async (request) => {
      await requireStaff(request);
      return updateTag(ctx, request.params.id, request.body);
    },
  });

  app.patch(contentPaths.tagCrud, {
    schema: { tags, summary: 'Change some fields of a tag (staff)', params: idParam, body: tagPatch, response: { 200: tag } },
    handler: async (request) => {
      await requireStaff(request);
      return updateTag(ctx, request.params.id, request.body);
    },
  });

  app.delete(contentPaths.tagCrud, {
    schema: { tags, summary: 'Delete a tag; its articles stay (staff)', params: idParam },
    handler: async (request, reply) => {
      await requireStaff(request);
      await deleteTag(ctx, request.params.id);
      return reply.status(204).send();
    },
  });

  app.get(contentPaths.tagRelatedArticles, {
    schema: { tags, summary: 'Published articles with a tag, newest first', params: idParam, querystring: pageQuery, response: { 200: articleList } },
    handler: async (request) => {
      const page = await tagArticles(ctx, request.params.id, request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.get(contentPaths.tagList, {
    schema: { tags, summary: 'Every tag, by name', response: { 200: z.array(tag) } },
    handler: async () => allTags(ctx),
  });

  // Static, so it wins over tag/:id whatever the order of registration.
  app.get(contentPaths.tagHot, {
    schema: { tags, summary: 'Tags with the most published articles', querystring: tagHotQuery, response: { 200: z.array(tag) } },
    handler: async (request) => hotTags(ctx, request.query.limit),
  });

  app.get(contentPaths.tag, {
    schema: { tags, summary: 'A tag', params: idParam, response: { 200: tag } },
    handler: async (request) => getTag(ctx, request.params.id),
  });

  app.get(contentPaths.tagByName, {
    schema: { tags, summary: 'A tag by name, whatever its case', params: nameParam, response: { 200: tag } },
    handler: async (request) => getTagByName(ctx, request.params.name),
  });

  app.get(contentPaths.tagByNameArticles, {
    schema: { tags, summary: 'Published articles with the tag named {name}', params: nameParam, querystring: pageQuery, response: { 200: articleList } },
    handler: async (request) => {
      const page = await tagArticlesByName(ctx, request.params.name, request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });
});
