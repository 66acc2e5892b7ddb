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

/** Keeps the larger of the stored and the given count, in one statement (no lost update). */
export async function raiseGuestCount(db: Kysely<Database>, userfingerId: number, month: string, count: number, at: string): Promise<void> {
  await db
    .insertInto('guest_view_counts')
    .values({ userfinger_id: userfingerId, month, view_count: count, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['userfinger_id', 'month']).doUpdateSet({
        view_count: sql<number>`case when guest_view_counts.view_count < excluded.view_count then excluded.view_count else guest_view_counts.view_count end`,
        updated_at: at,
      }),
    )
    .execute();
}

export async function raiseUserCount(db: Kysely<Database>, userId: number, month: string, count: number, at: string): Promise<void> {
  await db
    .insertInto('user_view_counts')
    .values({ user_id: userId, month, view_count: count, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['user_id', 'month']).doUpdateSet({
        view_count: sql<number>`case when user_view_counts.view_count < excluded.view_count then excluded.view_count else user_view_counts.view_count end`,
        updated_at: at,
      }),
    )
    .execute();
}
