import type { PeriodUnit } from '../../db/types.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * `from` plus a period, in UTC. Months keep the day of the month, or take the month's last day when it
 * has fewer (31 January + 1 month = 28 or 29 February), so a monthly plan never skips a month.
 */
export function addPeriod(from: Date, unit: PeriodUnit, count: number): Date {
  if (unit === 'day') return new Date(from.getTime() + count * DAY_MS);
  const target = new Date(from.getTime());
  const day = from.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + count);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** Where a renewal starts: at the end of a running term, or now when there is none. */
export function renewalStart(now: Date, currentEnd: Date | null): Date {
  return currentEnd && currentEnd.getTime() > now.getTime() ? currentEnd : now;
}
