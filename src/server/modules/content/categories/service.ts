import type { PageQuery } from '../../../../shared/api/common.js';
import type { ArticleCard } from '../../../../shared/api/content.js';
import type { Category, CategoryPatch, CategoryWrite } from '../../../../shared/api/content-catalogue.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFound } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/time.js';
import { listArticleCards, type Page } from '../articles/service.js';
import { countNamed, nameSearch } from '../catalog-repo.js';
import { checkCatalogUnique } from '../catalog-unique.js';
import { localised, serializeTranslations } from '../../../platform/translations.js';
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

const toCategory = (row: CategoryRow, lang: Language): Category => ({
  id: row.id,
  slug: row.slug,
  ...localised({ name: row.name, description: row.description }, row.translations, lang),
  sort_order: row.sort_order,
  article_count: Number(row.article_count ?? 0),
});

const found = (row: CategoryRow | undefined, lang: Language): Category => {
  if (!row) throw new NotFound('Category');
  return toCategory(row, lang);
};

export async function listCategories(ctx: AppContext, query: PageQuery & { q?: string }, lang: Language): Promise<Page<Category>> {
  const db = ctx.db.kysely;
  const search = nameSearch(ctx.db.engine, query.q);
  const [count, rows] = await Promise.all([
    countNamed(db, 'categories', search),
    listRows(db, nowIso(), search, query.page_size, (query.page - 1) * query.page_size),
  ]);
  return { count, results: rows.map((row) => toCategory(row, lang)) };
}

/** Every category, for menus: not paginated. */
export async function allCategories(ctx: AppContext, lang: Language): Promise<Category[]> {
  return (await listRows(ctx.db.kysely, nowIso(), undefined)).map((row) => toCategory(row, lang));
}

export async function getCategory(ctx: AppContext, id: number, lang: Language): Promise<Category> {
  return found(await findCategory(ctx.db.kysely, nowIso(), id), lang);
}

export async function getCategoryByName(ctx: AppContext, name: string, lang: Language): Promise<Category> {
  return found(await findCategoryByName(ctx.db.kysely, nowIso(), name, ctx.db.engine), lang);
}

export async function getCategoryBySlug(ctx: AppContext, slug: string, lang: Language): Promise<Category> {
  return found(await findCategoryBySlug(ctx.db.kysely, nowIso(), slug), lang);
}

export async function categoryArticles(ctx: AppContext, id: number, page: PageQuery, lang: Language): Promise<Page<ArticleCard>> {
  const row = await findCategory(ctx.db.kysely, nowIso(), id);
  if (!row) throw new NotFound('Category');
  return listArticleCards(ctx, { category: row.id }, page, lang);
}

export async function categoryArticlesByName(ctx: AppContext, name: string, page: PageQuery, lang: Language): Promise<Page<ArticleCard>> {
  const row = await findCategoryByName(ctx.db.kysely, nowIso(), name, ctx.db.engine);
  if (!row) throw new NotFound('Category');
  return listArticleCards(ctx, { category: row.id }, page, lang);
}

export async function createCategory(ctx: AppContext, input: CategoryWrite, lang: Language): Promise<Category> {
  await checkCatalogUnique(ctx, 'categories', 'category', input);
  const now = nowIso();
  const id = await insertCategory(ctx.db.kysely, { ...input, translations: serializeTranslations(input.translations), created_at: now, updated_at: now });
  ctx.events.changed('category');
  return getCategory(ctx, id, lang);
}

/** PUT sends every field (defaults filled in), PATCH only those to change. */
export async function updateCategory(ctx: AppContext, id: number, input: CategoryPatch, lang: Language): Promise<Category> {
  await getCategory(ctx, id, lang);
  await checkCatalogUnique(ctx, 'categories', 'category', input, id);
  const { translations, ...fields } = input;
  await updateRow(ctx.db.kysely, id, { ...fields, ...(translations && { translations: serializeTranslations(translations) }), updated_at: nowIso() });
  ctx.events.changed('category');
  return getCategory(ctx, id, lang);
}

/** Its articles stay, uncategorised: the foreign key sets their category to null. */
export async function deleteCategory(ctx: AppContext, id: number): Promise<void> {
  if (!(await deleteRow(ctx.db.kysely, id))) throw new NotFound('Category');
  ctx.events.changed('category');
}
