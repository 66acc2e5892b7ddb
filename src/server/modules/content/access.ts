import type { FastifyRequest } from 'fastify';
import { FINGERPRINT_HEADER, type AccessReason } from '../../../shared/api/content.js';
import type { CourseAccess, CourseAccessReason } from '../../../shared/api/courses.js';
import { userfingerField } from '../../../shared/api/guest.js';
import type { Actor } from '../../platform/auth.js';
import { getActor, isStaff } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Invalid } from '../../platform/errors.js';
import { meterStatus, PREMIUM_SLUG, spendMeteredRead, type MeterStatus, type Reader } from '../membership/service.js';
import { activePlansOf } from './plan-access-repo.js';

/**
 * The one place that decides who may read premium text. Free articles and premium articles opened as a
 * free read are for everyone; otherwise staff and premium members may read, and a reader who is neither
 * may open a premium article under the metered paywall: a logged-in user by account, a guest by the
 * device fingerprint sent in the `x-lectern-fingerprint` header.
 *
 * What the caller is entitled to is resolved once per request (`entitlementOf`); "may read" is then a
 * pure check over it (`decideArticleAccess`), cheap enough for lists and search. The meter is consulted
 * only where one article is asked about (`previewAccess`) and spent only where its body is released
 * (`releaseArticle`, the unlock call), never by page rendering or by search.
 */
export interface Entitlement {
  loggedIn: boolean;
  staff: boolean;
  member: boolean;
  /** The ids of the plans the caller holds now: a `plan` piece opens to the members of its plan alone. */
  plans: readonly number[];
  /** Whom the meter counts for this caller; null for members, staff and a guest without a fingerprint. */
  reader: Reader | null;
}

/**
 * What the decision reads of an article. A `plan` article without its plan id (a row read without the column,
 * or a plan deleted since) opens to staff alone: the check fails closed.
 */
export interface AccessSubject {
  access: 'free' | 'premium' | 'plan';
  free_read: number | boolean;
  access_plan_id?: number | null;
}

/** Is the caller a member of the plan a `plan` piece names? Never for a missing plan. */
function holdsPlan(who: Entitlement, planId: number | null | undefined): boolean {
  return planId !== null && planId !== undefined && who.plans.includes(planId);
}

export interface AccessDecision {
  can_read: boolean;
  reason: AccessReason;
  /** Locked now, but a metered read could open it (the caller has a meter). */
  meterable: boolean;
}

export interface MeteredDecision {
  can_read: boolean;
  reason: AccessReason;
  /** Metered reads left this month; null where the meter does not apply to this caller and article. */
  reads_left: number | null;
  reads_limit: number | null;
}

const GUEST: Entitlement = { loggedIn: false, staff: false, member: false, plans: [], reader: null };

async function resolve(ctx: AppContext, actor: Actor | null, guestReader: Reader | null): Promise<Entitlement> {
  if (!actor) return { ...GUEST, reader: guestReader };
  if (isStaff(actor)) return { loggedIn: true, staff: true, member: false, plans: [], reader: null };
  const held = await activePlansOf(ctx.db.kysely, actor.id, new Date().toISOString());
  const member = held.some((p) => p.slug === PREMIUM_SLUG);
  return { loggedIn: true, staff: false, member, plans: held.map((p) => p.id), reader: member ? null : { userId: actor.id } };
}

/** The fingerprint header of a guest request; a malformed one is a 400 naming the header. */
function fingerprintOf(request: FastifyRequest): string | null {
  const raw = request.headers[FINGERPRINT_HEADER];
  if (raw === undefined || raw === '') return null;
  const parsed = userfingerField.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw Invalid.field(FINGERPRINT_HEADER, parsed.error.issues[0]?.message ?? 'Invalid fingerprint.');
  return parsed.data;
}

const byRequest = new WeakMap<FastifyRequest, Promise<Entitlement>>();
const byActor = new WeakMap<Actor, Promise<Entitlement>>();

/** What the caller of this request is entitled to: resolved on first use, then the same for the request. */
export function entitlementOf(ctx: AppContext, request: FastifyRequest): Promise<Entitlement> {
  let found = byRequest.get(request);
  if (!found) {
    found = (async () => {
      const actor = await getActor(request);
      const fingerprint = actor ? null : fingerprintOf(request);
      return actor ? entitlementOfActor(ctx, actor) : resolve(ctx, null, fingerprint ? { fingerprint, ip: request.ip } : null);
    })();
    byRequest.set(request, found);
  }
  return found;
}

/**
 * The entitlement of an actor where no request is at hand (search, feeds): no guest meter. The actor
 * object lives as long as its request, so this too is resolved once per request.
 */
export function entitlementOfActor(ctx: AppContext, actor: Actor | null): Promise<Entitlement> {
  if (!actor) return Promise.resolve(GUEST);
  let found = byActor.get(actor);
  if (!found) {
    found = resolve(ctx, actor, null);
    byActor.set(actor, found);
  }
  return found;
}

