import { sql, type Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * Login sessions: one row per refresh family. Access tokens carry the session id (`sid`), and the bearer
 * check refuses a token whose session is revoked, so logout and a password change end access at once
 * instead of when the access token expires. Families that exist already become sessions; tokens were only
 * ever revoked a whole family (or user) at a time, so a family with any revoked token had been ended.
 */
export const sessionsMigration: LecternMigration = {
  name: '0006-sessions',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
    await sql`
      insert into sessions (id, user_id, created_at, revoked_at)
      select family, min(user_id), min(created_at), max(revoked_at)
      from refresh_tokens
      group by family
    `.execute(db);
  },
};
