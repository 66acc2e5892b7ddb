import { sql, type Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * A comment outlives its author's account: `comments.user_id` becomes nullable and is set to null when the
 * account is deleted (it cascaded before, and with it every reply to that author's comments). The account's
 * deletion marks its comments removed first (users and comments services), so a thread keeps its replies
 * under a "removed" place.
 */
export const commentAuthorsMigration: LecternMigration = {
  name: '0022-comment-authors',
  async up(db: Kysely<unknown>, engine) {
    if (engine === 'postgres') {
      await sql`alter table comments alter column user_id drop not null`.execute(db);
      await sql`alter table comments drop constraint comments_user_id_fkey`.execute(db);
      await sql`alter table comments add constraint comments_user_id_fkey foreign key (user_id) references users (id) on delete set null`.execute(db);
      return;
    }
    // SQLite changes a column's constraint by copying the table. Foreign keys are off meanwhile (migrations run
    // outside a transaction here), so dropping the old table cascades to none of the feedback, flags and replies
    // that refer to its rows: they refer to it by name and find the copy once it is renamed.
    const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'comments'`.execute(db);
    const created = rows[0]?.sql ?? '';
    const author = /"user_id" integer not null references "users" \("id"\) on delete cascade/i;
    if (!author.test(created)) throw new Error('0022-comment-authors: the comments table is not as migration 0021 made it');
    const copy = created.replace(/^create table "comments"/i, 'create table "comments_next"').replace(author, '"user_id" integer references "users" ("id") on delete set null');
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await sql`begin`.execute(db);
      await sql.raw(copy).execute(db);
      await sql`insert into comments_next select * from comments`.execute(db);
      await sql`drop table comments`.execute(db);
      await sql`alter table comments_next rename to comments`.execute(db);
      await sql`create index comments_object_thread on comments (content_type, object_id, thread_id, id)`.execute(db);
      await sql`create index comments_user on comments (user_id, id)`.execute(db);
      await sql`create index comments_parent on comments (parent_id)`.execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('0022-comment-authors: the copied comments break a foreign key');
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db).catch(() => undefined);
      throw err;
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  },
};
