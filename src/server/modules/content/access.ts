import type { MembershipStatus } from '../../../shared/api/content.js';
import type { Actor } from '../../platform/auth.js';
import { isStaff } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';

export interface AccessSubject {
  access: 'free' | 'premium';
  free_read: number | boolean;
}

export interface AccessDecision {
  can_read: boolean;
  reason: MembershipStatus['reason'];
}

/**
 * The one place that decides who may read premium text. Free articles and premium articles opened as a
 * free read are for everyone; otherwise staff may read. The membership capability extends this function
 * (active premium subscription, metered reads) and nothing else.
 */
export async function decideArticleAccess(
  _ctx: AppContext,
  actor: Actor | null,
  article: AccessSubject,
): Promise<AccessDecision> {
  if (article.access === 'free') return { can_read: true, reason: 'free' };
  if (article.free_read) return { can_read: true, reason: 'free_read' };
  if (!actor) return { can_read: false, reason: 'login_required' };
  if (isStaff(actor)) return { can_read: true, reason: 'staff' };
  return { can_read: false, reason: 'membership_required' };
}
