import { sql, type Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * Word search beside 0003's substring search. SQLite: a second FTS5 table with the unicode61 tokenizer
 * (whole words, case and diacritics folded; no stemming, so both engines find the same words), kept in step
 * by triggers like 0003's and filled from the articles already there. PostgreSQL: a GIN index on the
 * 'simple' tsvector of title, summary and body; search queries repeat this exact expression to use it.
 */
export const searchWordsMigration: LecternMigration = {
  name: '0004-search-words',
  async up(db: Kysely<unknown>, engine) {
    if (engine === 'sqlite') {
      await sql`create virtual table articles_words using fts5(
        title, summary, body_text, content='articles', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
      )`.execute(db);
      await sql`create trigger articles_words_ai after insert on articles begin
        insert into articles_words(rowid, title, summary, body_text) values (new.id, new.title, new.summary, new.body_text);
      end`.execute(db);
      await sql`create trigger articles_words_ad after delete on articles begin
        insert into articles_words(articles_words, rowid, title, summary, body_text)
          values ('delete', old.id, old.title, old.summary, old.body_text);
      end`.execute(db);
      await sql`create trigger articles_words_au after update of title, summary, body_text on articles begin
        insert into articles_words(articles_words, rowid, title, summary, body_text)
          values ('delete', old.id, old.title, old.summary, old.body_text);
        insert into articles_words(rowid, title, summary, body_text) values (new.id, new.title, new.summary, new.body_text);
      end`.execute(db);
      await sql`insert into articles_words(articles_words) values ('rebuild')`.execute(db);
      return;
    }
    await sql`create index articles_words_gin on articles
      using gin (to_tsvector('simple', title || ' ' || summary || ' ' || body_text))`.execute(db);
  },
};
