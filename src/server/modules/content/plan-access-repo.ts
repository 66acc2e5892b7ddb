import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * The plans a user holds now (an active subscription in its term), with their slugs: one indexed query that
 * answers both "a premium member?" and "a member of this piece's plan?". Read by `access.ts` alone.
 */
export function activePlansOf(db: Kysely<Database>, userId: number, now: string): Promise<{ id: number; slug: string }[]> {
  return db
    .selectFrom('user_memberships as um')
    .innerJoin('memberships as m', 'm.id', 'um.membership_id')
    .innerJoin('subscriptions as s', 's.user_membership_id', 'um.id')
    .select(['m.id', 'm.slug'])
    .distinct()
    .where('um.user_id', '=', userId)
    .where('s.is_active', '=', 1)
    .where('s.starts_at', '<=', now)
    .where('s.ends_at', '>', now)
    .execute();
}

/** Does the plan exist? For the editors' choice of a plan. */
export async function planExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('memberships').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Every plan's id and name, for the editors' choice of who may read a piece. */
export function planNames(db: Kysely<Database>): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('memberships').select(['id', 'name']).orderBy('sort_order').orderBy('id').execute();
}
