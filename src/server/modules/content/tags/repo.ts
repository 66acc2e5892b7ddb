import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, TagsTable } from '../../../db/types.js';
import { nameContains } from '../catalog-repo.js';

export interface TagRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** A string on PostgreSQL (bigint count). */
  article_count: number | string | null;
}

/** Tags with the number of their published, already public articles. */
function tagsWithCount(db: Kysely<Database>, now: string) {
  return db.selectFrom('tags').select((eb) => [
    'tags.id',
    'tags.name',
    'tags.slug',
    'tags.description',
    eb
      .selectFrom('article_tags')
      .innerJoin('articles', 'articles.id', 'article_tags.article_id')
      .select((e) => e.fn.countAll<number | string>().as('n'))
      .whereRef('article_tags.tag_id', '=', 'tags.id')
      .where('articles.status', '=', 'published')
      .where('articles.published_at', '<=', now)
      .as('article_count'),
  ]);
}

export function listTags(db: Kysely<Database>, now: string, q: string | undefined, limit?: number, offset = 0): Promise<TagRow[]> {
  let query = tagsWithCount(db, now);
  if (q) query = query.where(nameContains('tags', q));
  query = query.orderBy('tags.name').orderBy('tags.id');
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return query.execute();
}

/** Tags that have published articles, the most used first. */
export function hotTags(db: Kysely<Database>, now: string, limit: number): Promise<TagRow[]> {
  return db
    .selectFrom('tags')
    .innerJoin('article_tags', 'article_tags.tag_id', 'tags.id')
    .innerJoin('articles', 'articles.id', 'article_tags.article_id')
    .where('articles.status', '=', 'published')
    .where('articles.published_at', '<=', now)
    .select((eb) => ['tags.id', 'tags.name', 'tags.slug', 'tags.description', eb.fn.countAll<number | string>().as('article_count')])
    .groupBy(['tags.id', 'tags.name', 'tags.slug', 'tags.description'])
    .orderBy('article_count', 'desc')
    .orderBy('tags.name')
    .orderBy('tags.id')
    .limit(limit)
    .execute();
}

export function findTag(db: Kysely<Database>, now: string, id: number): Promise<TagRow | undefined> {
  return tagsWithCount(db, now).where('tags.id', '=', id).executeTakeFirst();
}

export function findTagByName(db: Kysely<Database>, now: string, name: string): Promise<TagRow | undefined> {
  return tagsWithCount(db, now)
    .where((eb) => eb(eb.fn('lower', ['tags.name']), '=', eb.fn('lower', [eb.val(name)])))
    .orderBy('tags.id')
    .executeTakeFirst();
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
