import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PageQuery } from '../../../shared/api/common.js';
import {
  PREMIUM_SLUG,
  type MembershipPlan,
  type MembershipProduct,
  type MeterTerms,
  type PeriodUnit,
  type PlanChanges,
  type PlanWrite,
  type ProductChanges,
  type ProductWrite,
  type Subscription,
  type UserMembership,
  type UserMembershipListQuery,
} from '../../../shared/api/membership.js';
import type { Language } from '../../../shared/i18n/index.js';
import type { Database, GrantSource } from '../../db/types.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import { localised, serializeTranslations, type TranslationsInput } from '../../platform/translations.js';
import { getUser } from '../users/service.js';
import { addPeriod, renewalStart } from './period.js';
import {
  closeGrantsAt,
  countUserMemberships,
  deleteGrant,
  markGrantRevoked,
  deletePlan as removePlan,
  deleteProduct as removeProduct,
  ensureSubscription,
  ensureUserMembership,
  findGrantBySourceKey,
  findPlan,
  findPlanBySlug,
  findProduct,
  findSubscription,
  findSubscriptionOfUserMembership,
  findUserMembership,
  grantsOf,
  insertGrant,
  lockSubscription,
  insertPlan,
  insertProduct,
  isPremium,
  listPlans as selectPlans,
  listProducts as selectProducts,
  listUserMemberships as selectUserMemberships,
  planInUse,
  productInUse,
  setGrantTerm,
  updatePlan as writePlan,
  updateProduct as writeProduct,
  updateTermIf,
  userMembershipsOfUser,
  type PlanRow,
  type ProductRow,
  type SubscriptionRow,
  type UserMembershipRow,
} from './repo.js';

export { meterStatus, meteredReads, mergeGuestReads, spendMeteredRead, type MeterStatus, type Reader, type SpendResult } from './meter.js';
export { PREMIUM_SLUG };

// Access: staff manage everything; a member sees only what is theirs.

function requireStaffActor(actor: Actor): void {
  if (!isStaff(actor)) throw new Forbidden();
}

/** Owned objects answer their owner and staff; anyone else gets the same 404 as for nothing at all. */
function requireOwnerOrStaff(actor: Actor, ownerId: number, what: string): void {
  if (actor.id !== ownerId && !isStaff(actor)) throw new NotFound(what);
}

// Shapes

const isActiveAt = (row: { is_active: number | null; starts_at: string | null; ends_at: string | null }, now: string): boolean =>
  row.is_active === 1 && row.starts_at !== null && row.ends_at !== null && row.starts_at <= now && row.ends_at > now;

