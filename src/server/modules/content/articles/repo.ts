import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SelectQueryNode, type Updateable } from 'kysely';
import type { ArticleCard } from '../../../../shared/api/content.js';
import type { ArticlesTable, Database, NewArticle } from '../../../db/types.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { publicCount, type CountKind } from '../counts-repo.js';
import { namesIn, type NamedRow } from '../../../platform/translations.js';

/** Columns of a card: everything but the body. */
export const cardColumns = [
  'articles.id',
  'articles.title',
  'articles.slug',
  'articles.summary',
  'articles.cover',
  'articles.author_id',
  'articles.category_id',
  'articles.access',
  'articles.free_read',
  'articles.is_hot',
  'articles.language',
  'articles.status',
  'articles.reading_time',
  'articles.view_count',
  'articles.published_at',
  'articles.updated_at',
] as const;

export type CardRow = Pick<
  ArticlesTable,
  | 'title' | 'slug' | 'summary' | 'cover' | 'author_id' | 'category_id' | 'access' | 'free_read' | 'is_hot'
  | 'language' | 'status' | 'reading_time' | 'view_count' | 'published_at' | 'updated_at'
> & { id: number };

export interface ArticleFilters {
  category?: number;
  tag?: number;
  topic?: number;
  author?: number;
  access?: 'free' | 'premium';
  language?: string;
  hot?: boolean;
  excludeId?: number;
  ids?: number[];
}

type ArticleQuery = SelectQueryBuilder<Database, 'articles', object>;

const onPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

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
 * How a card list is ordered: newest first, most read first, in its topic's order (then newest), or as the
 * caller orders it (cards by id). The rows come back in no particular order from the statement that adds the
 * references, so they are put in this order again here (a page is at most a few hundred rows).
 */
export type CardOrder = 'newest' | 'views' | 'topic' | 'given';

const newestFirst = (a: CardRow, b: CardRow) =>
  a.published_at === b.published_at ? b.id - a.id : (a.published_at ?? '') < (b.published_at ?? '') ? 1 : -1;
const orders: Record<Exclude<CardOrder, 'given'>, (a: CardRow & { position?: number }, b: CardRow & { position?: number }) => number> = {
  newest: newestFirst,
  views: (a, b) => (a.view_count === b.view_count ? b.id - a.id : b.view_count - a.view_count),
  topic: (a, b) => (a.position ?? 0) - (b.position ?? 0) || newestFirst(a, b),
};

/** A query of card rows (with whatever other columns its caller reads, such as a count), not yet run. */
export interface CardRowsQuery<R extends CardRow> {
  execute(): Promise<R[]>;
  toOperationNode(): SelectQueryNode;
}

/** A card row as read, with its card (author, category, tags and topics resolved, names in the reader's language). */
export interface CardRead<R extends CardRow = CardRow> {
  row: R;
  card: ArticleCard;
}

/** A tag or topic of a card as `withRefs` returns it: id, default name, translations. */
type RefTuple = [number, string, string | null];

/** What `withRefs` adds to each card row. */
interface RefColumns {
  author_name: string | null;
  author_username: string | null;
  author_avatar: string | null;
  category_name: string | null;
  category_slug: string | null;
  category_translations: string | null;
  /** JSON arrays (pg parses them), null for none. */
  tag_refs: RefTuple[] | null;
  topic_refs: RefTuple[] | null;
}

/**
 * Whether a card list reads its references in the statement that reads its rows. On PostgreSQL every
 * statement is a round trip, which costs more than the JSON the references come back as. On SQLite a
 * statement costs no round trip, and the same statement there (`json_group_array`) measured no faster on a
 * page of twelve and about twice as slow on an uncached timeline page (a few hundred cards), so SQLite reads
 * the rows and then their references (`cardRefs`).
 */
const refsInRowStatement = onPostgres;

/**
 * The rows of `rows` with their references, as one statement: the page is a materialised CTE (planned as
 * the list alone would be: its index walk and LIMIT), each row's author and category joined by primary key,
 * and the page's tags (by name) and topics (by sort order, then name) grouped per article as JSON arrays,
 * read through the link tables' article indexes for the page's ids only (`= any(array(...))`: with `in
 * (select ...)` the planner hashed the page and scanned the whole topic links table). Grouping the page's
 * links once measured faster than a correlated subquery per row on a timeline page of a few hundred cards,
 * and the same on a page of twelve.
 */
