import { z } from 'zod';
import { contentPaths } from '../../../../shared/api/content.js';
import { catalogListQuery, tag, tagHotQuery, tagList, tagPatch, tagWrite } from '../../../../shared/api/content-catalogue.js';
import { moduleRoutes } from '../../../platform/http.js';
import { registerCatalogArea } from '../catalog-crud.js';
import { requestLanguage } from '../../../platform/request-language.js';
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

  registerCatalogArea(app, {
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
    all: { path: contentPaths.tagList, summary: 'Every tag, by name', list: allTags },
    lookups: {
      id: { path: contentPaths.tag, summary: 'A tag', find: getTag },
      name: { path: contentPaths.tagByName, summary: 'A tag by name, whatever its case', find: getTagByName },
    },
    articles: {
      id: { path: contentPaths.tagRelatedArticles, summary: 'Published articles with a tag, newest first', list: tagArticles },
      name: { path: contentPaths.tagByNameArticles, summary: 'Published articles with the tag named {name}', list: tagArticlesByName },
    },
  });

  // Static, so it wins over tag/:id whatever the order of registration.
  app.get(contentPaths.tagHot, {
    schema: { tags, summary: 'Tags with the most published articles', querystring: tagHotQuery, response: { 200: z.array(tag) } },
    handler: async (request, reply) => hotTags(ctx, request.query.limit, requestLanguage(request, reply)),
  });
});
