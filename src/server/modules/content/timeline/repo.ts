import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';

/**
 * Published articles bounded by published_at. Timestamps are ISO-8601 UTC text on both engines, so a month
 * is the first seven characters and ranges compare as strings: `from` is inclusive, `before` exclusive.
 */
export interface MonthRange {
  from?: string;
  before?: string;
  now: string;
}

const monthOf = sql<string>`substr(articles.published_at, 1, 7)`;

function published(db: Kysely<Database>, range: MonthRange) {
  let q = db.selectFrom('articles').where('articles.status', '=', 'published').where('articles.published_at', '<=', range.now);
  if (range.from) q = q.where('articles.published_at', '>=', range.from);
  if (range.before) q = q.where('articles.published_at', '<', range.before);
  return q;
}

export async function countMonths(db: Kysely<Database>, range: MonthRange): Promise<number> {
  const row = await published(db, range)
    .select(sql<number>`count(distinct ${monthOf})`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Months that have articles, newest first, with how many each has. */
export async function monthsPage(db: Kysely<Database>, range: MonthRange, limit: number, offset: number) {
  const rows = await published(db, range)
    .select([monthOf.as('month'), (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(monthOf)
    .orderBy(monthOf, 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ month: r.month, count: Number(r.n) }));
}

/** Ids and publication times in a range, newest first (ids are small: a page of months fits in memory). */
export function articlesIn(db: Kysely<Database>, range: MonthRange) {
  return published(db, range)
    .select(['articles.id', 'articles.published_at'])
    .orderBy('articles.published_at', 'desc')
    .orderBy('articles.id', 'desc')
    .execute();
}
