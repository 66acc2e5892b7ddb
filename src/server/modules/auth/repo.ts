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
