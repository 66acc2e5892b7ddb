import type { Language } from '../../shared/i18n/index.js';

/*
 * Dates and counts as Intl prints them for the two interface languages (`dateStyle: 'medium'` in UTC, grouped
 * integers), written out by hand: the browser's first Intl.DateTimeFormat loads the locale's calendar data and
 * costs a phone some hundreds of milliseconds in the middle of hydration, for a text the server already printed.
 * `tests/unit/pwa/format.test.ts` holds them to Intl's output.
 */

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Dates in UTC: the server and the browser must print the same text, or hydration fails when their
 * time zones differ.
 */
export function formatDate(lang: Language, iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  // Years before 1 or after 9999 never come from the API; Intl writes them its own way.
  if (year < 1 || year > 9999) return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  return lang === 'zh-CN' ? `${year}年${month + 1}月${day}日` : `${MONTHS_EN[month]} ${day}, ${year}`;
}

let numberFormats: Map<Language, Intl.NumberFormat> | undefined;

/** Whole numbers grouped by thousands (both languages write 1,234); any other number goes to Intl. */
export function formatNumber(lang: Language, value: number): string {
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) {
    const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return value < 0 ? `-${digits}` : digits;
  }
  numberFormats ??= new Map();
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang);
    numberFormats.set(lang, format);
  }
  return format.format(value);
}
