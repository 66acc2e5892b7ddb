import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import type { LecternMigration } from './index.js';

/**
 * Published-article counts kept by the database itself, so that every writer (the API, the seed, a bulk
 * import) keeps them right in the same transaction as its write, and pages read a number instead of
 * counting thousands of rows.
 *
 * `article_counts` holds one row per (kind, ref_id): `all` (ref 0), `category`, `tag`, `topic`, `author`
 * and `month` (ref yyyymm of published_at, UTC). An article is counted while `status = 'published'` and
 * `published_at` is set, whatever the date: readers subtract the few scheduled articles (published_at in
 * the future) at read time with an indexed range query, so a count is exact at every instant without a
 * job that wakes up when a scheduled article comes due.
 */
const counted = (row: 'new' | 'old') => `${row}.status = 'published' AND ${row}.published_at IS NOT NULL`;
const monthKey = (column: string) => `CAST(substr(${column}, 1, 4) || substr(${column}, 6, 2) AS INTEGER)`;
const bump = `ON CONFLICT (kind, ref_id) DO UPDATE SET n = article_counts.n + excluded.n`;

/** Statements that add `delta` to the counts of the article in `row` (its own columns; not tags or topics). */
function articleBumps(row: 'new' | 'old', delta: 1 | -1): string[] {
  const when = counted(row);
  return [
    `INSERT INTO article_counts (kind, ref_id, n) SELECT 'all', 0, ${delta} WHERE ${when} ${bump}`,
    `INSERT INTO article_counts (kind, ref_id, n) SELECT 'category', ${row}.category_id, ${delta} WHERE ${when} AND ${row}.category_id IS NOT NULL ${bump}`,
    `INSERT INTO article_counts (kind, ref_id, n) SELECT 'author', ${row}.author_id, ${delta} WHERE ${when} ${bump}`,
    `INSERT INTO article_counts (kind, ref_id, n) SELECT 'month', ${monthKey(`${row}.published_at`)}, ${delta} WHERE ${when} ${bump}`,
  ];
}

/** Statements that add `delta` to the tags and topics of article `row.id` when `condition` holds. */
function linkBumps(row: 'new' | 'old', delta: 1 | -1, condition: string): string[] {
  return [
    `INSERT INTO article_counts (kind, ref_id, n) SELECT 'tag', tag_id, ${delta} FROM article_tags WHERE article_id = ${row}.id AND ${condition} ${bump}`,
    `INSERT INTO article_counts (kind, ref_id, n) SELECT 'topic', topic_id, ${delta} FROM topic_articles WHERE article_id = ${row}.id AND ${condition} ${bump}`,
  ];
}

/** A link (article_tags or topic_articles row) counts while its article is counted. */
function linkBump(kind: 'tag' | 'topic', column: string, row: 'new' | 'old', delta: 1 | -1): string {
  return (
    `INSERT INTO article_counts (kind, ref_id, n) SELECT '${kind}', ${row}.${column}, ${delta} FROM articles a ` +
    `WHERE a.id = ${row}.article_id AND a.status = 'published' AND a.published_at IS NOT NULL ${bump}`
  );
}

const changed = (op: string) =>
  ['status', 'published_at', 'category_id', 'author_id'].map((c) => `old.${c} ${op} new.${c}`).join(' OR ');

/** The same trigger bodies on both engines; only the trigger syntax differs. */
const bodies = {
  articleInsert: articleBumps('new', 1),
  // Before the row goes: its links are removed first (their own triggers count them down while the
  // article can still be read), which leaves nothing for the cascade to do.
  articleDelete: [...articleBumps('old', -1), 'DELETE FROM article_tags WHERE article_id = old.id', 'DELETE FROM topic_articles WHERE article_id = old.id'],
  articleUpdate: [
    ...articleBumps('old', -1),
    ...articleBumps('new', 1),
    ...linkBumps('old', -1, `(${counted('old')}) AND NOT (${counted('new')})`),
    ...linkBumps('new', 1, `(${counted('new')}) AND NOT (${counted('old')})`),
  ],
  tagInsert: [linkBump('tag', 'tag_id', 'new', 1)],
  tagDelete: [linkBump('tag', 'tag_id', 'old', -1)],
  topicInsert: [linkBump('topic', 'topic_id', 'new', 1)],
  topicDelete: [linkBump('topic', 'topic_id', 'old', -1)],
};

interface TriggerSpec {
  name: keyof typeof bodies;
  table: string;
  timing: 'BEFORE' | 'AFTER';
  event: string;
  when?: (op: string) => string;
}

