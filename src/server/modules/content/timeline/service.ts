import type { ArticleCard } from '../../../../shared/api/content.js';
import type { PageQuery } from '../../../../shared/api/common.js';
import type { AppContext } from '../../../platform/context.js';
import { createGuestCache } from '../../../platform/guest-cache.js';
import { offsetOf } from '../../../platform/http.js';
import { nowIso } from '../../../platform/time.js';
import { cardsByIds, type Page } from '../articles/service.js';
import { monthsIn, newestOfMonth, type MonthRange } from './repo.js';

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

const caches = new WeakMap<AppContext, ReturnType<typeof createGuestCache<Page<TimelineMonth>>>>();

/**
 * Published articles grouped by month (UTC), newest month first; pages count months. The same for every
 * caller (public articles only), so kept in the guest cache: a page of it is a few hundred cards.
 */
export function timeline(ctx: AppContext, input: TimelineInput): Promise<Page<TimelineMonth>> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = createGuestCache<Page<TimelineMonth>>(ctx, 100)));
  const key = [input.year, input.month, input.per_month, input.page, input.page_size].join('|');
  return cache.get(key, () => buildTimeline(ctx, input));
}

async function buildTimeline(ctx: AppContext, input: TimelineInput): Promise<Page<TimelineMonth>> {
  const db = ctx.db.kysely;
  const range = filterRange(input, nowIso());
  // Months come from maintained counts (a few rows a year), so the page is cut here.
  const all = await monthsIn(db, range);
  const months = all.slice(offsetOf(input), offsetOf(input) + input.page_size);
  const count = all.length;
  if (months.length === 0) return { count, results: [] };
  const idsByMonth = new Map<string, number[]>();
  for (const m of months) idsByMonth.set(m.month, await newestOfMonth(db, m.month, range.now, input.per_month));
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
