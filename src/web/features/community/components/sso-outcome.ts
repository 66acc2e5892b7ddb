import { rawQueryParam } from '../../../../shared/api/sso-paths.js';
import { ApiError } from '../../../lib/http.js';
import type { CommunityMessageKey } from '../../../../shared/i18n/community.js';

/** What went wrong with a forum login, in words, and what the page offers next. */
export interface SsoFailure {
  message: CommunityMessageKey | null;
  /** `email`: a link to the account page; `login`: a link to log in again. */
  action?: 'email' | 'login';
}

/**
 * The value of `name` in the page's query, decoded once (a `+` of the forum's base64 stays a `+`); null when
 * absent or garbled.
 */
export function rawParam(search: string, name: string): string | null {
  try {
    return rawQueryParam(search, name) ?? null;
  } catch {
    return null;
  }
}

/** The API's refusal as the reader's words (null: a network or server failure, which `describeError` words). */
export function ssoFailure(error: unknown): SsoFailure {
  if (!(error instanceof ApiError)) return { message: null };
  switch (error.status) {
    case 400:
      return { message: error.fields?.return_sso_url ? 'sso.badReturn' : 'sso.badRequest' };
    case 401:
      return { message: 'sso.loginAgain', action: 'login' };
    case 403:
      return { message: 'sso.signature' };
    case 404:
      return { message: 'sso.notConfigured' };
    case 409:
      return { message: 'sso.noEmail', action: 'email' };
    default:
      return { message: null };
  }
}
