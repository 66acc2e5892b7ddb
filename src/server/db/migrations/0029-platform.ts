import type { Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * The platform's shared state for running as many processes: each periodic job's next run (claimed by one
 * conditional update, so one process runs it) and route rate-limit counters (one count across processes).
 */
export const platformMigration: LecternMigration = {
  name: '0029-platform',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('job_schedule')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('next_run_at', 'text', (c) => c.notNull())
      .addColumn('holder', 'text')
      .addColumn('claimed_at', 'text')
      .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('rate_limit_hits')
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_limit_hits_pk', ['key', 'window_start'])
      .execute();
    await db.schema.createIndex('rate_limit_hits_age').on('rate_limit_hits').column('window_start').execute();
  },
};
