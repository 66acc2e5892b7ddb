import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { withBackofficeTables, type StaffAuditLogTable } from './tables.js';

export async function insertAuditEntry(db: Kysely<Database>, values: Insertable<StaffAuditLogTable>): Promise<void> {
  await withBackofficeTables(db).insertInto('staff_audit_log').values(values).execute();
}

export interface AuditFilters {
  actorId?: number;
  route?: string;
  target?: string;
}

/** Each filter on its own index (actor, route, target), newest first by id. */
function filtered(db: Kysely<Database>, f: AuditFilters) {
  let q = withBackofficeTables(db).selectFrom('staff_audit_log');
  if (f.actorId !== undefined) q = q.where('actor_id', '=', f.actorId);
  if (f.route !== undefined) q = q.where('route', '=', f.route);
  if (f.target !== undefined) q = q.where('target', '=', f.target);
  return q;
}

export function listAuditEntries(db: Kysely<Database>, f: AuditFilters, limit: number, offset: number) {
  return filtered(db, f).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countAuditEntries(db: Kysely<Database>, f: AuditFilters): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
