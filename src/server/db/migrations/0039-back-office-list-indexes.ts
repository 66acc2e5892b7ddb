import type { Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * The back office's lists at a real site's size (measured with 10,000 articles): the staff's article list reads
 * newest change first, so an index on `updated_at` lets it read one page instead of sorting every article (with
 * its body) on each request; the dashboard's daily views are summed from an index that holds the views too.
 */
export const backOfficeListIndexesMigration: LecternMigration = {
  name: '0039-back-office-list-indexes',
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('articles_updated').on('articles').columns(['updated_at', 'id']).execute();
    await db.schema.createIndex('article_daily_views_sum').on('article_daily_views').columns(['day', 'article_id', 'views']).execute();
  },
};
