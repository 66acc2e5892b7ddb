import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

/**
 * The back-office's document library (the files digital products deliver): one row per upload, listed newest
 * first and found by its exact title. A digital product names the document it delivers (`document_id`); a
 * document a product names cannot be deleted (the service says so, the foreign key holds it).
 */
export const documentsMigration: LecternMigration = {
  name: '0024-documents',
  async up(db: Kysely<unknown>, engine) {
    await withId(db.schema.createTable('documents'), engine)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('stored_name', 'text', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('documents_title').on('documents').column('title').execute();
    await db.schema.createIndex('documents_uploaded_by').on('documents').column('uploaded_by').execute();
    await db.schema.alterTable('shop_products').addColumn('document_id', 'integer', (c) => c.references('documents.id')).execute();
    await db.schema.createIndex('shop_products_document').on('shop_products').column('document_id').execute();
  },
};
