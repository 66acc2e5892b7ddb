import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, ReportsTable } from '../../../db/types.js';

export interface ReportFilters {
  /** Only this reporter's reports; undefined for all (staff). */
  userId?: number;
  status?: ReportsTable['status'];
}

function filtered(db: Kysely<Database>, filters: ReportFilters) {
  let q = db.selectFrom('reports');
  if (filters.userId !== undefined) q = q.where('user_id', '=', filters.userId);
  if (filters.status) q = q.where('status', '=', filters.status);
  return q;
}

export async function countReports(db: Kysely<Database>, filters: ReportFilters): Promise<number> {
  const row = await filtered(db, filters).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function listReports(db: Kysely<Database>, filters: ReportFilters, limit: number, offset: number) {
  return filtered(db, filters).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export function findReport(db: Kysely<Database>, id: number) {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertReport(db: Kysely<Database>, values: Insertable<ReportsTable>) {
  return db.insertInto('reports').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateReport(db: Kysely<Database>, id: number, values: Updateable<ReportsTable>) {
  return db.updateTable('reports').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteReport(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('reports').where('id', '=', id).execute();
}
