import { randomInt } from 'node:crypto';
import type { CodeLoginResponse } from '../../../shared/api/auth.js';
import type { CodeLoginAction } from '../../../shared/api/messaging.js';
import type { AppContext } from '../../platform/context.js';
import { Invalid, Unauthorized } from '../../platform/errors.js';
import { consumeCode } from '../messaging/service.js';
import { createUser, getUserByEmail, getUserByMobile, isDeliverableEmail, markEmailVerified, uniqueUsername } from '../users/service.js';
import { startSession } from './service.js';

export type CodeChannel = 'sms' | 'email';

/**
 * `user-auth/sms/{action}` and `user-auth/ses/{action}`: the code (sent for this very action) is spent
 * first, so only whoever holds the phone or mailbox learns whether an account exists. Then `login` needs
 * an account, `signup` needs there to be none, and `auto_sign_in` takes either path. New accounts have no
 * password (set_first_password adds one) and get a username to change later.
 */
export async function codeLogin(
  ctx: AppContext,
  channel: CodeChannel,
  action: CodeLoginAction,
  destination: string,
  code: string,
): Promise<CodeLoginResponse> {
  const field = channel === 'sms' ? 'mobile' : 'email';
  const what = channel === 'sms' ? 'mobile number' : 'e-mail address';
  await consumeCode(ctx, { channel, destination, action }, code);
  const existing = channel === 'sms' ? await getUserByMobile(ctx, destination) : await getUserByEmail(ctx, destination);

  if (existing) {
    if (action === 'signup') throw Invalid.field(field, `An account already uses this ${what}; log in instead.`);
    if (!existing.is_active) throw new Unauthorized('Unable to log in with provided credentials.', 'invalid_credentials');
    // The code reached the mailbox: the address is proven.
    if (channel === 'email') await markEmailVerified(ctx, existing.id, destination);
    return { ...(await startSession(ctx, existing.id)), created: false };
  }
  if (action === 'login') throw Invalid.field(field, `No account uses this ${what}; sign up first.`);
  if (channel === 'email' && !isDeliverableEmail(destination)) throw Invalid.field('email', 'Use an e-mail address that can receive mail.');

  const user =
    channel === 'sms'
      ? await createUser(ctx, { username: await uniqueUsername(ctx, `user_${randomInt(100_000, 1_000_000)}`), email: null, mobile: destination, password: null, display_name: '' })
      : await createUser(ctx, {
          username: await uniqueUsername(ctx, destination.split('@')[0]),
          email: destination,
          email_verified: true,
          password: null,
          display_name: '',
        });
  return { ...(await startSession(ctx, user.id)), created: true };
}
