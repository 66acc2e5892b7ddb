import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** SQL of the metered-paywall ledger. Every function takes `db` or a transaction. */

export async function insertRead(db: Kysely<Database>, month: string, subject: string, articleId: number, at: string): Promise<boolean> {
  const row = await db
    .insertInto('meter_reads')
    .values({ month, subject, article_id: articleId, created_at: at })
    .onConflict((oc) => oc.columns(['month', 'subject', 'article_id']).doNothing())
    .returning('article_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasRead(db: Kysely<Database>, month: string, subject: string, articleId: number): Promise<boolean> {
  const row = await db
    .selectFrom('meter_reads')
    .select('article_id')
    .where('month', '=', month)
    .where('subject', '=', subject)
    .where('article_id', '=', articleId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function readArticleIds(db: Kysely<Database>, month: string, subject: string): Promise<number[]> {
  const rows = await db.selectFrom('meter_reads').select('article_id').where('month', '=', month).where('subject', '=', subject).execute();
  return rows.map((r) => r.article_id);
}

export async function countOf(db: Kysely<Database>, month: string, subject: string): Promise<number> {
  const row = await db.selectFrom('meter_counts').select('n').where('month', '=', month).where('subject', '=', subject).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Adds one to the count if it is below `limit`; false when it is not. Atomic on both engines. */
export async function takeOne(db: Kysely<Database>, month: string, subject: string, limit: number): Promise<boolean> {
  await db
    .insertInto('meter_counts')
    .values({ month, subject, n: 0 })
    .onConflict((oc) => oc.columns(['month', 'subject']).doNothing())
    .execute();
  const result = await db
    .updateTable('meter_counts')
    .set((eb) => ({ n: eb('n', '+', 1) }))
    .where('month', '=', month)
    .where('subject', '=', subject)
    .where('n', '<', limit)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function addToCount(db: Kysely<Database>, month: string, subject: string, amount: number): Promise<void> {
  await db
    .insertInto('meter_counts')
    .values({ month, subject, n: amount })
    .onConflict((oc) => oc.columns(['month', 'subject']).doUpdateSet((eb) => ({ n: eb('meter_counts.n', '+', amount) })))
    .execute();
}

/** Drops the ledger of months before `month` (`yyyy-mm`). */
export async function pruneBefore(db: Kysely<Database>, month: string): Promise<void> {
  await db.deleteFrom('meter_reads').where('month', '<', month).execute();
  await db.deleteFrom('meter_counts').where('month', '<', month).execute();
}
