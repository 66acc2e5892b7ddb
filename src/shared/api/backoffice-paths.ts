// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/**
 * Paths of the back office's own calls, relative to API_PREFIX: what running the shop, the membership and
 * moderation needs beyond the staff calls each domain already has (orders, shop, membership, comments, reports).
 * Every call is for staff; the audit log and role changes are for superusers. A guest gets 401, anyone else 403.
 */
export const backofficePaths = {
  /** GET today's and this month's views, sign-ups, new members, orders and revenue; the days; the most-read articles. */
  dashboard: '/backoffice/dashboard',
  /** GET the payments that reached an order when it could no longer take them, not yet returned (oldest first). */
  paymentsToReturn: '/backoffice/payments-to-return',
  /**
   * GET orders, newest first, as the orders list shows them (number, buyer, status, total, method, date, title,
   * payments to return), with the filters of `GET orders` (`status`, `payment_method`, `placed_after`,
   * `placed_before`, `number`, `user`).
   */
  orders: '/backoffice/orders',
  /** GET users: `q` (username, e-mail or display name, from its start; or an id), `role`, `blocked`. */
  users: '/backoffice/users',
  /** GET a user with their counts and block. */
  user: '/backoffice/users/:id',
  /** GET the user's courses, with their progress. */
  userCourses: '/backoffice/users/:id/courses',
  /** POST `{reason}`: the user can no longer log in, and every session of theirs ends at once. */
  userBlock: '/backoffice/users/:id/block',
  /** POST: the user may log in again. */
  userUnblock: '/backoffice/users/:id/unblock',
  /** POST `{role}` (superuser): `staff` or `user`. */
  userRole: '/backoffice/users/:id/role',
  /** POST: a comment is hidden from readers until staff approve it (comments/api/comment/:id/approve). */
  commentHide: '/backoffice/comments/:id/hide',
  /** GET submitted files, newest first (`status`). */
  submissions: '/backoffice/submissions',
  /** PATCH `{status}`: accepted, rejected or pending again. */
  submission: '/backoffice/submissions/:id',
  /** GET the submitted file itself, as an attachment. */
  submissionFile: '/backoffice/submissions/:id/file',
  /** POST: deletes a product, or archives it (withdrawn from sale, kept) when an order or a basket holds it. */
  productRemove: '/backoffice/products/:id/remove',
  /** GET (superuser) the staff audit log, newest first (`actor`, `route`, `target`). */
  audit: '/backoffice/audit',
} as const;

/** Days the dashboard's chart shows, today included. */
export const DASHBOARD_DAYS = 14;
/** Most-read articles the dashboard lists. */
export const DASHBOARD_TOP_ARTICLES = 10;
/** Roles staff can be given by the back office; `superuser` is made on the command line only. */
export const GRANTABLE_ROLES = ['user', 'staff'] as const;
export const SUBMISSION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
