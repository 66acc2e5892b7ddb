import { sql, type Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * Word search over courses and lessons, beside the articles' (0003, 0004, 0009). SQLite: two FTS5 tables
 * with the unicode61 tokenizer over the courses (title, summary, body) and the lessons (title, excerpt,
 * body), kept in step by triggers and filled from the rows already there; a query names the columns it may
 * match, so a locked lesson matches on its title and excerpt alone. PostgreSQL: GIN indexes on the
 * 'simple' tsvectors of the same columns (a lesson's whole text and its head); search queries repeat these
 * exact expressions to use them. Substring (Chinese) search over courses scans the rows: a course
 * catalogue is small.
 */
export const courseSearchMigration: LecternMigration = {
  name: '0018-course-search',
  async up(db: Kysely<unknown>, engine) {
    if (engine === 'sqlite') {
      await ftsTable(db, 'course_words', 'courses', ['title', 'summary', 'body_markdown']);
      await ftsTable(db, 'lesson_words', 'lessons', ['title', 'excerpt', 'body_markdown']);
      return;
    }
    await sql`create index courses_words_gin on courses
      using gin (to_tsvector('simple', title || ' ' || summary || ' ' || body_markdown))`.execute(db);
    await sql`create index lessons_words_gin on lessons
      using gin (to_tsvector('simple', title || ' ' || excerpt || ' ' || body_markdown))`.execute(db);
    await sql`create index lessons_head_words_gin on lessons
      using gin (to_tsvector('simple', title || ' ' || excerpt))`.execute(db);
  },
};

/** An external-content FTS5 table over `source`'s columns, its three triggers, and its first fill. */
async function ftsTable(db: Kysely<unknown>, name: string, source: string, columns: string[]): Promise<void> {
  const table = sql.raw(name);
  const from = sql.raw(source);
  const cols = sql.raw(columns.join(', '));
  const values = (row: 'new' | 'old') => sql.raw(columns.map((c) => `${row}.${c}`).join(', '));
  await sql`create virtual table ${table} using fts5(
    ${cols}, content='${sql.raw(source)}', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger ${sql.raw(`${name}_ai`)} after insert on ${from} begin
    insert into ${table}(rowid, ${cols}) values (new.id, ${values('new')});
  end`.execute(db);
  await sql`create trigger ${sql.raw(`${name}_ad`)} after delete on ${from} begin
    insert into ${table}(${table}, rowid, ${cols}) values ('delete', old.id, ${values('old')});
  end`.execute(db);
  await sql`create trigger ${sql.raw(`${name}_au`)} after update of ${cols} on ${from} begin
    insert into ${table}(${table}, rowid, ${cols}) values ('delete', old.id, ${values('old')});
    insert into ${table}(rowid, ${cols}) values (new.id, ${values('new')});
  end`.execute(db);
  await sql`insert into ${table}(${table}) values ('rebuild')`.execute(db);
}
