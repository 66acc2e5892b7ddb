import type { ArticleCard } from '../../../../shared/api/content.js';
import type { TimelineMonthWithCourses } from '../../../../shared/api/courses.js';
import type { PageQuery } from '../../../../shared/api/common.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { AppContext } from '../../../platform/context.js';
import { createGuestCache } from '../../../platform/guest-cache.js';
import { offsetOf } from '../../../platform/http.js';
import { nowIso } from '../../../platform/time.js';
import { cardsByIds as courseCardsByIds } from '../../courses/course-service.js';
import { monthCards, type Page } from '../articles/service.js';
import { coursesByMonth, monthsIn, type MonthRange } from './repo.js';

export interface TimelineInput extends PageQuery {
  year?: number;
  month?: number;
  per_month: number;
}

/** `count` and `articles` are the month's articles; `course_count` and `courses` its published courses. */
export interface TimelineMonth extends TimelineMonthWithCourses {
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
 * Published articles and courses grouped by month (UTC) of publication, newest month first; pages count
 * months that have either. The same for every caller (public cards only), so kept in the guest cache by what
 * was asked (the route keeps the bytes it sent per URL; a URL with other parameters then costs serialising,
 * not the queries), which any content change (a course or lesson too) drops.
 */
export function timeline(ctx: AppContext, input: TimelineInput, lang?: Language): Promise<Page<TimelineMonth>> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = createGuestCache<Page<TimelineMonth>>(ctx, 100)));
  // Card names are in the reader's language: the key names it.
  const key = [lang ?? '', input.year, input.month, input.per_month, input.page, input.page_size].join('|');
  return cache.get(key, () => buildTimeline(ctx, input, lang));
}

async function buildTimeline(ctx: AppContext, input: TimelineInput, lang: Language | undefined): Promise<Page<TimelineMonth>> {
  const db = ctx.db.kysely;
  const range = filterRange(input, nowIso());
  // Months come from maintained counts (a few rows a year) and the published courses, so the page is cut here.
  const [articleMonths, courseMonths] = await Promise.all([monthsIn(db, range), coursesByMonth(db, range)]);
  const articleCounts = new Map(articleMonths.map((m) => [m.month, m.count]));
  const all = [...new Set([...articleCounts.keys(), ...courseMonths.keys()])].sort().reverse();
  const months = all.slice(offsetOf(input), offsetOf(input) + input.page_size);
  const count = all.length;
  if (months.length === 0) return { count, results: [] };
  const courseIds = months.flatMap((m) => (courseMonths.get(m) ?? []).slice(0, input.per_month));
  const [cardsByMonth, courseCards] = await Promise.all([
    monthCards(ctx, months.filter((m) => articleCounts.has(m)), range.now, input.per_month, lang),
    courseCardsByIds(ctx, courseIds, lang),
  ]);
  return {
    count,
    results: months.map((m) => ({
      month: m,
      count: articleCounts.get(m) ?? 0,
      articles: cardsByMonth.get(m) ?? [],
      course_count: courseMonths.get(m)?.length ?? 0,
      courses: (courseMonths.get(m) ?? [])
        .slice(0, input.per_month)
        .flatMap((id) => {
          const card = courseCards.get(id);
          return card ? [{ ...card, kind: 'course' as const }] : [];
        }),
    })),
  };
}
