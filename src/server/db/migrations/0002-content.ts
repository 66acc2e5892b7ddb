import type { Kysely } from 'kysely';
import { withId, withTimestamps } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

export const contentMigration: LecternMigration = {
  name: '0002-content',
  async up(db: Kysely<unknown>, engine) {
    await withTimestamps(
      withId(db.schema.createTable('categories'), engine)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();

    await withTimestamps(
      withId(db.schema.createTable('tags'), engine)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo('')),
    ).execute();

    await withTimestamps(
      withId(db.schema.createTable('topics'), engine)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover', 'text')
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();

    await withTimestamps(
      withId(db.schema.createTable('articles'), engine)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover', 'text')
        .addColumn('body_markdown', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('content_html', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
        .addColumn('access', 'text', (c) => c.notNull().defaultTo('free'))
        .addColumn('free_read', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_hot', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('reading_time', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published_at', 'text'),
    ).execute();
    await db.schema.createIndex('articles_published').on('articles').columns(['status', 'published_at']).execute();
    await db.schema.createIndex('articles_category').on('articles').columns(['category_id', 'published_at']).execute();
    await db.schema.createIndex('articles_author').on('articles').columns(['author_id', 'published_at']).execute();
    await db.schema.createIndex('articles_hot').on('articles').columns(['is_hot', 'view_count']).execute();

    await db.schema
      .createTable('article_tags')
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('article_tags_pk', ['article_id', 'tag_id'])
      .execute();
    await db.schema.createIndex('article_tags_tag').on('article_tags').columns(['tag_id', 'article_id']).execute();

    await db.schema
      .createTable('topic_articles')
      .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('topic_articles_pk', ['topic_id', 'article_id'])
      .execute();
    await db.schema.createIndex('topic_articles_article').on('topic_articles').column('article_id').execute();

    await withTimestamps(
      withId(db.schema.createTable('banners'), engine)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('subtitle', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('image', 'text', (c) => c.notNull())
        .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('set null'))
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('main'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1)),
    ).execute();

    await withTimestamps(
      withId(db.schema.createTable('announcements'), engine)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_modal', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('starts_at', 'text')
        .addColumn('ends_at', 'text'),
    ).execute();

    await withTimestamps(
      withId(db.schema.createTable('slot_texts'), engine)
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('text', 'text', (c) => c.notNull().defaultTo('')),
    ).execute();

    await withTimestamps(
      withId(db.schema.createTable('shortcut_types'), engine)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();

    await withTimestamps(
      withId(db.schema.createTable('shortcuts'), engine)
        .addColumn('type_id', 'integer', (c) => c.notNull().references('shortcut_types.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('icon', 'text')
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('shortcuts_type').on('shortcuts').columns(['type_id', 'position']).execute();

    await db.schema
      .createTable('reading_progress')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('reading_progress_pk', ['user_id', 'article_id'])
      .execute();

    await withTimestamps(
      withId(db.schema.createTable('reports'), engine)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('set null'))
        .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open')),
    ).execute();
    await db.schema.createIndex('reports_user').on('reports').column('user_id').execute();

    await withId(db.schema.createTable('submissions'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('original_name', 'text', (c) => c.notNull())
      .addColumn('stored_name', 'text', (c) => c.notNull().unique())
      .addColumn('mime_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('submissions_user').on('submissions').column('user_id').execute();
  },
};