function withRefs<R extends CardRow>(rows: CardRowsQuery<R>) {
  const list = (order: RawBuilder<unknown>) => sql`json_agg(json_build_array(t.id, t.name, t.translations) order by ${order})`;
  return sql<R & RefColumns>`with p as materialized (select * from ${rows} as q)
    select p.*, u.display_name as author_name, u.username as author_username, u.avatar as author_avatar,
      c.name as category_name, c.slug as category_slug, c.translations as category_translations, tg.refs as tag_refs, tp.refs as topic_refs
    from p left join users u on u.id = p.author_id left join categories c on c.id = p.category_id
    left join (select l.article_id, ${list(sql`t.name`)} as refs from article_tags l inner join tags t on t.id = l.tag_id
      where l.article_id = any(array(select id from p)) group by l.article_id) tg on tg.article_id = p.id
    left join (select l.article_id, ${list(sql`t.sort_order, t.name`)} as refs from topic_articles l inner join topics t on t.id = l.topic_id
      where l.article_id = any(array(select id from p)) group by l.article_id) tp on tp.article_id = p.id`;
}

const refTuples = (value: RefTuple[] | null): NamedRow[] => (value ?? []).map(([id, name, translations]) => ({ id, name, translations }));

/**
 * Card rows and their cards, in `order`: on PostgreSQL in one statement (`withRefs`), on SQLite the rows
 * and then their references (`hydrateCards`). Every card list reads through here.
 */
