import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type {
  Database,
  GrantSource,
  MembershipGrantsTable,
  MembershipProductsTable,
  MembershipsTable,
  SubscriptionsTable,
} from '../../db/types.js';

/** SQL of plans, products, user memberships, subscriptions and grants (gift codes: gift-repo.ts; the expiry job's: expiry-repo.ts). */

// Plans

export function listPlans(db: Kysely<Database>) {
  return db.selectFrom('memberships').selectAll().orderBy('sort_order').orderBy('id').execute();
}

export function findPlan(db: Kysely<Database>, id: number) {
  return db.selectFrom('memberships').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPlanBySlug(db: Kysely<Database>, slug: string) {
  return db.selectFrom('memberships').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export type PlanRow = NonNullable<Awaited<ReturnType<typeof findPlan>>>;

export function insertPlan(db: Kysely<Database>, values: Insertable<MembershipsTable>) {
  return db.insertInto('memberships').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updatePlan(db: Kysely<Database>, id: number, values: Updateable<MembershipsTable>) {
  return db.updateTable('memberships').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deletePlan(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('memberships').where('id', '=', id).execute();
}

export async function planInUse(db: Kysely<Database>, id: number): Promise<boolean> {
  const [product, holder] = await Promise.all([
    db.selectFrom('membership_products').select('id').where('membership_id', '=', id).limit(1).executeTakeFirst(),
    db.selectFrom('user_memberships').select('id').where('membership_id', '=', id).limit(1).executeTakeFirst(),
  ]);
  return product !== undefined || holder !== undefined;
}

// Products

function productsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('membership_products as p')
    .innerJoin('memberships as m', 'm.id', 'p.membership_id')
    .selectAll('p')
    .select('m.slug as membership_slug');
}

export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export function findProduct(db: Kysely<Database>, id: number) {
  return productsQuery(db).where('p.id', '=', id).executeTakeFirst();
}

export function listProducts(db: Kysely<Database>, filters: { membershipId?: number; activeOnly: boolean }) {
  let q = productsQuery(db);
  if (filters.membershipId !== undefined) q = q.where('p.membership_id', '=', filters.membershipId);
  if (filters.activeOnly) q = q.where('p.is_active', '=', 1);
  return q.orderBy('m.sort_order').orderBy('p.membership_id').orderBy('p.sort_order').orderBy('p.id').execute();
}

export async function insertProduct(db: Kysely<Database>, values: Insertable<MembershipProductsTable>): Promise<number> {
  const row = await db.insertInto('membership_products').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProduct(db: Kysely<Database>, id: number, values: Updateable<MembershipProductsTable>): Promise<void> {
  await db.updateTable('membership_products').set(values).where('id', '=', id).execute();
}

export async function deleteProduct(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('membership_products').where('id', '=', id).execute();
}

export async function productInUse(db: Kysely<Database>, id: number): Promise<boolean> {
  const [grant, code] = await Promise.all([
    db.selectFrom('membership_grants').select('id').where('product_id', '=', id).limit(1).executeTakeFirst(),
    db.selectFrom('membership_gift_codes').select('id').where('product_id', '=', id).limit(1).executeTakeFirst(),
  ]);
  return grant !== undefined || code !== undefined;
}

// User memberships with their subscription

export interface MembershipFilters {
  userId?: number;
  membershipId?: number;
  /** Active (true) or not (false) at `now`. */
  active?: boolean;
  expiringBefore?: string;
  now: string;
}

function userMembershipsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('user_memberships as um')
    .innerJoin('memberships as m', 'm.id', 'um.membership_id')
    .leftJoin('subscriptions as s', 's.user_membership_id', 'um.id')
    .select([
      'um.id',
      'um.user_id',
      'um.membership_id',
      'um.created_at',
      'm.slug as membership_slug',
      'm.name as membership_name',
      'm.translations as membership_translations',
      's.id as subscription_id',
      's.is_active',
      's.starts_at',
      's.ends_at',
    ]);
}

export type UserMembershipRow = Awaited<ReturnType<typeof listUserMemberships>>[number];

function filteredUserMemberships(db: Kysely<Database>, f: MembershipFilters) {
  let q = userMembershipsQuery(db);
  if (f.userId !== undefined) q = q.where('um.user_id', '=', f.userId);
  if (f.membershipId !== undefined) q = q.where('um.membership_id', '=', f.membershipId);
  if (f.expiringBefore !== undefined) q = q.where('s.ends_at', '<', f.expiringBefore);
  if (f.active !== undefined) {
    const now = f.now;
    q = f.active
      ? q.where('s.is_active', '=', 1).where('s.starts_at', '<=', now).where('s.ends_at', '>', now)
      : q.where((eb) => eb.or([eb('s.id', 'is', null), eb('s.is_active', '=', 0), eb('s.starts_at', '>', now), eb('s.ends_at', '<=', now)]));
  }
  return q;
}

export function listUserMemberships(db: Kysely<Database>, f: MembershipFilters, limit: number, offset: number) {
  return filteredUserMemberships(db, f).orderBy('s.ends_at').orderBy('um.id').limit(limit).offset(offset).execute();
}

export async function countUserMemberships(db: Kysely<Database>, f: MembershipFilters): Promise<number> {
  const row = await filteredUserMemberships(db, f)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findUserMembership(db: Kysely<Database>, id: number) {
  return userMembershipsQuery(db).where('um.id', '=', id).executeTakeFirst();
}

export function userMembershipsOfUser(db: Kysely<Database>, userId: number) {
  return userMembershipsQuery(db).where('um.user_id', '=', userId).orderBy('um.id').execute();
}

/** The user's membership of the plan, created when absent; its language is updated when one is given. */
export async function ensureUserMembership(db: Kysely<Database>, userId: number, membershipId: number, language: string | null, at: string): Promise<number> {
  await db
    .insertInto('user_memberships')
    .values({ user_id: userId, membership_id: membershipId, language, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'membership_id']).doNothing())
    .execute();
  if (language) {
    await db.updateTable('user_memberships').set({ language }).where('user_id', '=', userId).where('membership_id', '=', membershipId).execute();
  }
  const row = await db
    .selectFrom('user_memberships')
    .select('id')
    .where('user_id', '=', userId)
    .where('membership_id', '=', membershipId)
    .executeTakeFirstOrThrow();
  return row.id;
}

// Subscriptions

/** Subscriptions with their user and plan (the expiry job's reminders read them too). */
export function subscriptionsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('user_memberships as um', 'um.id', 's.user_membership_id')
    .innerJoin('memberships as m', 'm.id', 'um.membership_id')
    .selectAll('s')
    .select(['um.user_id', 'um.membership_id', 'um.language', 'm.slug as membership_slug', 'm.name as membership_name', 'm.translations as membership_translations']);
}

export type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof findSubscription>>>;

export function findSubscription(db: Kysely<Database>, id: number) {
  return subscriptionsQuery(db).where('s.id', '=', id).executeTakeFirst();
}

export function findSubscriptionOfUserMembership(db: Kysely<Database>, userMembershipId: number) {
  return subscriptionsQuery(db).where('s.user_membership_id', '=', userMembershipId).executeTakeFirst();
}

/** The subscription of a user membership, created (inactive, empty) when absent. */
export async function ensureSubscription(db: Kysely<Database>, userMembershipId: number, source: GrantSource, at: string): Promise<number> {
  await db
    .insertInto('subscriptions')
    .values({ user_membership_id: userMembershipId, starts_at: at, ends_at: at, is_active: 0, ended_at: null, source, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('user_membership_id').doNothing())
    .execute();
  const row = await db.selectFrom('subscriptions').select('id').where('user_membership_id', '=', userMembershipId).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Writes a new term only if the subscription still has the end and state it was read with: a concurrent
 * grant or end makes this a no-op (false) and the caller reads again.
 */
export async function updateTermIf(
  db: Kysely<Database>,
  id: number,
  expected: { ends_at: string; is_active: number },
  values: Updateable<SubscriptionsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set(values)
    .where('id', '=', id)
    .where('ends_at', '=', expected.ends_at)
    .where('is_active', '=', expected.is_active as 0 | 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Holds the subscription for the rest of the transaction (a write that changes nothing, which PostgreSQL
 * keeps locked until commit; SQLite runs one writing transaction at a time): every change to a term and its
 * grants takes this first, so two of them never interleave.
 */
export async function lockSubscription(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ updated_at: sql<string>`updated_at` })
    .where('id', '=', id)
    .execute();
}

export async function isPremium(db: Kysely<Database>, userId: number, premiumSlug: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_memberships as um')
    .innerJoin('memberships as m', 'm.id', 'um.membership_id')
    .innerJoin('subscriptions as s', 's.user_membership_id', 'um.id')
    .select('s.id')
    .where('um.user_id', '=', userId)
    .where('m.slug', '=', premiumSlug)
    .where('s.is_active', '=', 1)
    .where('s.starts_at', '<=', now)
    .where('s.ends_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// Grants

/** Claims the source key; undefined when that source has granted already. */
export async function insertGrant(db: Kysely<Database>, values: Insertable<MembershipGrantsTable>): Promise<number | undefined> {
  const row = await db
    .insertInto('membership_grants')
    .values(values)
    .onConflict((oc) => oc.column('source_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function setGrantTerm(db: Kysely<Database>, id: number, startsAt: string, endsAt: string): Promise<void> {
  await db.updateTable('membership_grants').set({ starts_at: startsAt, ends_at: endsAt }).where('id', '=', id).execute();
}

/**
 * Closes the grants of a subscription at `at`: a period running past it ends there and one not begun by then
 * becomes empty at `at` (a term ended, a refund that left no time), so no grant shows time the term has not.
 */
export async function closeGrantsAt(db: Kysely<Database>, subscriptionId: number, at: string): Promise<void> {
  await db.updateTable('membership_grants').set({ starts_at: at }).where('subscription_id', '=', subscriptionId).where('starts_at', '>', at).execute();
  await db.updateTable('membership_grants').set({ ends_at: at }).where('subscription_id', '=', subscriptionId).where('ends_at', '>', at).execute();
}

export function findGrantBySourceKey(db: Kysely<Database>, sourceKey: string) {
  return db.selectFrom('membership_grants').selectAll().where('source_key', '=', sourceKey).executeTakeFirst();
}

/** Marks a grant taken back at `at`, its period cut to end at `endsAt`; false when a concurrent revoke marked it first. */
export async function markGrantRevoked(db: Kysely<Database>, id: number, endsAt: string, at: string): Promise<boolean> {
  const result = await db.updateTable('membership_grants').set({ ends_at: endsAt, revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes a grant taken back (its order refunded); false when a concurrent revoke removed it first. */
export async function deleteGrant(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('membership_grants').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function grantsOf(db: Kysely<Database>, subscriptionId: number) {
  return db.selectFrom('membership_grants').selectAll().where('subscription_id', '=', subscriptionId).orderBy('id').execute();
}
