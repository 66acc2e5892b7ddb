import type { AppContext } from '../../platform/context.js';
import { TooManyRequests } from '../../platform/errors.js';
import { clearEvents, recentEvents, recordEvent, type RecentEvents } from '../../platform/throttle.js';
import { requireCaptcha } from '../captcha/service.js';

/**
 * Failed logins are counted per account and per IP over 15 minutes, in the database (every process
 * agrees). After 3 a solved captcha is needed; from the 5th for an account (20th for an IP, which many
 * people may share) each attempt waits 10 s, doubling up to 15 minutes, counted from the last failure.
 */
const WINDOW_SECONDS = 15 * 60;
const CAPTCHA_AFTER = 3;
const ACCOUNT_FREE = 5;
const IP_FREE = 20;
const FIRST_DELAY_SECONDS = 10;
const MAX_DELAY_SECONDS = 15 * 60;
const ACCOUNT_SCOPE = 'login-fail:account';
const IP_SCOPE = 'login-fail:ip';

export interface LoginAttempt {
  /** `user:<id>` for an existing account, else the login as typed (so unknown accounts behave the same). */
  accountKey: string;
  ip: string;
  altcha?: string;
}

function secondsToWait(failures: RecentEvents, free: number): number {
  if (failures.count < free) return 0;
  const delay = Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (failures.count - free));
  return Math.max(0, Math.ceil((failures.latest + delay * 1000 - Date.now()) / 1000));
}

/** Before a password is checked: 429 while a delay runs, 400 naming `altcha` when a captcha is due. */
export async function guardLogin(ctx: AppContext, attempt: LoginAttempt, options: { captcha: boolean } = { captcha: true }): Promise<void> {
  const db = ctx.db.kysely;
  const account = await recentEvents(db, ACCOUNT_SCOPE, attempt.accountKey, WINDOW_SECONDS);
  const byIp = await recentEvents(db, IP_SCOPE, attempt.ip, WINDOW_SECONDS);
  const wait = Math.max(secondsToWait(account, ACCOUNT_FREE), secondsToWait(byIp, IP_FREE));
  if (wait > 0) {
    const at = new Date(Date.now() + wait * 1000).toISOString();
    throw new TooManyRequests(`Too many failed attempts. Try again in ${wait} seconds (at ${at}).`, wait);
  }
  if (options.captcha && (account.count >= CAPTCHA_AFTER || byIp.count >= CAPTCHA_AFTER)) await requireCaptcha(ctx, attempt.altcha);
}

export async function recordLoginFailure(ctx: AppContext, attempt: LoginAttempt): Promise<void> {
  await recordEvent(ctx.db.kysely, ACCOUNT_SCOPE, attempt.accountKey);
  await recordEvent(ctx.db.kysely, IP_SCOPE, attempt.ip);
}

/** A success clears the account's count; the IP's stays, so one good account cannot reset a guesser's IP. */
export function clearLoginFailures(ctx: AppContext, accountKey: string): Promise<void> {
  return clearEvents(ctx.db.kysely, ACCOUNT_SCOPE, accountKey);
}

export const accountKeyOf = (userId: number) => `user:${userId}`;
