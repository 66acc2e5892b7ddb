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
import { moduleRoutes, paginate } from '../../../platform/http.js';
import { registerCatalogCrud } from '../catalog-crud.js';
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

  registerCatalogCrud(app, {
    tags,
    collectionPath: contentPaths.tagsCrud,
    itemPath: contentPaths.tagCrud,
    singular: 'a tag',
    summaries: {
      list: 'Tags, paginated, with their published article counts',
      delete: 'Delete a tag; its articles stay (staff)',
    },
    schemas: { item: tag, list: tagList, listQuery: catalogListQuery, write: tagWrite, patch: tagPatch },
    service: { list: listTags, create: createTag, get: getTag, update: updateTag, remove: deleteTag },
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
