import type { Generated } from 'kysely';

/** Migration 0033: one row per save of an editor (any kind), and what goes live at a time. */
export interface EditorialRevisionsTable {
  id: Generated<number>;
  kind: string;
  item_id: number;
  /** JSON: the editor's fields, as the kind's schema in shared/api/content-editorial.ts has them. */
  fields: string;
  title: string;
  note: string;
  author_id: number | null;
  /** Kept with the revision: the history still names a deleted account's saves. */
  author_name: string;
  /** 1 once the fields are in the item's own row (a draft's save, a publication). */
  applied: 0 | 1;
  created_at: string;
}

export interface PublishSchedulesTable {
  kind: string;
  item_id: number;
  publish_at: string;
  created_by: number | null;
  created_at: string;
}

declare module '../../../db/types.js' {
  interface Database {
    editorial_revisions: EditorialRevisionsTable;
    publish_schedules: PublishSchedulesTable;
  }
}
