import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { withId } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

/**
 * The staff audit log: one row per staff write that succeeded (who, which call, on what, when, the state before
 * where the call can be read back, and what was sent and answered). Superusers read it, newest first, by
 * actor or by call; nothing deletes from it. `actor_id` has no foreign key: a deleted account's rows stay.
 */
export const staffAuditLogMigration: LecternMigration = {
  name: '0038-staff-audit-log',
  async up(db: Kysely<unknown>, engine: Engine) {
    await withId(db.schema.createTable('staff_audit_log'), engine)
      .addColumn('actor_id', 'integer', (c) => c.notNull())
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('route', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('before', 'text')
      .addColumn('request', 'text')
      .addColumn('after', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('staff_audit_log_actor').on('staff_audit_log').columns(['actor_id', 'id']).execute();
    await db.schema.createIndex('staff_audit_log_route').on('staff_audit_log').columns(['route', 'id']).execute();
    await db.schema.createIndex('staff_audit_log_target').on('staff_audit_log').columns(['target', 'id']).execute();
  },
};
