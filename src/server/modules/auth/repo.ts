import type { Kysely, Selectable } from 'kysely';
import type { Database, RefreshTokensTable } from '../../db/types.js';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** One row per login session (a refresh family); access tokens name it in `sid` and die with it. */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  revoked_at: string | null;
}
export type SessionRow = Selectable<SessionsTable>;
const sessionTables = (db: Kysely<Database>) => db.withTables<{ sessions: SessionsTable }>();

export async function insertSession(db: Kysely<Database>, row: SessionRow): Promise<void> {
  await sessionTables(db).insertInto('sessions').values(row).execute();
}

/** The owner of the session if it is live (not revoked, user not deleted). */
export async function findLiveSessionOwner(db: Kysely<Database>, id: string): Promise<number | undefined> {
  const row = await sessionTables(db).selectFrom('sessions').select('user_id').where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return row?.user_id;
}

export function findRefreshToken(db: Kysely<Database>, jti: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('jti', '=', jti).executeTakeFirst();
}

export async function insertRefreshToken(db: Kysely<Database>, row: RefreshTokenRow): Promise<void> {
  await db.insertInto('refresh_tokens').values(row).execute();
}

/** Marks a token used, only if nobody else did first; returns whether this caller won. */
export async function markRefreshTokenUsed(
  db: Kysely<Database>,
  jti: string,
  successorJti: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: at, successor_jti: successorJti })
    .where('jti', '=', jti)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a session: the session row decides, its refresh tokens are marked too. Run in a transaction. */
export async function revokeFamily(db: Kysely<Database>, family: string, at: string): Promise<void> {
  await sessionTables(db).updateTable('sessions').set({ revoked_at: at }).where('id', '=', family).where('revoked_at', 'is', null).execute();
  await db.updateTable('refresh_tokens').set({ revoked_at: at }).where('family', '=', family).where('revoked_at', 'is', null).execute();
}

/** Ends every session of a user; returns the sessions it ended. Run in a transaction. */
export async function revokeAllForUser(db: Kysely<Database>, userId: number, at: string): Promise<string[]> {
  const ended = await sessionTables(db)
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  await db.updateTable('refresh_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  return ended.map((row) => row.id);
}

/** E-mail confirmation keys, stored as keyed hashes; a key confirms the address it was sent to, once. */
export interface EmailConfirmationsTable {
  key_hash: string;
  user_id: number;
  email: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
export type EmailConfirmationRow = Selectable<EmailConfirmationsTable>;
const confirmations = (db: Kysely<Database>) => db.withTables<{ email_confirmations: EmailConfirmationsTable }>();

export async function insertEmailConfirmation(db: Kysely<Database>, row: EmailConfirmationRow): Promise<void> {
  await confirmations(db).deleteFrom('email_confirmations').where('expires_at', '<', row.created_at).execute();
  await confirmations(db).insertInto('email_confirmations').values(row).execute();
}

export function findEmailConfirmation(db: Kysely<Database>, keyHash: string): Promise<EmailConfirmationRow | undefined> {
  return confirmations(db).selectFrom('email_confirmations').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

export async function markEmailConfirmationUsed(db: Kysely<Database>, keyHash: string, at: string): Promise<boolean> {
  const result = await confirmations(db)
    .updateTable('email_confirmations')
    .set({ used_at: at })
    .where('key_hash', '=', keyHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
