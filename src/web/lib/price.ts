import type { Language } from '../../shared/i18n/index.js';

/**
 * An amount in the currency's minor unit (fen, cents), printed for the reader's language with the currency's
 * local sign: 2990 CNY is "¥29.90" (not "CN¥29.90": the site has one currency, so the sign is not ambiguous).
 * The minor unit's size comes from the currency itself (JPY has none), so any site currency prints right.
 */
export function formatPrice(lang: Language, minor: number, currency: string): string {
  const format = new Intl.NumberFormat(lang, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
