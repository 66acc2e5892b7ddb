import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

/** Newsletters, part one: recipient lists, markdown templates, the suppression list and readers' mail choices. */
export const newslettersMigration: LecternMigration = {
  name: '0031-newsletters',
  async up(db: Kysely<unknown>, engine) {
    await withId(db.schema.createTable('newsletter_lists'), engine)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('segment', 'text', (c) => c.notNull())
      .addColumn('segment_ref', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await withId(db.schema.createTable('newsletter_recipients'), engine)
      .addColumn('list_id', 'integer', (c) => c.notNull().references('newsletter_lists.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('newsletter_recipients_list_email', ['list_id', 'email'])
      .execute();
    await withId(db.schema.createTable('newsletter_templates'), engine)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('texts', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('newsletter_suppressions')
      .addColumn('email', 'text', (c) => c.primaryKey())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('newsletter_preferences')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('accepted', 'integer', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
