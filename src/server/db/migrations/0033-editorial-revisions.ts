import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

/**
 * The back office's writing: every save of an article, course, lesson or site page keeps a revision (the
 * editor's fields as JSON, who and when), so two can be compared and an old one brought back; the latest
 * revision is also the version an editor saves against. `applied` says whether a revision's fields were written to
 * the item's own row (a draft's saves, a publication): a live item's later saves wait for publishing. `publish_schedules` holds what goes live at a time:
 * one row per item, removed by the job that publishes it. Neither table has foreign keys, as one table serves
 * four kinds; deleting an item deletes its rows in the same transaction.
 */
export const editorialRevisionsMigration: LecternMigration = {
  name: '0033-editorial-revisions',
  async up(db: Kysely<unknown>, engine) {
    await withId(db.schema.createTable('editorial_revisions'), engine)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('fields', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('author_id', 'integer')
      .addColumn('author_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('applied', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('editorial_revisions_item').on('editorial_revisions').columns(['kind', 'item_id', 'id']).execute();
    await db.schema
      .createTable('publish_schedules')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('publish_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('publish_schedules_pk', ['kind', 'item_id'])
      .execute();
    await db.schema.createIndex('publish_schedules_due').on('publish_schedules').column('publish_at').execute();
  },
};
