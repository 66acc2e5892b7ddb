import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PeriodUnit, Subscription } from '../../../shared/api/membership.js';
import type { Language } from '../../../shared/i18n/index.js';
import type { Database, GrantSource } from '../../db/types.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { getUser } from '../users/service.js';
import { addPeriod, renewalStart } from './period.js';
import {
  closeGrantsAt,
  deleteGrant,
  markGrantRevoked,
  ensureSubscription,
  ensureUserMembership,
  findGrantBySourceKey,
  findProduct,
  findSubscription,
  grantsOf,
  insertGrant,
  lockSubscription,
  setGrantTerm,
  updateTermIf,
  type SubscriptionRow,
} from './repo.js';
import { requireStaffActor } from './access.js';
import { toSubscription } from './subscription-views.js';

/**
 * Granting: periods added to a member's subscription by an order, a gift code or staff, taken back by a refund,
 * and a subscription extended or ended by staff.
 */

/** Where a grant comes from; `reference` is the order id, gift code id or staff reference. */
export interface GrantSourceRef {
  kind: GrantSource;
  reference: string | number;
}

export interface GrantOptions {
  /** The member's language, for the reminder mails (from the request that led to the grant). */
  language?: Language;
  /** The staff member granting, recorded with the grant. */
  grantedBy?: number;
}

export interface GrantResult {
  /** False when this source had granted already (nothing changed). */
  granted: boolean;
  subscription: Subscription;
}

interface GrantPlan {
  userId: number;
  membershipId: number;
  productId: number | null;
  periodUnit: PeriodUnit;
  periodCount: number;
  source: GrantSource;
  sourceKey: string;
  language: string | null;
  grantedBy: number | null;
}

/*
 * A subscription is a chain of grant periods. Its current term runs from `starts_at` to `ends_at`; the grants
 * made during the term (created at or after its start) follow each other without gap or overlap, the first
 * from the term's start, the last to its end. Grants of earlier terms lie wholly before the current term. Every
 * change below (grant, extend, end, revoke) holds the subscription first and keeps the chain so, in the
 * caller's transaction.
 */

const isRunning = (sub: SubscriptionRow, at: string) => sub.is_active === 1 && sub.ends_at > at;

/** Whether a grant belongs to the subscription's current term. */
const inTerm = (grant: { created_at: string }, sub: SubscriptionRow) => grant.created_at >= sub.starts_at;

const isoOf = (ms: number) => new Date(ms).toISOString();

/** Writes the term read under the subscription's hold; a change meanwhile would be a fault of the hold. */
async function writeTerm(trx: Kysely<Database>, sub: SubscriptionRow, values: Parameters<typeof updateTermIf>[3]): Promise<void> {
  if (!(await updateTermIf(trx, sub.id, { ends_at: sub.ends_at, is_active: sub.is_active }, values))) {
    throw new Conflict('The subscription is being changed by another request. Try again.');
  }
}

/**
 * Adds a period to the user's subscription of the plan inside `trx`: from the end of a running term, or
 * from now when there is none (a new term, the grants of the last one closed at its end). The source key is
 * claimed first, so the same source grants once however often or concurrently it is repeated; then the
 * subscription is held, so concurrent grants add up one after the other.
 */
