import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';
import type {} from './tables.js';

type Db = Kysely<Database>;

export interface NewRevision {
  kind: string;
  item_id: number;
  fields: string;
  title: string;
  note: string;
  author_id: number | null;
  author_name: string;
  applied: 0 | 1;
  created_at: string;
}

export function insertRevision(db: Db, row: NewRevision) {
  return db.insertInto('editorial_revisions').values(row).returning(['id', 'created_at']).executeTakeFirstOrThrow();
}

export function latestRevision(db: Db, kind: string, itemId: number) {
  return db.selectFrom('editorial_revisions').selectAll().where('kind', '=', kind).where('item_id', '=', itemId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}
export type RevisionRow = NonNullable<Awaited<ReturnType<typeof latestRevision>>>;

export async function markApplied(db: Db, id: number): Promise<void> {
  await db.updateTable('editorial_revisions').set({ applied: 1 }).where('id', '=', id).execute();
}

/**
 * Holds the item's row for the rest of the transaction (a no-op update: a row lock on PostgreSQL, the write lock
 * on SQLite), so two saves against the same version never both pass the version check.
 */
export async function lockItem(db: Db, table: 'articles' | 'courses' | 'lessons' | 'pages', id: number): Promise<boolean> {
  const result = await db.updateTable(table).set((eb) => ({ id: eb.ref('id') })).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findRevision(db: Db, kind: string, itemId: number, id: number) {
  return db.selectFrom('editorial_revisions').selectAll().where('kind', '=', kind).where('item_id', '=', itemId).where('id', '=', id).executeTakeFirst();
}

/** Newest first, without their fields. */
export function listRevisions(db: Db, kind: string, itemId: number, limit: number) {
  return db
    .selectFrom('editorial_revisions')
    .select(['id', 'created_at', 'author_id', 'author_name', 'note', 'title'])
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function deleteHistory(db: Db, kind: string, itemId: number): Promise<void> {
  await db.deleteFrom('editorial_revisions').where('kind', '=', kind).where('item_id', '=', itemId).execute();
  await db.deleteFrom('publish_schedules').where('kind', '=', kind).where('item_id', '=', itemId).execute();
}

export function findSchedule(db: Db, kind: string, itemId: number) {
  return db.selectFrom('publish_schedules').selectAll().where('kind', '=', kind).where('item_id', '=', itemId).executeTakeFirst();
}

/** The schedules of these items of a kind, for a list. */
export async function schedulesOf(db: Db, kind: string, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('publish_schedules').select(['item_id', 'publish_at']).where('kind', '=', kind).where('item_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.item_id, r.publish_at]));
}

export async function putSchedule(db: Db, row: { kind: string; item_id: number; publish_at: string; created_by: number; created_at: string }): Promise<void> {
  await db
    .insertInto('publish_schedules')
    .values(row)
    .onConflict((oc) => oc.columns(['kind', 'item_id']).doUpdateSet({ publish_at: row.publish_at, created_by: row.created_by, created_at: row.created_at }))
    .execute();
}

export async function deleteSchedule(db: Db, kind: string, itemId: number): Promise<boolean> {
  const result = await db.deleteFrom('publish_schedules').where('kind', '=', kind).where('item_id', '=', itemId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** What is due, oldest first. */
export function dueSchedules(db: Db, now: string, limit: number) {
  return db.selectFrom('publish_schedules').selectAll().where('publish_at', '<=', now).orderBy('publish_at').limit(limit).execute();
}

/**
 * Takes one due schedule: true for the one caller whose delete removed it (a slow run overlapping the next
 * one never publishes twice).
 */
export async function takeSchedule(db: Db, kind: string, itemId: number, publishAt: string): Promise<boolean> {
  const result = await db.deleteFrom('publish_schedules').where('kind', '=', kind).where('item_id', '=', itemId).where('publish_at', '=', publishAt).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Categories, tags and topics by name, for an editor's choices. */
export function catalogNames(db: Db, table: 'categories' | 'tags' | 'topics') {
  return db.selectFrom(table).select(['id', 'name']).orderBy('name').orderBy('id').limit(500).execute();
}
