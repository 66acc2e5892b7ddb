// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../src/shared/api/comments.js';
import { commentsEn, commentsZhCN } from '../../../src/shared/i18n/comments.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { freeArticle, lockedArticle, loginResponseFor } from '../web/fixtures.js';
import { jsonResponse as json, renderRoutesAt } from '../web/test-app.js';

const READER = { id: 6, display_name: 'Noor', avatar: null };
const OTHER = { id: 9, display_name: 'Sam', avatar: null };

const comment = (fields: Partial<Comment> & { id: number }): Comment => ({
  parent: null,
  user: OTHER,
  comment: `<p>Comment ${fields.id}</p>`,
  submit_date: '2026-11-20T09:00:00.000Z',
  is_removed: false,
  hidden: false,
  likes: 0,
  dislikes: 0,
  my_feedback: null,
  my_flag: false,
  can_delete: false,
  ...fields,
});

let stored: Comment[] = [];
let locked = false;
let calls: string[] = [];

/** The comment calls as the server answers them, over a list kept here. */
async function api(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace('/api/v2', '');
  const token = request.headers.get('authorization');
  calls.push(`${request.method} ${path} ${token ?? 'guest'}`);
  if (path === `/article/${freeArticle.id}`) return json(freeArticle);
  if (path === `/article/related/${freeArticle.id}`) return json([]);
  if (path === `/article/${lockedArticle.id}`) return json(lockedArticle);
  if (path === `/article/related/${lockedArticle.id}`) return json([]);
  if (path === '/guest/userfinger') return json({}, 201);
  if (path === `/article/membership_status/${lockedArticle.id}`) {
    return json({ article_id: lockedArticle.id, access: 'premium', free_read: false, locked: true, can_read: false, reason: 'login_required', reads_left: 0, reads_limit: 3, plans: [] });
  }
  if (path === '/rest-auth/token/verify/') return json({});
  if (path === '/rest-auth/user/') return json(loginResponseFor({ id: READER.id, username: 'noor' }).user);
  if (path.startsWith('/comments/api/article/')) {
    if (locked) return json({ error: 'forbidden', message: 'Only readers who may read this may see and write its comments.' }, 403);
    const shown = stored.filter((c) => !c.is_removed);
    const mine = (c: Comment) => ({ ...c, can_delete: c.can_delete || (Boolean(token) && c.user?.id === READER.id) });
    if (path.endsWith('/count')) return json({ count: shown.length });
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('page_size') ?? 50);
    const next = page * size < stored.length ? `${url.pathname}?page=${page + 1}` : null;
    return json({ count: stored.length, next, previous: null, results: stored.slice((page - 1) * size, page * size).map(mine) });
  }
  if (path === '/comments/api/comment' && request.method === 'POST') {
    const body = (await request.json()) as { comment: string; reply_to: number | null };
    if (body.comment.includes('spam')) return json({ error: 'throttled', message: 'Comments: too many requests. Try again in 60 seconds.' }, 429);
    const made = comment({ id: 100 + stored.length, user: READER, parent: body.reply_to, comment: `<p>${body.comment}</p>` });
    stored.push(made);
    return json(made, 201);
  }
  if (path === '/comments/api/feedback' && request.method === 'POST') {
    const body = (await request.json()) as { comment: number; flag: 'like' | 'dislike' };
    stored = stored.map((c) => (c.id === body.comment ? { ...c, likes: c.likes + 1, my_feedback: body.flag } : c));
    return json({ comment: body.comment, likes: 1, dislikes: 0, my_feedback: body.flag });
  }
  if (path === '/comments/api/flag' && request.method === 'POST') {
    const body = (await request.json()) as { comment: number };
    stored = stored.map((c) => (c.id === body.comment ? { ...c, my_flag: true } : c));
    return json({ comment: body.comment, flagged: true }, 201);
  }
  if (path.startsWith('/comments/api/comment/') && request.method === 'DELETE') {
    const id = Number(path.split('/').pop());
    stored = stored.map((c) => (c.id === id ? { ...c, is_removed: true, user: null, comment: '' } : c));
    return new Response(null, { status: 204 });
  }
  return json({ error: 'not_found', message: 'Not found' }, 404);
}

