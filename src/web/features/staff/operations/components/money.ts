import type { Language } from '../../../../../shared/i18n/index.js';
import { formatPrice } from '../../../../lib/price.js';

/** An amount in the minor unit as staff read it (¥42.00). */
export const money = (lang: Language, minor: number, currency: string) => formatPrice(lang, minor, currency);

/** A date and time in UTC, as the server and every member of staff see it (2026-05-04 09:12 UTC). */
export const stamp = (iso: string | null | undefined) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '');
