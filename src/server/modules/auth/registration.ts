import { createHmac, randomBytes } from 'node:crypto';
import { authPagePaths, EMAIL_CONFIRMATION_DAYS, type RegistrationBody } from '../../../shared/api/auth.js';
import type { UserRow } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { Invalid } from '../../platform/errors.js';
import { takeQuotas, type Rate } from '../../platform/throttle.js';
import { nowIso } from '../../platform/time.js';
import { requireCaptcha } from '../captcha/service.js';
import { DeliveryFailed, sendMail } from '../messaging/service.js';
import { confirmationMail } from '../messaging/templates.js';
import {
  assertEmailFree,
  assertPasswordAcceptable,
  assertUsernameFree,
  createUser,
  displayNameFree,
  getUser,
  getUserByEmail,
  hasEmail,
  isDeliverableEmail,
  markEmailVerified,
} from '../users/service.js';
import { findEmailConfirmation, insertEmailConfirmation, markEmailConfirmationUsed } from './repo.js';
import { startSession } from './service.js';

const CONFIRMATION_SECONDS = EMAIL_CONFIRMATION_DAYS * 24 * 3600;

/** Links mailed to an address: one a minute and ten a day to an address, five a minute and fifty a day from an IP. */
export const ADDRESS_RATES: Rate[] = [
  { limit: 1, windowSeconds: 60 },
  { limit: 10, windowSeconds: 24 * 3600 },
];
export const IP_RATES: Rate[] = [
  { limit: 5, windowSeconds: 60 },
  { limit: 50, windowSeconds: 24 * 3600 },
];

const keyHash = (ctx: AppContext, key: string) => createHmac('sha256', ctx.config.secretKey).update(`email-confirmation|${key}`).digest('hex');

/** Mails a confirmation link for the account's current address; the key is stored only as a keyed hash. */
export async function sendConfirmation(ctx: AppContext, user: UserRow): Promise<void> {
  const key = randomBytes(32).toString('base64url');
  const now = new Date();
  await insertEmailConfirmation(ctx.db.kysely, {
    key_hash: keyHash(ctx, key),
    user_id: user.id,
    email: user.email,
    expires_at: new Date(now.getTime() + CONFIRMATION_SECONDS * 1000).toISOString(),
    used_at: null,
    created_at: now.toISOString(),
  });
  const link = `${ctx.config.publicUrl}${authPagePaths.verifyEmail}${key}`;
  await sendMail(ctx, confirmationMail(ctx.config.siteName, user.email, link, EMAIL_CONFIRMATION_DAYS));
}

/**
 * Creates an account with an unconfirmed address, mails the confirmation link and logs the new user in.
 * The captcha is checked first, so probing which names and addresses exist costs a proof of work each.
 */
export async function register(ctx: AppContext, body: RegistrationBody) {
  await requireCaptcha(ctx, body.altcha);
  const pair = body.password1 !== undefined;
  const password = (pair ? body.password1 : body.password)!;
  if (pair && body.password2 !== body.password1) throw Invalid.field('password2', "The two password fields didn't match.");
  if (!isDeliverableEmail(body.email)) throw Invalid.field('email', 'Use an e-mail address that can receive mail.');
  await assertUsernameFree(ctx, body.username);
  await assertEmailFree(ctx, body.email);
  assertPasswordAcceptable(password, body, pair ? 'password1' : 'password');
  const wanted = body.display_name || body.username;
  const user = await createUser(ctx, {
    username: body.username,
    email: body.email,
    password,
    // Display names are unique; a taken one is left empty (the username shows instead) to be chosen later.
    display_name: (await displayNameFree(ctx, wanted, null)) ? wanted : '',
  });
  let detail = 'Verification e-mail sent.';
  try {
    await sendConfirmation(ctx, user);
  } catch (err) {
    if (!(err instanceof DeliveryFailed)) throw err;
    detail = 'Account created, but the verification e-mail could not be sent; ask for it again.';
  }
  return { detail, ...(await startSession(ctx, user.id)) };
}

/** `registration/verify-email` and `account-confirm-email`: a key works once, within 3 days. */
export async function confirmEmail(ctx: AppContext, key: string): Promise<void> {
  const hash = keyHash(ctx, key);
  const row = await findEmailConfirmation(ctx.db.kysely, hash);
  if (!row) throw Invalid.field('key', 'This confirmation link is not valid.');
  if (row.used_at) throw Invalid.field('key', 'This confirmation link was already used.');
  if (Date.parse(row.expires_at) <= Date.now()) throw Invalid.field('key', 'This confirmation link has expired; ask for a new one.');
  const user = await getUser(ctx, row.user_id);
  // The address changed since the link was sent: the link confirms nothing any more.
  if (!user || user.email !== row.email) throw Invalid.field('key', 'This confirmation link is not valid.');
  if (!(await markEmailConfirmationUsed(ctx.db.kysely, hash, nowIso()))) throw Invalid.field('key', 'This confirmation link was already used.');
  await markEmailVerified(ctx, user.id, row.email);
}

/**
 * Mails a new link when the address belongs to an unconfirmed account. The answer, the limits and the
 * failures are the same whether or not it does, so the call tells nothing about who has an account.
 */
export async function resendConfirmation(ctx: AppContext, email: string, ip: string): Promise<void> {
  await takeQuotas(
    ctx.db.kysely,
    [
      { scope: 'confirm-mail:to', subject: email, rates: ADDRESS_RATES },
      { scope: 'confirm-mail:ip', subject: ip, rates: IP_RATES },
    ],
    'Verification e-mails',
  );
  const user = await getUserByEmail(ctx, email);
  if (!user || !user.is_active || user.email_verified || !hasEmail(user)) return;
  try {
    await sendConfirmation(ctx, user);
  } catch (err) {
    // Already logged by the mail service; answering differently would tell that the account exists.
    if (!(err instanceof DeliveryFailed)) throw err;
  }
}
