import type { Profile, ProfileChanges } from '../../../shared/api/users.js';
import type { UserRow } from '../../db/types.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors.js';
import { forgetCommenter } from '../comments/service.js';
import { consumeCode, forgetDestinations } from '../messaging/service.js';
import { forgetBuyer } from '../orders/service.js';
import { removeAvatarFile, storeAvatar, toAvatarWebp } from './avatar.js';
import { isForeignKeyViolation } from './db-errors.js';
import { countUsersWithAvatar, deleteUserRow } from './repo.js';
import { currentRssToken, rotateRssToken } from './rss-tokens.js';
import {
  assertPasswordAcceptable,
  displayNameFree,
  emailTaken,
  getUser,
  hasEmail,
  mobileTaken,
  noEmailAddress,
  publicEmail,
  setAvatarUrl,
  setContact,
  setPassword,
  updateAccount,
} from './service.js';

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    username: user.username,
    email: publicEmail(user),
    email_verified: user.email_verified === 1,
    mobile: user.mobile,
    display_name: user.display_name || user.username,
    description: user.description,
    avatar: user.avatar,
    has_password: user.password_hash !== null,
    role: user.role,
    date_joined: user.created_at,
  };
}

type Access = 'read' | 'write' | 'owner';

/**
 * The one access check of the profile calls. Owner or staff read and write (someone else gets 404, so
 * ids are not probed); only a superuser writes to a superuser's account; calls that prove or set
 * credentials (codes, first password, feed token) are the owner's alone.
 */
async function profileFor(ctx: AppContext, actor: Actor, id: number, access: Access): Promise<UserRow> {
  const user = await getUser(ctx, id);
  const own = actor.id === id;
  if (!user || (!own && !isStaff(actor))) throw new NotFound('Profile');
  if (own) return user;
  if (access === 'owner') throw new Forbidden('Only the account owner can do this.');
  if (access === 'write' && user.role === 'superuser' && actor.role !== 'superuser') throw new Forbidden();
  return user;
}

export async function getProfile(ctx: AppContext, actor: Actor, id: number): Promise<Profile> {
  return toProfile(await profileFor(ctx, actor, id, 'read'));
}

export async function updateProfile(ctx: AppContext, actor: Actor, id: number, changes: ProfileChanges): Promise<Profile> {
  const user = await profileFor(ctx, actor, id, 'write');
  if (changes.email !== undefined && changes.email.toLowerCase() !== publicEmail(user)) {
    throw Invalid.field('email', 'Change the e-mail address with bind_email: a code sent to the new address proves it.');
  }
  if (changes.mobile !== undefined && (changes.mobile || null) !== user.mobile) {
    throw Invalid.field('mobile', 'Change the mobile number with bind_phone: a code sent to the new number proves it.');
  }
  const { username, display_name, description } = changes;
  return toProfile(await updateAccount(ctx, user, { username, display_name, description }));
}

/**
 * Deletes the account and its personal data: sessions, feed token and e-mail confirmations go with the
 * row (foreign keys cascade), codes and send counters of its addresses and the avatar file here. Orders
 * are kept for the shop's accounts without their buyer (`user_id` set null): the pending ones are cancelled
 * first, in the same transaction, so their held stock and voucher uses go back (orders service).
 */
export async function deleteAccount(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const user = await profileFor(ctx, actor, id, 'write');
  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await forgetCommenter(trx, user.id);
      await forgetBuyer(trx, user.id);
      await deleteUserRow(trx, user.id);
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new Conflict('This account still owns content (articles, for one); hand it over to another account first.');
    throw err;
  }
  const destinations: { channel: 'sms' | 'email'; destination: string }[] = [];
  if (hasEmail(user)) destinations.push({ channel: 'email', destination: user.email });
  if (user.mobile) destinations.push({ channel: 'sms', destination: user.mobile });
  await forgetDestinations(ctx, destinations);
  if (user.avatar) await dropAvatarIfUnused(ctx, user.avatar);
}

async function dropAvatarIfUnused(ctx: AppContext, avatar: string): Promise<void> {
  // Files are named by content, so two accounts may share one.
  if ((await countUsersWithAvatar(ctx.db.kysely, avatar)) === 0) await removeAvatarFile(ctx.storage, avatar);
}

export async function setAvatar(ctx: AppContext, actor: Actor, id: number, image: Buffer): Promise<Profile> {
  const user = await profileFor(ctx, actor, id, 'write');
  const url = await storeAvatar(ctx.storage, await toAvatarWebp(image));
  const updated = await setAvatarUrl(ctx, user.id, url);
  if (user.avatar && user.avatar !== url) await dropAvatarIfUnused(ctx, user.avatar);
  return toProfile(updated);
}

export async function emailInUse(ctx: AppContext, actor: Actor, id: number, email: string): Promise<boolean> {
  const user = await profileFor(ctx, actor, id, 'read');
  return emailTaken(ctx, email, user.id);
}

