import { sql } from 'kysely';
import type { Db } from './kinds.js';

/** The tables whose rows may be aliases of another row of the same table (migration 0040). */
export type AliasTable = 'articles' | 'courses' | 'lessons' | 'pages';

export interface AliasRef {
  id: number;
  title: string;
}

/** Which original the item shows (null: none), with the original's title; undefined when there is no such item. */
export async function aliasHead(db: Db, table: AliasTable, id: number): Promise<{ alias_of: AliasRef | null } | undefined> {
  const { rows } = await sql<{ original_id: number | null; original_title: string | null }>`
    select own.alias_of as original_id, original.title as original_title
    from ${sql.table(table)} as own left join ${sql.table(table)} as original on original.id = own.alias_of
    where own.id = ${id}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return { alias_of: row.original_id === null ? null : { id: Number(row.original_id), title: row.original_title ?? '' } };
}

/** The aliases that show `id`, oldest first. */
export async function aliasesOf(db: Db, table: AliasTable, id: number): Promise<AliasRef[]> {
  const { rows } = await sql<{ id: number; title: string }>`select id, title from ${sql.table(table)} where alias_of = ${id} order by id`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), title: r.title }));
}

/** Makes `id` show `original` (null: an ordinary item again). */
export async function setAliasOf(db: Db, table: AliasTable, id: number, original: number | null): Promise<void> {
  await sql`update ${sql.table(table)} set alias_of = ${original} where id = ${id}`.execute(db);
}
