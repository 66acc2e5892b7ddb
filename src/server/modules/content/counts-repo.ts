import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * Published-article counts, read from `article_counts` (kept by database triggers in the same transaction
 * as every article, tag link and topic link write; see migration 0007).
 *
 * The stored figure counts every published article with a date, scheduled ones included; the few whose
 * `published_at` is still in the future are subtracted here with an indexed range query (usually over no
 * rows at all), so the answer is exact at every instant.
 */
export type CountKind = 'all' | 'category' | 'tag' | 'topic' | 'author';

type Ref = Expression<number> | number;

/** The time to count at: a value, or an expression (a card list passes `now` as a subselect on PostgreSQL, see `nowOf` in articles/list-repo.ts). */
type Now = Expression<string> | string;

const refSql = (ref: Ref) => (typeof ref === 'number' ? sql`${ref}` : ref);

function scheduled(kind: CountKind, ref: Ref, now: Now): RawBuilder<unknown> {
  const r = refSql(ref);
  // The upper bound changes no answer (every date is an ISO text before '9999'); it is for PostgreSQL's planner.
  // A card list hides `now` in a subselect (`nowOf`), and for a lone `> unknown` the planner guesses a third of
  // the table and scans all of it (5 ms at 10,000 articles); a range with an unknown end is guessed at 0.5%,
  // so the index is read, and the guess is the same for the statement's generic and custom plans.
  const base = sql`select count(*) from articles where articles.status = 'published' and articles.published_at > ${now} and articles.published_at < '9999'`;
  switch (kind) {
    case 'all':
      return base;
    case 'category':
      return sql`${base} and articles.category_id = ${r}`;
    case 'author':
      return sql`${base} and articles.author_id = ${r}`;
    case 'tag':
      return sql`${base} and exists (select 1 from article_tags l where l.article_id = articles.id and l.tag_id = ${r})`;
    case 'topic':
      return sql`${base} and exists (select 1 from topic_articles l where l.article_id = articles.id and l.topic_id = ${r})`;
  }
}

/**
 * The number of published, already public articles of `ref` (a column such as `categories.id`, or an
 * id), as an expression to select. A string on PostgreSQL (bigint); convert with Number().
 */
export function publicCount(kind: CountKind, ref: Ref, now: Now): RawBuilder<number | string> {
  const stored = sql`select c.n from article_counts c where c.kind = ${sql.lit(kind)} and c.ref_id = ${refSql(ref)}`;
  return sql<number | string>`(coalesce((${stored}), 0) - (${scheduled(kind, ref, now)}))`;
}

/** The number of published, already public articles of one category, tag, topic or author, or of all (`ref` 0). */
export async function countPublic(db: Kysely<Database>, kind: CountKind, ref: number, now: string): Promise<number> {
  const row = await db.selectNoFrom(publicCount(kind, ref, now).as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Published, already public articles per month (`YYYY-MM`, UTC), newest month first; months without any are
 * left out. One statement: the stored counts and, as negative counts under the same key (yyyymm), the
 * scheduled articles per month, which an indexed range query finds (usually none).
 */
export async function publicMonths(db: Kysely<Database>, now: string): Promise<{ month: string; count: number }[]> {
  const key = sql`cast(substr(articles.published_at, 1, 4) || substr(articles.published_at, 6, 2) as integer)`;
  const { rows } = await sql<{ ref_id: number; n: number | string }>`select ref_id, n from article_counts where kind = 'month' and n > 0
    union all select ${key}, -count(*) from articles where articles.status = 'published' and articles.published_at > ${now} group by ${key}`.execute(db);
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.ref_id, (counts.get(row.ref_id) ?? 0) + Number(row.n));
  return [...counts]
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => b - a)
    .map(([ref, n]) => ({ month: `${String(Math.floor(ref / 100)).padStart(4, '0')}-${String(ref % 100).padStart(2, '0')}`, count: n }));
}