export async function readCards<R extends CardRow>(db: Kysely<Database>, rows: CardRowsQuery<R>, order: CardOrder, lang?: Language): Promise<CardRead<R>[]> {
  const sorted = <T extends CardRow>(read: T[]) => (order === 'given' ? read : read.sort(orders[order]));
  if (!refsInRowStatement(db)) {
    const read = sorted(await rows.execute());
    const cards = await hydrateCards(db, read, lang);
    return read.map((row, i) => ({ row, card: cards[i]! }));
  }
  const { rows: read } = await withRefs(rows).execute(db);
  const names = cardNames(lang);
  return sorted(read).map((r) => ({
    row: r,
    card: cardOf(
      r,
      r.author_username === null ? undefined : { display_name: r.author_name ?? '', username: r.author_username, avatar: r.author_avatar },
      r.category_id === null || r.category_name === null ? undefined : { id: r.category_id, name: r.category_name, slug: r.category_slug ?? '', translations: r.category_translations },
      refTuples(r.tag_refs),
      refTuples(r.topic_refs),
      names,
    ),
  }));
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

/** What reading an article needs: its card columns and its HTML (not the Markdown and plain-text copies of the body). */
export type ArticleReadRow = CardRow & { content_html: string };

export function findArticle(db: Kysely<Database>, id: number): Promise<ArticleReadRow | undefined> {
  return db.selectFrom('articles').select([...cardColumns, 'articles.content_html']).where('articles.id', '=', id).executeTakeFirst();
}

/** An article's reading columns with its card (references in the same statement on PostgreSQL), whatever its status. */
export async function findArticleCard(db: Kysely<Database>, id: number, lang?: Language): Promise<CardRead<ArticleReadRow> | undefined> {
  const [read] = await readCards(db, db.selectFrom('articles').select([...cardColumns, 'articles.content_html']).where('articles.id', '=', id), 'given', lang);
  return read;
}

export function findArticleBySlug(db: Kysely<Database>, slug: string) {
  return db.selectFrom('articles').select(['id']).where('slug', '=', slug).executeTakeFirst();
}

/** A row of `cardRefs`: an author, category, tag or topic (`kind`), with the card it belongs to for tags and topics. */
interface CardRefRow {
  kind: 'author' | 'category' | 'tag' | 'topic';
  id: number;
  article_id: number;
  name: string;
  slug: string | null;
  avatar: string | null;
  translations: string | null;
  sort: number;
}

/**
 * The author, category, tag and topic rows of cards, read as one statement: the four lookups joined with
 * UNION ALL into rows of one shape (`kind` tells them apart), so a card list costs one round trip here
 * instead of four. Tags come by name, topics by their sort order (then name). Written as SQL text: it
 * compiles in a fraction of the time the query builder takes for a union of this size.
 */
async function cardRefs(db: Kysely<Database>, ids: number[], authorIds: number[], categoryIds: number[]) {
  const list = (values: number[]) => sql.join(values.map((v) => sql`${v}`));
  const categories = categoryIds.length
    ? sql` union all select 'category', c.id, 0, c.name, c.slug, null, c.translations, 0 from categories c where c.id in (${list(categoryIds)})`
    : sql``;
  const { rows } = await sql<CardRefRow>`select 'author' as kind, u.id, 0 as article_id, u.display_name as name, u.username as slug, u.avatar as avatar, null as translations, 0 as sort from users u where u.id in (${list(authorIds)})
    union all select 'tag', t.id, l.article_id, t.name, null, null, t.translations, 0 from article_tags l inner join tags t on t.id = l.tag_id where l.article_id in (${list(ids)})
    union all select 'topic', t.id, l.article_id, t.name, null, null, t.translations, t.sort_order from topic_articles l inner join topics t on t.id = l.topic_id where l.article_id in (${list(ids)})${categories}
    order by kind, sort, name`.execute(db);
  const of = (kind: CardRefRow['kind']) => rows.filter((r) => r.kind === kind);
  return {
    authors: of('author').map((r) => ({ id: r.id, display_name: r.name, username: r.slug ?? '', avatar: r.avatar })),
    categories: of('category').map((r) => ({ id: r.id, name: r.name, slug: r.slug ?? '', translations: r.translations })),
    tags: of('tag').map((r) => ({ article_id: r.article_id, id: r.id, name: r.name, translations: r.translations })),
    topics: of('topic').map((r) => ({ article_id: r.article_id, id: r.id, name: r.name, translations: r.translations })),
  };
}

/** Category, tag and topic names in `lang` (without it, the default-language names), each row's translations parsed once per list. */
function cardNames(lang: Language | undefined) {
  return { category: namesIn(lang), tag: namesIn(lang), topic: namesIn(lang) };
}

/** A card from its row and its references; an author without a display name shows the username. */
function cardOf(
  r: CardRow,
  author: { display_name: string; username: string; avatar: string | null } | undefined,
  category: (NamedRow & { slug: string }) | undefined,
  tags: NamedRow[],
  topics: NamedRow[],
  names: ReturnType<typeof cardNames>,
): ArticleCard {
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    summary: r.summary,
    cover: r.cover,
    author: { id: r.author_id, display_name: author ? author.display_name || author.username : '', avatar: author?.avatar ?? null },
    category: category ? { id: category.id, name: names.category(category), slug: category.slug } : null,
    tags: tags.map((t) => ({ id: t.id, name: names.tag(t) })),
    topics: topics.map((t) => ({ id: t.id, name: names.topic(t) })),
    published_at: r.published_at,
    updated_at: r.updated_at,
    access: r.access,
    free_read: Boolean(r.free_read),
    is_hot: Boolean(r.is_hot),
    language: r.language,
    reading_time: r.reading_time,
    view_count: r.view_count,
  };
}

/**
 * Author, category, tags and topics of cards already read, in one query; category, tag and topic names in
 * `lang` (without it, the default-language names), from the translations the same query reads.
 */
export async function hydrateCards(db: Kysely<Database>, rows: CardRow[], lang?: Language): Promise<ArticleCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const authorIds = [...new Set(rows.map((r) => r.author_id))];
  const categoryIds = [...new Set(rows.map((r) => r.category_id).filter((c): c is number => c !== null))];
  const { authors, categories, tags, topics } = await cardRefs(db, ids, authorIds, categoryIds);
  const authorById = new Map(authors.map((a) => [a.id, a]));
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const names = cardNames(lang);
  return rows.map((r) =>
    cardOf(
      r,
      authorById.get(r.author_id),
      r.category_id === null ? undefined : categoryById.get(r.category_id),
      tags.filter((t) => t.article_id === r.id),
      topics.filter((t) => t.article_id === r.id),
      names,
    ),
  );
}

/** Every counted article (published, with a date) with its category and date, and every tag link: what related lists are computed from. */
export async function relatedSource(db: Kysely<Database>) {
  const [articles, links] = await Promise.all([
    db
      .selectFrom('articles')
      .select(['id', 'category_id', 'published_at'])
      .where('status', '=', 'published')
      .where('published_at', 'is not', null)
      .execute(),
    db.selectFrom('article_tags').select(['article_id', 'tag_id']).execute(),
  ]);
  return { articles: articles as { id: number; category_id: number | null; published_at: string }[], links };
}

