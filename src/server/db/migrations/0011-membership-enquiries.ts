import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

/**
 * Member enquiries: what a reader asked about membership (name, address, message, the plan they looked
 * at), kept for staff, who are also mailed each one.
 */
export const membershipEnquiriesMigration: LecternMigration = {
  name: '0011-membership-enquiries',
  async up(db: Kysely<unknown>, engine) {
    await withId(db.schema.createTable('membership_enquiries'), engine)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('membership_id', 'integer', (c) => c.references('memberships.id').onDelete('set null'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('ip_address', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('membership_enquiries_created').on('membership_enquiries').column('created_at').execute();
  },
};
