import { sql, type AliasedSelectQueryBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Engine } from '../../../db/connection.js';
import type { ArticlesTable, Database } from '../../../db/types.js';
import {
  charLength,
  ftsSubstringExpression,
  ftsWordsExpression,
  likeContains,
  TRIGRAM_MIN,
  tsQueryExpression,
  type SearchPlan,
} from './terms.js';

/** SQLite's FTS5 tables (migrations 0003 and 0004); the hidden column named like the table takes MATCH. */
interface FtsTable {
  rowid: number;
  title: string;
  summary: string;
  body_text: string;
}
type FtsTables = { articles_fts: FtsTable; articles_words: FtsTable };
type SearchDatabase = Database & FtsTables;

export interface SearchFilters {
  category?: number;
  now: string;
}

/** A hit: what the snippet and the access decision need, and its score (higher is better). */
export type SearchRow = Pick<ArticlesTable, 'title' | 'summary' | 'body_text' | 'access' | 'free_read'> & {
  id: number;
  score: number;
};

/** Title counts most, then the summary, then the body. */
const BM25_WEIGHTS = sql.raw('10.0, 4.0, 1.0');
const LIKE_WEIGHTS = { title: 3, summary: 2, body_text: 1 } as const;
type TextColumn = keyof typeof LIKE_WEIGHTS;

function contains(engine: Engine, column: TextColumn, term: string) {
  const ref = sql.ref(`a.${column}`);
  const pattern = likeContains(term);
  // SQLite's LIKE already ignores ASCII case; PostgreSQL needs ILIKE (which the trigram indexes serve).
  return engine === 'postgres' ? sql<SqlBool>`${ref} ilike ${pattern} escape '\\'` : sql<SqlBool>`${ref} like ${pattern} escape '\\'`;
}

const anyColumnContains = (engine: Engine, term: string) =>
  sql<SqlBool>`(${sql.join(
    (Object.keys(LIKE_WEIGHTS) as TextColumn[]).map((c) => contains(engine, c, term)),
    sql` or `,
  )})`;

/** Without an index score, a term found in the title weighs most, then the summary, then the body. */
function likeScore(engine: Engine, terms: string[]): RawBuilder<number> {
  const parts = terms.flatMap((term) =>
    (Object.keys(LIKE_WEIGHTS) as TextColumn[]).map((c) => sql`case when ${contains(engine, c, term)} then ${sql.lit(LIKE_WEIGHTS[c])} else 0 end`),
  );
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

/** The articles that match, as (id, score), whatever the engine and query mode. */
function matches(db: Kysely<SearchDatabase>, engine: Engine, plan: SearchPlan): AliasedSelectQueryBuilder<{ id: number; score: number }, 'm'> {
  if (engine === 'postgres') {
    if (plan.mode === 'words') {
      const query = sql`to_tsquery('simple', ${tsQueryExpression(plan.words)})`;
      // Same expression as the articles_words_gin index (0004), so the index answers the match.
      const document = sql`to_tsvector('simple', a.title || ' ' || a.summary || ' ' || a.body_text)`;
      const weighted = sql`setweight(to_tsvector('simple', a.title), 'A') || setweight(to_tsvector('simple', a.summary), 'B')
        || to_tsvector('simple', a.body_text)`;
      return db
        .selectFrom('articles as a')
        .select(['a.id', sql<number>`ts_rank(${weighted}, ${query})`.as('score')])
        .where(sql<SqlBool>`${document} @@ ${query}`)
        .as('m');
    }
    return db
      .selectFrom('articles as a')
      .select(['a.id', likeScore(engine, plan.terms).as('score')])
      .where((eb) => eb.and(plan.terms.map((t) => anyColumnContains(engine, t))))
      .as('m');
  }
  if (plan.mode === 'words') {
    return db
      .selectFrom('articles_words')
      .select(['articles_words.rowid as id', sql<number>`-bm25(articles_words, ${BM25_WEIGHTS})`.as('score')])
      .where(sql<SqlBool>`articles_words match ${ftsWordsExpression(plan.words)}`)
      .as('m');
  }
  const long = plan.terms.filter((t) => charLength(t) >= TRIGRAM_MIN);
  const short = plan.terms.filter((t) => charLength(t) < TRIGRAM_MIN);
  if (long.length === 0) {
    return db
      .selectFrom('articles as a')
      .select(['a.id', likeScore(engine, short).as('score')])
      .where((eb) => eb.and(short.map((t) => anyColumnContains(engine, t))))
      .as('m');
  }
  return db
    .selectFrom('articles_fts')
    .innerJoin('articles as a', 'a.id', 'articles_fts.rowid')
    .select(['a.id', sql<number>`-bm25(articles_fts, ${BM25_WEIGHTS})`.as('score')])
    .where(sql<SqlBool>`articles_fts match ${ftsSubstringExpression(long)}`)
    .where((eb) => eb.and(short.map((t) => anyColumnContains(engine, t))))
    .as('m');
}

function publicMatches(db: Kysely<Database>, engine: Engine, plan: SearchPlan, filters: SearchFilters) {
  const sdb = db.withTables<FtsTables>();
  // The match drives the join: SQLite keeps CROSS JOIN's order, so the full-text index is read once
  // per query rather than probed once per published article (PostgreSQL plans either way).
  let q = sdb
    .selectFrom(matches(sdb, engine, plan))
    .crossJoin('articles')
    .whereRef('articles.id', '=', 'm.id')
    .where('articles.status', '=', 'published')
    .where('articles.published_at', '<=', filters.now);
  if (filters.category) q = q.where('articles.category_id', '=', filters.category);
  return q;
}

export async function countMatches(db: Kysely<Database>, engine: Engine, plan: SearchPlan, filters: SearchFilters): Promise<number> {
  const row = await publicMatches(db, engine, plan, filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Best first; equal scores newest first, then by id, so pages never overlap. */
export async function pageOfMatches(
  db: Kysely<Database>,
  engine: Engine,
  plan: SearchPlan,
  filters: SearchFilters,
  limit: number,
  offset: number,
): Promise<SearchRow[]> {
  const rows = await publicMatches(db, engine, plan, filters)
    .select([
      'articles.id',
      'articles.title',
      'articles.summary',
      'articles.body_text',
      'articles.access',
      'articles.free_read',
      'm.score',
    ])
    .orderBy('m.score', 'desc')
    .orderBy('articles.published_at', 'desc')
    .orderBy('articles.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}
