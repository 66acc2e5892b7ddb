import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { CommentContentType, CommentFeedbackKind, CommentsTable } from '../../db/comment-types.js';
import type { Database } from '../../db/types.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface ObjectRef {
  contentType: CommentContentType;
  objectId: number;
}

export function findComment(db: Db, id: number) {
  return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}
export type CommentRow = NonNullable<Awaited<ReturnType<typeof findComment>>>;

/**
 * The comments a thread shows: those neither removed nor hidden by flags (staff also see hidden ones), and a
 * first comment that is not shown itself but still has a shown reply, which keeps its replies' place (shown as
 * removed to those who may not see it).
 */
function listed(db: Db, ref: ObjectRef, withHidden: boolean) {
  return db
    .selectFrom('comments as c')
    .where('c.content_type', '=', ref.contentType)
    .where('c.object_id', '=', ref.objectId)
    .where((eb) =>
      eb.or([
        withHidden ? eb('c.is_removed', '=', 0) : eb.and([eb('c.is_removed', '=', 0), eb('c.is_hidden', '=', 0)]),
        eb.and([
          eb('c.parent_id', 'is', null),
          eb.exists(
            eb
              .selectFrom('comments as r')
              .select(sql<number>`1`.as('one'))
              .whereRef('r.parent_id', '=', 'c.id')
              .where('r.is_removed', '=', 0)
              .$if(!withHidden, (rq) => rq.where('r.is_hidden', '=', 0)),
          ),
        ]),
      ]),
    );
}

