import type { z } from 'zod';
import { emailField } from '../../../shared/api/messaging.js';
import { passwordField, usernameField } from '../../../shared/api/users.js';
import type { UserRow } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { Invalid } from '../../platform/errors.js';
import { assertEmailFree, assertPasswordAcceptable, assertUsernameFree, createUser, displayNameFree, isDeliverableEmail } from './service.js';
import { countActiveStaff } from './staff-repo.js';

export interface SuperuserNames {
  username: string;
  email: string;
}

function parseField<T>(field: string, schema: z.ZodType<T>, value: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw Invalid.field(field, result.error.issues[0]?.message ?? 'Invalid value.');
  return result.data;
}

/**
 * The username and e-mail address by the rules of sign-up (format, a deliverable address, both free),
 * normalised as sign-up stores them. Checked before a password is asked for.
 */
export async function checkSuperuserNames(ctx: AppContext, names: SuperuserNames): Promise<SuperuserNames> {
  const username = parseField('username', usernameField, names.username);
  const email = parseField('email', emailField, names.email);
  if (!isDeliverableEmail(email)) throw Invalid.field('email', 'Use an e-mail address that can receive mail.');
  await assertUsernameFree(ctx, username);
  await assertEmailFree(ctx, email);
  return { username, email };
}

/** `createsuperuser`: an account with every right, its address taken as confirmed (the operator typed it). */
export async function createSuperuser(ctx: AppContext, input: SuperuserNames & { password: string }): Promise<UserRow> {
  const names = await checkSuperuserNames(ctx, input);
  const password = parseField('password', passwordField, input.password);
  assertPasswordAcceptable(password, names, 'password');
  return createUser(ctx, {
    ...names,
    password,
    role: 'superuser',
    email_verified: true,
    display_name: (await displayNameFree(ctx, names.username, null)) ? names.username : '',
  });
}

/** Whether anyone can run the back-office; a site without such an account says how to make one. */
export async function hasStaffAccount(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  return (await countActiveStaff(ctx.db.kysely)) > 0;
}