const triggers: TriggerSpec[] = [
  { name: 'articleInsert', table: 'articles', timing: 'AFTER', event: 'INSERT' },
  { name: 'articleDelete', table: 'articles', timing: 'BEFORE', event: 'DELETE' },
  { name: 'articleUpdate', table: 'articles', timing: 'AFTER', event: 'UPDATE OF status, published_at, category_id, author_id', when: changed },
  { name: 'tagInsert', table: 'article_tags', timing: 'AFTER', event: 'INSERT' },
  { name: 'tagDelete', table: 'article_tags', timing: 'AFTER', event: 'DELETE' },
  { name: 'topicInsert', table: 'topic_articles', timing: 'AFTER', event: 'INSERT' },
  { name: 'topicDelete', table: 'topic_articles', timing: 'AFTER', event: 'DELETE' },
];

const triggerName = (name: string) => `article_counts_${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;

async function createTriggers(db: Kysely<unknown>, engine: Engine): Promise<void> {
  for (const t of triggers) {
    const name = triggerName(t.name);
    const statements = bodies[t.name];
    if (engine === 'sqlite') {
      // Every INSERT ... SELECT above has a WHERE: without one SQLite would read ON CONFLICT as a join constraint.
      const when = t.when ? ` WHEN ${t.when('IS NOT')}` : '';
      await sql.raw(`CREATE TRIGGER ${name} ${t.timing} ${t.event} ON ${t.table} FOR EACH ROW${when} BEGIN ${statements.join('; ')}; END`).execute(db);
    } else {
      const returned = t.timing === 'BEFORE' ? 'old' : 'null';
      await sql
        .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${statements.join('; ')}; RETURN ${returned}; END $$`)
        .execute(db);
      const when = t.when ? ` WHEN (${t.when('IS DISTINCT FROM')})` : '';
      await sql.raw(`CREATE TRIGGER ${name} ${t.timing} ${t.event} ON ${t.table} FOR EACH ROW${when} EXECUTE FUNCTION ${name}()`).execute(db);
    }
  }
}

/** Fills the counts from the rows already there. */
async function backfill(db: Kysely<unknown>): Promise<void> {
  const isCounted = `a.status = 'published' AND a.published_at IS NOT NULL`;
  const fills = [
    `SELECT 'all', 0, count(*) FROM articles a WHERE ${isCounted}`,
    `SELECT 'category', a.category_id, count(*) FROM articles a WHERE ${isCounted} AND a.category_id IS NOT NULL GROUP BY a.category_id`,
    `SELECT 'author', a.author_id, count(*) FROM articles a WHERE ${isCounted} GROUP BY a.author_id`,
    `SELECT 'month', ${monthKey('a.published_at')}, count(*) FROM articles a WHERE ${isCounted} GROUP BY ${monthKey('a.published_at')}`,
    `SELECT 'tag', l.tag_id, count(*) FROM article_tags l JOIN articles a ON a.id = l.article_id WHERE ${isCounted} GROUP BY l.tag_id`,
    `SELECT 'topic', l.topic_id, count(*) FROM topic_articles l JOIN articles a ON a.id = l.article_id WHERE ${isCounted} GROUP BY l.topic_id`,
  ];
  for (const fill of fills) await sql.raw(`INSERT INTO article_counts (kind, ref_id, n) ${fill}`).execute(db);
}

export const articleCountsMigration: LecternMigration = {
  name: '0007-article-counts',
  async up(db: Kysely<unknown>, engine) {
    await db.schema
      .createTable('article_counts')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('ref_id', 'integer', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('article_counts_pk', ['kind', 'ref_id'])
      .execute();
    await backfill(db);
    await createTriggers(db, engine);

    // Public lists read newest first with the id as tie-break; with these the engines walk an index in
    // order and stop at the page instead of sorting every match.
    await db.schema.createIndex('articles_public').on('articles').columns(['status', 'published_at', 'id']).execute();
    await db.schema.createIndex('articles_category_public').on('articles').columns(['category_id', 'status', 'published_at', 'id']).execute();
    await db.schema.createIndex('articles_author_public').on('articles').columns(['author_id', 'status', 'published_at', 'id']).execute();
    // Hot lists: the most read first, overall and within a category (hot-flagged ones use articles_hot).
    await db.schema.createIndex('articles_views').on('articles').columns(['status', 'view_count', 'id']).execute();
    await db.schema.createIndex('articles_category_views').on('articles').columns(['category_id', 'status', 'view_count', 'id']).execute();
    // A topic's articles in the topic's order.
    await db.schema.createIndex('topic_articles_position').on('topic_articles').columns(['topic_id', 'position', 'article_id']).execute();
  },
};
