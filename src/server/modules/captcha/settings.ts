import { z } from 'zod';
import { CAPTCHA_MAX_NUMBER } from '../../../shared/constants.js';
import type { Config } from '../../config.js';

/**
 * Captcha settings read from the environment (they belong in config.ts; until they move there they are
 * read here, once per configuration object).
 */
const envSchema = z.object({
  /** Upper bound of the secret number: the work a browser does (SPEC section 9: 1,000,000). */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(100_000_000).default(CAPTCHA_MAX_NUMBER),
  /** Seconds a challenge (and a server-signed receipt) stays valid. */
  CAPTCHA_CHALLENGE_LIFETIME: z.coerce.number().int().min(30).max(24 * 3600).default(600),
});

export interface CaptchaSettings {
  maxNumber: number;
  challengeLifetimeSeconds: number;
}

const cache = new WeakMap<Config, CaptchaSettings>();

export function captchaSettings(config: Config): CaptchaSettings {
  let settings = cache.get(config);
  if (!settings) {
    const e = envSchema.parse(process.env);
    settings = { maxNumber: e.ALTCHA_MAX_NUMBER, challengeLifetimeSeconds: e.CAPTCHA_CHALLENGE_LIFETIME };
    cache.set(config, settings);
  }
  return settings;
}
