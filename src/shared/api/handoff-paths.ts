// Kept apart from the zod schemas so the browser bundle can use them without zod.

/**
 * A login made without script (the login form posted as HTML before the app ran) reaches the app through
 * a one-time handoff: the server answers the form with a redirect that sets a short-lived HttpOnly cookie
 * holding the refresh token, scoped to the handoff call alone, and a readable marker cookie; the booting
 * app sees the marker, makes the call once, and stores the answer as a normal login.
 */
export const handoffPaths = {
  /** Relative to API_PREFIX. */
  handoff: '/rest-auth/handoff/',
} as const;

/** HttpOnly; holds the refresh token; sent only to the handoff call. */
export const HANDOFF_TOKEN_COOKIE = 'lectern_handoff_token';
/** Readable by the page: "a login is waiting to be picked up". Holds no secret. */
export const HANDOFF_MARKER_COOKIE = 'lectern_handoff';
/** How long the handoff waits for the page to pick it up. */
export const HANDOFF_SECONDS = 120;

/**
 * What a page form posted without script may be answered with, in `?error=` of the redirect back to its page
 * (the page shows the message). The typed username comes back in `login`, never the password.
 */
export const FORM_POST_ERRORS = [
  'invalid_credentials',
  'captcha_required',
  'throttled',
  'missing_fields',
  'script_required',
] as const;
export type FormPostError = (typeof FORM_POST_ERRORS)[number];

export function isFormPostError(value: string | null | undefined): value is FormPostError {
  return (FORM_POST_ERRORS as readonly string[]).includes(value ?? '');
}
