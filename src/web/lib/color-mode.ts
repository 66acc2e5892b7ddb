import { COLOR_MODE_COOKIE, COLOR_MODE_COOKIE_DAYS } from '../../shared/constants.js';

export const COLOR_MODES = ['light', 'dark', 'system'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

export function parseColorMode(value: unknown): ColorMode {
  return typeof value === 'string' && (COLOR_MODES as readonly string[]).includes(value) ? (value as ColorMode) : 'system';
}

/**
 * The colour mode lives in a cookie (356 days, Secure, SameSite=Lax) so the server renders the right
 * `data-color-mode` and the first paint never flashes. Browsers accept Secure cookies on localhost.
 */
export function writeColorModeCookie(mode: ColorMode): void {
  const maxAge = COLOR_MODE_COOKIE_DAYS * 24 * 3600;
  document.cookie = `${COLOR_MODE_COOKIE}=${mode}; Max-Age=${maxAge}; Path=/; Secure; SameSite=Lax`;
  document.documentElement.dataset.colorMode = mode;
}
