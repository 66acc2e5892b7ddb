import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { SessionUser } from '../../../shared/api/auth.js';
import { PASSWORD_MIN_LENGTH } from '../../../shared/api/users.js';
import type { UserRow } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { Invalid } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { nowIso } from '../../platform/time.js';
import { isUniqueViolation } from './db-errors.js';
import {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByMobile,
  mobileHeld,
  insertUser,
  replacePasswordHash,
  updateUser,
  valueTaken,
} from './repo.js';
import { spellingsOfMobile } from './mobile.js';

export { userForRssToken } from './rss-tokens.js';

/**
 * An account must have an e-mail address (the column is NOT NULL UNIQUE); one signed up by phone gets a
 * unique address in the reserved `.invalid` domain (RFC 2606), which no mail can reach and no one can
 * type in. It is never shown: the wire carries an empty string instead.
 */
const NO_EMAIL_DOMAIN = '@no-email.invalid';

export const hasEmail = (user: Pick<UserRow, 'email'>): boolean => !user.email.endsWith(NO_EMAIL_DOMAIN);
export const publicEmail = (user: Pick<UserRow, 'email'>): string => (hasEmail(user) ? user.email : '');
export const noEmailAddress = (): string => `${randomUUID()}${NO_EMAIL_DOMAIN}`;
/** Addresses in reserved non-deliverable domains are refused as real addresses. */
export const isDeliverableEmail = (email: string): boolean => !/\.(invalid|test|example|localhost)$/i.test(email.split('@')[1] ?? '');

export function toSessionUser(user: UserRow): SessionUser {
  return {
    pk: user.id,
    id: user.id,
    username: user.username,
    email: publicEmail(user),
    email_verified: user.email_verified === 1,
    display_name: user.display_name || user.username,
    avatar: user.avatar,
    role: user.role,
    is_staff: user.role !== 'user',
  };
}

export function getUser(ctx: AppContext, id: number) {
  return findUserById(ctx.db.kysely, id);
}

export function getUserByLogin(ctx: AppContext, login: string) {
  return findUserByLogin(ctx.db.kysely, login);
}

export function getUserByEmail(ctx: AppContext, email: string) {
  return findUserByEmail(ctx.db.kysely, email);
}

export function getUserByMobile(ctx: AppContext, mobile: string) {
  return findUserByMobile(ctx.db.kysely, spellingsOfMobile(mobile));
}

export interface CreateUserInput {
  username: string;
  /** null: an account without e-mail (signed up by phone). */
  email: string | null;
  password: string | null;
  mobile?: string | null;
  display_name?: string;
  description?: string;
  avatar?: string | null;
  role?: UserRow['role'];
  email_verified?: boolean;
}

/** Which unique field a failed insert or update collided on, as a 400 naming it. */
async function collisionError(ctx: AppContext, values: { username?: string; email?: string; mobile?: string | null }, exceptId: number | null) {
  const db = ctx.db.kysely;
  if (values.username && (await valueTaken(db, 'username', values.username, exceptId))) return usernameTaken();
  if (values.mobile && (await valueTaken(db, 'mobile', values.mobile, exceptId))) return Invalid.field('mobile', 'Another account uses this mobile number.');
  return Invalid.field('email', 'A user is already registered with this e-mail address.');
}

const usernameTaken = () => Invalid.field('username', 'A user with that username already exists.');

