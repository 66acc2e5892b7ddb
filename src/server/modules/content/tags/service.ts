import type { PageQuery } from '../../../../shared/api/common.js';
import type { ArticleCard } from '../../../../shared/api/content.js';
import type { Tag, TagPatch, TagWrite } from '../../../../shared/api/content-catalogue.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFound } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/time.js';
import { listArticleCards, type Page } from '../articles/service.js';
import { countNamed, nameSearch } from '../catalog-repo.js';
import { checkCatalogUnique } from '../catalog-unique.js';
import { localised, serializeTranslations } from '../../../platform/translations.js';
import {
  deleteTag as deleteRow,
  findTag,
  findTagByName,
  hotTags as hotRows,
  insertTag,
  listTags as listRows,
  updateTag as updateRow,
  type TagRow,
} from './repo.js';

const toTag = (row: TagRow, lang: Language): Tag => ({
  id: row.id,
  slug: row.slug,
  ...localised({ name: row.name, description: row.description }, row.translations, lang),
  article_count: Number(row.article_count ?? 0),
});

const found = (row: TagRow | undefined, lang: Language): Tag => {
  if (!row) throw new NotFound('Tag');
  return toTag(row, lang);
};

export async function listTags(ctx: AppContext, query: PageQuery & { q?: string }, lang: Language): Promise<Page<Tag>> {
  const db = ctx.db.kysely;
  const search = nameSearch(ctx.db.engine, query.q);
  const [count, rows] = await Promise.all([
    countNamed(db, 'tags', search),
    listRows(db, nowIso(), search, query.page_size, (query.page - 1) * query.page_size),
  ]);
  return { count, results: rows.map((row) => toTag(row, lang)) };
}

/** Every tag by name: not paginated. */
export async function allTags(ctx: AppContext, lang: Language): Promise<Tag[]> {
  return (await listRows(ctx.db.kysely, nowIso(), undefined)).map((row) => toTag(row, lang));
}

/** Tags with the most published articles; tags without any are never hot. */
export async function hotTags(ctx: AppContext, limit: number, lang: Language): Promise<Tag[]> {
  return (await hotRows(ctx.db.kysely, nowIso(), limit)).map((row) => toTag(row, lang));
}

export async function getTag(ctx: AppContext, id: number, lang: Language): Promise<Tag> {
  return found(await findTag(ctx.db.kysely, nowIso(), id), lang);
}

export async function getTagByName(ctx: AppContext, name: string, lang: Language): Promise<Tag> {
  return found(await findTagByName(ctx.db.kysely, nowIso(), name, ctx.db.engine), lang);
}

export async function tagArticles(ctx: AppContext, id: number, page: PageQuery, lang: Language): Promise<Page<ArticleCard>> {
  const row = await findTag(ctx.db.kysely, nowIso(), id);
  if (!row) throw new NotFound('Tag');
  return listArticleCards(ctx, { tag: row.id }, page, lang);
}

export async function tagArticlesByName(ctx: AppContext, name: string, page: PageQuery, lang: Language): Promise<Page<ArticleCard>> {
  const row = await findTagByName(ctx.db.kysely, nowIso(), name, ctx.db.engine);
  if (!row) throw new NotFound('Tag');
  return listArticleCards(ctx, { tag: row.id }, page, lang);
}

export async function createTag(ctx: AppContext, input: TagWrite, lang: Language): Promise<Tag> {
  await checkCatalogUnique(ctx, 'tags', 'tag', input);
  const now = nowIso();
  const id = await insertTag(ctx.db.kysely, { ...input, translations: serializeTranslations(input.translations), created_at: now, updated_at: now });
  ctx.events.changed('tag');
  return getTag(ctx, id, lang);
}

/** PUT sends every field (defaults filled in), PATCH only those to change. */
export async function updateTag(ctx: AppContext, id: number, input: TagPatch, lang: Language): Promise<Tag> {
  await getTag(ctx, id, lang);
  await checkCatalogUnique(ctx, 'tags', 'tag', input, id);
  const { translations, ...fields } = input;
  await updateRow(ctx.db.kysely, id, { ...fields, ...(translations && { translations: serializeTranslations(translations) }), updated_at: nowIso() });
  ctx.events.changed('tag');
  return getTag(ctx, id, lang);
}

export async function deleteTag(ctx: AppContext, id: number): Promise<void> {
  if (!(await deleteRow(ctx.db.kysely, id))) throw new NotFound('Tag');
  ctx.events.changed('tag');
}
