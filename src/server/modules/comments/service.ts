import type { Transaction } from 'kysely';
import type { Comment, CommentCreate, CommentFeedbackKind, CommentFeedbackResult, CommentFlagResult, FlaggedComment, UserComment } from '../../../shared/api/comments.js';
import { COMMENT_FLAGS_TO_HIDE, type CommentContentType } from '../../../shared/api/comments-paths.js';
import type { PageQuery } from '../../../shared/api/common.js';
import { lessonPagePath } from '../../../shared/api/courses-paths.js';
import type { Database } from '../../db/types.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import { takeQuotas, type Rate } from '../../platform/throttle.js';
import { nowIso } from '../../platform/time.js';
import { entitlementOfActor, type Entitlement } from '../content/access.js';
import { articleOpenTo, type Page } from '../content/articles/service.js';
import { visibleLesson } from '../courses/lesson-service.js';
import { getUser } from '../users/service.js';
import { courseAccessOf, lessonDecision, viewerOf } from '../courses/viewer.js';
import {
  addFeedback,
  addFlag,
  clearFlags,
  countFlagged,
  countListed,
  countOfUser,
  countShown,
  feedbackOf,
  findComment,
  flagsOf,
  insertComment,
  insertFlag,
  listFlagged,
  markHidden,
  listListed,
  listOfUser,
  lowerCounts,
  markRemoved,
  moveFeedbackCounts,
  removeCommentsOf,
  takeFeedback,
  takeFeedbackOf,
  takeFlagsOf,
  type CommentRow,
  type ListedRow,
  type ObjectRef,
} from './repo.js';
import { commentHtml } from './text.js';

/** Comments a reader may write: a burst, then a steady pace (per account, on every process of the site). */
const COMMENT_RATES: Rate[] = [
  { limit: 5, windowSeconds: 60 },
  { limit: 60, windowSeconds: 3600 },
];

/** The caller as the comment calls see them; `who` is the request's entitlement when a request is at hand. */
export interface Commenter {
  actor: Actor | null;
  who?: Entitlement;
}

interface ObjectView {
  title: string;
  url: string;
  canRead: boolean;
}

/**
 * What is commented on, as the caller may see it: 404 for an object they may not see exist (unknown, a draft
 * article, a lesson of an unpublished course), and whether they may read it, decided by the content and
 * courses modules. A premium article counts as readable once opened under the monthly meter this month, not
 * while a read could still be spent on it; looking never spends a metered read.
 */
async function objectView(ctx: AppContext, caller: Commenter, ref: ObjectRef): Promise<ObjectView> {
  if (ref.contentType === 'article') {
    const who = caller.who ?? (await entitlementOfActor(ctx, caller.actor));
    const article = await articleOpenTo(ctx, who, ref.objectId);
    return { title: article.title, url: `/article/${article.id}`, canRead: article.open };
  }
  const viewer = await viewerOf(ctx, caller.actor);
  const { lesson, course } = await visibleLesson(ctx, viewer, ref.objectId);
  const gate = await courseAccessOf(ctx, viewer, course);
  return { title: lesson.title, url: lessonPagePath(course.id, lesson.id), canRead: lessonDecision(viewer, gate, lesson).can_read };
}

async function readableObject(ctx: AppContext, caller: Commenter, ref: ObjectRef): Promise<ObjectView> {
  const view = await objectView(ctx, caller, ref);
  if (!view.canRead) throw new Forbidden('Only readers who may read this may see and write its comments.');
  return view;
}

function toComment(row: ListedRow, actor: Actor | null, feedback: Map<number, CommentFeedbackKind>, flags: Set<number>): Comment {
  // Hidden by flags: staff see it marked; anyone else sees only the place it keeps above its replies.
  const removed = row.is_removed === 1 || (row.is_hidden === 1 && !isStaff(actor));
  return {
    id: row.id,
    parent: row.parent_id,
    user: removed || row.user_id === null ? null : { id: row.user_id, display_name: row.display_name ?? '', avatar: row.avatar ?? null },
    comment: removed ? '' : commentHtml(row.body),
    submit_date: row.submit_date,
    is_removed: removed,
    hidden: !removed && row.is_hidden === 1,
    likes: row.like_count,
    dislikes: row.dislike_count,
    my_feedback: feedback.get(row.id) ?? null,
    my_flag: flags.has(row.id),
    can_delete: !removed && actor !== null && (actor.id === row.user_id || isStaff(actor)),
  };
}

export async function listComments(ctx: AppContext, caller: Commenter, ref: ObjectRef, query: PageQuery): Promise<Page<Comment>> {
  await readableObject(ctx, caller, ref);
  const db = ctx.db.kysely;
  const staff = isStaff(caller.actor);
  const [count, rows] = await Promise.all([countListed(db, ref, staff), listListed(db, ref, staff, query.page_size, offsetOf(query))]);
  const ids = rows.map((r) => r.id);
  const [feedback, flags] = caller.actor
    ? await Promise.all([feedbackOf(db, caller.actor.id, ids), flagsOf(db, caller.actor.id, ids)])
    : [new Map<number, CommentFeedbackKind>(), new Set<number>()];
  return { count, results: rows.map((r) => toComment(r, caller.actor, feedback, flags)) };
}

