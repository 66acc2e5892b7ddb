import { contentPaths } from '../../../../shared/api/content.js';
import { catalogListQuery, category, categoryList, categoryPatch, categoryWrite } from '../../../../shared/api/content-catalogue.js';
import { moduleRoutes } from '../../../platform/http.js';
import { registerCatalogArea } from '../catalog-crud.js';
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

export const categoryRoutes = moduleRoutes((app) => {
  registerCatalogArea(app, {
    tags: ['categories'],
    collectionPath: contentPaths.categoriesCrud,
    itemPath: contentPaths.categoryCrud,
    singular: 'a category',
    summaries: {
      list: 'Categories, paginated, with their published article counts',
      delete: 'Delete a category; its articles become uncategorised (staff)',
    },
    schemas: { item: category, list: categoryList, listQuery: catalogListQuery, write: categoryWrite, patch: categoryPatch },
    service: { list: listCategories, create: createCategory, get: getCategory, update: updateCategory, remove: deleteCategory },
    all: { path: contentPaths.categoryList, summary: 'Every category, by sort order then name', list: allCategories },
    lookups: {
      id: { path: contentPaths.category, summary: 'A category', find: getCategory },
      name: { path: contentPaths.categoryByName, summary: 'A category by name, whatever its case', find: getCategoryByName },
      slug: { path: contentPaths.categoryBySlug, summary: 'A category by slug', find: getCategoryBySlug },
    },
    articles: {
      id: { path: contentPaths.categoryRelatedArticles, summary: 'Published articles of a category, newest first', list: categoryArticles },
      name: { path: contentPaths.categoryByNameArticles, summary: 'Published articles of a category named {name}', list: categoryArticlesByName },
    },
  });
});
