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

/** Which of the subjects have read the article this month. */
export async function readersOf(db: Kysely<Database>, month: string, subjects: string[], articleId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('meter_reads')
    .select('subject')
    .where('month', '=', month)
    .where('subject', 'in', subjects)
    .where('article_id', '=', articleId)
    .execute();
  return new Set(rows.map((r) => r.subject));
}

export async function readArticleIds(db: Kysely<Database>, month: string, subject: string): Promise<number[]> {
  const rows = await db.selectFrom('meter_reads').select('article_id').where('month', '=', month).where('subject', '=', subject).execute();
  return rows.map((r) => r.article_id);
}

export async function countOf(db: Kysely<Database>, month: string, subject: string): Promise<number> {
  const row = await db.selectFrom('meter_counts').select('n').where('month', '=', month).where('subject', '=', subject).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Adds one to the count if it is below `limit`, in one statement (a first read creates the row at 1);
 * the new count, or null when the count was at the limit. Atomic on both engines.
 */
export async function takeOne(db: Kysely<Database>, month: string, subject: string, limit: number): Promise<number | null> {
  if (limit <= 0) return null;
  const row = await db
    .insertInto('meter_counts')
    .values({ month, subject, n: 1 })
    .onConflict((oc) =>
      oc
        .columns(['month', 'subject'])
        .doUpdateSet((eb) => ({ n: eb('meter_counts.n', '+', 1) }))
        .where('meter_counts.n', '<', limit),
    )
    .returning('n')
    .executeTakeFirst();
  return row === undefined ? null : Number(row.n);
}

/** This month's counts of the given subjects, by subject (a subject without a row is absent). */
export async function countsOf(db: Kysely<Database>, month: string, subjects: string[]): Promise<Map<string, number>> {
  const rows = await db.selectFrom('meter_counts').select(['subject', 'n']).where('month', '=', month).where('subject', 'in', subjects).execute();
  return new Map(rows.map((r) => [r.subject, Number(r.n)]));
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
