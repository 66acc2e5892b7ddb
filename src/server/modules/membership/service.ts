import type { PageQuery } from '../../../shared/api/common.js';
import { PREMIUM_SLUG, type Subscription, type UserMembership, type UserMembershipListQuery } from '../../../shared/api/membership.js';
import type { Language } from '../../../shared/i18n/index.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Forbidden, NotFound } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import {
  countUserMemberships,
  findSubscription,
  findSubscriptionOfUserMembership,
  findUserMembership,
  isPremium,
  listUserMemberships as selectUserMemberships,
  userMembershipsOfUser,
} from './repo.js';
import { requireOwnerOrStaff } from './access.js';
import { planIdOf } from './plan-service.js';
import { toSubscription, toUserMembership } from './subscription-views.js';

export { meterStatus, meteredReads, mergeGuestReads, spendMeteredRead, type MeterStatus, type Reader, type SpendResult } from './meter.js';
export { PREMIUM_SLUG };

// User memberships and subscriptions

/** Memberships with their plan's name in `lang`. */
export async function listUserMemberships(ctx: AppContext, actor: Actor, query: UserMembershipListQuery & PageQuery, lang: Language) {
  const staff = isStaff(actor);
  if (!staff && (query.user_id !== undefined || query.expiring_before !== undefined || query.membership !== undefined)) {
    throw new Forbidden('Only staff filter members.');
  }
  const now = new Date().toISOString();
  const filters = {
    userId: staff ? query.user_id : actor.id,
    membershipId: await planIdOf(ctx, query.membership, 'membership'),
    active: query.active,
    expiringBefore: query.expiring_before ? new Date(query.expiring_before).toISOString() : undefined,
    now,
  };
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countUserMemberships(db, filters), selectUserMemberships(db, filters, query.page_size, offsetOf(query))]);
  return { count, results: rows.map((r) => toUserMembership(r, now, lang)) };
}

export async function getUserMembership(ctx: AppContext, actor: Actor, id: number, lang: Language): Promise<UserMembership> {
  const row = await findUserMembership(ctx.db.kysely, id);
  if (!row) throw new NotFound('User membership');
  requireOwnerOrStaff(actor, row.user_id, 'User membership');
  return toUserMembership(row, new Date().toISOString(), lang);
}

/**
 * The user's current membership, as the client's member check reads it: an active premium one first,
 * then any active one, then the one that ended last. 404 when the user never held one.
 */
export async function currentMembershipOf(ctx: AppContext, actor: Actor, userId: number, lang: Language): Promise<UserMembership> {
  requireOwnerOrStaff(actor, userId, 'User membership');
  const now = new Date().toISOString();
  const all = (await userMembershipsOfUser(ctx.db.kysely, userId)).map((r) => toUserMembership(r, now, lang));
  if (all.length === 0) throw new NotFound('User membership');
  const rank = (m: UserMembership) => (m.active ? (m.membership_slug === PREMIUM_SLUG ? 3 : 2) : 1);
  return all.reduce((best, m) => {
    const diff = rank(m) - rank(best);
    if (diff !== 0) return diff > 0 ? m : best;
    return (m.ends_at ?? '') > (best.ends_at ?? '') ? m : best;
  });
}

export async function getSubscription(ctx: AppContext, actor: Actor, id: number): Promise<Subscription> {
  const row = await findSubscription(ctx.db.kysely, id);
  if (!row) throw new NotFound('Subscription');
  requireOwnerOrStaff(actor, row.user_id, 'Subscription');
  return toSubscription(ctx.db.kysely, row, new Date().toISOString());
}

export async function subscriptionOfUserMembership(ctx: AppContext, actor: Actor, userMembershipId: number): Promise<Subscription> {
  const um = await findUserMembership(ctx.db.kysely, userMembershipId);
  if (!um) throw new NotFound('User membership');
  requireOwnerOrStaff(actor, um.user_id, 'User membership');
  const row = await findSubscriptionOfUserMembership(ctx.db.kysely, userMembershipId);
  if (!row) throw new NotFound('Subscription');
  return toSubscription(ctx.db.kysely, row, new Date().toISOString());
}

/** Is the user a member now: the premium plan with an active subscription. One indexed query. */
export function isPremiumMember(ctx: AppContext, userId: number): Promise<boolean> {
  return isPremium(ctx.db.kysely, userId, PREMIUM_SLUG, new Date().toISOString());
}

// What other modules use of the membership module comes through this file.
export { getProduct, listProducts, priceCard } from './plan-service.js';
export { grantMembership, grantWithin, revokeGrantWithin, type GrantOptions, type GrantResult, type GrantSourceRef } from './grant-service.js';
