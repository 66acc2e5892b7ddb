import type { Language } from '../../shared/i18n/index.js';

// Building an Intl formatter costs far more than using one (a page of cards formats dozens of dates), so
// each language's formatters are made once and kept.
const dateFormats = new Map<Language, Intl.DateTimeFormat>();
const numberFormats = new Map<Language, Intl.NumberFormat>();

function cached<F>(store: Map<Language, F>, lang: Language, make: () => F): F {
  let format = store.get(lang);
  if (!format) {
    format = make();
    store.set(lang, format);
  }
  return format;
}

/**
 * Dates in UTC: the server and the browser must print the same text, or hydration fails when their
 * time zones differ.
 */
export function formatDate(lang: Language, iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return cached(dateFormats, lang, () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' })).format(date);
}

export function formatNumber(lang: Language, value: number): string {
  return cached(numberFormats, lang, () => new Intl.NumberFormat(lang)).format(value);
}
