import { COLOR_MODE_COOKIE } from '../../shared/constants.js';
import { preferenceCookie, sitePublicUrl } from './preference-cookie.js';

export const COLOR_MODES = ['light', 'dark', 'system'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

export function parseColorMode(value: unknown): ColorMode {
  return typeof value === 'string' && (COLOR_MODES as readonly string[]).includes(value) ? (value as ColorMode) : 'system';
}

/**
 * The colour mode lives in a cookie (356 days, SameSite=Lax, Secure on an https site) so the server renders
 * the right `data-color-mode` and the first paint never flashes.
 */
export function writeColorModeCookie(mode: ColorMode, publicUrl: string = sitePublicUrl(document)): void {
  document.cookie = preferenceCookie(COLOR_MODE_COOKIE, mode, publicUrl);
  document.documentElement.dataset.colorMode = mode;
}
