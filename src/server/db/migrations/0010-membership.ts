import type { Kysely } from 'kysely';
import { withId, withTimestamps } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

/**
 * Memberships (plans, what they cost, who holds one and until when, the grants that made it so, gift
 * codes, reminders sent), guest fingerprints with their view counts, and the metered-paywall ledger.
 * Unique keys carry the rules that several processes must agree on: one grant per source, one reminder
 * per subscription, kind and term, one metered read per reader, article and month.
 */
export const membershipMigration: LecternMigration = {
  name: '0010-membership',
  async up(db: Kysely<unknown>, engine) {
    await withTimestamps(
      withId(db.schema.createTable('memberships'), engine)
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('perks', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();

    await withTimestamps(
      withId(db.schema.createTable('membership_products'), engine)
        .addColumn('membership_id', 'integer', (c) => c.notNull().references('memberships.id').onDelete('restrict'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('period_unit', 'text', (c) => c.notNull())
        .addColumn('period_count', 'integer', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('membership_products_plan').on('membership_products').column('membership_id').execute();

    await withTimestamps(
      withId(db.schema.createTable('user_memberships'), engine)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('membership_id', 'integer', (c) => c.notNull().references('memberships.id').onDelete('restrict'))
        .addColumn('language', 'text')
        .addUniqueConstraint('user_memberships_user_plan', ['user_id', 'membership_id']),
    ).execute();
    await db.schema.createIndex('user_memberships_plan').on('user_memberships').column('membership_id').execute();

    await withTimestamps(
      withId(db.schema.createTable('subscriptions'), engine)
        .addColumn('user_membership_id', 'integer', (c) => c.notNull().unique().references('user_memberships.id').onDelete('cascade'))
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('ended_at', 'text')
        .addColumn('source', 'text', (c) => c.notNull()),
    ).execute();
    await db.schema.createIndex('subscriptions_expiry').on('subscriptions').columns(['is_active', 'ends_at']).execute();

    await withId(db.schema.createTable('membership_grants'), engine)
      .addColumn('subscription_id', 'integer', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.references('membership_products.id').onDelete('set null'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('source_key', 'text', (c) => c.notNull().unique())
      .addColumn('period_unit', 'text', (c) => c.notNull())
      .addColumn('period_count', 'integer', (c) => c.notNull())
      .addColumn('starts_at', 'text', (c) => c.notNull())
      .addColumn('ends_at', 'text', (c) => c.notNull())
      .addColumn('granted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('membership_grants_subscription').on('membership_grants').column('subscription_id').execute();

    await withId(db.schema.createTable('membership_gift_codes'), engine)
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('code_hint', 'text', (c) => c.notNull())
      .addColumn('product_id', 'integer', (c) => c.notNull().references('membership_products.id').onDelete('restrict'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('redeemed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('redeemed_at', 'text')
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('membership_reminders')
      .addColumn('subscription_id', 'integer', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('term_ends_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('membership_reminders_pk', ['subscription_id', 'kind', 'term_ends_at'])
      .execute();

    await withId(db.schema.createTable('guest_fingerprints'), engine)
      .addColumn('userfinger', 'text', (c) => c.notNull().unique())
      .addColumn('ip_address', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('guest_view_counts')
      .addColumn('userfinger_id', 'integer', (c) => c.notNull().references('guest_fingerprints.id').onDelete('cascade'))
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('view_count', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('guest_view_counts_pk', ['userfinger_id', 'month'])
      .execute();

    await db.schema
      .createTable('user_view_counts')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('view_count', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_view_counts_pk', ['user_id', 'month'])
      .execute();

    await db.schema
      .createTable('meter_reads')
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('article_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('meter_reads_pk', ['month', 'subject', 'article_id'])
      .execute();

    await db.schema
      .createTable('meter_counts')
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('meter_counts_pk', ['month', 'subject'])
      .execute();
  },
};
