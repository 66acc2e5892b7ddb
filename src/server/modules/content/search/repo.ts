import { sql, type AliasedSelectQueryBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Engine } from '../../../db/connection.js';
import type { ArticlesTable, Database } from '../../../db/types.js';
import {
  charLength,
  ftsInColumns,
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
  /**
   * Which bodies the caller may read (the access decision, asked by the service). An article whose body the
   * caller may not read matches on its title and summary only: a match in that body would tell them what it says.
   */
  premiumBodies: BodyAccess;
}

/** Every body (staff), or the open ones, premium ones for premium members, and those of the caller's plans. */
export type BodyAccess = 'all' | { premium: boolean; plans: readonly number[] };

/** A hit: what the snippet and the access decision need, and its score (higher is better). */
export type SearchRow = Pick<ArticlesTable, 'title' | 'summary' | 'body_text' | 'access' | 'free_read'> & {
  access_plan_id: number | null;
  id: number;
  score: number;
};

/** Title counts most, then the summary, then the body. */
const BM25_WEIGHTS = sql.raw('10.0, 4.0, 1.0');
/** The same without the body, for articles matched on their title and summary only. */
const BM25_HEAD_WEIGHTS = sql.raw('10.0, 4.0, 0.0');
/** The columns every caller may match, as an FTS5 column filter. */
const HEAD_COLUMNS = ['title', 'summary'];
const LIKE_WEIGHTS = { title: 3, summary: 2, body_text: 1 } as const;
type TextColumn = keyof typeof LIKE_WEIGHTS;

/**
 * Articles whose body the caller may read: free ones, premium ones opened as a free read (or all premium ones
 * for a premium member), and those of the plans the caller holds. This is what decideArticleAccess answers,
 * written as SQL so that the database applies it while matching. `a` is the articles table in every query below.
 */
function openBodyFor(access: Exclude<BodyAccess, 'all'>): RawBuilder<SqlBool> {
  const premium = access.premium ? sql`a.access = 'premium'` : sql`(a.access = 'premium' and a.free_read = 1)`;
  const plans = access.plans.length > 0 ? sql`(a.access = 'plan' and a.access_plan_id in (${sql.join([...access.plans])}))` : sql`1 = 0`;
  return sql<SqlBool>`(a.access = 'free' or ${premium} or ${plans})`;
}

/** Whether a body may match: every body, none, or those meeting a condition. */
type BodyGate = 'all' | 'none' | RawBuilder<SqlBool>;

/** One part of a match over the full-text indexes: which articles, and whether their bodies may match. */
interface Scope {
  where: RawBuilder<SqlBool> | null;
  bodies: boolean;
}

/** Everyone may match every body; or open articles match on every column and locked ones on their head. */
const scopesFor = (premiumBodies: BodyAccess): Scope[] =>
  premiumBodies === 'all'
    ? [{ where: null, bodies: true }]
    : [
        { where: openBodyFor(premiumBodies), bodies: true },
        { where: sql<SqlBool>`(not ${openBodyFor(premiumBodies)})`, bodies: false },
      ];

function columnContains(engine: Engine, column: TextColumn, term: string): RawBuilder<SqlBool> {
  const ref = sql.ref(`a.${column}`);
  const pattern = likeContains(term);
  // SQLite's LIKE already ignores ASCII case; PostgreSQL needs ILIKE (which the trigram indexes serve).
  return engine === 'postgres' ? sql<SqlBool>`${ref} ilike ${pattern} escape '\\'` : sql<SqlBool>`${ref} like ${pattern} escape '\\'`;
}

/** The term's test per column that may match; the gate comes first, so a closed body is not even read. */
function columnTests(engine: Engine, term: string, gate: BodyGate): Array<[TextColumn, RawBuilder<SqlBool>]> {
  const tests: Array<[TextColumn, RawBuilder<SqlBool>]> = [
    ['title', columnContains(engine, 'title', term)],
    ['summary', columnContains(engine, 'summary', term)],
  ];
  if (gate === 'all') tests.push(['body_text', columnContains(engine, 'body_text', term)]);
  else if (gate !== 'none') tests.push(['body_text', sql<SqlBool>`(${gate} and ${columnContains(engine, 'body_text', term)})`]);
  return tests;
}

const anyColumnContains = (engine: Engine, term: string, gate: BodyGate) =>
  sql<SqlBool>`(${sql.join(
    columnTests(engine, term, gate).map(([, test]) => test),
    sql` or `,
  )})`;

