import type { Insertable, Kysely } from 'kysely';
import type { Database, SubmissionsTable } from '../../../db/types.js';

type Status = SubmissionsTable['status'];

/** `userId` limits to one submitter; undefined lists everyone's (staff). `status` on `submissions_status` (0037). */
function filtered(db: Kysely<Database>, userId: number | undefined, status?: Status) {
  let q = db.selectFrom('submissions');
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  if (status !== undefined) q = q.where('status', '=', status);
  return q;
}

export async function countSubmissions(db: Kysely<Database>, userId: number | undefined, status?: Status): Promise<number> {
  const row = await filtered(db, userId, status).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function listSubmissions(db: Kysely<Database>, userId: number | undefined, limit: number, offset: number, status?: Status) {
  return filtered(db, userId, status).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export function updateSubmissionStatus(db: Kysely<Database>, id: number, status: Status) {
  return db.updateTable('submissions').set({ status }).where('id', '=', id).returningAll().executeTakeFirst();
}

export function findSubmission(db: Kysely<Database>, id: number) {
  return db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertSubmission(db: Kysely<Database>, values: Insertable<SubmissionsTable>) {
  return db.insertInto('submissions').values(values).returningAll().executeTakeFirstOrThrow();
}