export async function countComments(ctx: AppContext, caller: Commenter, ref: ObjectRef): Promise<number> {
  await readableObject(ctx, caller, ref);
  return countShown(ctx.db.kysely, ref);
}

/** The thread a reply joins: the answered comment must be shown, on the same object; a reply to a reply joins its thread. */
async function threadOf(ctx: AppContext, ref: ObjectRef, replyTo: number): Promise<{ parent: number; thread: number }> {
  const target = await findComment(ctx.db.kysely, replyTo);
  if (!target || target.content_type !== ref.contentType || target.object_id !== ref.objectId) {
    throw Invalid.field('reply_to', 'No such comment here.');
  }
  if (target.is_removed === 1 || target.is_hidden === 1) throw Invalid.field('reply_to', 'That comment can no longer be answered.');
  return { parent: target.thread_id, thread: target.thread_id };
}

export async function postComment(ctx: AppContext, actor: Actor, input: CommentCreate): Promise<Comment> {
  const ref: ObjectRef = { contentType: input.content_type, objectId: input.object_id };
  await readableObject(ctx, { actor }, ref);
  const place = input.reply_to ? await threadOf(ctx, ref, input.reply_to) : null;
  await takeQuotas(ctx.db.kysely, [{ scope: 'comment:user', subject: String(actor.id), rates: COMMENT_RATES }], 'Comments');
  const now = nowIso();
  const row = await ctx.db.kysely.transaction().execute((trx) =>
    insertComment(trx, {
      content_type: ref.contentType,
      object_id: ref.objectId,
      user_id: actor.id,
      parent_id: place?.parent ?? null,
      thread_id: place?.thread ?? null,
      body: input.comment,
      is_removed: 0,
      is_hidden: 0,
      like_count: 0,
      dislike_count: 0,
      flag_count: 0,
      submit_date: now,
      updated_at: now,
    }),
  );
  return toComment({ ...row, display_name: actor.display_name, avatar: actor.avatar }, actor, new Map(), new Set());
}

export const previewComment = (text: string): string => commentHtml(text);

/** A comment the caller may act on: shown (or any, for staff) on an object they may read. */
async function reachableComment(ctx: AppContext, actor: Actor, id: number): Promise<CommentRow> {
  const row = await findComment(ctx.db.kysely, id);
  if (!row || ((row.is_removed === 1 || row.is_hidden === 1) && !isStaff(actor))) throw new NotFound('Comment');
  await readableObject(ctx, { actor }, { contentType: row.content_type as CommentContentType, objectId: row.object_id });
  return row;
}

/** Names the comment field when it does not exist, as a body field rather than a path. */
async function commentField(ctx: AppContext, actor: Actor, id: number): Promise<CommentRow> {
  return reachableComment(ctx, actor, id).catch((err: unknown) => {
    if (err instanceof NotFound) throw Invalid.field('comment', 'No such comment.');
    throw err;
  });
}

/** Like or dislike; the same again takes it back, the other one replaces it. One per reader and comment. */
export async function giveFeedback(ctx: AppContext, actor: Actor, commentId: number, kind: CommentFeedbackKind): Promise<CommentFeedbackResult> {
  const row = await commentField(ctx, actor, commentId);
  if (row.is_removed === 1) throw new Conflict('A removed comment takes no feedback.');
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const had = await takeFeedback(trx, row.id, actor.id);
    const added = had !== kind && (await addFeedback(trx, row.id, actor.id, kind, nowIso()));
    const change = { like: 0, dislike: 0 };
    if (had) change[had] -= 1;
    if (added) change[kind] += 1;
    const counts = await moveFeedbackCounts(trx, row.id, change);
    return { comment: row.id, likes: counts.like_count, dislikes: counts.dislike_count, my_feedback: had === kind ? null : kind };
  });
}

/** Flags a comment for removal, once per reader; enough flags hide it until staff look. */
export async function flagComment(ctx: AppContext, actor: Actor, commentId: number): Promise<CommentFlagResult> {
  const row = await commentField(ctx, actor, commentId);
  if (row.user_id === actor.id) throw Invalid.field('comment', 'You cannot flag your own comment.');
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const now = nowIso();
    if (!(await insertFlag(trx, row.id, actor.id, now))) throw new Conflict('You flagged this comment already.');
    const after = await addFlag(trx, row.id, COMMENT_FLAGS_TO_HIDE, now);
    return { comment: row.id, flagged: true, hidden: after.is_hidden === 1 };
  });
}

export async function approveComment(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const row = await reachableComment(ctx, actor, id);
  await ctx.db.kysely.transaction().execute((trx) => clearFlags(trx, row.id, nowIso()));
}

