import type { Kysely, Selectable } from 'kysely';
import type { Database, RefreshTokensTable } from '../../db/types.js';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

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

export async function revokeFamily(db: Kysely<Database>, family: string, at: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: at }).where('family', '=', family).where('revoked_at', 'is', null).execute();
}

export async function revokeAllForUser(db: Kysely<Database>, userId: number, at: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
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
