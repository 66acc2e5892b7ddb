import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** SQL of guest fingerprints and the view counts mirrored from clients. */

export function findFingerprint(db: Kysely<Database>, userfinger: string) {
  return db.selectFrom('guest_fingerprints').selectAll().where('userfinger', '=', userfinger).executeTakeFirst();
}

export function findFingerprintById(db: Kysely<Database>, id: number) {
  return db.selectFrom('guest_fingerprints').selectAll().where('id', '=', id).executeTakeFirst();
}

export type FingerprintRow = NonNullable<Awaited<ReturnType<typeof findFingerprint>>>;

/** Inserts the fingerprint unless it exists; true when this call created it. */
export async function insertFingerprint(db: Kysely<Database>, userfinger: string, ip: string, userId: number | null, at: string): Promise<boolean> {
  const row = await db
    .insertInto('guest_fingerprints')
    .values({ userfinger, ip_address: ip, user_id: userId, created_at: at, last_seen_at: at })
    .onConflict((oc) => oc.column('userfinger').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Records where and when the fingerprint was last seen; ties it to `userId` when one is given. */
export async function touchFingerprint(db: Kysely<Database>, id: number, ip: string, userId: number | null, at: string): Promise<void> {
  await db
    .updateTable('guest_fingerprints')
    .set({ ip_address: ip, last_seen_at: at, ...(userId !== null && { user_id: userId }) })
    .where('id', '=', id)
    .execute();
}

export async function guestCount(db: Kysely<Database>, userfingerId: number, month: string): Promise<number> {
  const row = await db
    .selectFrom('guest_view_counts')
    .select('view_count')
    .where('userfinger_id', '=', userfingerId)
    .where('month', '=', month)
    .executeTakeFirst();
  return Number(row?.view_count ?? 0);
}

export async function userCount(db: Kysely<Database>, userId: number, month: string): Promise<number> {
  const row = await db.selectFrom('user_view_counts').select('view_count').where('user_id', '=', userId).where('month', '=', month).executeTakeFirst();
  return Number(row?.view_count ?? 0);
}

/** The monthly view-count tables and the column that names whose count a row is. */
const COUNT_OWNER = { guest_view_counts: 'userfinger_id', user_view_counts: 'user_id' } as const;
type CountTable = keyof typeof COUNT_OWNER;

/** Keeps the larger of the stored and the given count, in one statement (no lost update). */
async function raiseCount(db: Kysely<Database>, table: CountTable, ownerId: number, month: string, count: number, at: string): Promise<void> {
  const owner = COUNT_OWNER[table];
  const stored = sql.ref(`${table}.view_count`);
  await db
    .insertInto(table)
    .values({ [owner]: ownerId, month, view_count: count, updated_at: at })
    .onConflict((oc) =>
      oc.columns([owner, 'month']).doUpdateSet({
        view_count: sql<number>`case when ${stored} < excluded.view_count then excluded.view_count else ${stored} end`,
        updated_at: at,
      }),
    )
    .execute();
}

export const raiseGuestCount = (db: Kysely<Database>, userfingerId: number, month: string, count: number, at: string) =>
  raiseCount(db, 'guest_view_counts', userfingerId, month, count, at);

export const raiseUserCount = (db: Kysely<Database>, userId: number, month: string, count: number, at: string) =>
  raiseCount(db, 'user_view_counts', userId, month, count, at);
