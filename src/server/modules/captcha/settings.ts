import type { Config } from '../../config.js';

export interface CaptchaSettings {
  maxNumber: number;
  challengeLifetimeSeconds: number;
}

export function captchaSettings(config: Config): CaptchaSettings {
  return { maxNumber: config.altchaMaxNumber, challengeLifetimeSeconds: config.captchaChallengeLifetime };
}