/** Without an index score, a term found in the title weighs most, then the summary, then the body. */
function likeScore(engine: Engine, terms: string[], gate: BodyGate): RawBuilder<number> {
  const parts = terms.flatMap((term) =>
    columnTests(engine, term, gate).map(([column, test]) => sql`case when ${test} then ${sql.lit(LIKE_WEIGHTS[column])} else 0 end`),
  );
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

type Match = { id: number; score: number };

/** The parts of a match (one per scope; they never share an article) as one subquery. */
function unionOf<DB, TB extends keyof DB>(parts: Array<SelectQueryBuilder<DB, TB, Match>>): AliasedSelectQueryBuilder<Match, 'm'> {
  const [first, ...rest] = parts;
  return rest.reduce((union, part) => union.unionAll(part), first).as('m');
}

/** The articles that match, as (id, score), whatever the engine and query mode. */
function matches(
  db: Kysely<SearchDatabase>,
  engine: Engine,
  plan: SearchPlan,
  premiumBodies: BodyAccess,
): AliasedSelectQueryBuilder<Match, 'm'> {
  const scopes = scopesFor(premiumBodies);
  if (engine === 'postgres' && plan.mode === 'words') {
    const query = sql`to_tsquery('simple', ${tsQueryExpression(plan.words)})`;
    // Same expressions as the articles_words_gin (0004) and articles_head_words_gin (0009) indexes, so the
    // indexes answer the match.
    const document = sql`to_tsvector('simple', a.title || ' ' || a.summary || ' ' || a.body_text)`;
    const head = sql`to_tsvector('simple', a.title || ' ' || a.summary)`;
    const weightedHead = sql`setweight(to_tsvector('simple', a.title), 'A') || setweight(to_tsvector('simple', a.summary), 'B')`;
    const weighted = sql`${weightedHead} || to_tsvector('simple', a.body_text)`;
    return unionOf(
      scopes.map((scope) =>
        db
          .selectFrom('articles as a')
          .select(['a.id', sql<number>`ts_rank(${scope.bodies ? weighted : weightedHead}, ${query})`.as('score')])
          .where(sql<SqlBool>`${scope.bodies ? document : head} @@ ${query}`)
          .$if(scope.where !== null, (qb) => qb.where(scope.where!)),
      ),
    );
  }
  if (plan.mode === 'words') {
    const expression = ftsWordsExpression(plan.words);
    return unionOf(
      scopes.map((scope) =>
        db
          .selectFrom('articles_words')
          .crossJoin('articles as a')
          .whereRef('a.id', '=', 'articles_words.rowid')
          .select(['a.id', sql<number>`-bm25(articles_words, ${scope.bodies ? BM25_WEIGHTS : BM25_HEAD_WEIGHTS})`.as('score')])
          .where(sql<SqlBool>`articles_words match ${scope.bodies ? expression : ftsInColumns(HEAD_COLUMNS, expression)}`)
          .$if(scope.where !== null, (qb) => qb.where(scope.where!)),
      ),
    );
  }
  // Substrings: terms of three characters or more are looked up in SQLite's trigram index; the others,
  // and every term on PostgreSQL (whose trigram indexes serve ILIKE), are tested by LIKE on the rows.
  const indexed = engine === 'sqlite' ? plan.terms.filter((t) => charLength(t) >= TRIGRAM_MIN) : [];
  const scanned = plan.terms.filter((t) => !indexed.includes(t));
  if (indexed.length === 0) {
    // One pass over the rows, the gate deciding per row whether the body may match.
    const gate: BodyGate = premiumBodies === 'all' ? 'all' : openBodyFor(premiumBodies);
    return db
      .selectFrom('articles as a')
      .select(['a.id', likeScore(engine, scanned, gate).as('score')])
      .where((eb) => eb.and(scanned.map((t) => anyColumnContains(engine, t, gate))))
      .as('m');
  }
  const expression = ftsSubstringExpression(indexed);
  return unionOf(
    scopes.map((scope) =>
      db
        .selectFrom('articles_fts')
        .crossJoin('articles as a')
        .whereRef('a.id', '=', 'articles_fts.rowid')
        .select(['a.id', sql<number>`-bm25(articles_fts, ${scope.bodies ? BM25_WEIGHTS : BM25_HEAD_WEIGHTS})`.as('score')])
        .where(sql<SqlBool>`articles_fts match ${scope.bodies ? expression : ftsInColumns(HEAD_COLUMNS, expression)}`)
        .$if(scope.where !== null, (qb) => qb.where(scope.where!))
        .where((eb) => eb.and(scanned.map((t) => anyColumnContains(engine, t, scope.bodies ? 'all' : 'none')))),
    ),
  );
}

function publicMatches(db: Kysely<Database>, engine: Engine, plan: SearchPlan, filters: SearchFilters) {
  const sdb = db.withTables<FtsTables>();
  // The match drives the join: SQLite keeps CROSS JOIN's order, so the full-text index is read once
  // per query rather than probed once per published article (PostgreSQL plans either way).
  let q = sdb
    .selectFrom(matches(sdb, engine, plan, filters.premiumBodies))
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
      'articles.access_plan_id',
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
