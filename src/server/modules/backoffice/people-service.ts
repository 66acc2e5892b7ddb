import type { StaffUserDetail } from '../../../shared/api/backoffice.js';
import type { PageQuery } from '../../../shared/api/common.js';
import type { MyCourse } from '../../../shared/api/courses.js';
import type { Language } from '../../../shared/i18n/index.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { listUserComments } from '../comments/service.js';
import { myCourses } from '../courses/progress-service.js';
import { isPremiumMember } from '../membership/service.js';
import { listOrders } from '../orders/service.js';
import { toStaffUser, userForStaff } from '../users/back-office-service.js';
import { assertStaff } from './access.js';

const FIRST = { page: 1, page_size: 1 } as const;

/**
 * The account as the learner sees their own courses: `myCourses` answers for the actor it is given, so staff
 * read a user's courses by asking as that user (read only; the staff check comes first).
 */
const asLearner = (userId: number): Actor => ({ id: userId, role: 'user', username: '', email: '', display_name: '', avatar: null });

/** A user with what the back office shows beside them: membership, and how many orders, comments and courses. */
export async function userDetail(ctx: AppContext, actor: Actor, id: number): Promise<StaffUserDetail> {
  const row = await userForStaff(ctx, actor, id);
  const [orders, comments, courses, member] = await Promise.all([
    listOrders(ctx, actor, { ...FIRST, user: id }),
    listUserComments(ctx, actor, id, FIRST).then((p) => p.count),
    myCourses(ctx, asLearner(id), FIRST),
    isPremiumMember(ctx, id),
  ]);
  return {
    ...toStaffUser(row),
    mobile: row.mobile,
    email_verified: row.email_verified === 1,
    member,
    counts: { orders: orders.count, comments, courses: courses.count },
  };
}

export async function userCourses(ctx: AppContext, actor: Actor, id: number, page: PageQuery, lang: Language): Promise<{ count: number; results: MyCourse[] }> {
  assertStaff(actor);
  await userForStaff(ctx, actor, id);
  return myCourses(ctx, asLearner(id), page, lang);
}
