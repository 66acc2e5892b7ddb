import { createHmac, timingSafeEqual } from 'node:crypto';
import { authPagePaths, PASSWORD_RESET_MINUTES } from '../../../shared/api/auth.js';
import type { UserRow } from '../../db/types.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Invalid, NotFound } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import { takeQuotas } from '../../platform/throttle.js';
import { requireCaptcha } from '../captcha/service.js';
import { DeliveryFailed, sendMail } from '../messaging/service.js';
import { passwordResetMail } from '../messaging/templates.js';
import { assertPasswordAcceptable, getUser, getUserByEmail, hasEmail, markEmailVerified, setPassword } from '../users/service.js';
import { accountKeyOf, clearLoginFailures, guardLogin, recordLoginFailure } from './login-guard.js';
import { ADDRESS_RATES, IP_RATES } from './registration.js';
import { revokeAllSessions, startSession } from './service.js';

const RESET_SECONDS = PASSWORD_RESET_MINUTES * 60;

function passwordsMatch(new1: string, new2: string): void {
  if (new1 !== new2) throw Invalid.field('new_password2', "The two password fields didn't match.");
}

/**
 * Checks the old password (wrong guesses count like failed logins and are slowed down the same way),
 * sets the new one, ends every session of the account and answers a fresh one for the caller.
 */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  body: { old_password: string; new_password1: string; new_password2: string },
  ip: string,
) {
  const user = await getUser(ctx, actor.id);
  if (!user) throw new NotFound('User');
  const attempt = { accountKey: accountKeyOf(user.id), ip };
  await guardLogin(ctx, attempt, { captcha: false });
  if (!(await verifyPassword(body.old_password, user.password_hash))) {
    await recordLoginFailure(ctx, attempt);
    throw Invalid.field('old_password', 'Your old password was entered incorrectly. Please enter it again.');
  }
  passwordsMatch(body.new_password1, body.new_password2);
  assertPasswordAcceptable(body.new_password1, user, 'new_password1');
  if (!(await setPassword(ctx, user, body.new_password1))) {
    throw Invalid.field('old_password', 'The password was changed meanwhile. Please enter the current one.');
  }
  await clearLoginFailures(ctx, attempt.accountKey);
  await revokeAllSessions(ctx, user.id);
  return { detail: 'New password has been saved.', ...(await startSession(ctx, user.id)) };
}

/**
 * Reset tokens are stateless: `<issued, base36>-<HMAC(secret, user id, password hash, e-mail, issued)>`.
 * Setting a password changes the hash, so a token works once and dies with any other password change.
 */
function resetToken(ctx: AppContext, user: UserRow, issued: number): string {
  const mac = createHmac('sha256', ctx.config.secretKey)
    .update(`password-reset|${user.id}|${user.password_hash ?? ''}|${user.email}|${issued}`)
    .digest('base64url');
  return `${issued.toString(36)}-${mac}`;
}

const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
function decodeUid(uid: string): number | null {
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}

/** Always the same answer (and the same limits), so it tells nothing about who has an account. */
export async function requestPasswordReset(ctx: AppContext, body: { email: string; altcha?: string }, ip: string): Promise<void> {
  await requireCaptcha(ctx, body.altcha);
  await takeQuotas(
    ctx.db.kysely,
    [
      { scope: 'reset-mail:to', subject: body.email, rates: ADDRESS_RATES },
      { scope: 'reset-mail:ip', subject: ip, rates: IP_RATES },
    ],
    'Password reset e-mails',
  );
  const user = await getUserByEmail(ctx, body.email);
  if (!user || !user.is_active || !hasEmail(user)) return;
  const query = new URLSearchParams({ uid: encodeUid(user.id), token: resetToken(ctx, user, Math.floor(Date.now() / 1000)) });
  const link = `${ctx.config.publicUrl}${authPagePaths.reset}?${query.toString()}`;
  try {
    await sendMail(ctx, passwordResetMail(ctx.config.siteName, user.email, link, PASSWORD_RESET_MINUTES));
  } catch (err) {
    // Already logged by the mail service; a different answer would tell that the account exists.
    if (!(err instanceof DeliveryFailed)) throw err;
  }
}

export async function confirmPasswordReset(
  ctx: AppContext,
  body: { uid: string; token: string; new_password1: string; new_password2: string },
): Promise<void> {
  const id = decodeUid(body.uid);
  const user = id === null ? undefined : await getUser(ctx, id);
  if (!user || !user.is_active) throw Invalid.field('uid', 'Invalid value');
  const issued = parseInt(body.token.split('-')[0], 36);
  if (!Number.isSafeInteger(issued)) throw Invalid.field('token', 'Invalid value');
  const expected = Buffer.from(resetToken(ctx, user, issued));
  const given = Buffer.from(body.token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw Invalid.field('token', 'Invalid value: the link is wrong or was already used.');
  }
  if (issued + RESET_SECONDS < Date.now() / 1000) throw Invalid.field('token', 'This link has expired; ask for a new one.');
  passwordsMatch(body.new_password1, body.new_password2);
  assertPasswordAcceptable(body.new_password1, user, 'new_password1');
  if (!(await setPassword(ctx, user, body.new_password1))) {
    throw Invalid.field('token', 'Invalid value: the link is wrong or was already used.');
  }
  await revokeAllSessions(ctx, user.id);
  await clearLoginFailures(ctx, accountKeyOf(user.id));
  // The link arrived by mail, so the address is proven.
  await markEmailVerified(ctx, user.id, user.email);
}
