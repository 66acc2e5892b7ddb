import type { ArticleCard } from '../../../../shared/api/content.js';
import type { PageQuery } from '../../../../shared/api/common.js';
import type { AppContext } from '../../../platform/context.js';
import { offsetOf } from '../../../platform/http.js';
import { nowIso } from '../../../platform/time.js';
import { cardsByIds, type Page } from '../articles/service.js';
import { articlesIn, countMonths, monthsPage, type MonthRange } from './repo.js';

export interface TimelineInput extends PageQuery {
  year?: number;
  month?: number;
  per_month: number;
}

export interface TimelineMonth {
  month: string;
  count: number;
  articles: ArticleCard[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The range of a year or a month as ISO-text bounds. The exclusive ends ("2024-13", "2024-05-32") sort
 * after every timestamp of that year or month and before the next one, and need no calendar arithmetic.
 */
function filterRange(input: TimelineInput, now: string): MonthRange {
  if (input.year === undefined) return { now };
  if (input.month === undefined) return { from: `${input.year}-01`, before: `${input.year}-13`, now };
  return { from: `${input.year}-${pad(input.month)}`, before: `${input.year}-${pad(input.month)}-32`, now };
}

/** Published articles grouped by month (UTC), newest month first; pages count months. */
export async function timeline(ctx: AppContext, input: TimelineInput): Promise<Page<TimelineMonth>> {
  const db = ctx.db.kysely;
  const range = filterRange(input, nowIso());
  const [count, months] = await Promise.all([countMonths(db, range), monthsPage(db, range, input.page_size, offsetOf(input))]);
  if (months.length === 0) return { count, results: [] };
  // The page's months are consecutive among the months that have articles, so one range holds them all.
  const rows = await articlesIn(db, { from: months[months.length - 1].month, before: `${months[0].month}-32`, now: range.now });
  const idsByMonth = new Map<string, number[]>(months.map((m) => [m.month, []]));
  for (const row of rows) {
    const ids = idsByMonth.get(row.published_at!.slice(0, 7));
    if (ids && ids.length < input.per_month) ids.push(row.id);
  }
  const cards = new Map((await cardsByIds(ctx, [...idsByMonth.values()].flat())).map((c) => [c.id, c]));
  return {
    count,
    results: months.map((m) => ({
      month: m.month,
      count: m.count,
      articles: idsByMonth.get(m.month)!.flatMap((id) => cards.get(id) ?? []),
    })),
  };
}
