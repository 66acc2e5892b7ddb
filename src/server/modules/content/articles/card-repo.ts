import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SelectQueryNode } from 'kysely';
import type { ArticleCard } from '../../../../shared/api/content.js';
import type { ArticlesTable, Database } from '../../../db/types.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { namesIn, type NamedRow } from '../../../platform/translations.js';

/*
 * Article cards: the columns a card reads and how its references (author, category, tags, topics) are read
 * with it. Every card list reads through `readCards`; the lists themselves are in list-repo.ts.
 */

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
  'articles.access_plan_id',
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
  | 'title' | 'slug' | 'summary' | 'cover' | 'author_id' | 'category_id' | 'access' | 'access_plan_id' | 'free_read' | 'is_hot'
  | 'language' | 'status' | 'reading_time' | 'view_count' | 'published_at' | 'updated_at'
> & { id: number };

export const onPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

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
