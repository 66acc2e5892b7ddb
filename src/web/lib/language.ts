import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS } from '../../shared/constants.js';
import type { Language } from '../../shared/i18n/index.js';

/** The chosen language lives in a cookie (365 days, SameSite=Lax) so the server renders pages in it. */
export function writeLanguageCookie(lang: Language): void {
  const maxAge = LANGUAGE_COOKIE_DAYS * 24 * 3600;
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lang)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}