export async function grantWithin(trx: Kysely<Database>, plan: GrantPlan, now: Date): Promise<{ granted: boolean; subscriptionId: number }> {
  const at = now.toISOString();
  const umId = await ensureUserMembership(trx, plan.userId, plan.membershipId, plan.language, at);
  const subscriptionId = await ensureSubscription(trx, umId, plan.source, at);
  const grantId = await insertGrant(trx, {
    subscription_id: subscriptionId,
    product_id: plan.productId,
    source: plan.source,
    source_key: plan.sourceKey,
    period_unit: plan.periodUnit,
    period_count: plan.periodCount,
    starts_at: at,
    ends_at: at,
    granted_by: plan.grantedBy,
    created_at: at,
  });
  if (grantId === undefined) return { granted: false, subscriptionId };
  await lockSubscription(trx, subscriptionId);
  const sub = (await findSubscription(trx, subscriptionId))!;
  const running = isRunning(sub, at);
  // No grant of a term that is over may reach past its end (the new grant's period is written below).
  if (!running) await closeGrantsAt(trx, subscriptionId, sub.ends_at < at ? sub.ends_at : at);
  const from = renewalStart(now, running ? new Date(sub.ends_at) : null);
  const endsAt = addPeriod(from, plan.periodUnit, plan.periodCount).toISOString();
  await writeTerm(trx, sub, { starts_at: running ? sub.starts_at : at, ends_at: endsAt, is_active: 1, ended_at: null, source: plan.source, updated_at: at });
  await setGrantTerm(trx, grantId, from.toISOString(), endsAt);
  return { granted: true, subscriptionId };
}

/**
 * Takes back what one source granted (an order refunded) inside `trx`; idempotent (false when there is
 * nothing, or nothing any more, to take back). Only the part of this grant's own period that is still ahead
 * within the current term comes off: the term ends earlier by as much and the grants after it in the chain
 * move earlier by as much, so time granted by other orders or codes stays whole and no periods overlap. A
 * period already lived, or one of a term that has ended, is not reclaimed; a term left with no time ends now.
 */
export async function revokeGrantWithin(trx: Kysely<Database>, source: GrantSourceRef, now: Date): Promise<boolean> {
  const key = sourceKeyOf(source);
  const found = await findGrantBySourceKey(trx, key);
  if (!found || found.revoked_at !== null) return false;
  await lockSubscription(trx, found.subscription_id);
  const grant = await findGrantBySourceKey(trx, key);
  if (!grant) return false;
  const at = now.toISOString();
  // What was lived of it stays in the member's history, cut to end now; a period not begun goes whole.
  const begun = Date.parse(grant.starts_at) < now.getTime();
  const taken = begun ? await markGrantRevoked(trx, grant.id, isoOf(Math.min(Date.parse(grant.ends_at), now.getTime())), at) : await deleteGrant(trx, grant.id);
  if (!taken) return false;
  const sub = (await findSubscription(trx, grant.subscription_id))!;
  if (!isRunning(sub, at) || !inTerm(grant, sub)) return true;
  const grantEnd = Date.parse(grant.ends_at);
  const from = Math.max(Date.parse(grant.starts_at), now.getTime(), Date.parse(sub.starts_at));
  const removed = Math.max(0, Math.min(grantEnd, Date.parse(sub.ends_at)) - from);
  if (removed === 0) return true;
  const endsAt = Date.parse(sub.ends_at) - removed;
  if (endsAt <= now.getTime()) {
    await writeTerm(trx, sub, { ends_at: at, is_active: 0, ended_at: at, updated_at: at });
    await closeGrantsAt(trx, sub.id, at);
    return true;
  }
  await writeTerm(trx, sub, { ends_at: isoOf(endsAt), updated_at: at });
  for (const later of await grantsOf(trx, sub.id)) {
    if (!inTerm(later, sub) || Date.parse(later.starts_at) < grantEnd) continue;
    await setGrantTerm(trx, later.id, isoOf(Date.parse(later.starts_at) - removed), isoOf(Date.parse(later.ends_at) - removed));
  }
  return true;
}

async function subscriptionView(ctx: AppContext, id: number): Promise<Subscription> {
  return toSubscription(ctx.db.kysely, (await findSubscription(ctx.db.kysely, id))!, new Date().toISOString());
}

const sourceKeyOf = (source: GrantSourceRef) => `${source.kind}:${String(source.reference)}`;

/**
 * Grants a product's period to a user: used by the shop's payment step (source `order`), by staff and by
 * gift codes. Idempotent per source: the same order twice grants once. One transaction.
 */
