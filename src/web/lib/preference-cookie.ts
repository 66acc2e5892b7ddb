import { COLOR_MODE_COOKIE_DAYS } from '../../shared/constants.js';
import { readBootData } from './boot-data.js';

/** Both preference cookies (colour mode, language) live as long: 356 days. */
const MAX_AGE_SECONDS = COLOR_MODE_COOKIE_DAYS * 24 * 3600;

/**
 * A preference cookie: the whole site, SameSite=Lax, and Secure only when the site is served over https.
 * A browser drops a Secure cookie set on a plain-http host, so the choice would not stick there.
 */
export function preferenceCookie(name: string, value: string, publicUrl: string): string {
  const secure = /^https:/i.test(publicUrl) ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/** The site's public URL as the server handed it over in the boot data, else the page's own origin (the offline shell). */
export function sitePublicUrl(doc: Document): string {
  return readBootData<{ publicUrl?: string }>(doc)?.publicUrl ?? doc.location.origin;
}
