import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Accepted captcha signatures, kept until the challenge expires so a solution works once. */
export interface CaptchaSpentTable {
  signature: string;
  expires_at: string;
}

export type CaptchaDb = Kysely<Database & { captcha_spent: CaptchaSpentTable }>;
export const captchaTables = (db: Kysely<Database>): CaptchaDb => db.withTables<{ captcha_spent: CaptchaSpentTable }>();

/** Records a signature as spent; false when it already was (a replay). */
export async function markSpent(db: Kysely<Database>, signature: string, expiresAt: string): Promise<boolean> {
  const spent = captchaTables(db);
  await spent.deleteFrom('captcha_spent').where('expires_at', '<', new Date().toISOString()).execute();
  const row = await spent
    .insertInto('captcha_spent')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return row !== undefined;
}
