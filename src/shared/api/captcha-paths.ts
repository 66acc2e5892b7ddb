// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/** Paths of the captcha (ALTCHA v1 proof of work) calls, relative to API_PREFIX. */
export const captchaPaths = {
  challenge: '/captcha/challenge',
  verify: '/captcha/verify',
  extractParams: '/captcha/extract_params',
  verifyFieldsHash: '/captcha/verify_fields_hash',
  verifyServerSignature: '/captcha/verify_server_signature',
  solveChallenge: '/captcha/solve_challenge',
} as const;

/** The body field that carries a solved captcha on the calls that need one. */
export const CAPTCHA_FIELD = 'altcha';

/** Request header the widget sends in spam-filter mode. */
export const SPAM_FILTER_HEADER = 'x-altcha-spam-filter';
