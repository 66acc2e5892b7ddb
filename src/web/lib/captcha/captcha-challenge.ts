import type { CaptchaAlgorithm } from '../../../shared/api/captcha.js';
import { CAPTCHA_DEFAULT_WORKERS, CAPTCHA_MAX_WORKERS } from '../../../shared/constants.js';
import type { MessageKey } from '../../../shared/i18n/index.js';

/** The widget's texts (SPEC sections 8 and 9) as message keys; English exactly as SPEC, Chinese in zh-CN. */
export const CAPTCHA_MESSAGES = {
  label: 'captcha.label',
  verifying: 'captcha.verifying',
  failed: 'captcha.failed',
  expired: 'captcha.expired',
  serverStatus: 'captcha.serverStatus',
  challengeTooShort: 'captcha.challengeTooShort',
  saltTooShort: 'captcha.saltTooShort',
  unknownAlgorithm: 'captcha.unknownAlgorithm',
  signatureMissing: 'captcha.signatureMissing',
  noSolution: 'captcha.noSolution',
} as const satisfies Record<string, MessageKey>;
export type CaptchaMessageKey = (typeof CAPTCHA_MESSAGES)[keyof typeof CAPTCHA_MESSAGES];

/** A message to show: its key, the values of its placeholders, and the reporter's own words when it gave any. */
export interface CaptchaMessage {
  key: CaptchaMessageKey;
  values?: Record<string, number>;
  reason?: string;
}

// The contract's list (src/shared/api/captcha.ts) lives beside zod, which the browser bundle must not pull in.
const ALGORITHMS = ['SHA-256', 'SHA-384', 'SHA-512'] as const satisfies readonly CaptchaAlgorithm[];
const MIN_CHALLENGE_LENGTH = 40;
const MIN_SALT_LENGTH = 10;

/** A challenge that passed SPEC section 5's checks: what the solver works on. */
export interface CaptchaChallengeData {
  algorithm: CaptchaAlgorithm;
  challenge: string;
  salt: string;
  signature: string;
  /** The server's bound for the secret number, when it sent one. */
  maxnumber?: number;
}

export type ChallengeValidation = { ok: true; challenge: CaptchaChallengeData } | { ok: false; error: CaptchaMessageKey };

const isAlgorithm = (value: string): value is CaptchaAlgorithm => (ALGORITHMS as readonly string[]).includes(value);

/**
 * SPEC section 5: algorithm required and one of SHA-256/384/512 (any case, as the widget reads it), signature
 * required, challenge at least 40 characters, salt at least 10. The first failed rule names the message.
 */
export function validateChallenge(data: unknown): ChallengeValidation {
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const algorithm = typeof body.algorithm === 'string' ? body.algorithm.toUpperCase() : '';
  if (!isAlgorithm(algorithm)) return { ok: false, error: CAPTCHA_MESSAGES.unknownAlgorithm };
  if (typeof body.signature !== 'string' || body.signature === '') return { ok: false, error: CAPTCHA_MESSAGES.signatureMissing };
  if (typeof body.challenge !== 'string' || body.challenge.length < MIN_CHALLENGE_LENGTH) {
    return { ok: false, error: CAPTCHA_MESSAGES.challengeTooShort };
  }
  if (typeof body.salt !== 'string' || body.salt.length < MIN_SALT_LENGTH) return { ok: false, error: CAPTCHA_MESSAGES.saltTooShort };
  const maxnumber = typeof body.maxnumber === 'number' && Number.isInteger(body.maxnumber) && body.maxnumber > 0 ? body.maxnumber : undefined;
  return {
    ok: true,
    challenge: {
      algorithm,
      challenge: body.challenge,
      salt: body.salt,
      signature: body.signature,
      ...(maxnumber === undefined ? {} : { maxnumber }),
    },
  };
}

/** SPEC section 9: min(16, hardware concurrency or 8), clamped to 1..16. */
export function captchaWorkers(hardwareConcurrency?: number): number {
  const available =
    typeof hardwareConcurrency === 'number' && Number.isFinite(hardwareConcurrency) && hardwareConcurrency > 0
      ? Math.floor(hardwareConcurrency)
      : CAPTCHA_DEFAULT_WORKERS;
  return Math.max(1, Math.min(CAPTCHA_MAX_WORKERS, available));
}
