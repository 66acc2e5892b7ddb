import type { Kysely } from 'kysely';
import { withId, withTimestamps } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

/**
 * Courses with their lessons, tags and products (what a purchase course costs), enrolments, the grants
 * that opened a purchase course (one per source key, so an order grants once however often it is
 * repeated), lesson progress (one row per user and lesson) and certificates (one per user and course,
 * behind a random code). Indexes follow the reads: a course's lessons in order, published courses in
 * order, a user's enrolments and progress.
 */
export const coursesMigration: LecternMigration = {
  name: '0012-courses',
  async up(db: Kysely<unknown>, engine) {
    await withTimestamps(
      withId(db.schema.createTable('courses'), engine)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover', 'text')
        .addColumn('body_markdown', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('content_html', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('access', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
        .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published_at', 'text')
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('courses_listed').on('courses').columns(['is_published', 'position', 'id']).execute();
    await db.schema.createIndex('courses_category').on('courses').columns(['category_id', 'position']).execute();

    await db.schema
      .createTable('course_tags')
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('course_tags_pk', ['course_id', 'tag_id'])
      .execute();
    await db.schema.createIndex('course_tags_tag').on('course_tags').columns(['tag_id', 'course_id']).execute();

    await withTimestamps(
      withId(db.schema.createTable('lessons'), engine)
        .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('chapter', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body_markdown', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('content_html', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('media_url', 'text')
        .addColumn('media_kind', 'text')
        .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_free_preview', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('lessons_course_slug', ['course_id', 'slug']),
    ).execute();
    await db.schema.createIndex('lessons_course_position').on('lessons').columns(['course_id', 'position', 'id']).execute();

    await withTimestamps(
      withId(db.schema.createTable('course_products'), engine)
        .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('course_products_course').on('course_products').columns(['course_id', 'sort_order']).execute();

    await withTimestamps(
      withId(db.schema.createTable('course_enrolments'), engine)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addUniqueConstraint('course_enrolments_user_course', ['user_id', 'course_id']),
    ).execute();
    await db.schema.createIndex('course_enrolments_course').on('course_enrolments').column('course_id').execute();
    await db.schema.createIndex('course_enrolments_recent').on('course_enrolments').columns(['user_id', 'updated_at']).execute();

    await withId(db.schema.createTable('course_grants'), engine)
      .addColumn('enrolment_id', 'integer', (c) => c.notNull().references('course_enrolments.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.references('course_products.id').onDelete('set null'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('source_key', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('course_grants_user_course').on('course_grants').columns(['user_id', 'course_id']).execute();
    await db.schema.createIndex('course_grants_product').on('course_grants').column('product_id').execute();

    await db.schema
      .createTable('lesson_progress')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('position', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('client_updated_at', 'text', (c) => c.notNull())
      .addColumn('done_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('lesson_progress_pk', ['user_id', 'lesson_id'])
      .execute();
    await db.schema.createIndex('lesson_progress_lesson').on('lesson_progress').column('lesson_id').execute();

    await withId(db.schema.createTable('course_certificates'), engine)
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('course_title', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('course_certificates_user_course', ['user_id', 'course_id'])
      .execute();
    await db.schema.createIndex('course_certificates_course').on('course_certificates').column('course_id').execute();
  },
};