/** What deciding access to an article needs, with its title: no body, no references. */
export function findArticleAccessHead(db: Kysely<Database>, id: number) {
  return db.selectFrom('articles').select(['id', 'title', 'status', 'published_at', 'access', 'free_read']).where('id', '=', id).executeTakeFirst();
}

/** The columns the related list of an article needs: whether it is public, and its category. */
export function findArticleHead(db: Kysely<Database>, id: number) {
  return db.selectFrom('articles').select(['id', 'status', 'published_at', 'category_id']).where('id', '=', id).executeTakeFirst();
}

export async function addViews(db: Kysely<Database>, counts: Map<number, number>): Promise<void> {
  for (const [id, n] of counts) {
    await db.updateTable('articles').set({ view_count: sql`view_count + ${n}` }).where('id', '=', id).execute();
  }
}

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export async function insertArticle(db: Kysely<Database>, values: NewArticle, tagIds: number[], topicIds: number[]): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = await trx.insertInto('articles').values(values).returning('id').executeTakeFirstOrThrow();
    await replaceArticleTags(trx, row.id, tagIds);
    await replaceArticleTopics(trx, row.id, topicIds);
    return row.id;
  });
}

/** Changes the article's columns and, when given, replaces its tags or topics, in one transaction. */
export async function updateArticleRow(
  db: Kysely<Database>,
  id: number,
  values: Updateable<ArticlesTable>,
  tagIds: number[] | undefined,
  topicIds: number[] | undefined,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.updateTable('articles').set(values).where('id', '=', id).execute();
    if (tagIds) await replaceArticleTags(trx, id, tagIds);
    if (topicIds) await replaceArticleTopics(trx, id, topicIds);
  });
}

export async function deleteArticleRow(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function replaceArticleTags(db: Kysely<Database>, articleId: number, tagIds: number[]): Promise<void> {
  await db.deleteFrom('article_tags').where('article_id', '=', articleId).execute();
  if (tagIds.length) await db.insertInto('article_tags').values(tagIds.map((tag_id) => ({ article_id: articleId, tag_id }))).execute();
}

export async function replaceArticleTopics(db: Kysely<Database>, articleId: number, topicIds: number[]): Promise<void> {
  await db.deleteFrom('topic_articles').where('article_id', '=', articleId).execute();
  if (topicIds.length) {
    await db.insertInto('topic_articles').values(topicIds.map((topic_id) => ({ topic_id, article_id: articleId, position: 0 }))).execute();
  }
}

export async function existingIds(db: Kysely<Database>, table: 'tags' | 'topics' | 'categories' | 'users', ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Drafts, and published articles whose time is still to come (`scheduled`): what no public list shows. */
function unpublished(db: Kysely<Database>, now: string, status: 'draft' | 'scheduled' | undefined) {
  return db.selectFrom('articles').where((eb) => {
    const draft = eb('articles.status', '=', 'draft');
    const scheduled = eb.and([eb('articles.status', '=', 'published'), eb('articles.published_at', '>', now)]);
    return status === 'draft' ? draft : status === 'scheduled' ? scheduled : eb.or([draft, scheduled]);
  });
}

export async function countUnpublished(db: Kysely<Database>, now: string, status?: 'draft' | 'scheduled'): Promise<number> {
  const row = await unpublished(db, now, status).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest change first, with the author's name. */
export function listUnpublished(db: Kysely<Database>, now: string, status: 'draft' | 'scheduled' | undefined, limit: number, offset: number) {
  return unpublished(db, now, status)
    .leftJoin('users', 'users.id', 'articles.author_id')
    .select(['articles.id', 'articles.title', 'articles.slug', 'articles.status', 'articles.published_at', 'articles.updated_at', 'articles.access', 'articles.author_id', 'users.display_name', 'users.username'])
    .orderBy('articles.updated_at', 'desc')
    .orderBy('articles.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Articles (any status) that show this picture: as their cover or in their text. `url` is a library picture's. */
export function articlesShowingPicture(db: Kysely<Database>, url: string) {
  return db
    .selectFrom('articles')
    .select(['id', 'title'])
    .where((eb) => eb.or([eb('cover', '=', url), eb('body_markdown', 'like', `%${url}%`)]))
    .orderBy('id')
    .limit(20)
    .execute();
}
