import type { PageQuery } from '../../../../shared/api/common.js';
import type { ArticleCard, Category, CategoryPatch, CategoryWrite } from '../../../../shared/api/content.js';
import type { AppContext } from '../../../platform/context.js';
import { Conflict, NotFound } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/time.js';
import { listArticleCards, type Page } from '../articles/service.js';
import { countNamed, nameTaken, slugTaken } from '../catalog-repo.js';
import {
  deleteCategory as deleteRow,
  findCategory,
  findCategoryByName,
  findCategoryBySlug,
  insertCategory,
  listCategories as listRows,
  updateCategory as updateRow,
  type CategoryRow,
} from './repo.js';

const toCategory = (row: CategoryRow): Category => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  description: row.description,
  sort_order: row.sort_order,
  article_count: Number(row.article_count ?? 0),
});

const found = (row: CategoryRow | undefined): Category => {
  if (!row) throw new NotFound('Category');
  return toCategory(row);
};

export async function listCategories(ctx: AppContext, query: PageQuery & { q?: string }): Promise<Page<Category>> {
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([
    countNamed(db, 'categories', query.q),
    listRows(db, nowIso(), query.q, query.page_size, (query.page - 1) * query.page_size),
  ]);
  return { count, results: rows.map(toCategory) };
}

/** Every category, for menus: not paginated. */
export async function allCategories(ctx: AppContext): Promise<Category[]> {
  return (await listRows(ctx.db.kysely, nowIso(), undefined)).map(toCategory);
}

export async function getCategory(ctx: AppContext, id: number): Promise<Category> {
  return found(await findCategory(ctx.db.kysely, nowIso(), id));
}

export async function getCategoryByName(ctx: AppContext, name: string): Promise<Category> {
  return found(await findCategoryByName(ctx.db.kysely, nowIso(), name));
}

export async function getCategoryBySlug(ctx: AppContext, slug: string): Promise<Category> {
  return found(await findCategoryBySlug(ctx.db.kysely, nowIso(), slug));
}

export async function categoryArticles(ctx: AppContext, id: number, page: PageQuery): Promise<Page<ArticleCard>> {
  const category = await getCategory(ctx, id);
  return listArticleCards(ctx, { category: category.id }, page);
}

export async function categoryArticlesByName(ctx: AppContext, name: string, page: PageQuery): Promise<Page<ArticleCard>> {
  const category = await getCategoryByName(ctx, name);
  return listArticleCards(ctx, { category: category.id }, page);
}

async function checkUnique(ctx: AppContext, input: CategoryPatch, selfId?: number): Promise<void> {
  const db = ctx.db.kysely;
  if (input.name !== undefined && (await nameTaken(db, 'categories', input.name, selfId))) {
    throw new Conflict('A category with that name exists.', { name: 'A category with that name exists.' });
  }
  if (input.slug !== undefined && (await slugTaken(db, 'categories', input.slug, selfId))) {
    throw new Conflict('That slug is taken.', { slug: 'That slug is taken.' });
  }
}

export async function createCategory(ctx: AppContext, input: CategoryWrite): Promise<Category> {
  await checkUnique(ctx, input);
  const now = nowIso();
  const id = await insertCategory(ctx.db.kysely, { ...input, created_at: now, updated_at: now });
  ctx.events.changed('category');
  return getCategory(ctx, id);
}

/** PUT sends every field (defaults filled in), PATCH only those to change. */
export async function updateCategory(ctx: AppContext, id: number, input: CategoryPatch): Promise<Category> {
  await getCategory(ctx, id);
  await checkUnique(ctx, input, id);
  await updateRow(ctx.db.kysely, id, { ...input, updated_at: nowIso() });
  ctx.events.changed('category');
  return getCategory(ctx, id);
}

/** Its articles stay, uncategorised: the foreign key sets their category to null. */
export async function deleteCategory(ctx: AppContext, id: number): Promise<void> {
  if (!(await deleteRow(ctx.db.kysely, id))) throw new NotFound('Category');
  ctx.events.changed('category');
}
