import type { Language } from '../../shared/i18n/index.js';

/**
 * Dates in UTC: the server and the browser must print the same text, or hydration fails when their
 * time zones differ.
 */
export function formatDate(lang: Language, iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

export function formatNumber(lang: Language, value: number): string {
  return new Intl.NumberFormat(lang).format(value);
}