export async function countListed(db: Db, ref: ObjectRef, withHidden: boolean): Promise<number> {
  const row = await listed(db, ref, withHidden).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Oldest thread first, each reply right under its comment (the index's order). */
export function listListed(db: Db, ref: ObjectRef, withHidden: boolean, limit: number, offset: number) {
  return listed(db, ref, withHidden)
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select(['u.display_name', 'u.avatar'])
    .orderBy('c.thread_id')
    .orderBy('c.id')
    .limit(limit)
    .offset(offset)
    .execute();
}
export type ListedRow = Awaited<ReturnType<typeof listListed>>[number];

/** Comments everyone is shown on the object: neither removed nor hidden. */
export async function countShown(db: Db, ref: ObjectRef): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('content_type', '=', ref.contentType)
    .where('object_id', '=', ref.objectId)
    .where('is_removed', '=', 0)
    .where('is_hidden', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertComment(trx: Transaction<Database>, values: Omit<Insertable<CommentsTable>, 'thread_id'> & { thread_id: number | null }): Promise<CommentRow> {
  const row = await trx
    .insertInto('comments')
    .values({ ...values, thread_id: values.thread_id ?? 0 })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (values.thread_id !== null) return row;
  // A first comment is its own thread: its id is known only once inserted.
  return trx.updateTable('comments').set({ thread_id: row.id }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
}

/** Removes a comment and erases its text; the row keeps its place above the replies to it. */
export async function markRemoved(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('comments').set({ is_removed: 1, body: '', updated_at: now }).where('id', '=', id).execute();
}

export async function feedbackOf(db: Db, userId: number, ids: number[]): Promise<Map<number, CommentFeedbackKind>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('comment_feedback').select(['comment_id', 'kind']).where('user_id', '=', userId).where('comment_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.comment_id, r.kind]));
}

export async function flagsOf(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('comment_flags').select('comment_id').where('user_id', '=', userId).where('comment_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.comment_id));
}

/** Takes a reader's like or dislike of a comment away; what it was, or undefined when there was none. */
export async function takeFeedback(db: Db, commentId: number, userId: number): Promise<CommentFeedbackKind | undefined> {
  const row = await db.deleteFrom('comment_feedback').where('comment_id', '=', commentId).where('user_id', '=', userId).returning('kind').executeTakeFirst();
  return row?.kind;
}

/** Records a reader's like or dislike; false when a row for them was there already (a simultaneous call of theirs). */
export async function addFeedback(db: Db, commentId: number, userId: number, kind: CommentFeedbackKind, now: string): Promise<boolean> {
  const row = await db
    .insertInto('comment_feedback')
    .values({ comment_id: commentId, user_id: userId, kind, created_at: now })
    .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
    .returning('comment_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves a comment's like and dislike counts by what its feedback rows changed, in one atomic update. A recount
 * would not do on PostgreSQL: two readers reacting at once each count before the other's row is committed.
 */
export function moveFeedbackCounts(db: Db, commentId: number, change: { like: number; dislike: number }) {
  return db
    .updateTable('comments')
    .set((eb) => ({ like_count: eb('like_count', '+', change.like), dislike_count: eb('dislike_count', '+', change.dislike) }))
    .where('id', '=', commentId)
    .returning(['like_count', 'dislike_count'])
    .executeTakeFirstOrThrow();
}

/** Takes all of a reader's likes and dislikes away (their account is being deleted): what each one was on. */
export function takeFeedbackOf(db: Db, userId: number) {
  return db.deleteFrom('comment_feedback').where('user_id', '=', userId).returning(['comment_id', 'kind']).execute();
}

/** Takes all of a reader's flags away: the comments they were on. */
export async function takeFlagsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.deleteFrom('comment_flags').where('user_id', '=', userId).returning('comment_id').execute();
  return rows.map((r) => r.comment_id);
}

/** One fewer in `count` on each of these comments (a reader's reactions taken back, at most one per comment). */
export async function lowerCounts(db: Db, count: 'like_count' | 'dislike_count' | 'flag_count', ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('comments').set(count, (eb) => eb(count, '-', 1)).where('id', 'in', ids).execute();
}

/** A deleted account's comments: removed, their text erased; each keeps its place above its replies. */
export async function removeCommentsOf(db: Db, userId: number, now: string): Promise<void> {
  await db.updateTable('comments').set({ is_removed: 1, body: '', updated_at: now }).where('user_id', '=', userId).execute();
}

/** Records a reader's flag once; false when they had flagged it already. */
export async function insertFlag(db: Db, commentId: number, userId: number, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto('comment_flags')
    .values({ comment_id: commentId, user_id: userId, flag: 'removal', created_at: now })
    .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
    .returning('comment_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Counts one more flag; the comment is hidden once it has `threshold` of them. */
export function addFlag(db: Db, commentId: number, threshold: number, now: string) {
  return db
    .updateTable('comments')
    .set((eb) => ({
      flag_count: eb('flag_count', '+', 1),
      is_hidden: eb.case().when('flag_count', '>=', threshold - 1).then(sql<0 | 1>`1`).else(eb.ref('is_hidden')).end(),
      updated_at: now,
    }))
    .where('id', '=', commentId)
    .returning(['flag_count', 'is_hidden'])
    .executeTakeFirstOrThrow();
}

/** Staff looked: the comment is shown again and its flags are forgotten. */
export async function clearFlags(db: Db, commentId: number, now: string): Promise<void> {
  await db.deleteFrom('comment_flags').where('comment_id', '=', commentId).execute();
  await db.updateTable('comments').set({ flag_count: 0, is_hidden: 0, updated_at: now }).where('id', '=', commentId).execute();
}

/** A user's comments that everyone is shown, newest first. */
function shownOfUser(db: Db, userId: number) {
  return db.selectFrom('comments').where('user_id', '=', userId).where('is_removed', '=', 0).where('is_hidden', '=', 0);
}

/** Comments readers flagged, or staff hid, still there (on the partial index `comments_flagged`, migration 0037). */
function flagged(db: Db) {
  return db.selectFrom('comments as c').where(sql<boolean>`(flag_count > 0 or is_hidden = 1)`).where('c.is_removed', '=', 0);
}

/** Staff hid it: readers no longer see it, staff review it with the flagged ones. */
export async function markHidden(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('comments').set({ is_hidden: 1, updated_at: now }).where('id', '=', id).execute();
}

export async function countFlagged(db: Db): Promise<number> {
  const row = await flagged(db).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Flagged comments still shown or hidden by their flags: hidden first, then most flags, then newest. */
export function listFlagged(db: Db, limit: number, offset: number) {
  return flagged(db)
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select(['u.display_name', 'u.avatar'])
    .orderBy('c.is_hidden', 'desc')
    .orderBy('c.flag_count', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countOfUser(db: Db, userId: number): Promise<number> {
  const row = await shownOfUser(db, userId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function listOfUser(db: Db, userId: number, limit: number, offset: number) {
  return shownOfUser(db, userId).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}
