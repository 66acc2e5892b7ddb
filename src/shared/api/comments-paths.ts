// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/**
 * Paths of the comment calls, relative to API_PREFIX. What is commented on is named by `:content_type`
 * (`article` or `lesson`) and `:object_id`; its comments are listed only to callers who may read it.
 */
export const commentsPaths = {
  /** GET (bearer token optional): the object's comments, oldest thread first, each reply under its comment. */
  list: '/comments/api/:content_type/:object_id',
  /** GET: `{count}` of the object's shown comments. */
  count: '/comments/api/:content_type/:object_id/count',
  /** POST (login): a comment or a reply (`reply_to`). */
  comment: '/comments/api/comment',
  /** DELETE (its author or staff): the comment stays as "removed" where it has replies. */
  one: '/comments/api/comment/:id',
  /** POST (staff): a comment hidden by flags is shown again and its flags cleared. */
  approve: '/comments/api/comment/:id/approve',
  /** POST (login): `like` or `dislike` a comment; the same again takes it back. */
  feedback: '/comments/api/feedback',
  /** POST (login): flag a comment for removal, once per reader. */
  flag: '/comments/api/flag',
  /** POST (login): the HTML a comment's text would be shown as. */
  preview: '/comments/api/preview',
  /** GET (staff): the comments readers flagged, hidden ones first, then by most flags and newest. */
  flagged: '/comments/api/flagged',
  /** GET: a user's shown comments, newest first, each with where it is. */
  user: '/comments/user/:id',
} as const;

export const COMMENT_CONTENT_TYPES = ['article', 'lesson'] as const;
export type CommentContentType = (typeof COMMENT_CONTENT_TYPES)[number];

/** The longest comment, in characters. */
export const COMMENT_MAX_LENGTH = 3000;

/** Spaces and the invisible characters that show nothing (zero-width spaces and joiners, word joiner, BOM). */
const BLANK = /^[\s\u200B-\u200D\u2060\uFEFF]*$/u;
/** A comment's length as the limit counts it: in characters (an emoji is one), not UTF-16 units. */
export const commentLength = (text: string) => [...text].length;
/** True for a text that would show as nothing: a comment needs at least one visible character. */
export const isBlankComment = (text: string) => BLANK.test(text);
/** A comment with this many flags is hidden until staff look at it. */
export const COMMENT_FLAGS_TO_HIDE = 3;
