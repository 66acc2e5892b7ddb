import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import type { LecternMigration } from './index.js';

/**
 * What the back office reads, at the scale of a real shop (10,000 users, 10,000 orders):
 *
 * - `article_daily_views`: reads per article and UTC day, kept by a trigger on `articles.view_count`, so every
 *   writer of views (the API's flushed counter, the page cache's counter, every process) feeds the dashboard in
 *   the same statement as its increment, and the dashboard sums a few hundred rows instead of counting reads.
 * - A blocked account: `is_active` 0 (login, refresh and every token already refuse it) with when and why.
 * - Indexes for the back office's filters and the dashboard's date ranges.
 */
const dayNow: Record<Engine, string> = {
  sqlite: `strftime('%Y-%m-%d', 'now')`,
  postgres: `to_char(now() at time zone 'UTC', 'YYYY-MM-DD')`,
};

const addViews = (engine: Engine) =>
  `INSERT INTO article_daily_views (day, article_id, views) SELECT ${dayNow[engine]}, new.id, new.view_count - old.view_count WHERE new.view_count > old.view_count ` +
  `ON CONFLICT (day, article_id) DO UPDATE SET views = article_daily_views.views + excluded.views`;

export const backOfficeMigration: LecternMigration = {
  name: '0037-back-office',
  async up(db: Kysely<unknown>, engine: Engine) {
    await db.schema
      .createTable('article_daily_views')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('article_id', 'integer', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('article_daily_views_pk', ['day', 'article_id'])
      .execute();
    if (engine === 'sqlite') {
      await sql
        .raw(`CREATE TRIGGER article_daily_views_au AFTER UPDATE OF view_count ON articles FOR EACH ROW WHEN new.view_count > old.view_count BEGIN ${addViews(engine)}; END`)
        .execute(db);
    } else {
      await sql.raw(`CREATE FUNCTION article_daily_views_au() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${addViews(engine)}; RETURN null; END $$`).execute(db);
      await sql
        .raw(`CREATE TRIGGER article_daily_views_au AFTER UPDATE OF view_count ON articles FOR EACH ROW WHEN (new.view_count > old.view_count) EXECUTE FUNCTION article_daily_views_au()`)
        .execute(db);
    }

    await db.schema.alterTable('users').addColumn('blocked_at', 'text').execute();
    await db.schema.alterTable('users').addColumn('blocked_reason', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('users').addColumn('blocked_by', 'integer').execute();

    // The dashboard's ranges: sign-ups, new members and money taken by day.
    await db.schema.createIndex('users_created').on('users').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('user_memberships_created').on('user_memberships').column('created_at').execute();
    await db.schema.createIndex('orders_paid_at').on('orders').column('paid_at').execute();
    // The back office's filters: orders by payment method, users by role or blocked, the moderation queues.
    await db.schema.createIndex('orders_payment_method').on('orders').columns(['payment_method', 'id']).execute();
    await db.schema.createIndex('users_role').on('users').columns(['role', 'id']).execute();
    await db.schema.createIndex('users_inactive').on('users').columns(['is_active', 'id']).execute();
    await db.schema
      .createIndex('comments_flagged')
      .on('comments')
      .columns(['is_hidden', 'flag_count', 'id'])
      .where(sql<boolean>`(flag_count > 0 or is_hidden = 1)`)
      .execute();
    await db.schema.createIndex('reports_status').on('reports').columns(['status', 'created_at', 'id']).execute();
    await db.schema.createIndex('reports_created').on('reports').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('submissions_status').on('submissions').columns(['status', 'created_at', 'id']).execute();
    await db.schema.createIndex('submissions_created').on('submissions').columns(['created_at', 'id']).execute();
  },
};
