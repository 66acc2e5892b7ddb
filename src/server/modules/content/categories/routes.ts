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
import { requireStaff } from '../../../platform/auth.js';
import { moduleRoutes, paginate } from '../../../platform/http.js';
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

  app.get(contentPaths.categoriesCrud, {
    schema: { tags, summary: 'Categories, paginated, with their published article counts', querystring: catalogListQuery, response: { 200: categoryList } },
    handler: async (request) => {
      const page = await listCategories(ctx, request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.post(contentPaths.categoriesCrud, {
    schema: { tags, summary: 'Create a category (staff)', body: categoryWrite, response: { 201: category } },
    handler: async (request, reply) => {
      await requireStaff(request);
      return reply.status(201).send(await createCategory(ctx, request.body));
    },
  });

  app.get(contentPaths.categoryCrud, {
    schema: { tags, summary: 'A category', params: idParam, response: { 200: category } },
    handler: async (request) => getCategory(ctx, request.params.id),
  });

  app.put(contentPaths.categoryCrud, {
    schema: { tags, summary: 'Replace a category (staff)', params: idParam, body: categoryWrite, response: { 200: category } },
    handler: async (request) => {
      await requireStaff(request);
      return updateCategory(ctx, request.params.id, request.body);
    },
  });

  app.patch(contentPaths.categoryCrud, {
    schema: { tags, summary: 'Change some fields of a category (staff)', params: idParam, body: categoryPatch, response: { 200: category } },
    handler: async (request) => {
      await requireStaff(request);
      return updateCategory(ctx, request.params.id, request.body);
    },
  });

  app.delete(contentPaths.categoryCrud, {
    schema: { tags, summary: 'Delete a category; its articles become uncategorised (staff)', params: idParam },
    handler: async (request, reply) => {
      await requireStaff(request);
      await deleteCategory(ctx, request.params.id);
      return reply.status(204).send();
    },
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
