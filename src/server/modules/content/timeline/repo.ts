import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';
import { publicMonths } from '../counts-repo.js';

/**
 * Published articles bounded by published_at. Timestamps are ISO-8601 UTC text on both engines, so a month
 * is the first seven characters and ranges compare as strings: `from` is inclusive, `before` exclusive.
 */
export interface MonthRange {
  from?: string;
  before?: string;
  now: string;
}

/**
 * Exactly one upper bound, the tighter of `before` and `now`: given both, SQLite bounds its index walk by
 * one of them only, and chose `now`, walking every newer article to reach an old month.
 */
function published(db: Kysely<Database>, range: MonthRange) {
  let q = db.selectFrom('articles').where('articles.status', '=', 'published');
  if (range.from) q = q.where('articles.published_at', '>=', range.from);
  // published_at < before <= now, or published_at <= now < before: either way the other bound holds too.
  if (range.before && range.before <= range.now) q = q.where('articles.published_at', '<', range.before);
  else q = q.where('articles.published_at', '<=', range.now);
  return q;
}

/** Months (`YYYY-MM`) that have public articles within the range, newest first, with how many each has (maintained counts). */
export async function monthsIn(db: Kysely<Database>, range: MonthRange): Promise<{ month: string; count: number }[]> {
  const months = await publicMonths(db, range.now);
  // A month is in the range when its articles are: `2024-05` >= `2024-05` and < `2024-05-32` or `2024-13`.
  return months.filter((m) => (!range.from || m.month >= range.from) && (!range.before || m.month < range.before));
}

/** A month's newest public articles, as one short walk down the date index. */
function newestOfMonthQuery(db: Kysely<Database>, month: string, now: string, limit: number) {
  return published(db, { from: month, before: `${month}-32`, now })
    .select(['articles.id', 'articles.published_at', sql<string>`cast(${month} as text)`.as('month')])
    .orderBy('articles.published_at', 'desc')
    .orderBy('articles.id', 'desc')
    .limit(limit);
}

/**
 * The ids of each month's newest public articles (newest first), for every month of a page in one
 * statement: each month's own index walk, stopped at `limit`, joined with UNION ALL, so a page of twenty
 * months is one round trip instead of twenty.
 */
export async function newestOfMonths(db: Kysely<Database>, months: string[], now: string, limit: number): Promise<Map<string, number[]>> {
  const byMonth = new Map(months.map((m) => [m, [] as number[]]));
  if (months.length === 0) return byMonth;
  // Each walk is a derived table: a compound SELECT allows LIMIT on its last part only.
  const part = (month: string, i: number) => db.selectFrom(newestOfMonthQuery(db, month, now, limit).as(`m${i}`)).selectAll();
  let query = part(months[0]!, 0);
  for (let i = 1; i < months.length; i += 1) query = query.unionAll(part(months[i]!, i));
  const rows = await query.execute();
  const newestFirst = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    a.published_at === b.published_at ? b.id - a.id : (a.published_at ?? '') < (b.published_at ?? '') ? 1 : -1;
  for (const row of rows.sort(newestFirst)) byMonth.get(row.month)?.push(row.id);
  return byMonth;
}

/**
 * Published courses within the range by month (`YYYY-MM` of `published_at`), newest first within a month.
 * One read of the published courses: a catalogue is small.
 */
export async function coursesByMonth(db: Kysely<Database>, range: MonthRange): Promise<Map<string, number[]>> {
  const rows = await db
    .selectFrom('courses')
    .select(['id', 'published_at'])
    .where('is_published', '=', 1)
    .where('published_at', 'is not', null)
    .where('published_at', '<=', range.now)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const months = new Map<string, number[]>();
  for (const row of rows) {
    const month = row.published_at!.slice(0, 7);
    if ((range.from && month < range.from) || (range.before && month >= range.before)) continue;
    months.set(month, [...(months.get(month) ?? []), row.id]);
  }
  return months;
}
