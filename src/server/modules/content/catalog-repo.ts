import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { likeContains } from './search/terms.js';

/** Catalogue tables: rows with a name unique whatever its case and a unique slug. */
export type CatalogTable = 'categories' | 'tags' | 'topics';

// Kysely's builder has no ESCAPE clause; this form means the same on SQLite and PostgreSQL.
/** Rows whose name contains q whatever its case, the LIKE wildcards in q taken literally. */
export const nameContains = (table: CatalogTable, q: string) =>
  sql<boolean>`lower(${sql.ref(`${table}.name`)}) like lower(${likeContains(q)}) escape '\\'`;

/** How many rows there are, or with `q` how many whose name contains it. */
export async function countNamed(db: Kysely<Database>, table: CatalogTable, q: string | undefined): Promise<number> {
  let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (q) query = query.where(nameContains(table, q));
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Names are unique whatever their case, because the `.../name/{name}` lookups ignore case. */
export async function nameTaken(db: Kysely<Database>, table: CatalogTable, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom(table)
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function slugTaken(db: Kysely<Database>, table: CatalogTable, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom(table).select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
