import type { Insertable, Kysely } from 'kysely';
import type { ImagesTable } from '../../db/admin-types.js';
import type { Database } from '../../db/types.js';
import { containsText } from '../../platform/text-search.js';

function filtered(db: Kysely<Database>, search: string | undefined) {
  let query = db.selectFrom('images');
  if (search) query = query.where(containsText(db, 'title', search));
  return query;
}

export async function countImages(db: Kysely<Database>, search: string | undefined): Promise<number> {
  const row = await filtered(db, search).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listImages(db: Kysely<Database>, search: string | undefined, limit: number, offset: number) {
  return filtered(db, search).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export function findImage(db: Kysely<Database>, id: number) {
  return db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
}
export type ImageRow = NonNullable<Awaited<ReturnType<typeof findImage>>>;

/** The newest picture with exactly this URL or title. */
export function findImageBy(db: Kysely<Database>, column: 'url' | 'title', value: string) {
  return db.selectFrom('images').selectAll().where(column, '=', value).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function insertImage(db: Kysely<Database>, row: Insertable<ImagesTable>) {
  return db.insertInto('images').values(row).returningAll().executeTakeFirstOrThrow();
}

/** How many library records name this file (the same bytes uploaded twice share one). */
export async function countImagesWithUrl(db: Kysely<Database>, url: string): Promise<number> {
  const row = await db.selectFrom('images').select((eb) => eb.fn.countAll<number>().as('n')).where('url', '=', url).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteImage(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('images').where('id', '=', id).execute();
}
