import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

/**
 * Accounts: one-time codes, e-mail confirmations, RSS tokens, spent captcha solutions and the throttle
 * log. Secrets (codes, keys, tokens) are stored only as keyed hashes, so a database copy opens no account.
 */
export const accountsMigration: LecternMigration = {
  name: '0005-accounts',
  async up(db: Kysely<unknown>, engine) {
    await withId(db.schema.createTable('verification_codes'), engine)
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('destination', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('consumed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('verification_codes_lookup')
      .on('verification_codes')
      .columns(['channel', 'destination', 'action', 'created_at'])
      .execute();
    await db.schema.createIndex('verification_codes_expiry').on('verification_codes').column('expires_at').execute();

    await db.schema
      .createTable('email_confirmations')
      .addColumn('key_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('email_confirmations_user').on('email_confirmations').column('user_id').execute();

    await db.schema
      .createTable('rss_tokens')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('captcha_spent')
      .addColumn('signature', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('captcha_spent_expiry').on('captcha_spent').column('expires_at').execute();

    await withId(db.schema.createTable('throttle_events'), engine)
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('throttle_events_lookup').on('throttle_events').columns(['scope', 'subject', 'created_at']).execute();
    await db.schema.createIndex('throttle_events_age').on('throttle_events').column('created_at').execute();
  },
};
