import type { StaffUser, UserListQuery } from '../../../shared/api/backoffice.js';
import type { PageQuery } from '../../../shared/api/common.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import { nowIso } from '../../platform/time.js';
import { revokeAllSessions } from '../auth/service.js';
import { blockRow, countUsers, findUserForStaff, searchUsers, setRole, unblockRow, type ListedUserRow, type StaffUserRow } from './back-office-repo.js';
import { publicEmail } from './service.js';

/** The back office's calls on accounts: search, block, unblock and (superusers) the staff role. */

function assertStaff(actor: Actor): void {
  if (!isStaff(actor)) throw new Forbidden('The back office is for staff.');
}

export function toStaffUser(row: ListedUserRow): StaffUser {
  return {
    id: row.id,
    username: row.username,
    email: publicEmail(row),
    display_name: row.display_name || row.username,
    role: row.role,
    blocked: row.is_active === 0,
    blocked_at: row.blocked_at,
    blocked_reason: row.blocked_reason,
    date_joined: row.created_at,
  };
}

export async function listUsersForStaff(ctx: AppContext, actor: Actor, query: UserListQuery & PageQuery) {
  assertStaff(actor);
  const filters = { q: query.q || undefined, role: query.role, blocked: query.blocked === undefined ? undefined : query.blocked === 'true', engine: ctx.db.engine };
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countUsers(db, filters), searchUsers(db, filters, query.page_size, offsetOf(query))]);
  return { count, results: rows.map(toStaffUser) };
}

export async function userForStaff(ctx: AppContext, actor: Actor, id: number): Promise<StaffUserRow> {
  assertStaff(actor);
  const row = await findUserForStaff(ctx.db.kysely, id);
  if (!row) throw new NotFound('User');
  return row;
}

/** Staff block readers; only a superuser blocks staff; no one blocks a superuser or themselves here. */
function assertMayChange(actor: Actor, target: StaffUserRow, what: string): void {
  if (target.id === actor.id) throw new Conflict(`You cannot ${what} your own account.`);
  if (target.role === 'superuser') throw new Forbidden(`A superuser cannot be ${what}ed here.`);
  if (target.role === 'staff' && actor.role !== 'superuser') throw new Forbidden(`Only a superuser may ${what} staff.`);
}

/**
 * Blocks an account: it can no longer log in or refresh (both refuse an inactive account), every bearer token
 * of it fails on its next call (the caller is read from the database on each call), and its sessions end at
 * once in every process (`revokeAllSessions` tells them through `ctx.events.sessionsEnded`).
 */
export async function blockUser(ctx: AppContext, actor: Actor, id: number, reason: string): Promise<StaffUser> {
  const target = await userForStaff(ctx, actor, id);
  assertMayChange(actor, target, 'block');
  if (!(await blockRow(ctx.db.kysely, id, { reason, by: actor.id, at: nowIso() }))) throw new Conflict('This account is blocked already.');
  await revokeAllSessions(ctx, id);
  return toStaffUser((await findUserForStaff(ctx.db.kysely, id))!);
}

export async function unblockUser(ctx: AppContext, actor: Actor, id: number): Promise<StaffUser> {
  const target = await userForStaff(ctx, actor, id);
  assertMayChange(actor, target, 'unblock');
  if (!(await unblockRow(ctx.db.kysely, id, nowIso()))) throw new Conflict('This account is not blocked.');
  return toStaffUser((await findUserForStaff(ctx.db.kysely, id))!);
}

/** A superuser makes an account staff or takes it back; the role is read on every call, so it holds at once. */
export async function changeRole(ctx: AppContext, actor: Actor, id: number, role: 'user' | 'staff'): Promise<StaffUser> {
  if (actor.role !== 'superuser') throw new Forbidden('Only a superuser may change who is staff.');
  const target = await userForStaff(ctx, actor, id);
  if (target.id === actor.id) throw new Conflict('You cannot change your own role.');
  if (target.role === 'superuser') throw Invalid.field('role', 'A superuser keeps that role.');
  if (role === 'staff' && target.is_active === 0) throw Invalid.field('role', 'Unblock the account first.');
  await setRole(ctx.db.kysely, id, role, nowIso());
  return toStaffUser((await findUserForStaff(ctx.db.kysely, id))!);
}
