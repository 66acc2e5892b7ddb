import type { Kysely } from 'kysely';
import type { Subscription, UserMembership } from '../../../shared/api/membership.js';
import type { Language } from '../../../shared/i18n/index.js';
import type { Database } from '../../db/types.js';
import { localised } from '../../platform/translations.js';
import { grantsOf, type SubscriptionRow, type UserMembershipRow } from './repo.js';

/** How memberships and subscriptions are answered: a subscription with its chain of grants. */

export const isActiveAt = (row: { is_active: number | null; starts_at: string | null; ends_at: string | null }, now: string): boolean =>
  row.is_active === 1 && row.starts_at !== null && row.ends_at !== null && row.starts_at <= now && row.ends_at > now;

export const toUserMembership = (row: UserMembershipRow, now: string, lang: Language): UserMembership => ({
  id: row.id,
  user_id: row.user_id,
  membership_id: row.membership_id,
  membership_slug: row.membership_slug,
  membership_name: localised({ name: row.membership_name }, row.membership_translations, lang).name,
  subscription_id: row.subscription_id,
  active: isActiveAt(row, now),
  starts_at: row.subscription_id === null ? null : row.starts_at,
  ends_at: row.subscription_id === null ? null : row.ends_at,
  created_at: row.created_at,
});

const referenceOf = (sourceKey: string): string => sourceKey.slice(sourceKey.indexOf(':') + 1);

export async function toSubscription(db: Kysely<Database>, row: SubscriptionRow, now: string): Promise<Subscription> {
  const grants = await grantsOf(db, row.id);
  return {
    id: row.id,
    user_membership_id: row.user_membership_id,
    user_id: row.user_id,
    membership_slug: row.membership_slug,
    active: isActiveAt(row, now),
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    ended_at: row.ended_at,
    source: row.source,
    grants: grants.map((g) => ({
      id: g.id,
      source: g.source,
      reference: referenceOf(g.source_key),
      product_id: g.product_id,
      period_unit: g.period_unit,
      period_count: g.period_count,
      starts_at: g.starts_at,
      ends_at: g.ends_at,
      created_at: g.created_at,
      revoked_at: g.revoked_at,
    })),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
