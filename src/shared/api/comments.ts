import { z } from 'zod';
import { MAX_ID, pageQuery, paginated } from './common.js';
import { COMMENT_CONTENT_TYPES, COMMENT_MAX_LENGTH, isBlankComment } from './comments-paths.js';

export * from './comments-paths.js';

const id = z.coerce.number().int().positive().max(MAX_ID);

/** What is commented on: `article/{id}` or `lesson/{id}`. */
export const commentObjectParams = z.object({ content_type: z.enum(COMMENT_CONTENT_TYPES), object_id: id });
export const commentListQuery = pageQuery;

export const commentFeedbackKind = z.enum(['like', 'dislike']);
export type CommentFeedbackKind = z.infer<typeof commentFeedbackKind>;

export const commentAuthor = z.object({ id: z.number().int(), display_name: z.string(), avatar: z.string().nullable() });
export type CommentAuthor = z.infer<typeof commentAuthor>;

/**
 * One comment as a thread shows it. A removed comment keeps its place (its replies stay under it) with no
 * author and no text. `hidden` is true only in staff's answers (flagged comments others do not see).
 */
export const comment = z.object({
  id: z.number().int(),
  parent: z.number().int().nullable(),
  user: commentAuthor.nullable(),
  /** The text as safe HTML: paragraphs, line breaks and links; never the writer's own markup. */
  comment: z.string(),
  submit_date: z.string(),
  is_removed: z.boolean(),
  hidden: z.boolean(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  /** The caller's own like or dislike; null for a guest or none. */
  my_feedback: commentFeedbackKind.nullable(),
  /** The caller flagged it already. */
  my_flag: z.boolean(),
  /** The caller may delete it (its author, or staff). */
  can_delete: z.boolean(),
});
export type Comment = z.infer<typeof comment>;
export const commentList = paginated(comment);
export const commentCount = z.object({ count: z.number().int() });
export type CommentCount = z.infer<typeof commentCount>;

const commentText = z
  .string({ error: 'Write a comment.' })
  .trim()
  .refine((text) => !isBlankComment(text), 'Write a comment.')
  .max(COMMENT_MAX_LENGTH, `A comment is at most ${COMMENT_MAX_LENGTH} characters.`);

export const commentCreate = z.object({
  content_type: z.enum(COMMENT_CONTENT_TYPES, { error: 'Comment on an article or a lesson.' }),
  object_id: z.number({ error: 'Name what is commented on.' }).int().positive().max(MAX_ID),
  comment: commentText,
  /** The comment answered; a reply to a reply joins the same thread. */
  reply_to: z.number().int().positive().max(MAX_ID).nullable().optional(),
});
export type CommentCreate = z.infer<typeof commentCreate>;

export const commentPreview = z.object({ comment: commentText });
export const commentPreviewResult = z.object({ comment: z.string() });
export type CommentPreviewResult = z.infer<typeof commentPreviewResult>;

export const commentFeedback = z.object({
  comment: z.number({ error: 'Name the comment.' }).int().positive().max(MAX_ID),
  flag: commentFeedbackKind,
});
/** The comment's counts and the caller's feedback after the change. */
export const commentFeedbackResult = z.object({
  comment: z.number().int(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  my_feedback: commentFeedbackKind.nullable(),
});
export type CommentFeedbackResult = z.infer<typeof commentFeedbackResult>;

export const commentFlag = z.object({
  comment: z.number({ error: 'Name the comment.' }).int().positive().max(MAX_ID),
  flag: z.literal('removal', { error: 'The only flag is "removal".' }),
});
export const commentFlagResult = z.object({ comment: z.number().int(), flagged: z.boolean(), hidden: z.boolean() });
export type CommentFlagResult = z.infer<typeof commentFlagResult>;

/** A user's comment in their list: where it is (its object's title and page) with the text. */
export const userComment = z.object({
  id: z.number().int(),
  content_type: z.enum(COMMENT_CONTENT_TYPES),
  object_id: z.number().int(),
  /** The title of what it is on, and the site path of its page; null where the caller may not see it. */
  title: z.string().nullable(),
  url: z.string().nullable(),
  /** Null where the caller may not read what it is on (a premium article, a locked lesson). */
  comment: z.string().nullable(),
  submit_date: z.string(),
  parent: z.number().int().nullable(),
});
export type UserComment = z.infer<typeof userComment>;
export const userCommentList = paginated(userComment);

/** A flagged comment as staff review it: where it is, its author, its flags and whether they hid it. */
export const flaggedComment = userComment.extend({
  user: commentAuthor.nullable(),
  flags: z.number().int(),
  hidden: z.boolean(),
});
export type FlaggedComment = z.infer<typeof flaggedComment>;
export const flaggedCommentList = paginated(flaggedComment);
