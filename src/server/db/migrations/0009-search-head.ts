import { sql, type Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * Word search over title and summary alone, for callers who may not read a premium body: a premium article
 * then matches on what every visitor sees. PostgreSQL: a GIN index on the 'simple' tsvector of title and
 * summary, beside 0004's index over the whole article; search queries repeat this exact expression to use
 * it. SQLite needs nothing: the FTS5 tables of 0003 and 0004 keep their columns apart, and a query names
 * the columns it may match.
 */
export const searchHeadMigration: LecternMigration = {
  name: '0009-search-head',
  async up(db: Kysely<unknown>, engine) {
    if (engine === 'sqlite') return;
    await sql`create index articles_head_words_gin on articles
      using gin (to_tsvector('simple', title || ' ' || summary))`.execute(db);
  },
};
