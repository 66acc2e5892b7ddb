import type { Generated, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/types.js';

/** One-time codes, stored as keyed hashes; the newest code of a (channel, destination, action) counts. */
export interface VerificationCodesTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  destination: string;
  action: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

export type CodeRow = Selectable<VerificationCodesTable>;
type CodesDb = Kysely<Database & { verification_codes: VerificationCodesTable }>;
export const codeTables = (db: Kysely<Database>): CodesDb => db.withTables<{ verification_codes: VerificationCodesTable }>();

export interface CodeKey {
  channel: 'sms' | 'email';
  destination: string;
  action: string;
}

export async function insertCode(db: Kysely<Database>, key: CodeKey, codeHash: string, expiresAt: string, now: string): Promise<number> {
  // Codes dead for a day are of no use to anyone; drop them as new ones arrive.
  await codeTables(db)
    .deleteFrom('verification_codes')
    .where('expires_at', '<', new Date(Date.parse(now) - 24 * 3600_000).toISOString())
    .execute();
  const row = await codeTables(db)
    .insertInto('verification_codes')
    .values({ ...key, code_hash: codeHash, attempts: 0, expires_at: expiresAt, consumed_at: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteCode(db: Kysely<Database>, id: number): Promise<void> {
  await codeTables(db).deleteFrom('verification_codes').where('id', '=', id).execute();
}

export function latestCode(db: Kysely<Database>, key: CodeKey): Promise<CodeRow | undefined> {
  return codeTables(db)
    .selectFrom('verification_codes')
    .selectAll()
    .where('channel', '=', key.channel)
    .where('destination', '=', key.destination)
    .where('action', '=', key.action)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts one try, unless the code is used up or already consumed; false when no try is left. */
export async function countTry(db: Kysely<Database>, id: number, maxTries: number): Promise<boolean> {
  const result = await codeTables(db)
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxTries)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the code consumed, only if nobody did first. */
export async function markConsumed(db: Kysely<Database>, id: number, at: string): Promise<boolean> {
  const result = await codeTables(db)
    .updateTable('verification_codes')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteCodesFor(db: Kysely<Database>, destinations: string[]): Promise<void> {
  if (destinations.length === 0) return;
  await codeTables(db).deleteFrom('verification_codes').where('destination', 'in', destinations).execute();
}
