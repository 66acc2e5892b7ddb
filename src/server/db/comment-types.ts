import type { Generated } from 'kysely';

/**
 * Comment tables (migration 0021). Booleans are 0/1 and timestamps ISO-8601 text, as everywhere. A comment
 * is on one object (`content_type` + `object_id`: an article or a lesson); a reply points at its thread's
 * first comment (one level of replies), and `thread_id` is that first comment's id (its own for a first
 * comment), so a list ordered by (thread_id, id) keeps every reply under its comment on an index.
 */
type Flag = 0 | 1;

export type CommentContentType = 'article' | 'lesson';
export type CommentFeedbackKind = 'like' | 'dislike';

export interface CommentsTable {
  id: Generated<number>;
  content_type: CommentContentType;
  object_id: number;
  /** Null once its author's account is deleted (the comment is then removed: migration 0022). */
  user_id: number | null;
  parent_id: number | null;
  thread_id: number;
  body: string;
  /** Deleted by its author or staff: kept as "removed" so its replies keep their place. */
  is_removed: Flag;
  /** Flagged by enough readers: shown to staff only until staff approve it. */
  is_hidden: Flag;
  like_count: number;
  dislike_count: number;
  flag_count: number;
  submit_date: string;
  updated_at: string;
}

export interface CommentFeedbackTable {
  comment_id: number;
  user_id: number;
  kind: CommentFeedbackKind;
  created_at: string;
}

export interface CommentFlagsTable {
  comment_id: number;
  user_id: number;
  flag: 'removal';
  created_at: string;
}

/** Merged into Database (types.ts). */
export interface CommentTables {
  comments: CommentsTable;
  comment_feedback: CommentFeedbackTable;
  comment_flags: CommentFlagsTable;
}
