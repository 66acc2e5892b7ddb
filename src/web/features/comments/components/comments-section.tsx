import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Comment } from '../../../../shared/api/comments.js';
import { useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { formatDate } from '../../../lib/format.js';
import { ApiError } from '../../../lib/http.js';
import { useSession } from '../../../lib/session/session-context.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import {
  approveComment,
  commentCountQuery,
  commentKeys,
  commentListQuery,
  deleteComment,
  flagComment,
  giveFeedback,
  postComment,
  type CommentTarget,
} from '../api/comments.js';
import { useCommentsI18n } from '../comments-i18n.js';
import { CommentForm } from './comment-form.js';
import '../comments.css';

interface Thread {
  head: Comment | null;
  replies: Comment[];
}

/** The loaded comments as threads: each first comment with its replies (a reply whose comment is on an earlier page stands alone). */
function threadsOf(comments: Comment[]): Thread[] {
  const threads: Thread[] = [];
  const byHead = new Map<number, Thread>();
  for (const c of comments) {
    const home = c.parent === null ? undefined : byHead.get(c.parent);
    if (home) {
      home.replies.push(c);
    } else if (c.parent === null) {
      const thread = { head: c, replies: [] };
      byHead.set(c.id, thread);
      threads.push(thread);
    } else {
      threads.push({ head: null, replies: [c] });
    }
  }
  return threads;
}

type Act = (what: () => Promise<unknown>, done?: string) => Promise<boolean>;

interface ItemProps {
  comment: Comment;
  viewer: number;
  act: Act;
  /** Opens the thread's reply form; `opener` gets the focus back when it closes. */
  onReply?: (opener: HTMLElement) => void;
  /** Whom a reply answers: the author of the thread's first comment (a reply to a reply joins that thread). */
  replyName?: string;
  /** Called after this comment was deleted, for the focus (its button is gone). */
  onDeleted?: () => void;
}

/** The element of a comment, focusable by script: a newly posted comment takes the focus. */
export const commentElementId = (id: number) => `comment-${id}`;

function CommentItem({ comment, viewer, act, onReply, replyName, onDeleted }: ItemProps) {
  const http = useHttp();
  const { t, lang } = useCommentsI18n();
  const name = comment.user?.display_name ?? '';
  const headingId = `comment-${comment.id}-by`;
  if (comment.is_removed) {
    return (
      <article className="comment comment--removed" id={commentElementId(comment.id)} tabIndex={-1} aria-label={t('comments.removed')}>
        <p className="meta">{t('comments.removed')}</p>
      </article>
    );
  }
  return (
    <article className={comment.hidden ? 'comment comment--hidden' : 'comment'} id={commentElementId(comment.id)} tabIndex={-1} aria-labelledby={headingId}>
      <header className="comment__header">
        {comment.user?.avatar ? (
          <img className="comment__avatar" src={comment.user.avatar} alt="" width={32} height={32} loading="lazy" />
        ) : (
          <span className="comment__avatar comment__avatar--initial" aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>
        )}
        <h3 className="comment__author" id={headingId}>{name}</h3>
        <time className="meta" dateTime={comment.submit_date}>{formatDate(lang, comment.submit_date)}</time>
      </header>
      {comment.hidden && <p className="meta">{t('comments.hidden')}</p>}
      {/* Made by the server from the writer's plain text: every character escaped, only its own paragraphs and links. */}
      <div className="comment__body" dangerouslySetInnerHTML={{ __html: comment.comment }} />
      <div className="comment__actions">
        {viewer > 0 ? (
          (['like', 'dislike'] as const).map((flag) => (
            <button
              key={flag}
              type="button"
              className="comment__action"
              aria-pressed={comment.my_feedback === flag}
              aria-describedby={headingId}
              onClick={() => void act(() => giveFeedback(http, comment.id, flag))}
            >
              {t(`comments.${flag}`)} <span className="comment__count">{flag === 'like' ? comment.likes : comment.dislikes}</span>
            </button>
          ))
        ) : (
          // A guest reads the tallies; the section's "Log in to comment" is the way to take part.
          <p className="comment__tally meta">
            <span>{t('comments.likesCount', { count: comment.likes })}</span>
            <span>{t('comments.dislikesCount', { count: comment.dislikes })}</span>
          </p>
        )}
        {viewer > 0 && onReply && (
          <button type="button" className="comment__action" aria-label={t('comments.replyTo', { name: replyName ?? name })} onClick={(e) => onReply(e.currentTarget)}>
            {t('comments.reply')}
          </button>
        )}
        {viewer > 0 && comment.user?.id !== viewer && (
          <button
            type="button"
            className="comment__action"
            aria-describedby={headingId}
            // Flagged: still focusable (a disabled button would drop the keyboard's focus), but does nothing.
            aria-disabled={comment.my_flag || undefined}
            onClick={() => {
              if (!comment.my_flag) void act(() => flagComment(http, comment.id), t('comments.flagDone'));
            }}
          >
            {comment.my_flag ? t('comments.flagged') : t('comments.flag')}
          </button>
        )}
        {comment.can_delete && (
          <button
            type="button"
            className="comment__action"
            aria-describedby={headingId}
            onClick={() => {
              const question = comment.user?.id === viewer ? t('comments.deleteConfirm') : t('comments.deleteConfirmOther');
              if (window.confirm(question)) {
                void act(() => deleteComment(http, comment.id), t('comments.deleted')).then((deleted) => {
                  if (deleted) onDeleted?.();
                });
              }
            }}
          >
            {t('comments.delete')}
          </button>
        )}
        {comment.hidden && (
          <button type="button" className="comment__action" aria-describedby={headingId} onClick={() => void act(() => approveComment(http, comment.id), t('comments.approved'))}>
            {t('comments.approve')}
          </button>
        )}
      </div>
    </article>
  );
}

