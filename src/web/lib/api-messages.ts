import type { Language, MessageKey } from '../../shared/i18n/index.js';
import { ApiError } from './http.js';

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * Seconds to wait from a 429: the server says "Try again in N seconds" (login throttle, code and mail quotas)
 * or "retry in N minute(s)" (the per-route rate limit). Undefined when the message names no time.
 */
export function retryAfterSeconds(error: ApiError): number | undefined {
  const seconds = /in (\d+) seconds?/i.exec(error.message);
  if (seconds) return Number(seconds[1]);
  const minutes = /in (\d+) minutes?/i.exec(error.message);
  return minutes ? Number(minutes[1]) * 60 : undefined;
}

/** The clock time a wait ends, in the reader's language and time zone (shown only in the browser). */
export function retryTime(lang: Language, seconds: number, now = Date.now()): string {
  return new Intl.DateTimeFormat(lang, { timeStyle: 'short' }).format(new Date(now + seconds * 1000));
}

/**
 * What to tell the reader about a failed call, in their language where the app knows the case (SPEC section 8's
 * client errors, throttling, bad credentials); otherwise the server's own message.
 */
export function describeError(error: unknown, t: Translate, lang: Language): string {
  if (!(error instanceof ApiError)) return t('http.network');
  if (error.code === 'network') return t('http.network');
  if (error.code === 'offline') return t('http.offline');
  if (error.code === 'aborted') return t('http.aborted');
  if (error.code === 'timeout') return t('http.timeout', { ms: Number(/\d+/.exec(error.message)?.[0] ?? 0) });
  if (error.status === 429) {
    const seconds = retryAfterSeconds(error);
    return seconds === undefined ? t('auth.throttled') : t('auth.throttledUntil', { seconds, time: retryTime(lang, seconds) });
  }
  if (error.code === 'invalid_credentials') return t('login.invalidCredentials');
  if (error.status >= 500) return t('http.status', { status: error.status });
  return error.message;
}
