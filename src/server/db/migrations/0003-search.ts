import { sql, type Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * Full-text search. SQLite: an FTS5 table with the trigram tokenizer (substring matches, so Chinese works
 * without a word segmenter), kept in step with `articles` by triggers. PostgreSQL: pg_trgm GIN indexes on
 * the same columns.
 */
export const searchMigration: LecternMigration = {
  name: '0003-search',
  async up(db: Kysely<unknown>, engine) {
    if (engine === 'sqlite') {
      await sql`create virtual table articles_fts using fts5(
        title, summary, body_text, content='articles', content_rowid='id', tokenize='trigram'
      )`.execute(db);
      await sql`create trigger articles_fts_ai after insert on articles begin
        insert into articles_fts(rowid, title, summary, body_text) values (new.id, new.title, new.summary, new.body_text);
      end`.execute(db);
      await sql`create trigger articles_fts_ad after delete on articles begin
        insert into articles_fts(articles_fts, rowid, title, summary, body_text)
          values ('delete', old.id, old.title, old.summary, old.body_text);
      end`.execute(db);
      await sql`create trigger articles_fts_au after update of title, summary, body_text on articles begin
        insert into articles_fts(articles_fts, rowid, title, summary, body_text)
          values ('delete', old.id, old.title, old.summary, old.body_text);
        insert into articles_fts(rowid, title, summary, body_text) values (new.id, new.title, new.summary, new.body_text);
      end`.execute(db);
      return;
    }
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index articles_title_trgm on articles using gin (title gin_trgm_ops)`.execute(db);
    await sql`create index articles_summary_trgm on articles using gin (summary gin_trgm_ops)`.execute(db);
    await sql`create index articles_body_trgm on articles using gin (body_text gin_trgm_ops)`.execute(db);
  },
};
