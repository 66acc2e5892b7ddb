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

const refSql = (ref: Ref) => (typeof ref === 'number' ? sql`${ref}` : ref);

function scheduled(kind: CountKind, ref: Ref, now: string): RawBuilder<unknown> {
  const r = refSql(ref);
  const base = sql`select count(*) from articles where articles.status = 'published' and articles.published_at > ${now}`;
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
export function publicCount(kind: CountKind, ref: Ref, now: string): RawBuilder<number | string> {
  const stored = sql`select c.n from article_counts c where c.kind = ${kind} and c.ref_id = ${refSql(ref)}`;
  return sql<number | string>`(coalesce((${stored}), 0) - (${scheduled(kind, ref, now)}))`;
}

/** The number of published, already public articles of one category, tag, topic or author, or of all (`ref` 0). */
export async function countPublic(db: Kysely<Database>, kind: CountKind, ref: number, now: string): Promise<number> {
  const row = await db.selectNoFrom(publicCount(kind, ref, now).as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Published, already public articles per month (`YYYY-MM`, UTC), newest month first; months without any are left out. */
export async function publicMonths(db: Kysely<Database>, now: string): Promise<{ month: string; count: number }[]> {
  const [stored, future] = await Promise.all([
    db.selectFrom('article_counts').select(['ref_id', 'n']).where('kind', '=', 'month').where('n', '>', 0).execute(),
    db
      .selectFrom('articles')
      .select([sql<string>`substr(articles.published_at, 1, 7)`.as('month'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('articles.status', '=', 'published')
      .where('articles.published_at', '>', now)
      .groupBy(sql`substr(articles.published_at, 1, 7)`)
      .execute(),
  ]);
  const scheduledIn = new Map(future.map((f) => [f.month, Number(f.n)]));
  return stored
    .map((row) => {
      const month = `${String(Math.floor(row.ref_id / 100)).padStart(4, '0')}-${String(row.ref_id % 100).padStart(2, '0')}`;
      return { month, count: Number(row.n) - (scheduledIn.get(month) ?? 0) };
    })
    .filter((m) => m.count > 0)
    .sort((a, b) => (a.month < b.month ? 1 : a.month > b.month ? -1 : 0));
}
