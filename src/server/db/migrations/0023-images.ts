import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

/** The back-office's picture library: one row per upload, listed newest first and found by its exact URL or title. */
export const imagesMigration: LecternMigration = {
  name: '0023-images',
  async up(db: Kysely<unknown>, engine) {
    await withId(db.schema.createTable('images'), engine)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('images_url').on('images').column('url').execute();
    await db.schema.createIndex('images_title').on('images').column('title').execute();
    await db.schema.createIndex('images_uploaded_by').on('images').column('uploaded_by').execute();
  },
};
