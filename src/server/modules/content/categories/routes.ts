import { z } from 'zod';
import { idParam, pageQuery } from '../../../../shared/api/common.js';
import {
  articleList,
  catalogListQuery,
  category,
  categoryList,
  categoryPatch,
  categoryWrite,
  contentPaths,
  nameParam,
  slugParam,
} from '../../../../shared/api/content.js';
import { moduleRoutes, paginate } from '../../../platform/http.js';
import { registerCatalogCrud } from '../catalog-crud.js';
import {
  allCategories,
  categoryArticles,
  categoryArticlesByName,
  createCategory,
  deleteCategory,
  getCategory,
  getCategoryByName,
  getCategoryBySlug,
  listCategories,
  updateCategory,
} from './service.js';

const tags = ['categories'];

export const categoryRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  registerCatalogCrud(app, {
    tags,
    collectionPath: contentPaths.categoriesCrud,
    itemPath: contentPaths.categoryCrud,
    singular: 'a category',
    summaries: {
      list: 'Categories, paginated, with their published article counts',
      delete: 'Delete a category; its articles become uncategorised (staff)',
    },
    schemas: { item: category, list: categoryList, listQuery: catalogListQuery, write: categoryWrite, patch: categoryPatch },
    service: { list: listCategories, create: createCategory, get: getCategory, update: updateCategory, remove: deleteCategory },
  });

  app.get(contentPaths.categoryRelatedArticles, {
    schema: { tags, summary: 'Published articles of a category, newest first', params: idParam, querystring: pageQuery, response: { 200: articleList } },
    handler: async (request) => {
      const page = await categoryArticles(ctx, request.params.id, request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.get(contentPaths.categoryList, {
    schema: { tags, summary: 'Every category, by sort order then name', response: { 200: z.array(category) } },
    handler: async () => allCategories(ctx),
  });

  app.get(contentPaths.category, {
    schema: { tags, summary: 'A category', params: idParam, response: { 200: category } },
    handler: async (request) => getCategory(ctx, request.params.id),
  });

  app.get(contentPaths.categoryByName, {
    schema: { tags, summary: 'A category by name, whatever its case', params: nameParam, response: { 200: category } },
    handler: async (request) => getCategoryByName(ctx, request.params.name),
  });

  app.get(contentPaths.categoryByNameArticles, {
    schema: { tags, summary: 'Published articles of a category named {name}', params: nameParam, querystring: pageQuery, response: { 200: articleList } },
    handler: async (request) => {
      const page = await categoryArticlesByName(ctx, request.params.name, request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.get(contentPaths.categoryBySlug, {
    schema: { tags, summary: 'A category by slug', params: slugParam, response: { 200: category } },
    handler: async (request) => getCategoryBySlug(ctx, request.params.slug),
  });
});
