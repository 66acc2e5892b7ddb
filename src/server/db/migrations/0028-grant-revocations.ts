import type { Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * When a grant was taken back (its order refunded). The grant itself stays, shortened to the time already lived,
 * so a member's history keeps what they had; before, the refund deleted it.
 */
export const grantRevocationsMigration: LecternMigration = {
  name: '0028-grant-revocations',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('membership_grants').addColumn('revoked_at', 'text').execute();
  },
};