/** May the caller read this article's text now, without spending a metered read? Pure. */
export function decideArticleAccess(who: Entitlement, article: AccessSubject): AccessDecision {
  if (article.access === 'free') return { can_read: true, reason: 'free', meterable: false };
  if (article.access === 'plan') {
    // A plan's piece: its members and staff; never a free read or the meter, which open premium writing.
    if (who.staff) return { can_read: true, reason: 'staff', meterable: false };
    if (holdsPlan(who, article.access_plan_id)) return { can_read: true, reason: 'member', meterable: false };
    return { can_read: false, reason: who.loggedIn ? 'membership_required' : 'login_required', meterable: false };
  }
  if (article.free_read) return { can_read: true, reason: 'free_read', meterable: false };
  if (who.staff) return { can_read: true, reason: 'staff', meterable: false };
  if (who.member) return { can_read: true, reason: 'member', meterable: false };
  return { can_read: false, reason: who.loggedIn ? 'membership_required' : 'login_required', meterable: who.reader !== null };
}

function withMeter(decision: AccessDecision, meter: MeterStatus): MeteredDecision {
  return meter.allowed
    ? { can_read: true, reason: 'metered', reads_left: meter.readsLeft, reads_limit: meter.limit }
    : { can_read: false, reason: decision.reason, reads_left: meter.readsLeft, reads_limit: meter.limit };
}

const settled = (d: AccessDecision): MeteredDecision => ({ can_read: d.can_read, reason: d.reason, reads_left: null, reads_limit: null });

/** The decision with the meter looked at but not spent: what `membership_status` tells the caller. */
export async function previewAccess(ctx: AppContext, who: Entitlement, article: AccessSubject & { id: number }): Promise<MeteredDecision> {
  const decision = decideArticleAccess(who, article);
  if (decision.can_read || !decision.meterable || !who.reader) return settled(decision);
  return withMeter(decision, await meterStatus(ctx, who.reader, article.id));
}

/**
 * Is the article open to the caller now without spending a read: readable outright, or already opened under the
 * monthly meter this month. For what goes with an opened article (its comments): a read the caller could still
 * spend opens nothing, or a new guest fingerprint would open every premium article's discussion.
 */
export async function isArticleOpen(ctx: AppContext, who: Entitlement, article: AccessSubject & { id: number }): Promise<boolean> {
  const decision = decideArticleAccess(who, article);
  if (decision.can_read) return true;
  return decision.meterable && who.reader ? (await meterStatus(ctx, who.reader, article.id)).alreadyRead : false;
}

/**
 * The decision for handing out the body now: spends a metered read when the caller needs one (opening
 * an article already opened this month is free). Call it only where the body is then sent.
 */
export async function releaseArticle(ctx: AppContext, who: Entitlement, article: AccessSubject & { id: number }): Promise<MeteredDecision> {
  const decision = decideArticleAccess(who, article);
  if (decision.can_read || !decision.meterable || !who.reader) return settled(decision);
  return withMeter(decision, await spendMeteredRead(ctx, who.reader, article.id));
}

// Courses and lessons

export interface CourseAccessDecision {
  can_read: boolean;
  reason: CourseAccessReason;
}

/**
 * May the caller read this course's lessons? Pure. Free courses are for everyone; premium courses for
 * members and staff, never metered (the monthly meter counts articles only, and a course is read lesson
 * after lesson); purchase courses for staff and whoever holds a grant of the course (`owned`: bought,
 * gifted or given by staff), which the courses module looks up.
 */
export function decideCourseAccess(
  who: Entitlement,
  course: { access: CourseAccess; access_plan_id?: number | null },
  owned: boolean,
): CourseAccessDecision {
  if (course.access === 'free') return { can_read: true, reason: 'free' };
  if (who.staff) return { can_read: true, reason: 'staff' };
  if (course.access === 'plan') {
    return holdsPlan(who, course.access_plan_id)
      ? { can_read: true, reason: 'member' }
      : { can_read: false, reason: who.loggedIn ? 'membership_required' : 'login_required' };
  }
  if (course.access === 'premium') {
    return who.member ? { can_read: true, reason: 'member' } : { can_read: false, reason: who.loggedIn ? 'membership_required' : 'login_required' };
  }
  return owned ? { can_read: true, reason: 'buyer' } : { can_read: false, reason: who.loggedIn ? 'purchase_required' : 'login_required' };
}

/** May the caller read this lesson? The course's decision, except that a free-preview lesson is open to everyone. Pure. */
export function decideLessonAccess(
  who: Entitlement,
  course: { access: CourseAccess; access_plan_id?: number | null },
  owned: boolean,
  lesson: { is_free_preview: number | boolean },
): CourseAccessDecision {
  const decision = decideCourseAccess(who, course, owned);
  return !decision.can_read && lesson.is_free_preview ? { can_read: true, reason: 'preview' } : decision;
}
