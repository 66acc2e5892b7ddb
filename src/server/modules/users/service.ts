import type { SessionUser } from '../../../shared/api/auth.js';
import type { UserRow } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { hashPassword } from '../../platform/passwords.js';
import { nowIso } from '../../platform/time.js';
import { findUserById, findUserByLogin, insertUser } from './repo.js';

export function toSessionUser(user: UserRow): SessionUser {
  return {
    pk: user.id,
    id: user.id,
    username: user.username,
    email: user.email,
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

export interface CreateUserInput {
  username: string;
  email: string;
  password: string | null;
  display_name?: string;
  description?: string;
  avatar?: string | null;
  role?: UserRow['role'];
  email_verified?: boolean;
}

export async function createUser(ctx: AppContext, input: CreateUserInput): Promise<UserRow> {
  const now = nowIso();
  return insertUser(ctx.db.kysely, {
    username: input.username,
    email: input.email.toLowerCase(),
    password_hash: input.password ? await hashPassword(input.password) : null,
    display_name: input.display_name ?? input.username,
    description: input.description ?? '',
    avatar: input.avatar ?? null,
    role: input.role ?? 'user',
    email_verified: input.email_verified ? 1 : 0,
    is_active: 1,
    created_at: now,
    updated_at: now,
  });
}