/** Every observed place is in view at once. */
class InView {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

const renderArticle = (lang: 'en' | 'zh-CN' = 'en') => renderRoutesAt(`/article/${freeArticle.id}`, api, { lang, loggedIn: true });
const logIn = () => saveLogin(loginResponseFor({ id: READER.id, username: 'noor' }, 'reader-token'));
const slow = { timeout: 8000 };
const section = async () => within(await screen.findByRole('region', { name: /^Comments|^评论/ }, slow));

beforeAll(() => {
  // The session host checks the stored token with the global fetch: the same fake answers it.
  vi.stubGlobal('fetch', api);
  vi.stubGlobal('IntersectionObserver', InView);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  stored = [comment({ id: 1, likes: 4, dislikes: 1 }), comment({ id: 2, parent: 1, user: READER, comment: '<p>My reply</p>' }), comment({ id: 3 })];
  locked = false;
  calls = [];
  window.scrollTo = () => undefined;
});
afterEach(async () => {
  cleanup();
  await clearLogin();
});

describe('the comments section', { timeout: 20_000 }, () => {
  it('lists threads with replies under their comment, the count in the heading, and a login link for a guest', async () => {
    renderArticle();
    const comments = await section();
    expect(await comments.findByRole('heading', { level: 2, name: 'Comments (3)' }, slow)).toBeTruthy();
    const threads = comments.getAllByRole('listitem').filter((li) => li.classList.contains('comments__thread'));
    expect(threads.map((li) => li.querySelector('.comment__author')?.textContent)).toEqual(['Sam', 'Sam']);
    const replies = within(comments.getByRole('list', { name: 'Replies to Sam' }));
    expect(replies.getByText('My reply')).toBeTruthy();
    expect(comments.getByRole('link', { name: 'Log in to comment' }).getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`/article/${freeArticle.id}#comments`)}`);
    expect(comments.queryByRole('textbox')).toBeNull();
    // A guest reads the tallies as text: no button they could not use.
    const first = comments.getAllByRole('article')[0]!;
    expect(within(first).getByText('Likes: 4')).toBeTruthy();
    expect(within(first).getByText('Dislikes: 1')).toBeTruthy();
    expect(comments.queryByRole('button', { name: /^(Like|Dislike)\b/ })).toBeNull();
    // A guest's calls carry no token.
    expect(calls).toContain(`GET /comments/api/article/${freeArticle.id} guest`);
  });

  it('lets a logged-in reader post a comment, announced in the live region, and reply from a comment’s button', async () => {
    await logIn();
    renderArticle();
    const comments = await section();
    const box = await comments.findByRole('textbox', { name: 'Your comment' }, slow);
    fireEvent.change(box, { target: { value: 'Well argued.' } });
    fireEvent.click(comments.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(comments.getByRole('status').textContent).toBe('Your comment is posted.'), slow);
    expect(await comments.findByText('Well argued.')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(calls).toContain('POST /comments/api/comment Bearer reader-token');

    fireEvent.click(comments.getAllByRole('button', { name: 'Reply to Sam' })[0]!);
    const replyBox = comments.getByRole('textbox', { name: 'Your reply to Sam' });
    expect(document.activeElement).toBe(replyBox);
    // Escape closes the reply form and puts the focus back on the button that opened it.
    fireEvent.keyDown(replyBox, { key: 'Escape' });
    expect(comments.queryByRole('textbox', { name: 'Your reply to Sam' })).toBeNull();
    expect(document.activeElement).toBe(comments.getAllByRole('button', { name: 'Reply to Sam' })[0]);
    fireEvent.click(comments.getAllByRole('button', { name: 'Reply to Sam' })[0]!);
    fireEvent.change(comments.getByRole('textbox', { name: 'Your reply to Sam' }), { target: { value: 'Answering you.' } });
    fireEvent.click(comments.getByRole('button', { name: 'Post reply' }));
    await waitFor(() => expect(stored.at(-1)).toMatchObject({ parent: 1, comment: '<p>Answering you.</p>' }), slow);
  });

  it('says why a comment was not posted and keeps the text', async () => {
    await logIn();
    renderArticle();
    const comments = await section();
    const box = await comments.findByRole('textbox', { name: 'Your comment' }, slow);
    fireEvent.change(box, { target: { value: 'spam spam' } });
    fireEvent.click(comments.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(comments.getByRole('status').textContent).toMatch(/^Your comment was not posted: /), slow);
    expect((box as HTMLTextAreaElement).value).toBe('spam spam');
  });

  it('likes with a pressed button and deletes the reader’s own comment', async () => {
    await logIn();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderArticle();
    const comments = await section();
    const like = (await comments.findAllByRole('button', { name: /^Like/ }, slow))[0]!;
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    await waitFor(() => expect(comments.getAllByRole('button', { name: /^Like/ })[0]!.getAttribute('aria-pressed')).toBe('true'), slow);

    // Only the reader's own comment has a delete button.
    const del = comments.getAllByRole('button', { name: 'Delete' });
    expect(del).toHaveLength(1);
    fireEvent.click(del[0]!);
    await waitFor(() => expect(comments.getByText('This comment was removed.')).toBeTruthy(), slow);
    expect(await comments.findByRole('heading', { level: 2, name: 'Comments (2)' })).toBeTruthy();
  });

  it('tells a reader who may not read the object that its comments are for its readers', async () => {
    locked = true;
    renderArticle();
    const comments = await section();
    expect(await comments.findByText('Only readers who may read this can see and write its comments.', {}, slow)).toBeTruthy();
    expect(comments.queryByRole('link', { name: 'Log in to comment' })).toBeNull();
  });

  it('asks nothing about the comments of an article the reader may not read', async () => {
    renderRoutesAt(`/article/${lockedArticle.id}`, api, { loggedIn: true });
    const comments = await section();
    expect(await comments.findByText('Only readers who may read this can see and write its comments.', {}, slow)).toBeTruthy();
    expect(calls.filter((c) => c.includes('/comments/'))).toEqual([]);
  });

  it('speaks Chinese to a Chinese reader, with a message for every English one', async () => {
    expect(Object.keys(commentsZhCN).sort()).toEqual(Object.keys(commentsEn).sort());
    expect(Object.values(commentsZhCN).filter((text) => !/[\u3000-\u9fff]/.test(text) || text.includes('您'))).toEqual([]);
    renderArticle('zh-CN');
    const comments = await section();
    expect(await comments.findByRole('heading', { level: 2, name: '评论（3）' }, slow)).toBeTruthy();
    expect(comments.getByRole('link', { name: '登录后发表评论' })).toBeTruthy();
  });

  it('shows a comment just posted on a long discussion, loading the pages before it, and moves the focus to it', async () => {
    stored = Array.from({ length: 55 }, (_, i) => comment({ id: i + 1 }));
    await logIn();
    renderArticle();
    const comments = await section();
    await comments.findByText('Comment 50', undefined, slow);
    expect(comments.queryByText('Comment 51')).toBeNull();
    fireEvent.change(comments.getByRole('textbox', { name: 'Your comment' }), { target: { value: 'Late to this.' } });
    fireEvent.click(comments.getByRole('button', { name: 'Post comment' }));
    const posted = await comments.findByText('Late to this.', { selector: '.comment__body p' }, slow);
    await waitFor(() => expect(document.activeElement).toBe(posted.closest('article')), slow);
    expect(comments.getByText('Comment 55')).toBeTruthy();
  });

  it('names every reply button after the comment the reply answers, and gives the focus back to the one pressed', async () => {
    await logIn();
    renderArticle();
    const comments = await section();
    const reply = await comments.findByText('My reply', undefined, slow);
    const onReply = within(reply.closest('article')!).getByRole('button', { name: 'Reply to Sam' });
    expect(comments.queryByRole('button', { name: 'Reply to Noor' })).toBeNull();
    fireEvent.click(onReply);
    fireEvent.keyDown(comments.getByRole('textbox', { name: 'Your reply to Sam' }), { key: 'Escape' });
    expect(document.activeElement).toBe(onReply);
  });

  it("tells each action's comment by its author, keeps the focus on a flag, and after a deletion on the heading", async () => {
    stored = [comment({ id: 1 }), comment({ id: 3, can_delete: true }), comment({ id: 4, user: READER })];
    await logIn();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderArticle();
    const comments = await section();
    const first = (await comments.findByText('Comment 1', undefined, slow)).closest('article')!;
    const flag = within(first).getByRole('button', { name: 'Flag for removal', description: 'Sam' });
    expect(within(first).getByRole('button', { name: /^Like/, description: 'Sam' })).toBeTruthy();
    flag.focus();
    fireEvent.click(flag);
    await waitFor(() => expect(within(first).getByRole('button', { name: 'Flagged' }).getAttribute('aria-disabled')).toBe('true'), slow);
    expect(document.activeElement).toBe(within(first).getByRole('button', { name: 'Flagged' }));

    // Staff delete others' comments with a question that says so; the reader's own is "your comment".
    const deletes = comments.getAllByRole('button', { name: 'Delete' });
    fireEvent.click(deletes[0]!);
    expect(confirm).toHaveBeenLastCalledWith('Delete this comment by another reader? Its replies stay.');
    await waitFor(() => expect(document.activeElement).toBe(comments.getByRole('heading', { level: 2 })), slow);
    fireEvent.click(comments.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    expect(confirm).toHaveBeenLastCalledWith('Delete your comment? Its replies stay.');
  });

  it('refuses a comment of nothing but invisible characters before sending it', async () => {
    await logIn();
    renderArticle();
    const comments = await section();
    fireEvent.change(await comments.findByRole('textbox', { name: 'Your comment' }, slow), { target: { value: '\u200B\u200B \uFEFF' } });
    expect((comments.getByRole('button', { name: 'Post comment' }) as HTMLButtonElement).disabled).toBe(true);
    expect((comments.getByRole('button', { name: 'Preview' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts the limit in characters as the server does: an emoji is one, and a text over it is not sent', async () => {
    await logIn();
    renderArticle();
    const comments = await section();
    const box = await comments.findByRole('textbox', { name: 'Your comment' }, slow);
    const post = () => comments.getByRole('button', { name: 'Post comment' }) as HTMLButtonElement;
    fireEvent.change(box, { target: { value: '😀'.repeat(3000) } });
    expect(comments.getByText('0 characters left')).toBeTruthy();
    expect(post().disabled).toBe(false);
    fireEvent.change(box, { target: { value: '😀'.repeat(3002) } });
    expect(comments.getByText('2 characters too many')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(post().disabled).toBe(true);
  });
});
