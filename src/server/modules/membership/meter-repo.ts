import { sql, type Kysely } from 'kysely';
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

/**
 * Records that each subject opened the article this month, in one statement; the subjects for which this
 * was new (an article already opened by a subject costs it nothing again). Written as SQL rather than with
 * the query builder: this runs for every metered read, and the builder's work is a fair share of its cost.
 */
export async function insertReads(db: Kysely<Database>, month: string, subjects: string[], articleId: number, at: string): Promise<Set<string>> {
  const rows = sql.join(subjects.map((subject) => sql`(${month}, ${subject}, ${articleId}, ${at})`));
  const { rows: fresh } = await sql<{ subject: string }>`
    insert into meter_reads (month, subject, article_id, created_at) values ${rows}
    on conflict (month, subject, article_id) do nothing
    returning subject`.execute(db);
  return new Set(fresh.map((r) => r.subject));
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
 * Adds one to each subject's count that is below its limit, in one statement (a first read creates the row
 * at 1); the new counts by subject. A subject absent from the answer was at its limit. Atomic on both engines.
 * Every limit must be above 0. SQL rather than the builder, as `insertReads`.
 */
export async function takeOnes(db: Kysely<Database>, month: string, limits: Map<string, number>): Promise<Map<string, number>> {
  const subjects = [...limits.keys()];
  if (subjects.length === 0) return new Map();
  const rows = sql.join(subjects.map((subject) => sql`(${month}, ${subject}, 1)`));
  const limitOf = sql.join(
    subjects.map((subject) => sql`when meter_counts.subject = ${subject} then ${limits.get(subject)}`),
    sql` `,
  );
  const { rows: taken } = await sql<{ subject: string; n: number | string }>`
    insert into meter_counts (month, subject, n) values ${rows}
    on conflict (month, subject) do update set n = meter_counts.n + 1
    where meter_counts.n < case ${limitOf} else 0 end
    returning subject, n`.execute(db);
  return new Map(taken.map((r) => [r.subject, Number(r.n)]));
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
