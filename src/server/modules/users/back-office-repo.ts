import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/connection.js';
import type { Database, UsersTable } from '../../db/types.js';

/** The block's columns (migration 0037) beside the account's own. */
export interface BlockColumns {
  blocked_at: string | null;
  blocked_reason: string;
  blocked_by: number | null;
}
type WithBlock = Omit<Database, 'users'> & { users: UsersTable & BlockColumns };
const blockable = (db: Kysely<Database>) => db as unknown as Kysely<WithBlock>;

export interface UserFilters {
  /** From the start of the username, e-mail or display name (any case); a number also matches the id. */
  q?: string;
  role?: UsersTable['role'];
  blocked?: boolean;
  /** How `q` is matched on an index (migration 0041). */
  engine: Engine;
}

/** `LIKE` with the text taken literally. */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The column starting with the pattern, whatever its ASCII case (as `lower(column)` would on SQLite, whose
 * `lower()` and LIKE fold ASCII only) on SQLite's NOCASE indexes; `lower(column)`, folding any letter, on
 * PostgreSQL's indexes of it in the "C" collation (migration 0041).
 */
function startsWith(engine: Engine, column: 'username' | 'email' | 'display_name', pattern: string) {
  const target = engine === 'postgres' ? sql`lower(${sql.ref(column)}) collate "C"` : sql.ref(column);
  return sql<boolean>`${target} like ${pattern} escape '\\'`;
}

function filtered(db: Kysely<Database>, f: UserFilters) {
  let q = blockable(db).selectFrom('users');
  if (f.role !== undefined) q = q.where('role', '=', f.role);
  if (f.blocked !== undefined) q = q.where('is_active', '=', f.blocked ? 0 : 1);
  if (f.q) {
    const pattern = likePrefix(f.q);
    const id = /^\d{1,9}$/.test(f.q) ? Number(f.q) : null;
    const starts = (column: 'username' | 'email' | 'display_name') => startsWith(f.engine, column, pattern);
    q = q.where((eb) => eb.or([starts('username'), starts('email'), starts('display_name'), ...(id === null ? [] : [eb('id', '=', id)])]));
  }
  return q;
}

const listed = ['id', 'username', 'email', 'display_name', 'role', 'is_active', 'created_at', 'blocked_at', 'blocked_reason'] as const;

/** Newest accounts first, on the primary key (and `users_role` / `users_inactive` for those filters). */
export function searchUsers(db: Kysely<Database>, f: UserFilters, limit: number, offset: number) {
  return filtered(db, f).select(listed).orderBy('id', 'desc').limit(limit).offset(offset).execute();
}
export type ListedUserRow = Awaited<ReturnType<typeof searchUsers>>[number];

export async function countUsers(db: Kysely<Database>, f: UserFilters): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findUserForStaff(db: Kysely<Database>, id: number) {
  return blockable(db)
    .selectFrom('users')
    .select([...listed, 'mobile', 'email_verified', 'blocked_by'])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type StaffUserRow = NonNullable<Awaited<ReturnType<typeof findUserForStaff>>>;

/** Blocks the account if it is active; false when it was blocked already. */
export async function blockRow(db: Kysely<Database>, id: number, values: { reason: string; by: number; at: string }): Promise<boolean> {
  const result = await blockable(db)
    .updateTable('users')
    .set({ is_active: 0, blocked_at: values.at, blocked_reason: values.reason, blocked_by: values.by, updated_at: values.at })
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function unblockRow(db: Kysely<Database>, id: number, at: string): Promise<boolean> {
  const result = await blockable(db)
    .updateTable('users')
    .set({ is_active: 1, blocked_at: null, blocked_reason: '', blocked_by: null, updated_at: at })
    .where('id', '=', id)
    .where('is_active', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setRole(db: Kysely<Database>, id: number, role: 'user' | 'staff', at: string): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: at }).where('id', '=', id).where('role', '<>', 'superuser').execute();
}
