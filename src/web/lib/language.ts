import { LANGUAGE_COOKIE } from '../../shared/constants.js';
import type { Language } from '../../shared/i18n/index.js';
import { preferenceCookie, sitePublicUrl } from './preference-cookie.js';

/** The chosen language lives in a cookie (356 days, SameSite=Lax, Secure on an https site) so the server renders pages in it. */
export function writeLanguageCookie(lang: Language, publicUrl: string = sitePublicUrl(document)): void {
  document.cookie = preferenceCookie(LANGUAGE_COOKIE, lang, publicUrl);
}
