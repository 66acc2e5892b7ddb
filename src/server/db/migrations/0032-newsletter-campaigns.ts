import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

/**
 * Newsletters, part two: campaigns and one delivery row per recipient. The send job claims a row with a
 * conditional update (`pending` -> `sending`) before it sends, so no two processes, and no restart, send it twice.
 */
export const newsletterCampaignsMigration: LecternMigration = {
  name: '0032-newsletter-campaigns',
  async up(db: Kysely<unknown>, engine) {
    await withId(db.schema.createTable('newsletter_campaigns'), engine)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('list_id', 'integer', (c) => c.notNull().references('newsletter_lists.id'))
      .addColumn('template_id', 'integer', (c) => c.references('newsletter_templates.id').onDelete('set null'))
      .addColumn('article_id', 'integer')
      .addColumn('texts', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema.createIndex('newsletter_campaigns_status').on('newsletter_campaigns').column('status').execute();
    await withId(db.schema.createTable('newsletter_deliveries'), engine)
      .addColumn('campaign_id', 'integer', (c) => c.notNull().references('newsletter_campaigns.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_at', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('error', 'text')
      .addColumn('unsubscribed_at', 'text')
      .addUniqueConstraint('newsletter_deliveries_campaign_email', ['campaign_id', 'email'])
      .execute();
    await db.schema.createIndex('newsletter_deliveries_status').on('newsletter_deliveries').columns(['campaign_id', 'status', 'id']).execute();
  },
};
