import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/types.js';

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Usernames are unique whatever their case (`valueTaken`), so a login matches them the same way, on the
 * `lower(username)` index (migration 0026); e-mail is stored lower-cased. An exact username comes first.
 */
export function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  // Both sides lowered by the database, so a name it does not lower (SQLite lowers ASCII only) still matches exactly.
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(${sql.ref('username')})`, '=', sql`lower(cast(${login} as text))`), eb('email', '=', login.toLowerCase())]))
    .orderBy(sql`case when ${sql.ref('username')} = ${login} then 0 else 1 end`)
    .limit(1)
    .executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** The account with any of these spellings of one mobile number (the oldest, should two hold one each). */
export function findUserByMobile(db: Kysely<Database>, spellings: string[]): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('mobile', 'in', spellings).orderBy('id').limit(1).executeTakeFirst();
}

/** Does an account other than `exceptId` hold any of these spellings of one mobile number? */
export async function mobileHeld(db: Kysely<Database>, spellings: string[], exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('mobile', 'in', spellings);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** Is `column` (compared case-insensitively) used by an account other than `exceptId`? */
export async function valueTaken(
  db: Kysely<Database>,
  column: 'username' | 'email' | 'display_name' | 'mobile',
  value: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(${sql.ref(column)})`, '=', value.toLowerCase());
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Kysely<Database>, id: number, patch: UserUpdate): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

/** Sets a password only if the stored hash is still `expected`, so two racing changes cannot both win. */
export async function replacePasswordHash(db: Kysely<Database>, id: number, expected: string | null, hash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ password_hash: hash, updated_at: at })
    .where('id', '=', id)
    .where('password_hash', expected === null ? 'is' : '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteUserRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function countUsersWithAvatar(db: Kysely<Database>, avatar: string): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('avatar', '=', avatar).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findUsersByIds(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'display_name', 'username', 'avatar', 'description']).where('id', 'in', ids).execute();
}

/** Per-user feed tokens: the token is derived from `nonce` with the secret key; only its hash is looked up. */
export interface RssTokensTable {
  user_id: number;
  nonce: string;
  token_hash: string;
  created_at: string;
}
export type RssTokenRow = Selectable<RssTokensTable>;
const rssTables = (db: Kysely<Database>) => db.withTables<{ rss_tokens: RssTokensTable }>();

export function findRssToken(db: Kysely<Database>, userId: number): Promise<RssTokenRow | undefined> {
  return rssTables(db).selectFrom('rss_tokens').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findRssTokenByHash(db: Kysely<Database>, tokenHash: string): Promise<RssTokenRow | undefined> {
  return rssTables(db).selectFrom('rss_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function saveRssToken(db: Kysely<Database>, row: RssTokenRow): Promise<void> {
  await rssTables(db)
    .insertInto('rss_tokens')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ nonce: row.nonce, token_hash: row.token_hash, created_at: row.created_at }))
    .execute();
}