function parsePerks(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A plan's translations as stored: its perks in another language are kept like the `perks` column, as the
 * JSON text of the list, so every translated field is a string; an empty list is no version.
 */
function planTranslationsJson(input: NonNullable<PlanWrite['translations']>): string {
  const texts: TranslationsInput = {};
  for (const [lang, fields] of Object.entries(input) as [keyof TranslationsInput, (typeof input)[keyof typeof input]][]) {
    if (!fields) continue;
    texts[lang] = { name: fields.name, description: fields.description, perks: fields.perks?.length ? JSON.stringify(fields.perks) : undefined };
  }
  return serializeTranslations(texts);
}

/** A plan in `lang`: its name, description and perks there when it has them, else the default texts. */
function toPlan(row: PlanRow, lang: Language | undefined): MembershipPlan {
  const texts = lang ? localised({ name: row.name, description: row.description, perks: row.perks }, row.translations, lang) : row;
  return {
    id: row.id,
    slug: row.slug,
    name: texts.name,
    description: texts.description,
    perks: parsePerks(texts.perks),
    sort_order: row.sort_order,
    is_premium: row.slug === PREMIUM_SLUG,
  };
}

const toProduct = (ctx: AppContext, row: ProductRow, lang: Language | undefined): MembershipProduct => ({
  id: row.id,
  membership_id: row.membership_id,
  membership_slug: row.membership_slug,
  name: lang ? localised({ name: row.name }, row.translations, lang).name : row.name,
  price: row.price,
  currency: ctx.config.currency,
  period_unit: row.period_unit,
  period_count: row.period_count,
  is_active: row.is_active === 1,
  sort_order: row.sort_order,
});

const toUserMembership = (row: UserMembershipRow, now: string, lang: Language): UserMembership => ({
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

async function toSubscription(db: Kysely<Database>, row: SubscriptionRow, now: string): Promise<Subscription> {
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

// Plans: every answer gives the texts in the reader's language `lang` (else the default texts).

export async function listPlans(ctx: AppContext, lang: Language): Promise<MembershipPlan[]> {
  return (await selectPlans(ctx.db.kysely)).map((row) => toPlan(row, lang));
}

export async function getPlan(ctx: AppContext, id: number, lang: Language): Promise<MembershipPlan> {
  const row = await findPlan(ctx.db.kysely, id);
  if (!row) throw new NotFound('Membership');
  return toPlan(row, lang);
}

async function assertSlugFree(ctx: AppContext, slug: string, exceptId: number | null): Promise<void> {
  const other = await findPlanBySlug(ctx.db.kysely, slug);
  if (other && other.id !== exceptId) throw new Conflict('slug: A plan with this slug exists.', { slug: 'A plan with this slug exists.' });
}

export async function createPlan(ctx: AppContext, actor: Actor, input: PlanWrite, lang: Language): Promise<MembershipPlan> {
  requireStaffActor(actor);
  await assertSlugFree(ctx, input.slug, null);
  const now = new Date().toISOString();
  const row = await insertPlan(ctx.db.kysely, {
    ...input,
    perks: JSON.stringify(input.perks),
    translations: planTranslationsJson(input.translations),
    created_at: now,
    updated_at: now,
  });
  ctx.events.changed('membership');
  return toPlan(row, lang);
}

/** Changes what `changes` names; `translations`, when given, replaces the plan's versions in other languages. */
export async function updatePlan(ctx: AppContext, actor: Actor, id: number, changes: PlanChanges, lang: Language): Promise<MembershipPlan> {
  requireStaffActor(actor);
  const current = await findPlan(ctx.db.kysely, id);
  if (!current) throw new NotFound('Membership');
  if (changes.slug !== undefined && changes.slug !== current.slug) {
    // The premium slug is what makes members: renaming it away would end every membership at once.
    if (current.slug === PREMIUM_SLUG) throw Invalid.field('slug', `The "${PREMIUM_SLUG}" plan keeps its slug.`);
    await assertSlugFree(ctx, changes.slug, id);
  }
  const { perks, translations, ...rest } = changes;
  const row = await writePlan(ctx.db.kysely, id, {
    ...rest,
    ...(perks !== undefined && { perks: JSON.stringify(perks) }),
    ...(translations !== undefined && { translations: planTranslationsJson(translations) }),
    updated_at: new Date().toISOString(),
  });
  ctx.events.changed('membership');
  return toPlan(row, lang);
}

export async function deletePlan(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  requireStaffActor(actor);
  if (!(await findPlan(ctx.db.kysely, id))) throw new NotFound('Membership');
  if (await planInUse(ctx.db.kysely, id)) throw new Conflict('This plan has products or members; it cannot be deleted.');
  await removePlan(ctx.db.kysely, id);
  ctx.events.changed('membership');
}

// Products

async function planIdOf(ctx: AppContext, idOrSlug: string | undefined, field: string): Promise<number | undefined> {
  if (idOrSlug === undefined || idOrSlug === '') return undefined;
  const row = /^\d+$/.test(idOrSlug) ? await findPlan(ctx.db.kysely, Number(idOrSlug)) : await findPlanBySlug(ctx.db.kysely, idOrSlug);
  if (!row) throw Invalid.field(field, 'No such membership plan.');
  return row.id;
}

/** Products by plan and position; their names in `lang` (without it, the default names: prices, order lines). */
export async function listProducts(
  ctx: AppContext,
  actor: Actor | null,
  query: { membership?: string; include_inactive?: boolean },
  lang?: Language,
): Promise<MembershipProduct[]> {
  if (query.include_inactive && !isStaff(actor)) throw new Forbidden('Only staff see inactive products.');
  const membershipId = await planIdOf(ctx, query.membership, 'membership');
  const rows = await selectProducts(ctx.db.kysely, { membershipId, activeOnly: !query.include_inactive });
  return rows.map((r) => toProduct(ctx, r, lang));
}

/** A product; an inactive one only for staff (it may still be granted or given as a gift). Its name in `lang` when given. */
export async function getProduct(ctx: AppContext, actor: Actor | null, id: number, lang?: Language): Promise<MembershipProduct> {
  const row = await findProduct(ctx.db.kysely, id);
  if (!row || (row.is_active !== 1 && !isStaff(actor))) throw new NotFound('Membership product');
  return toProduct(ctx, row, lang);
}

/** The metered paywall's allowances as this site configures them (`FREE_READS_GUEST`, `FREE_READS_USER`). */
export function meterTerms(ctx: AppContext): MeterTerms {
  return { free_reads_guest: ctx.config.freeReadsGuest, free_reads_user: ctx.config.freeReadsUser };
}

/** The price card: every plan with its products on sale, in `lang` (without it, the default texts). */
export async function priceCard(ctx: AppContext, lang?: Language) {
  const [plans, products] = await Promise.all([selectPlans(ctx.db.kysely), selectProducts(ctx.db.kysely, { activeOnly: true })]);
  return plans.map((p) => ({ ...toPlan(p, lang), products: products.filter((x) => x.membership_id === p.id).map((x) => toProduct(ctx, x, lang)) }));
}

export async function createProduct(ctx: AppContext, actor: Actor, input: ProductWrite, lang: Language): Promise<MembershipProduct> {
  requireStaffActor(actor);
  if (!(await findPlan(ctx.db.kysely, input.membership_id))) throw Invalid.field('membership_id', 'No such membership plan.');
  const now = new Date().toISOString();
  const id = await insertProduct(ctx.db.kysely, {
    ...input,
    is_active: input.is_active ? 1 : 0,
    translations: serializeTranslations(input.translations),
    created_at: now,
    updated_at: now,
  });
  ctx.events.changed('membership');
  return toProduct(ctx, (await findProduct(ctx.db.kysely, id))!, lang);
}

/** Changes what `changes` names; `translations`, when given, replaces the product's names in other languages. */
export async function updateProduct(ctx: AppContext, actor: Actor, id: number, changes: ProductChanges, lang: Language): Promise<MembershipProduct> {
  requireStaffActor(actor);
  const db = ctx.db.kysely;
  if (!(await findProduct(db, id))) throw new NotFound('Membership product');
  if (changes.membership_id !== undefined && !(await findPlan(db, changes.membership_id))) throw Invalid.field('membership_id', 'No such membership plan.');
  const { is_active, translations, ...rest } = changes;
  await writeProduct(db, id, {
    ...rest,
    ...(is_active !== undefined && { is_active: is_active ? 1 : 0 }),
    ...(translations !== undefined && { translations: serializeTranslations(translations) }),
    updated_at: new Date().toISOString(),
  });
  ctx.events.changed('membership');
  return toProduct(ctx, (await findProduct(db, id))!, lang);
}

export async function deleteProduct(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  requireStaffActor(actor);
  if (!(await findProduct(ctx.db.kysely, id))) throw new NotFound('Membership product');
  if (await productInUse(ctx.db.kysely, id)) throw new Conflict('This product was granted or has gift codes; set is_active to false instead.');
  await removeProduct(ctx.db.kysely, id);
  ctx.events.changed('membership');
}

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

// Granting

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

export async function staffGrant(ctx: AppContext, actor: Actor, input: { user_id: number; product_id: number; reference?: string }): Promise<GrantResult> {
  requireStaffActor(actor);
  return grantMembership(ctx, input.user_id, input.product_id, { kind: 'staff', reference: input.reference ?? randomUUID() }, { grantedBy: actor.id });
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
