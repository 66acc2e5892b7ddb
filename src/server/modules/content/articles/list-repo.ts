import { sql, type Expression, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Access, ArticleCard } from '../../../../shared/api/content.js';
import type { Database } from '../../../db/types.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { publicCount, type CountKind } from '../counts-repo.js';
import { cardColumns, onPostgres, readCards, type CardRead } from './card-repo.js';

/** The public lists of articles (published, their time come): filters, counts, and pages of cards. */

export interface ArticleFilters {
  category?: number;
  tag?: number;
  topic?: number;
  author?: number;
  access?: Access;
  language?: string;
  hot?: boolean;
  excludeId?: number;
  ids?: number[];
}

type ArticleQuery = SelectQueryBuilder<Database, 'articles', object>;

/**
 * The list statements' constants are written into their text (`status = 'published'`, `is_hot = 1`, the page
 * size), and on PostgreSQL the time they compare with is a subselect, `(select $n)`. A prepared statement is
 * planned for the values at hand at first, and its generic plan (made once per connection) is kept only when
 * PostgreSQL estimates it no dearer (decision 74). Against a parameter it can only guess (a third of the rows
 * for a range, half for a two-valued column, a tenth for a LIMIT), where with the values it knows nearly
 * every article is before now, published and not hot, and twelve are asked: the guess looked dearer, so a
 * card list was planned anew on every call, which cost more than running it. With the constants known and the
 * time unknown to both plans alike they estimate the same, and the generic plan is kept. Only the card lists'
 * statements hide it: a count per catalogue row (the hot tags) planned with a third of the articles scheduled
 * per tag instead of none ran at 250 ms.
 */
const nowOf = (db: Kysely<Database>, now: string) => (onPostgres(db) ? sql<string>`(select ${now})` : now);
const PUBLISHED = sql<'published'>`'published'`;

/** Published and already public (published_at not in the future). */
export function publishedArticles(db: Kysely<Database>, filters: ArticleFilters = {}, now = new Date().toISOString()): ArticleQuery {
  return withFilters(db.selectFrom('articles').where('articles.published_at', '<=', nowOf(db, now)) as ArticleQuery, filters);
}

/**
 * The same articles for a list ordered by views. The date test is written so that no index serves it
 * (`|| ''` keeps its meaning, NULL included): SQLite keeps no statistics and would otherwise choose the
 * date index and sort every published article, where walking a views index stops after the first page.
 */
export function publishedByViews(db: Kysely<Database>, filters: ArticleFilters = {}, now = new Date().toISOString()): ArticleQuery {
  return withFilters(db.selectFrom('articles').where(sql<string>`articles.published_at || ''`, '<=', nowOf(db, now)) as ArticleQuery, filters);
}

function withFilters(query: ArticleQuery, filters: ArticleFilters): ArticleQuery {
  let q = query.where('articles.status', '=', PUBLISHED);
  if (filters.category) q = q.where('articles.category_id', '=', filters.category);
  if (filters.author) q = q.where('articles.author_id', '=', filters.author);
  if (filters.access) q = q.where('articles.access', '=', filters.access);
  if (filters.language) q = q.where('articles.language', '=', filters.language);
  if (filters.hot) q = q.where('articles.is_hot', '=', sql<1>`1`);
  if (filters.excludeId) q = q.where('articles.id', '!=', filters.excludeId);
  if (filters.ids) q = q.where('articles.id', 'in', filters.ids.length ? filters.ids : [0]);
  if (filters.tag) {
    const tagId = filters.tag;
    q = q.where('articles.id', 'in', (eb) => eb.selectFrom('article_tags').select('article_id').where('tag_id', '=', tagId));
  }
  if (filters.topic) {
    const topicId = filters.topic;
    q = q.where('articles.id', 'in', (eb) => eb.selectFrom('topic_articles').select('article_id').where('topic_id', '=', topicId));
  }
  return q;
}

/**
 * How many published, public articles match, as an expression: a maintained count when the filters are none
 * or one category, tag, topic or author (every public page's list), a count of the rows otherwise.
 */
function publishedCount(db: Kysely<Database>, filters: ArticleFilters, now: string): Expression<number | string> {
  // The same test as the filters' own: a false or zero filter filters nothing.
  const given = (Object.keys(filters) as (keyof ArticleFilters)[]).filter((k) => (k === 'ids' ? filters.ids !== undefined : Boolean(filters[k])));
  if (given.length === 0) return publicCount('all', 0, nowOf(db, now));
  const only = given.length === 1 ? given[0] : undefined;
  if (only === 'category' || only === 'tag' || only === 'topic' || only === 'author') {
    return publicCount(only satisfies CountKind, filters[only]!, nowOf(db, now));
  }
  return sql<number | string>`(${publishedArticles(db, filters, now).select((eb) => eb.fn.countAll<number | string>().as('n'))})`;
}

