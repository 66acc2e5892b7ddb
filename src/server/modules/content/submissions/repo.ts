import type { Insertable, Kysely } from 'kysely';
import type { Database, SubmissionsTable } from '../../../db/types.js';

/** `userId` limits to one submitter; undefined lists everyone's (staff). */
function filtered(db: Kysely<Database>, userId: number | undefined) {
  const q = db.selectFrom('submissions');
  return userId === undefined ? q : q.where('user_id', '=', userId);
}

export async function countSubmissions(db: Kysely<Database>, userId: number | undefined): Promise<number> {
  const row = await filtered(db, userId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function listSubmissions(db: Kysely<Database>, userId: number | undefined, limit: number, offset: number) {
  return filtered(db, userId).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export function findSubmission(db: Kysely<Database>, id: number) {
  return db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertSubmission(db: Kysely<Database>, values: Insertable<SubmissionsTable>) {
  return db.insertInto('submissions').values(values).returningAll().executeTakeFirstOrThrow();
}
