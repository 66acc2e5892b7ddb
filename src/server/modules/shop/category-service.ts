import type { OptionWrite, ProductOption, ShopCategory, ShopCategoryChanges, ShopCategoryWrite } from '../../../shared/api/shop.js';
import type { Language } from '../../../shared/i18n/index.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import { serializeTranslations } from '../../platform/translations.js';
import {
  categoryInUse,
  deleteCategory as removeCategory,
  findCategory,
  findCategoryBySlug,
  findOption,
  findOptionByCode,
  insertCategory,
  insertOption,
  listCategories as selectCategories,
  listOptions as selectOptions,
  updateCategory as writeCategory,
  type CategoryRow,
} from './catalogue-repo.js';
import { textsIn, toOption } from './catalogue-shapes.js';

// Product categories

/** The categories with their names, descriptions and breadcrumbs in `lang` (each field falling back to the default text). */
function toCategories(rows: CategoryRow[], lang: Language | undefined): ShopCategory[] {
  const texts = new Map(rows.map((r) => [r.id, textsIn({ name: r.name, description: r.description }, r.translations, lang)]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const crumbs = (row: CategoryRow): string => {
    const names: string[] = [];
    const seen = new Set<number>();
    for (let at: CategoryRow | undefined = row; at && !seen.has(at.id); at = at.parent_id === null ? undefined : byId.get(at.parent_id)) {
      seen.add(at.id);
      names.unshift(texts.get(at.id)!.name);
    }
    return names.join(' > ');
  };
  return rows.map((r) => ({
    id: r.id,
    parent: r.parent_id,
    ...texts.get(r.id)!,
    slug: r.slug,
    sort_order: r.sort_order,
    breadcrumbs: crumbs(r),
    children: rows.filter((c) => c.parent_id === r.id).map((c) => c.id),
  }));
}

/** The product categories, named in `lang` (without it, the default texts). */
export async function listCategories(ctx: AppContext, lang?: Language): Promise<ShopCategory[]> {
  return toCategories(await selectCategories(ctx.db.kysely), lang);
}

export async function getCategory(ctx: AppContext, id: number, lang?: Language): Promise<ShopCategory> {
  const category = (await listCategories(ctx, lang)).find((c) => c.id === id);
  if (!category) throw new NotFound('Product category');
  return category;
}

/** A category's id and every descendant's (the tree is small and read whole). */
export async function categoryAndBelow(ctx: AppContext, idOrSlug: string): Promise<number[]> {
  const rows = await selectCategories(ctx.db.kysely);
  const root = rows.find((r) => (/^\d+$/.test(idOrSlug) ? r.id === Number(idOrSlug) : r.slug === idOrSlug));
  if (!root) throw Invalid.field('category', 'No such product category.');
  const ids = [root.id];
  for (let i = 0; i < ids.length; i += 1) for (const r of rows) if (r.parent_id === ids[i] && !ids.includes(r.id)) ids.push(r.id);
  return ids;
}

async function assertParent(ctx: AppContext, parent: number | null | undefined, self: number | null): Promise<void> {
  if (parent === null || parent === undefined) return;
  const rows = await selectCategories(ctx.db.kysely);
  if (!rows.some((r) => r.id === parent)) throw Invalid.field('parent', 'No such product category.');
  // A category under itself or its own descendant would make a loop.
  for (let at: number | null = parent; at !== null; at = rows.find((r) => r.id === at)?.parent_id ?? null) {
    if (at === self) throw Invalid.field('parent', 'A category cannot sit under itself.');
  }
}

async function assertCategorySlugFree(ctx: AppContext, slug: string, self: number | null): Promise<void> {
  const other = await findCategoryBySlug(ctx.db.kysely, slug);
  if (other && other.id !== self) throw new Conflict('slug: A product category with this slug exists.', { slug: 'A product category with this slug exists.' });
}

/**
 * Category and option names are on the shop's cached guest pages (the chips, the breadcrumb, an option's
 * label): a write drops the page and guest caches, whose entries are kept per language.
 */
const catalogueTextsChanged = (ctx: AppContext) => ctx.events.changed('shop-catalogue');

/** Creates a category; the answer is in `lang`. `translations` holds its name and description in other languages. */
export async function createCategory(ctx: AppContext, input: ShopCategoryWrite, lang?: Language): Promise<ShopCategory> {
  await assertCategorySlugFree(ctx, input.slug, null);
  await assertParent(ctx, input.parent, null);
  const now = nowIso();
  const { parent, translations, ...rest } = input;
  const row = await insertCategory(ctx.db.kysely, { ...rest, parent_id: parent, translations: serializeTranslations(translations), created_at: now, updated_at: now });
  catalogueTextsChanged(ctx);
  return getCategory(ctx, row.id, lang);
}

/** Changes what `changes` names; `translations`, when given, replaces the category's versions in other languages. */
export async function updateCategory(ctx: AppContext, id: number, changes: ShopCategoryChanges, lang?: Language): Promise<ShopCategory> {
  if (!(await findCategory(ctx.db.kysely, id))) throw new NotFound('Product category');
  if (changes.slug !== undefined) await assertCategorySlugFree(ctx, changes.slug, id);
  await assertParent(ctx, changes.parent, id);
  const { parent, translations, ...rest } = changes;
  await writeCategory(ctx.db.kysely, id, {
    ...rest,
    ...(parent !== undefined && { parent_id: parent }),
    ...(translations !== undefined && { translations: serializeTranslations(translations) }),
    updated_at: nowIso(),
  });
  catalogueTextsChanged(ctx);
  return getCategory(ctx, id, lang);
}

export async function deleteCategory(ctx: AppContext, id: number): Promise<void> {
  if (!(await findCategory(ctx.db.kysely, id))) throw new NotFound('Product category');
  if (await categoryInUse(ctx.db.kysely, id)) throw new Conflict('This category has sub-categories or products; move them first.');
  await removeCategory(ctx.db.kysely, id);
  catalogueTextsChanged(ctx);
}

// Options

/** The product options, named in `lang` (without it, the default names). */
export async function listOptions(ctx: AppContext, lang?: Language): Promise<ProductOption[]> {
  return (await selectOptions(ctx.db.kysely)).map((o) => toOption(o, lang));
}

export async function getOption(ctx: AppContext, id: number, lang?: Language): Promise<ProductOption> {
  const row = await findOption(ctx.db.kysely, id);
  if (!row) throw new NotFound('Option');
  return toOption(row, lang);
}

/** Creates an option; `translations` holds its name in other languages, the answer is in `lang`. */
export async function createOption(ctx: AppContext, input: OptionWrite, lang?: Language): Promise<ProductOption> {
  if (await findOptionByCode(ctx.db.kysely, input.code)) throw new Conflict('code: An option with this code exists.', { code: 'An option with this code exists.' });
  const { translations, ...rest } = input;
  const row = await insertOption(ctx.db.kysely, { ...rest, required: rest.required ? 1 : 0, translations: serializeTranslations(translations), created_at: nowIso() });
  catalogueTextsChanged(ctx);
  return toOption(row, lang);
}
