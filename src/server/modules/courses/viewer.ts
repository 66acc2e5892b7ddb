import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { NotFound } from '../../platform/errors.js';
import { decideCourseAccess, decideLessonAccess, entitlementOfActor, type CourseAccessDecision, type Entitlement } from '../content/access.js';
import { findCourse, type CourseRow } from './course-repo.js';
import { ownsCourse } from './progress-repo.js';

/**
 * The caller of a course call: who they are and what they are entitled to (resolved once per request).
 * The decisions themselves are `content/access.ts`'s; this only gathers what they need.
 */
export interface Viewer {
  actor: Actor | null;
  who: Entitlement;
}

export async function viewerOf(ctx: AppContext, actor: Actor | null): Promise<Viewer> {
  return { actor, who: await entitlementOfActor(ctx, actor) };
}

/** The course, if the caller may see it exist: published, or any course for staff. */
export async function visibleCourse(ctx: AppContext, viewer: Viewer, id: number): Promise<CourseRow> {
  const course = await findCourse(ctx.db.kysely, id);
  if (!course || (course.is_published !== 1 && !viewer.who.staff)) throw new NotFound('Course');
  return course;
}

/** The caller's access to one course: the decision and what it was made from. */
export interface CourseGate {
  course: CourseDecisionInput;
  owned: boolean;
  decision: CourseAccessDecision;
}
type CourseDecisionInput = Pick<CourseRow, 'id' | 'access' | 'access_plan_id'>;

/** The caller's access to a course; the grant is looked up only where it can matter (a purchase course, a user who is not staff). */
export async function courseAccessOf(ctx: AppContext, viewer: Viewer, course: CourseDecisionInput): Promise<CourseGate> {
  const owned = course.access === 'purchase' && viewer.actor !== null && !viewer.who.staff ? await ownsCourse(ctx.db.kysely, viewer.actor.id, course.id) : false;
  return { course, owned, decision: decideCourseAccess(viewer.who, course, owned) };
}

export function lessonDecision(viewer: Viewer, access: CourseGate, lesson: { is_free_preview: number }): CourseAccessDecision {
  return decideLessonAccess(viewer.who, access.course, access.owned, lesson);
}