export async function grantMembership(ctx: AppContext, userId: number, productId: number, source: GrantSourceRef, options: GrantOptions = {}): Promise<GrantResult> {
  const db = ctx.db.kysely;
  const sourceKey = sourceKeyOf(source);
  const product = await findProduct(db, productId);
  if (!product) throw Invalid.field('product_id', 'No such membership product.');
  const earlier = await findGrantBySourceKey(db, sourceKey);
  if (earlier) return sameSourceAgain(ctx, earlier.subscription_id, userId, earlier.product_id, productId);
  if (!(await getUser(ctx, userId))) throw Invalid.field('user_id', 'No such user.');
  const result = await db.transaction().execute((trx) =>
    grantWithin(
      trx,
      {
        userId,
        membershipId: product.membership_id,
        productId,
        periodUnit: product.period_unit,
        periodCount: product.period_count,
        source: source.kind,
        sourceKey,
        language: options.language ?? null,
        grantedBy: options.grantedBy ?? null,
      },
      new Date(),
    ),
  );
  if (!result.granted) {
    const grant = (await findGrantBySourceKey(db, sourceKey))!;
    return sameSourceAgain(ctx, grant.subscription_id, userId, grant.product_id, productId);
  }
  return { granted: true, subscription: await subscriptionView(ctx, result.subscriptionId) };
}

/** A repeated source is fine when it asks for the same thing; the same reference for another grant is not. */
async function sameSourceAgain(ctx: AppContext, subscriptionId: number, userId: number, grantedProduct: number | null, productId: number): Promise<GrantResult> {
  const subscription = await subscriptionView(ctx, subscriptionId);
  if (subscription.user_id !== userId || grantedProduct !== productId) {
    throw new Conflict('reference: This reference was used for another grant.', { reference: 'This reference was used for another grant.' });
  }
  return { granted: false, subscription };
}

/**
 * Staff grant a period once per reference: a repeat of a reference (at once or later) grants nothing and is a
 * 409 saying so, as every write that happens once answers its repeats. The shop's and gift codes' own grants
 * stay idempotent (`granted: false`) for their retries.
 */
export async function staffGrant(ctx: AppContext, actor: Actor, input: { user_id: number; product_id: number; reference?: string }): Promise<GrantResult> {
  requireStaffActor(actor);
  const result = await grantMembership(ctx, input.user_id, input.product_id, { kind: 'staff', reference: input.reference ?? randomUUID() }, { grantedBy: actor.id });
  if (!result.granted) throw new Conflict('This reference has been granted already.', { reference: 'This reference has been granted already.' });
  return result;
}

/** Staff add a period to a subscription, from the later of now and its end. */
export async function extendSubscription(ctx: AppContext, actor: Actor, id: number, period: { period_unit: PeriodUnit; period_count: number }): Promise<Subscription> {
  requireStaffActor(actor);
  const sub = await findSubscription(ctx.db.kysely, id);
  if (!sub) throw new NotFound('Subscription');
  await ctx.db.kysely.transaction().execute((trx) =>
    grantWithin(
      trx,
      {
        userId: sub.user_id,
        membershipId: sub.membership_id,
        productId: null,
        periodUnit: period.period_unit,
        periodCount: period.period_count,
        source: 'staff',
        sourceKey: `staff:${randomUUID()}`,
        language: null,
        grantedBy: actor.id,
      },
      new Date(),
    ),
  );
  return subscriptionView(ctx, id);
}

/**
 * Staff end a subscription now, in one transaction: the term ends and so do its grants (a period running
 * ends now, one not begun is left empty); a later grant starts a new term.
 */
export async function endSubscription(ctx: AppContext, actor: Actor, id: number): Promise<Subscription> {
  requireStaffActor(actor);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await lockSubscription(trx, id);
    const sub = await findSubscription(trx, id);
    if (!sub) throw new NotFound('Subscription');
    const now = new Date().toISOString();
    if (!isRunning(sub, now)) throw new Conflict('This subscription is not active.');
    await writeTerm(trx, sub, { ends_at: now, is_active: 0, ended_at: now, updated_at: now });
    await closeGrantsAt(trx, id, now);
  });
  return subscriptionView(ctx, id);
}