/** Staff hide a comment from readers at once, flagged or not; it waits in the review queue until approved. */
export async function hideComment(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  if (!isStaff(actor)) throw new Forbidden('Only staff hide comments.');
  const row = await findComment(ctx.db.kysely, id);
  if (!row || row.is_removed === 1) throw new NotFound('Comment');
  if (row.is_hidden === 1) throw new Conflict('This comment is hidden already.');
  await markHidden(ctx.db.kysely, row.id, nowIso());
}

/** Its author or staff remove a comment; it stays in its thread as "removed" while it has replies. */
export async function deleteComment(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const row = await findComment(ctx.db.kysely, id);
  if (!row || row.is_removed === 1) throw new NotFound('Comment');
  if (row.user_id !== actor.id && !isStaff(actor)) throw new Forbidden('Only its author or staff may delete a comment.');
  await markRemoved(ctx.db.kysely, row.id, nowIso());
}

/**
 * What an account's deletion does to comments, inside its transaction (before the user row goes): the account's
 * comments are removed with their text erased, keeping their place above others' replies (their author becomes
 * null, migration 0022), and its likes, dislikes and flags are taken back from the counts of the comments they
 * were on.
 */
export async function forgetCommenter(trx: Transaction<Database>, userId: number): Promise<void> {
  const feedback = await takeFeedbackOf(trx, userId);
  const on = (kind: CommentFeedbackKind) => feedback.filter((f) => f.kind === kind).map((f) => f.comment_id);
  await lowerCounts(trx, 'like_count', on('like'));
  await lowerCounts(trx, 'dislike_count', on('dislike'));
  await lowerCounts(trx, 'flag_count', await takeFlagsOf(trx, userId));
  await removeCommentsOf(trx, userId, nowIso());
}

/**
 * Staff's review of flagged comments: those hidden by flags first, then by most flags and newest, each with its
 * author, its text and where it is (staff may read everything, drafts aside).
 */
export async function listFlaggedComments(ctx: AppContext, actor: Actor, query: PageQuery): Promise<Page<FlaggedComment>> {
  if (!isStaff(actor)) throw new Forbidden('Only staff review flagged comments.');
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countFlagged(db), listFlagged(db, query.page_size, offsetOf(query))]);
  const viewOf = objectViews(ctx, { actor });
  const results = await Promise.all(
    rows.map(async (row): Promise<FlaggedComment> => {
      const view = await viewOf(row);
      return {
        ...listedComment(row, view),
        comment: commentHtml(row.body),
        user: row.user_id === null ? null : { id: row.user_id, display_name: row.display_name ?? '', avatar: row.avatar ?? null },
        flags: row.flag_count,
        hidden: row.is_hidden === 1,
      };
    }),
  );
  return { count, results };
}

interface PlacedRow {
  id: number;
  content_type: string;
  object_id: number;
  submit_date: string;
  parent_id: number | null;
}

/**
 * The view of each object a list of comments is on, asked once per object for this caller; null where the
 * object is gone or the caller may not see it.
 */
function objectViews(ctx: AppContext, caller: Commenter) {
  const views = new Map<string, Promise<ObjectView | null>>();
  return (row: PlacedRow) => {
    const key = `${row.content_type}/${row.object_id}`;
    let found = views.get(key);
    if (!found) {
      found = objectView(ctx, caller, { contentType: row.content_type as CommentContentType, objectId: row.object_id }).catch((err: unknown) => {
        if (err instanceof NotFound) return null;
        throw err;
      });
      views.set(key, found);
    }
    return found;
  };
}

/** The fields every listed comment has: what it is on (title and page where the caller may see it) and its place. */
function listedComment(row: PlacedRow, view: ObjectView | null) {
  return {
    id: row.id,
    content_type: row.content_type as CommentContentType,
    object_id: row.object_id,
    title: view?.title ?? null,
    url: view?.url ?? null,
    submit_date: row.submit_date,
    parent: row.parent_id,
  };
}

/**
 * A user's shown comments, newest first, each with the title and page of what it is on. Where the caller
 * may not read that object, the entry keeps its place with no text (and no title where they may not see it).
 */
export async function listUserComments(ctx: AppContext, actor: Actor | null, userId: number, query: PageQuery): Promise<Page<UserComment>> {
  const user = await getUser(ctx, userId);
  // A blocked account's comments stay listed for staff, who moderate them.
  if (!user || (!user.is_active && !(actor && isStaff(actor)))) throw new NotFound('User');
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countOfUser(db, userId), listOfUser(db, userId, query.page_size, offsetOf(query))]);
  const viewOf = objectViews(ctx, { actor });
  const results = await Promise.all(
    rows.map(async (row): Promise<UserComment> => {
      const view = await viewOf(row);
      return { ...listedComment(row, view), comment: view?.canRead ? commentHtml(row.body) : null };
    }),
  );
  return { count, results };
}