export async function createUser(ctx: AppContext, input: CreateUserInput): Promise<UserRow> {
  const now = nowIso();
  const email = input.email === null ? noEmailAddress() : input.email.toLowerCase();
  try {
    return await insertUser(ctx.db.kysely, {
      username: input.username,
      email,
      password_hash: input.password ? await hashPassword(input.password, ctx.config.passwordHashCost) : null,
      display_name: input.display_name ?? input.username,
      description: input.description ?? '',
      avatar: input.avatar ?? null,
      mobile: input.mobile ?? null,
      role: input.role ?? 'user',
      email_verified: input.email_verified && input.email !== null ? 1 : 0,
      is_active: 1,
      created_at: now,
      updated_at: now,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw await collisionError(ctx, { username: input.username, email, mobile: input.mobile }, null);
    throw err;
  }
}

/** Usernames are unique whatever their case, so "Bob" and "bob" cannot both exist. */
export async function assertUsernameFree(ctx: AppContext, username: string, exceptId: number | null = null): Promise<void> {
  if (await valueTaken(ctx.db.kysely, 'username', username, exceptId)) throw usernameTaken();
}

export async function assertEmailFree(ctx: AppContext, email: string, exceptId: number | null = null, field = 'email'): Promise<void> {
  if (await valueTaken(ctx.db.kysely, 'email', email, exceptId)) {
    throw Invalid.field(field, 'A user is already registered with this e-mail address.');
  }
}

export function emailTaken(ctx: AppContext, email: string, exceptId: number | null) {
  return valueTaken(ctx.db.kysely, 'email', email, exceptId);
}

/** Whether another account holds this number, however either was spelled (with or without +86). */
export function mobileTaken(ctx: AppContext, mobile: string, exceptId: number | null) {
  return mobileHeld(ctx.db.kysely, spellingsOfMobile(mobile), exceptId);
}

/** Display names are unique (case-insensitive) among accounts; an empty one falls back to the username. */
export async function displayNameFree(ctx: AppContext, displayName: string, exceptId: number | null): Promise<boolean> {
  return !(await valueTaken(ctx.db.kysely, 'display_name', displayName.trim(), exceptId));
}

/** The password rules: at least 8 characters, not only digits, not the username or e-mail address. */
export function assertPasswordAcceptable(password: string, user: { username: string; email: string | null }, field: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw Invalid.field(field, `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  if (/^\d+$/.test(password)) throw Invalid.field(field, 'This password is entirely numeric.');
  const lower = password.toLowerCase();
  const email = user.email && hasEmail({ email: user.email }) ? user.email.toLowerCase() : '';
  if (lower === user.username.toLowerCase() || (email && (lower === email || lower === email.split('@')[0]))) {
    throw Invalid.field(field, 'The password is too similar to the username or e-mail address.');
  }
}

/** Replaces the password if it is still the one the caller saw; false when someone changed it first. */
export async function setPassword(ctx: AppContext, user: Pick<UserRow, 'id' | 'password_hash'>, password: string): Promise<boolean> {
  return replacePasswordHash(ctx.db.kysely, user.id, user.password_hash, await hashPassword(password, ctx.config.passwordHashCost), nowIso());
}

export async function markEmailVerified(ctx: AppContext, userId: number, email: string): Promise<boolean> {
  const user = await getUser(ctx, userId);
  if (!user || user.email !== email) return false;
  if (!user.email_verified) await updateUser(ctx.db.kysely, userId, { email_verified: 1, updated_at: nowIso() });
  return true;
}

export interface AccountChanges {
  username?: string;
  display_name?: string;
  description?: string;
}

/** The account fields a user edits directly; e-mail and mobile change only through the bind calls. */
export async function updateAccount(ctx: AppContext, user: UserRow, changes: AccountChanges): Promise<UserRow> {
  if (changes.username !== undefined && changes.username !== user.username) await assertUsernameFree(ctx, changes.username, user.id);
  if (changes.display_name && changes.display_name !== user.display_name && !(await displayNameFree(ctx, changes.display_name, user.id))) {
    throw Invalid.field('display_name', 'Another account uses this display name.');
  }
  const patch = { ...changes, updated_at: nowIso() };
  try {
    await updateUser(ctx.db.kysely, user.id, patch);
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
  return (await getUser(ctx, user.id))!;
}

/** Binds (or replaces) the e-mail address or mobile number; a collision is a 400 naming the field. */
export async function setContact(ctx: AppContext, user: UserRow, change: { email: string; email_verified: 0 | 1 } | { mobile: string | null }) {
  try {
    await updateUser(ctx.db.kysely, user.id, { ...change, updated_at: nowIso() });
  } catch (err) {
    if (isUniqueViolation(err)) throw await collisionError(ctx, 'mobile' in change ? { mobile: change.mobile } : {}, user.id);
    throw err;
  }
  return (await getUser(ctx, user.id))!;
}

export async function setAvatarUrl(ctx: AppContext, userId: number, avatar: string | null): Promise<UserRow> {
  await updateUser(ctx.db.kysely, userId, { avatar, updated_at: nowIso() });
  return (await getUser(ctx, userId))!;
}

/** A free username made from `base` (an e-mail local part, say), or from "user" when nothing of it fits. */
export async function uniqueUsername(ctx: AppContext, base: string): Promise<string> {
  let stem = base.replace(/[^\p{L}\p{N}_.-]+/gu, '_').replace(/^[_.-]+|[_.-]+$/g, '').slice(0, 20);
  if (stem.length < 2) stem = 'user';
  const candidates = [stem, ...Array.from({ length: 5 }, () => `${stem}_${randomInt(1000, 10000)}`)];
  for (const candidate of candidates) {
    if (!(await valueTaken(ctx.db.kysely, 'username', candidate, null))) return candidate;
  }
  return `${stem}_${randomBytes(5).toString('hex')}`;
}