export async function mobileInUse(ctx: AppContext, actor: Actor, id: number, mobile: string): Promise<boolean> {
  const user = await profileFor(ctx, actor, id, 'read');
  return mobileTaken(ctx, mobile, user.id);
}

export async function bindEmail(ctx: AppContext, actor: Actor, id: number, email: string, code: string): Promise<Profile> {
  const user = await profileFor(ctx, actor, id, 'owner');
  if (email === publicEmail(user)) throw Invalid.field('email', 'This is already your e-mail address.');
  if (await emailTaken(ctx, email, user.id)) throw Invalid.field('email', 'Another account uses this e-mail address.');
  await consumeCode(ctx, { channel: 'email', destination: email, action: 'bind_email' }, code);
  return toProfile(await setContact(ctx, user, { email, email_verified: 1 }));
}

export async function bindPhone(ctx: AppContext, actor: Actor, id: number, mobile: string, code: string): Promise<Profile> {
  const user = await profileFor(ctx, actor, id, 'owner');
  if (mobile === user.mobile) throw Invalid.field('mobile', 'This is already your mobile number.');
  if (await mobileTaken(ctx, mobile, user.id)) throw Invalid.field('mobile', 'Another account uses this mobile number.');
  await consumeCode(ctx, { channel: 'sms', destination: mobile, action: 'bind_phone' }, code);
  return toProfile(await setContact(ctx, user, { mobile }));
}

/** Unbinding keeps a way to log in: the e-mail goes only when a phone is bound, and the reverse. */
export async function cancelEmail(ctx: AppContext, actor: Actor, id: number, code: string): Promise<Profile> {
  const user = await profileFor(ctx, actor, id, 'owner');
  if (!hasEmail(user)) throw new Conflict('No e-mail address is bound to this account.');
  if (!user.mobile) throw new Conflict('Bind a mobile number first: the account needs a way to log in.');
  await consumeCode(ctx, { channel: 'email', destination: user.email, action: 'cancel_email' }, code);
  return toProfile(await setContact(ctx, user, { email: noEmailAddress(), email_verified: 0 }));
}

export async function cancelPhone(ctx: AppContext, actor: Actor, id: number, code: string): Promise<Profile> {
  const user = await profileFor(ctx, actor, id, 'owner');
  if (!user.mobile) throw new Conflict('No mobile number is bound to this account.');
  if (!hasEmail(user)) throw new Conflict('Bind an e-mail address first: the account needs a way to log in.');
  await consumeCode(ctx, { channel: 'sms', destination: user.mobile, action: 'cancel_phone' }, code);
  return toProfile(await setContact(ctx, user, { mobile: null }));
}

/** For accounts made by code (no password yet); an account that has one changes it with password/change. */
export async function setFirstPassword(ctx: AppContext, actor: Actor, id: number, password: string): Promise<void> {
  const user = await profileFor(ctx, actor, id, 'owner');
  const conflict = () => new Conflict('This account already has a password; change it with password/change.');
  if (user.password_hash !== null) throw conflict();
  assertPasswordAcceptable(password, user, 'new_password');
  if (!(await setPassword(ctx, user, password))) throw conflict();
}

export interface BindState {
  email: boolean;
  emailVerified: boolean;
  phone: boolean;
  password: boolean;
}

export async function bindState(ctx: AppContext, actor: Actor, id: number): Promise<BindState> {
  const user = await profileFor(ctx, actor, id, 'read');
  return { email: hasEmail(user), emailVerified: user.email_verified === 1, phone: user.mobile !== null, password: user.password_hash !== null };
}

/** Is the display name free for `forUser` (their own current name counts as free)? */
export async function displayNameAvailable(ctx: AppContext, actor: Actor, id: number, displayName: string, forUser: number | undefined) {
  await profileFor(ctx, actor, id, 'read');
  return displayNameFree(ctx, displayName, forUser ?? id);
}

export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
};

export const maskMobile = (mobile: string): string =>
  mobile.length >= 8 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : `${mobile.slice(0, 2)}****${mobile.slice(-2)}`;

export async function maskedContacts(ctx: AppContext, actor: Actor, id: number) {
  const user = await profileFor(ctx, actor, id, 'read');
  return { email: hasEmail(user) ? maskEmail(user.email) : null, mobile: user.mobile ? maskMobile(user.mobile) : null };
}

export async function profileUserId(ctx: AppContext, actor: Actor, id: number): Promise<number> {
  return (await profileFor(ctx, actor, id, 'read')).id;
}

export async function rssToken(ctx: AppContext, actor: Actor, id: number, rotate: boolean) {
  const user = await profileFor(ctx, actor, id, 'owner');
  return { user_id: user.id, rss_token: rotate ? await rotateRssToken(ctx, user.id) : await currentRssToken(ctx, user.id) };
}
