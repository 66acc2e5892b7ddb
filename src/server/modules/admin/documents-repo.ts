import type { Insertable, Kysely } from 'kysely';
import type { DocumentsTable } from '../../db/admin-types.js';
import type { Database } from '../../db/types.js';
import { containsText } from '../../platform/text-search.js';

function filtered(db: Kysely<Database>, search: string | undefined) {
  let query = db.selectFrom('documents');
  if (search) query = query.where(containsText(db, 'title', search));
  return query;
}

export async function countDocuments(db: Kysely<Database>, search: string | undefined): Promise<number> {
  const row = await filtered(db, search).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listDocuments(db: Kysely<Database>, search: string | undefined, limit: number, offset: number) {
  return filtered(db, search).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export function findDocument(db: Kysely<Database>, id: number) {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}
export type DocumentRow = NonNullable<Awaited<ReturnType<typeof findDocument>>>;

export function findDocumentsByIds(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('documents').selectAll().where('id', 'in', ids).execute();
}

/** The newest document with exactly this title. */
export function findDocumentByTitle(db: Kysely<Database>, title: string) {
  return db.selectFrom('documents').selectAll().where('title', '=', title).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function insertDocument(db: Kysely<Database>, row: Insertable<DocumentsTable>) {
  return db.insertInto('documents').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Titles of the products that deliver this document (the first few: enough to name them). */
export async function productsUsing(db: Kysely<Database>, id: number): Promise<string[]> {
  const rows = await db.selectFrom('shop_products').select('title').where('document_id', '=', id).orderBy('id').limit(5).execute();
  return rows.map((r) => r.title);
}

export async function deleteDocument(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('documents').where('id', '=', id).execute();
}

/** Whether another record still names this stored file (two uploads of the same bytes share it). */
export async function storedNameInUse(db: Kysely<Database>, storedName: string): Promise<boolean> {
  return (await db.selectFrom('documents').select('id').where('stored_name', '=', storedName).limit(1).executeTakeFirst()) !== undefined;
}
