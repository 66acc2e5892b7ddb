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

/** Months (`YYYY-MM`) that have public articles within the range, newest first, with how many each has (maintained counts). */
export async function monthsIn(db: Kysely<Database>, range: MonthRange): Promise<{ month: string; count: number }[]> {
  const months = await publicMonths(db, range.now);
  // A month is in the range when its articles are: `2024-05` >= `2024-05` and < `2024-05-32` or `2024-13`.
  return months.filter((m) => (!range.from || m.month >= range.from) && (!range.before || m.month < range.before));
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
