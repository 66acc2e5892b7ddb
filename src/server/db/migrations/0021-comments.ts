import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

/**
 * Comments on articles and lessons, readers' likes and dislikes of them, and their flags for removal. The
 * object is named by type and id (no foreign key: it is one of two tables). The list and count of an
 * object's comments read (content_type, object_id, thread_id, id); a user's list reads (user_id, id).
 */
export const commentsMigration: LecternMigration = {
  name: '0021-comments',
  async up(db: Kysely<unknown>, engine) {
    await withId(db.schema.createTable('comments'), engine)
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('object_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('parent_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
      .addColumn('thread_id', 'integer', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('is_removed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('dislike_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('flag_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('submit_date', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('comments_object_thread').on('comments').columns(['content_type', 'object_id', 'thread_id', 'id']).execute();
    await db.schema.createIndex('comments_user').on('comments').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('comments_parent').on('comments').column('parent_id').execute();

    await db.schema
      .createTable('comment_feedback')
      .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('comment_feedback_pk', ['comment_id', 'user_id'])
      .execute();
    await db.schema.createIndex('comment_feedback_user').on('comment_feedback').columns(['user_id', 'comment_id']).execute();

    await db.schema
      .createTable('comment_flags')
      .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('flag', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('comment_flags_pk', ['comment_id', 'user_id'])
      .execute();
    await db.schema.createIndex('comment_flags_user').on('comment_flags').columns(['user_id', 'comment_id']).execute();
  },
};