/** How many published, public articles match (see publishedCount). */
export async function countPublished(db: Kysely<Database>, filters: ArticleFilters, now: string): Promise<number> {
  const row = await db.selectNoFrom(sql<number | string>`${publishedCount(db, filters, now)}`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One page of the newest public cards and how many match. The count rides along as a column of the page
 * (an uncorrelated subquery, evaluated once); a page past the end, which has no row to carry it, counts on its
 * own. Past the first page the ids are found first, from the index alone, and only the page's rows are read
 * (no OFFSET walk over full rows). On PostgreSQL the cards' references come in the same statement.
 */
export async function listNewestCounted(
  db: Kysely<Database>,
  filters: ArticleFilters,
  now: string,
  limit: number,
  offset: number,
  lang?: Language,
): Promise<{ count: number; cards: ArticleCard[] }> {
  const total = sql<number | string>`${publishedCount(db, filters, now)}`.as('total');
  const newest = <Q extends ArticleQuery>(q: Q) => q.orderBy('articles.published_at', 'desc').orderBy('articles.id', 'desc').limit(sql.lit(limit));
  const page =
    offset === 0
      ? newest(publishedArticles(db, filters, now)).select(cardColumns).select(total)
      : // No ORDER BY here: it would lead SQLite to walk the date index past every article for the few ids.
        db
          .selectFrom('articles')
          .select(cardColumns)
          .select(total)
          .where('articles.id', 'in', newest(publishedArticles(db, filters, now)).select('articles.id').offset(offset));
  const read = await readCards(db, page, 'newest', lang);
  if (read.length === 0) return { count: await countPublished(db, filters, now), cards: [] };
  return { count: Number(read[0]!.row.total), cards: read.map((r) => r.card) };
}

/**
 * One page of a topic's public cards, in the topic's order then newest first, and how many it has, in one
 * statement with the references on PostgreSQL (the count rides along as in listNewestCounted). A cross join,
 * because SQLite then walks the topic's links in order (index topic_articles_position) instead of every
 * published article; PostgreSQL plans it as the inner join it is. A page without rows (past the end, or no
 * such topic) has no count.
 */
export async function listInTopicCounted(
  db: Kysely<Database>,
  topicId: number,
  now: string,
  limit: number,
  offset: number,
  lang?: Language,
): Promise<{ count: number; cards: ArticleCard[] } | undefined> {
  const walk = db
    .selectFrom('topic_articles')
    .crossJoin('articles')
    .whereRef('articles.id', '=', 'topic_articles.article_id')
    .where('topic_articles.topic_id', '=', topicId)
    .where('articles.status', '=', PUBLISHED)
    .where('articles.published_at', '<=', nowOf(db, now))
    .select(cardColumns)
    .select(['topic_articles.position', publicCount('topic', topicId, nowOf(db, now)).as('total')])
    .orderBy('topic_articles.position')
    .orderBy('articles.published_at', 'desc')
    .orderBy('articles.id', 'desc')
    .limit(sql.lit(limit));
  // The first page without OFFSET: a generic plan guesses an OFFSET parameter at a tenth of the rows.
  const read = await readCards(db, offset === 0 ? walk : walk.offset(offset), 'topic', lang);
  return read.length ? { count: Number(read[0]!.row.total), cards: read.map((r) => r.card) } : undefined;
}

/** The first `limit` cards of `q` by views (most read first, then the highest id). */
export async function listByViews(db: Kysely<Database>, q: ArticleQuery, limit: number, lang?: Language): Promise<ArticleCard[]> {
  const rows = q.select(cardColumns).orderBy('articles.view_count', 'desc').orderBy('articles.id', 'desc').limit(sql.lit(limit));
  return (await readCards(db, rows, 'views', lang)).map((r) => r.card);
}

/**
 * Card rows of these ids with their cards, whatever their status: a primary-key lookup per id. Filtering by
 * status and date in SQL here would lead SQLite to walk the date index over every published article instead,
 * so callers keep the public ones (and their order) themselves.
 */
export async function readCardsByIds(db: Kysely<Database>, ids: number[], lang?: Language): Promise<CardRead[]> {
  if (ids.length === 0) return [];
  return readCards(db, db.selectFrom('articles').select(cardColumns).where('articles.id', 'in', ids), 'given', lang);
}

/**
 * Each month's newest public cards (months as `YYYY-MM`, UTC), newest first, for every month of a timeline
 * page in one statement: each month's own walk down the date index, stopped at `limit`, joined with UNION
 * ALL (each walk a derived table, as a compound SELECT allows LIMIT on its last part only), so a page of
 * twenty months is one round trip instead of twenty, with the cards' references on PostgreSQL. A walk has
 * exactly one upper bound, the tighter of the month's end and `now`: given both, SQLite bounds its index walk
 * by one of them only, and chose `now`, walking every newer article to reach an old month.
 */
export async function newestCardsOfMonths(
  db: Kysely<Database>,
  months: string[],
  now: string,
  limit: number,
  lang?: Language,
): Promise<Map<string, ArticleCard[]>> {
  const byMonth = new Map(months.map((m) => [m, [] as ArticleCard[]]));
  if (months.length === 0) return byMonth;
  const walk = (month: string, i: number) => {
    // Timestamps are ISO-8601 text: "2024-05" <= every time of May 2024 < "2024-05-32".
    const before = `${month}-32`;
    const q = db.selectFrom('articles').where('articles.status', '=', 'published').where('articles.published_at', '>=', month);
    const bounded = before <= now ? q.where('articles.published_at', '<', before) : q.where('articles.published_at', '<=', now);
    const newest = bounded
      .select(cardColumns)
      .select(sql<string>`cast(${month} as text)`.as('month'))
      .orderBy('articles.published_at', 'desc')
      .orderBy('articles.id', 'desc')
      .limit(limit);
    return db.selectFrom(newest.as(`m${i}`)).selectAll();
  };
  let rows = walk(months[0]!, 0);
  for (let i = 1; i < months.length; i += 1) rows = rows.unionAll(walk(months[i]!, i));
  for (const { row, card } of await readCards(db, rows, 'newest', lang)) byMonth.get(row.month)?.push(card);
  return byMonth;
}
