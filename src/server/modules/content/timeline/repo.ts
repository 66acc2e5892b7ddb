import type { Kysely } from 'kysely';
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

/** The ids of a month's newest public articles: one short walk down the date index. */
export async function newestOfMonth(db: Kysely<Database>, month: string, now: string, limit: number): Promise<number[]> {
  const rows = await published(db, { from: month, before: `${month}-32`, now })
    .select('articles.id')
    .orderBy('articles.published_at', 'desc')
    .orderBy('articles.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