/**
 * The comments under an article or a lesson, loaded in the browser (never part of the server's page): the
 * count in the heading, the threads oldest first with their replies, and for a logged-in reader the form,
 * reply, like, dislike, flag and delete; a guest gets a link to log in. Outcomes are announced in one live region.
 */
export function CommentsSection({ locked: known, ...target }: CommentTarget & { locked: boolean }) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const { t, main, lang } = useCommentsI18n();
  const { pathname } = useLocation();
  const session = useSession();
  const viewer = session.ready && session.auth?.isLogin ? session.auth.userid : 0;
  // Comments of what the caller may not read are not asked for: the server would refuse them.
  const listOptions = commentListQuery(http, target, viewer);
  const list = useInfiniteQuery({ ...listOptions, enabled: session.ready && !known });
  const count = useQuery({ ...commentCountQuery(http, target, viewer), enabled: session.ready && !known });
  const [status, setStatus] = useState('');
  const [replyTo, setReplyTo] = useState<number | null>(null);
  // The button that opened the reply form, which gets the focus back when the form closes unposted.
  const replyOpener = useRef<HTMLElement | null>(null);
  // A comment to focus once it is on screen (the one just posted), or the heading (after a deletion); each
  // request is handled once (`handled` holds the last one focused).
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);
  const handled = useRef<{ id: string } | null>(null);
  useEffect(() => {
    if (!focusTarget || handled.current === focusTarget) return;
    const element = document.getElementById(focusTarget.id);
    if (!element) return;
    handled.current = focusTarget;
    element.focus();
    element.scrollIntoView?.({ block: 'nearest' });
  }, [focusTarget, list.data]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: commentKeys.of(target) });
  const act: Act = async (what, done = '') => {
    setStatus('');
    try {
      await what();
      setStatus(done);
      await refresh();
      return true;
    } catch (err) {
      setStatus(t('comments.actionFailed', { reason: describeServerError(err, main, lang) }));
      return false;
    }
  };
  /** Loads pages until the comment is among them (threads read oldest first: a new one is on the last page). */
  const reveal = async (id: number) => {
    const loaded = () => queryClient.getQueryData(listOptions.queryKey)?.pages.some((page) => page.results.some((c) => c.id === id)) ?? false;
    while (!loaded()) {
      const more = await list.fetchNextPage();
      if (more.isError || (!more.hasNextPage && !loaded())) return;
    }
  };
  const post = async (text: string, parent: number | null) => {
    setStatus('');
    try {
      const made = await postComment(http, target, text, parent);
      setStatus(t('comments.posted'));
      setReplyTo(null);
      await refresh();
      await reveal(made.id);
      setFocusTarget({ id: commentElementId(made.id) });
      return true;
    } catch (err) {
      setStatus(t('comments.postFailed', { reason: describeServerError(err, main, lang) }));
      return false;
    }
  };

  const openReply = (thread: number) => (opener: HTMLElement) => {
    replyOpener.current = opener;
    setReplyTo(thread);
  };
  const focusHeading = () => setFocusTarget({ id: 'comments-title' });

  const locked = known || (list.error instanceof ApiError && list.error.status === 403);
  // What the caller may not see exist (a draft in a staff preview): no section at all.
  if (list.error instanceof ApiError && list.error.status === 404) return null;
  const total = count.data?.count;
  const threads = threadsOf(list.data?.pages.flatMap((p) => p.results) ?? []);

  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" tabIndex={-1}>{total ? t('comments.titleCount', { count: total }) : t('comments.title')}</h2>
      {locked ? (
        <p>{t('comments.locked')}</p>
      ) : (
        <>
          {viewer > 0 ? (
            <CommentForm label={t('comments.formLabel')} submitLabel={t('comments.post')} onSubmit={(text) => post(text, null)} />
          ) : (
            session.ready && (
              <p>
                <Link className="button button--quiet" to={paths.login(`${pathname}#comments`)}>{t('comments.loginToComment')}</Link>
              </p>
            )
          )}
          <p className="form-status" role="status" aria-live="polite">{status}</p>
          {(list.isPending || !session.ready) && <p className="meta">{t('comments.loading')}</p>}
          {list.isError && (
            <p className="form-error">
              {t('comments.loadFailed', { reason: describeServerError(list.error, main, lang) })}{' '}
              <button type="button" className="button button--quiet" onClick={() => void list.refetch()}>{t('comments.retry')}</button>
            </p>
          )}
          {list.isSuccess && threads.length === 0 && <p>{t('comments.empty')}</p>}
          {threads.length > 0 && (
            <ol className="comments__list">
              {threads.map((thread) => {
                const head = thread.head;
                const key = head?.id ?? thread.replies[0]!.id;
                const name = head?.user?.display_name ?? '';
                return (
                  <li key={key} className="comments__thread">
                    {head && <CommentItem comment={head} viewer={viewer} act={act} onReply={head.is_removed || head.hidden ? undefined : openReply(head.id)} onDeleted={focusHeading} />}
                    {thread.replies.length > 0 && (
                      <ol className="comments__replies" aria-label={name ? t('comments.repliesTo', { name }) : undefined}>
                        {thread.replies.map((reply) => (
                          <li key={reply.id}>
                            <CommentItem
                              comment={reply}
                              viewer={viewer}
                              act={act}
                              onReply={head && !head.is_removed && !head.hidden ? openReply(head.id) : undefined}
                              replyName={name}
                              onDeleted={focusHeading}
                            />
                          </li>
                        ))}
                      </ol>
                    )}
                    {head && replyTo === head.id && viewer > 0 && (
                      <CommentForm
                        label={t('comments.replyLabel', { name })}
                        submitLabel={t('comments.postReply')}
                        onSubmit={(text) => post(text, head.id)}
                        onCancel={() => {
                          setReplyTo(null);
                          // Back to the button that opened the form, for keyboard users.
                          replyOpener.current?.focus();
                        }}
                        autoFocus
                      />
                    )}
                  </li>
                );
              })}
            </ol>
          )}
          {list.hasNextPage && (
            <button type="button" className="button button--quiet" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('comments.more')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

