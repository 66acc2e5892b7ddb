import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Reads per article and UTC day, kept by a trigger on `articles.view_count` (migration 0037). */
export interface ArticleDailyViewsTable {
  day: string;
  article_id: number;
  views: number;
}

/** One staff write that succeeded (migration 0038); JSON text in before, request and after. */
export interface StaffAuditLogTable {
  id: Generated<number>;
  actor_id: number;
  actor_name: string;
  method: string;
  route: string;
  path: string;
  target: string;
  status: number;
  before: string | null;
  request: string | null;
  after: string | null;
  created_at: string;
}

export type BackofficeTables = {
  article_daily_views: ArticleDailyViewsTable;
  staff_audit_log: StaffAuditLogTable;
};

/** The database with the back office's own tables, which only this module reads and writes. */
export const withBackofficeTables = (db: Kysely<Database>) => db.withTables<BackofficeTables>();
