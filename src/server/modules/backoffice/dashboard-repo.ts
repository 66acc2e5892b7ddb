import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { withBackofficeTables } from './tables.js';

/**
 * The dashboard's read model: sums over the tables of the other modules, by UTC day, each on an index of its
 * date (migration 0037). Reading only: the modules that own these tables write them.
 */
export interface Range {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** The day after the last, YYYY-MM-DD. */
  until: string;
}

export type DayCounts = Map<string, number>;

const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

async function byDay(rows: Promise<{ day: string; n: number | string | null }[]>): Promise<DayCounts> {
  return new Map((await rows).map((r) => [r.day, Number(r.n ?? 0)]));
}

export function viewsByDay(db: Kysely<Database>, range: Range): Promise<DayCounts> {
  return byDay(
    withBackofficeTables(db)
      .selectFrom('article_daily_views')
      .select(['day', (eb) => eb.fn.sum<number>('views').as('n')])
      .where('day', '>=', range.from)
      .where('day', '<', range.until)
      .groupBy('day')
      .execute(),
  );
}

export function signupsByDay(db: Kysely<Database>, range: Range): Promise<DayCounts> {
  return byDay(
    db
      .selectFrom('users')
      .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.until)
      .groupBy(dayOf('created_at'))
      .execute(),
  );
}

/** A user's first membership of a plan: a new member (renewals extend the same one). */
export function newMembersByDay(db: Kysely<Database>, range: Range): Promise<DayCounts> {
  return byDay(
    db
      .selectFrom('user_memberships')
      .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.until)
      .groupBy(dayOf('created_at'))
      .execute(),
  );
}

export function ordersByDay(db: Kysely<Database>, range: Range): Promise<DayCounts> {
  return byDay(
    db
      .selectFrom('orders')
      .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.until)
      .groupBy(dayOf('created_at'))
      .execute(),
  );
}

/** Money taken by the day it was paid, for orders that kept it (a refunded order's money went back). */
export function revenueByDay(db: Kysely<Database>, range: Range): Promise<DayCounts> {
  return byDay(
    db
      .selectFrom('orders')
      .select([dayOf('paid_at').as('day'), (eb) => eb.fn.sum<number>('total').as('n')])
      .where('paid_at', '>=', range.from)
      .where('paid_at', '<', range.until)
      .where('status', 'in', ['paid', 'fulfilled'])
      .groupBy(dayOf('paid_at'))
      .execute(),
  );
}

/**
 * The most-read articles of the range: summed per article on the views index first, and only the top ones joined
 * to their articles for the title (an article's row holds its body: reading every one would cost more than the sum).
 */
export function mostRead(db: Kysely<Database>, range: Range, limit: number) {
  const total = sql<number>`sum(${sql.ref('views')})`;
  const top = withBackofficeTables(db)
    .selectFrom('article_daily_views')
    .select(['article_id', total.as('views')])
    .where('day', '>=', range.from)
    .where('day', '<', range.until)
    .groupBy('article_id')
    .orderBy(total, 'desc')
    .orderBy('article_id', 'desc')
    // A few more than shown: the join below drops the views of articles deleted since.
    .limit(limit + 10);
  return db
    .selectFrom(top.as('t'))
    .innerJoin('articles as a', 'a.id', 't.article_id')
    .select(['a.id', 'a.title', 't.views'])
    .orderBy('t.views', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

async function count(query: { executeTakeFirst(): Promise<{ n: number | string } | undefined> }): Promise<number> {
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/** What waits for staff, each count on an index (migration 0037 for the queues). */
export async function waitingCounts(db: Kysely<Database>) {
  const n = sql<number>`count(*)`.as('n');
  const [payments, flagged, reports, submissions, paid] = await Promise.all([
    count(unreturnedPayments(db).select(n)),
    count(db.selectFrom('comments').select(n).where(sql<boolean>`(flag_count > 0 or is_hidden = 1)`).where('is_removed', '=', 0)),
    count(db.selectFrom('reports').select(n).where('status', '=', 'open')),
    count(db.selectFrom('submissions').select(n).where('status', '=', 'pending')),
    count(db.selectFrom('orders').select(n).where('status', '=', 'paid')),
  ]);
  return { payments_to_return: payments, flagged_comments: flagged, open_reports: reports, pending_submissions: submissions, paid_orders: paid };
}

/** Payments an order could no longer take (`refund_due`) whose refund has not succeeded (one refund per payment). */
export function unreturnedPayments(db: Kysely<Database>) {
  return db
    .selectFrom('order_payments as p')
    .leftJoin('order_refunds as r', 'r.payment_id', 'p.id')
    .where('p.outcome', '=', 'refund_due')
    .where((eb) => eb.or([eb('r.id', 'is', null), eb('r.status', '<>', 'succeeded')]));
}

export function listUnreturnedPayments(db: Kysely<Database>, limit: number, offset: number) {
  return unreturnedPayments(db)
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.order_id', 'o.number', 'o.status as order_status', 'p.provider', 'p.amount', 'p.currency', 'p.created_at', 'r.status as refund_status', 'r.failure_reason'])
    .orderBy('p.id')
    .limit(limit)
    .offset(offset)
    .execute();
}
