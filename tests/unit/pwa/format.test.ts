import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/shared/i18n/index.js';
import { formatDate, formatNumber } from '../../../src/web/lib/format.js';

/** Dates and counts are written without Intl on the first visit; they must read exactly as Intl prints them. */
describe('formatDate and formatNumber', () => {
  const intlDate = (lang: string, iso: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));

  it('print every day of a leap year and of month ends across years as Intl does, in UTC', () => {
    const days: string[] = [];
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 1); t += 86_400_000) days.push(new Date(t).toISOString());
    // Late in the day in UTC: a local time zone would print the next day.
    days.push('1999-12-31T23:59:59.999Z', '2000-02-29T12:00:00Z', '2026-11-19T10:25:37.025123Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z');
    for (const lang of LANGUAGES) {
      for (const iso of days) expect(formatDate(lang, iso), `${lang} ${iso}`).toBe(intlDate(lang, iso));
    }
    expect(formatDate('en', '2026-11-19T10:25:37Z')).toBe('Nov 19, 2026');
    expect(formatDate('zh-CN', '2026-01-05T00:00:00Z')).toBe('2026年1月5日');
  });

  it('print nothing for a missing or unreadable date', () => {
    expect(formatDate('en', null)).toBe('');
    expect(formatDate('en', undefined)).toBe('');
    expect(formatDate('zh-CN', 'not a date')).toBe('');
  });

  it('group whole numbers as Intl does, and leave fractions and huge numbers to Intl', () => {
    const values = [0, 1, 7, 42, 999, 1000, 1001, 9999, 12_345, 123_456, 1_000_000, 1_234_567, -1, -999, -1000, -1_234_567, Number.MAX_SAFE_INTEGER, 12.5, 0.125, 1234.5678, 1e21, -0];
    for (const lang of LANGUAGES) {
      const intl = new Intl.NumberFormat(lang);
      for (const value of values) expect(formatNumber(lang, value), `${lang} ${value}`).toBe(intl.format(value));
    }
  });
});
