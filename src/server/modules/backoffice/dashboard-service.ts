import { DASHBOARD_DAYS, DASHBOARD_TOP_ARTICLES, type Dashboard, type DashboardFigures, type PaymentToReturn } from '../../../shared/api/backoffice.js';
import type { PageQuery } from '../../../shared/api/common.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { offsetOf } from '../../platform/http.js';
import { now } from '../../platform/time.js';
import { assertStaff } from './access.js';
import { listUnreturnedPayments, mostRead, newMembersByDay, ordersByDay, revenueByDay, signupsByDay, unreturnedPayments, viewsByDay, waitingCounts, type DayCounts } from './dashboard-repo.js';

const DAY_MS = 86_400_000;
const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today, the month's first day and the chart's first day, all UTC. */
export function calendar(at: number) {
  const today = dayString(at);
  return { today, tomorrow: dayString(at + DAY_MS), monthStart: `${today.slice(0, 7)}-01`, chartStart: dayString(at - (DASHBOARD_DAYS - 1) * DAY_MS) };
}

const sumFrom = (counts: DayCounts, from: string) => [...counts].reduce((total, [day, n]) => (day >= from ? total + n : total), 0);

type Figures = Omit<Dashboard, 'waiting'>;

/**
 * The figures as counted last, per site (a test process runs several): one count at a time, kept for
 * `dashboardCacheSeconds` and never across a UTC day's end. Every staff member reads the same figures, so a page
 * of staff reloading the dashboard costs one count every few seconds instead of one each.
 */
const counted = new WeakMap<AppContext, { today: string; until: number; figures: Promise<Figures> }>();

/** The dashboard: its figures as counted in the last few seconds, and what waits for staff, counted now. */
export async function dashboard(ctx: AppContext, actor: Actor): Promise<Dashboard> {
  assertStaff(actor);
  const at = now();
  const today = calendar(at).today;
  let kept = counted.get(ctx);
  if (!kept || kept.today !== today || kept.until <= at) {
    const figures = countFigures(ctx, at);
    kept = { today, until: at + ctx.config.dashboardCacheSeconds * 1000, figures };
    counted.set(ctx, kept);
    // A failed count is not kept: the next call counts again.
    const mine = kept;
    figures.catch(() => {
      if (counted.get(ctx) === mine) counted.delete(ctx);
    });
  }
  const [figures, waiting] = await Promise.all([kept.figures, waitingCounts(ctx.db.kysely)]);
  return { ...figures, waiting };
}

/**
 * Five grouped queries over one range (the month or the chart's days, whichever starts first), each on a date
 * index, then today's, the month's and each day's figures from their rows.
 */
async function countFigures(ctx: AppContext, at: number): Promise<Figures> {
  const db = ctx.db.kysely;
  const { today, tomorrow, monthStart, chartStart } = calendar(at);
  const range = { from: monthStart < chartStart ? monthStart : chartStart, until: tomorrow };
  const [views, signups, members, orders, revenue, top] = await Promise.all([
    viewsByDay(db, range),
    signupsByDay(db, range),
    newMembersByDay(db, range),
    ordersByDay(db, range),
    revenueByDay(db, range),
    mostRead(db, { from: monthStart, until: tomorrow }, DASHBOARD_TOP_ARTICLES),
  ]);
  const figures = (from: string): DashboardFigures => ({
    views: sumFrom(views, from),
    signups: sumFrom(signups, from),
    new_members: sumFrom(members, from),
    orders: sumFrom(orders, from),
    revenue: sumFrom(revenue, from),
  });
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const day = dayString(Date.parse(chartStart) + i * DAY_MS);
    const on = (counts: DayCounts) => counts.get(day) ?? 0;
    return { day, views: on(views), signups: on(signups), new_members: on(members), orders: on(orders), revenue: on(revenue) };
  });
  return {
    currency: ctx.config.currency,
    figures_at: new Date(at).toISOString(),
    today: figures(today),
    month: figures(monthStart),
    days,
    top_articles: top.map((a) => ({ id: a.id, title: a.title, views: Number(a.views) })),
  };
}

export async function paymentsToReturn(ctx: AppContext, actor: Actor, query: PageQuery): Promise<{ count: number; results: PaymentToReturn[] }> {
  assertStaff(actor);
  const db = ctx.db.kysely;
  const [countRow, rows] = await Promise.all([
    unreturnedPayments(db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    listUnreturnedPayments(db, query.page_size, offsetOf(query)),
  ]);
  return {
    count: Number(countRow?.n ?? 0),
    results: rows.map((r) => ({
      id: r.id,
      order: r.order_id,
      order_number: r.number,
      order_status: r.order_status,
      provider: r.provider,
      amount: r.amount,
      currency: r.currency,
      date_created: r.created_at,
      refund_status: r.refund_status === 'requested' || r.refund_status === 'failed' ? r.refund_status : null,
      failure_reason: r.failure_reason,
    })),
  };
}
