import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { subscriptionsQuery } from './repo.js';

/** SQL of the expiry job: lapsed subscriptions, reminders due, and their claims (each sent once). */

/** Marks active subscriptions whose end has passed as inactive; returns how many. */
export async function endLapsed(db: Kysely<Database>, now: string): Promise<number> {
  const result = await db
    .updateTable('subscriptions')
    .set({ is_active: 0, updated_at: now })
    .where('is_active', '=', 1)
    .where('ends_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type ReminderKind = 'expires_7d' | 'expires_1d' | 'expired';

/**
 * Subscriptions that a reminder of `kind` is due for and not yet claimed: active ones ending in
 * (from, to], or, for `expired`, lapsed ones (not ended by staff) that ended in (from, to].
 */
export function dueForReminder(db: Kysely<Database>, kind: ReminderKind, from: string, to: string) {
  let q = subscriptionsQuery(db)
    .where('s.ends_at', '>', from)
    .where('s.ends_at', '<=', to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('membership_reminders as r')
            .select(sql<number>`1`.as('one'))
            .whereRef('r.subscription_id', '=', 's.id')
            .where('r.kind', '=', kind)
            .whereRef('r.term_ends_at', '=', 's.ends_at'),
        ),
      ),
    );
  q = kind === 'expired' ? q.where('s.ended_at', 'is', null).where('s.is_active', '=', 0) : q.where('s.is_active', '=', 1);
  return q.orderBy('s.ends_at').limit(500).execute();
}

/** Claims a reminder before it is sent; false when another run claimed it first. */
export async function claimReminder(db: Kysely<Database>, subscriptionId: number, kind: ReminderKind, termEndsAt: string, at: string): Promise<boolean> {
  const row = await db
    .insertInto('membership_reminders')
    .values({ subscription_id: subscriptionId, kind, term_ends_at: termEndsAt, created_at: at })
    .onConflict((oc) => oc.columns(['subscription_id', 'kind', 'term_ends_at']).doNothing())
    .returning('subscription_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a claim back after the mail failed, so a later run tries again. */
export async function releaseReminder(db: Kysely<Database>, subscriptionId: number, kind: ReminderKind, termEndsAt: string): Promise<void> {
  await db
    .deleteFrom('membership_reminders')
    .where('subscription_id', '=', subscriptionId)
    .where('kind', '=', kind)
    .where('term_ends_at', '=', termEndsAt)
    .execute();
}
