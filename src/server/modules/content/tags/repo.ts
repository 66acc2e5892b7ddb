import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, TagsTable } from '../../../db/types.js';
import type { Engine } from '../../../db/connection.js';
import { nameContains, translatedNameIs, type NameSearch } from '../catalog-repo.js';
import { publicCount } from '../counts-repo.js';

export interface TagRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** JSON: the name and description in other languages. */
  translations: string;
  /** A string on PostgreSQL (bigint count). */
  article_count: number | string | null;
}

/** Tags with the number of their published, already public articles. */
function tagsWithCount(db: Kysely<Database>, now: string) {
  return db.selectFrom('tags').select([
    'tags.id',
    'tags.name',
    'tags.slug',
    'tags.description',
    'tags.translations',
    publicCount('tag', sql.ref<number>('tags.id'), now).as('article_count'),
  ]);
}

export function listTags(db: Kysely<Database>, now: string, search: NameSearch | undefined, limit?: number, offset = 0): Promise<TagRow[]> {
  let query = tagsWithCount(db, now);
  if (search) query = query.where(nameContains('tags', search));
  query = query.orderBy('tags.name').orderBy('tags.id');
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return query.execute();
}

/**
 * Tags that have published articles, the most used first. Reads the maintained counts of every tag (a
 * catalogue holds tens to hundreds of tags) and orders them, instead of joining every tagged article.
 */
export async function hotTags(db: Kysely<Database>, now: string, limit: number): Promise<TagRow[]> {
  const counted = db.selectFrom(tagsWithCount(db, now).as('t')).selectAll('t');
  return counted
    .where('t.article_count', '>', 0)
    .orderBy('t.article_count', 'desc')
    .orderBy('t.name')
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

export function findTag(db: Kysely<Database>, now: string, id: number): Promise<TagRow | undefined> {
  return tagsWithCount(db, now).where('tags.id', '=', id).executeTakeFirst();
}

/** By its default name whatever the case, else by its name in another language (the lowest id when two share it). */
export async function findTagByName(db: Kysely<Database>, now: string, name: string, engine: Engine): Promise<TagRow | undefined> {
  const byDefault = await tagsWithCount(db, now)
    .where((eb) => eb(eb.fn('lower', ['tags.name']), '=', eb.fn('lower', [eb.val(name)])))
    .orderBy('tags.id')
    .executeTakeFirst();
  return byDefault ?? tagsWithCount(db, now).where(translatedNameIs('tags', name, engine)).orderBy('tags.id').executeTakeFirst();
}

export async function insertTag(db: Kysely<Database>, values: Insertable<TagsTable>): Promise<number> {
  const row = await db.insertInto('tags').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTag(db: Kysely<Database>, id: number, values: Updateable<TagsTable>): Promise<void> {
  await db.updateTable('tags').set(values).where('id', '=', id).execute();
}

/** Its links to articles go with it (cascade); the articles stay. */
export async function deleteTag(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('tags').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
