import { z } from 'zod';
import { MAX_ID, pageQuery, paginated } from './common.js';
import { GRANTABLE_ROLES, SUBMISSION_STATUSES } from './backoffice-paths.js';
import { order } from './orders.js';

export * from './backoffice-paths.js';

const id = z.coerce.number().int().positive().max(MAX_ID);
const flagText = z.enum(['true', 'false'], 'Use true or false.');

/** One period's figures, from the server's own counts (money in the site currency's minor unit). */
export const dashboardFigures = z.object({
  views: z.number().int(),
  signups: z.number().int(),
  new_members: z.number().int(),
  orders: z.number().int(),
  revenue: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

export const dashboardDay = dashboardFigures.extend({ day: z.string() });
export type DashboardDay = z.infer<typeof dashboardDay>;

export const dashboard = z.object({
  currency: z.string(),
  /** When the figures below were counted (kept for DASHBOARD_CACHE_SECONDS); the waiting counts are always live. */
  figures_at: z.string(),
  /** Days are UTC days (YYYY-MM-DD); the month is the UTC calendar month. */
  today: dashboardFigures,
  month: dashboardFigures,
  /** The last DASHBOARD_DAYS days, oldest first, today last. */
  days: z.array(dashboardDay),
  /** This month's most-read articles, most reads first. */
  top_articles: z.array(z.object({ id: z.number().int(), title: z.string(), views: z.number().int() })),
  /** What waits for staff. */
  waiting: z.object({
    payments_to_return: z.number().int(),
    flagged_comments: z.number().int(),
    open_reports: z.number().int(),
    pending_submissions: z.number().int(),
    paid_orders: z.number().int(),
  }),
});
export type Dashboard = z.infer<typeof dashboard>;

export const paymentToReturn = z.object({
  id: z.number().int(),
  order: z.number().int(),
  order_number: z.string(),
  order_status: z.string(),
  provider: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  date_created: z.string(),
  /** The last refund asked for it (a failed one can be asked again), or null. */
  refund_status: z.enum(['requested', 'failed']).nullable(),
  failure_reason: z.string().nullable(),
});
export type PaymentToReturn = z.infer<typeof paymentToReturn>;
export const paymentToReturnList = paginated(paymentToReturn);

export const staffUser = z.object({
  id: z.number().int(),
  username: z.string(),
  /** Empty for an account without e-mail (signed up by phone). */
  email: z.string(),
  display_name: z.string(),
  role: z.enum(['user', 'staff', 'superuser']),
  blocked: z.boolean(),
  blocked_at: z.string().nullable(),
  blocked_reason: z.string(),
  date_joined: z.string(),
});
export type StaffUser = z.infer<typeof staffUser>;
export const staffUserList = paginated(staffUser);

/** A row of the staff's orders list: what the list shows of an order (the order itself answers the rest). */
export const staffOrderSummary = order.pick({ id: true, number: true, user: true, status: true, currency: true, total_incl_tax: true, payment_method: true, date_placed: true, title: true, payments_to_return: true });
export type StaffOrderSummary = z.infer<typeof staffOrderSummary>;
export const staffOrderList = paginated(staffOrderSummary);

export const staffUserDetail = staffUser.extend({
  mobile: z.string().nullable(),
  email_verified: z.boolean(),
  member: z.boolean(),
  counts: z.object({ orders: z.number().int(), comments: z.number().int(), courses: z.number().int() }),
});
export type StaffUserDetail = z.infer<typeof staffUserDetail>;

export const userListQuery = pageQuery.extend({
  q: z.string().trim().max(100, 'Use at most 100 characters.').optional(),
  role: z.enum(['user', 'staff', 'superuser'], 'Use user, staff or superuser.').optional(),
  blocked: flagText.optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const blockBody = z.object({
  reason: z.string().trim().min(1, 'Say why, for the other staff.').max(500, 'Use at most 500 characters.'),
});
export const roleBody = z.object({ role: z.enum(GRANTABLE_ROLES, 'Use user or staff.') });

export const submissionListQuery = pageQuery.extend({ status: z.enum(SUBMISSION_STATUSES, 'Use pending, accepted or rejected.').optional() });
export type SubmissionListQuery = z.infer<typeof submissionListQuery>;
export const submissionStatusBody = z.object({ status: z.enum(SUBMISSION_STATUSES, 'Use pending, accepted or rejected.') });

export const productRemoval = z.object({
  outcome: z.enum(['deleted', 'archived']),
  detail: z.string(),
});
export type ProductRemoval = z.infer<typeof productRemoval>;

/** A JSON value as it was recorded (bodies are kept as sent, with secrets blanked). */
const recorded = z.unknown();
export const auditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string() }),
  method: z.string(),
  /** The call's route, e.g. `POST /api/v2/orders/:id/refund`. */
  route: z.string(),
  path: z.string(),
  /** What it acted on: the route's parameters, e.g. `id=12`; empty for a create. */
  target: z.string(),
  status: z.number().int(),
  /** The object as the same call's GET read it just before the write; null where there is none. */
  before: recorded,
  request: recorded,
  /** What the call answered (the object after the write). */
  after: recorded,
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = paginated(auditEntry);
export const auditListQuery = pageQuery.extend({
  actor: id.optional(),
  route: z.string().trim().min(1).max(200).optional(),
  target: z.string().trim().min(1).max(200).optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;
