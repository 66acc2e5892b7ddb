import type { Kysely } from 'kysely';
import { withId, withTimestamps } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

export const usersMigration: LecternMigration = {
  name: '0001-users',
  async up(db: Kysely<unknown>, engine) {
    await withTimestamps(
      withId(db.schema.createTable('users'), engine)
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar', 'text')
        .addColumn('mobile', 'text', (c) => c.unique())
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
        .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1)),
    ).execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('jti', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('family', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('successor_jti', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family').execute();
    await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();
  },
};
