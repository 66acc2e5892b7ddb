import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { CategoriesTable, Database } from '../../../db/types.js';
import type { Engine } from '../../../db/connection.js';
import { nameContains, translatedNameIs, type NameSearch } from '../catalog-repo.js';
import { publicCount } from '../counts-repo.js';

export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** JSON: the name and description in other languages. */
  translations: string;
  sort_order: number;
  /** A string on PostgreSQL (bigint count). */
  article_count: number | string | null;
}

/** Categories with the number of their published, already public articles. */
function categoriesWithCount(db: Kysely<Database>, now: string) {
  return db.selectFrom('categories').select([
    'categories.id',
    'categories.name',
    'categories.slug',
    'categories.description',
    'categories.translations',
    'categories.sort_order',
    publicCount('category', sql.ref<number>('categories.id'), now).as('article_count'),
  ]);
}

export function listCategories(db: Kysely<Database>, now: string, search: NameSearch | undefined, limit?: number, offset = 0): Promise<CategoryRow[]> {
  let query = categoriesWithCount(db, now);
  if (search) query = query.where(nameContains('categories', search));
  query = query.orderBy('categories.sort_order').orderBy('categories.name').orderBy('categories.id');
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return query.execute();
}

export function findCategory(db: Kysely<Database>, now: string, id: number): Promise<CategoryRow | undefined> {
  return categoriesWithCount(db, now).where('categories.id', '=', id).executeTakeFirst();
}

/** By its default name whatever the case, else by its name in another language (the lowest id when two share it). */
export async function findCategoryByName(db: Kysely<Database>, now: string, name: string, engine: Engine): Promise<CategoryRow | undefined> {
  const byDefault = await categoriesWithCount(db, now)
    .where((eb) => eb(eb.fn('lower', ['categories.name']), '=', eb.fn('lower', [eb.val(name)])))
    .orderBy('categories.id')
    .executeTakeFirst();
  return byDefault ?? categoriesWithCount(db, now).where(translatedNameIs('categories', name, engine)).orderBy('categories.id').executeTakeFirst();
}

export function findCategoryBySlug(db: Kysely<Database>, now: string, slug: string): Promise<CategoryRow | undefined> {
  return categoriesWithCount(db, now).where('categories.slug', '=', slug).executeTakeFirst();
}

export async function insertCategory(db: Kysely<Database>, values: Insertable<CategoriesTable>): Promise<number> {
  const row = await db.insertInto('categories').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategory(db: Kysely<Database>, id: number, values: Updateable<CategoriesTable>): Promise<void> {
  await db.updateTable('categories').set(values).where('id', '=', id).execute();
}

export async function deleteCategory(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
