// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserComment } from '../../../src/shared/api/comments.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { loginResponseFor } from '../web/fixtures.js';
import { answerCallsWith, jsonResponse as json, renderRoutesAt } from '../web/test-app.js';

const USER = 6;
let comments: UserComment[] = [];
let commentsAnswer: Response | undefined;
let calls: string[] = [];

const comment = (fields: Partial<UserComment> & { id: number }): UserComment => ({
  content_type: 'article',
  object_id: 3,
  title: 'Migrations without downtime',
  url: '/article/3',
  comment: '<p>Clear and useful.</p>',
  submit_date: '2026-11-20T09:00:00.000Z',
  parent: null,
  ...fields,
});

const page = <T,>(results: T[]) => json({ count: results.length, next: null, previous: null, results });

async function api(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace('/api/v2', '');
  calls.push(`${request.method} ${path} ${request.headers.get('authorization') ?? 'guest'}`);
  if (path === '/rest-auth/token/verify/') return json({});
  if (path === '/rest-auth/user/') return json(loginResponseFor({ id: USER, username: 'noor' }).user);
  if (path.startsWith('/usermembership/user/')) return json({ error: 'not_found', message: 'Not found' }, 404);
  if (path === `/comments/user/${USER}`) {
    if (commentsAnswer) return commentsAnswer;
    const at = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('page_size'));
    const next = at * size < comments.length ? `/api/v2/comments/user/${USER}?page=${at + 1}` : null;
    return json({ count: comments.length, next, previous: null, results: comments.slice((at - 1) * size, at * size) });
  }
  if (path === '/report' || path === '/submission/file') return page([]);
  return json({ error: 'not_found', message: 'Not found' }, 404);
}

const slow = { timeout: 5000 };
const section = async (name: string) => within(await screen.findByRole('region', { name }, slow));

answerCallsWith(api);
beforeEach(async () => {
  comments = [];
  commentsAnswer = undefined;
  calls = [];
  await saveLogin(loginResponseFor({ id: USER, username: 'noor' }, 'user-token'));
});
afterEach(async () => {
  cleanup();
  await clearLogin();
  window.localStorage.clear();
});

describe('/user/activity: your comments', { timeout: 15_000 }, () => {
  it("lists the reader's own comments with a link to the page each is on, asked with their token", async () => {
    comments = [
      comment({ id: 12, parent: 4, comment: '<p>Agreed, <em>and</em> more.</p>' }),
      comment({ id: 9, content_type: 'lesson', object_id: 7, title: 'Unit tests', url: '/course/2/lesson/7' }),
    ];
    renderRoutesAt('/user/activity', api, { loggedIn: true });
    const list = await section('Your comments');
    const links = await list.findAllByRole('link', undefined, slow);
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Migrations without downtime', '/article/3'],
      ['Unit tests', '/course/2/lesson/7'],
    ]);
    expect(list.getByText('more.', { exact: false }).innerHTML).toBe('Agreed, <em>and</em> more.');
    expect(list.getByText(/a reply$/)).toBeTruthy();
    expect(calls).toContain(`GET /comments/user/${USER} Bearer user-token`);
  });

  it('keeps the place of a comment on a page the reader may no longer open, with no link', async () => {
    comments = [comment({ id: 5, title: null, url: null, comment: null })];
    renderRoutesAt('/user/activity', api, { loggedIn: true });
    const list = await section('Your comments');
    expect(await list.findByText('A page you can no longer open', undefined, slow)).toBeTruthy();
    expect(list.queryByRole('link')).toBeNull();
  });

  it('says so when there are none, and shows a failed list as an alert, in Chinese for a Chinese reader', async () => {
    renderRoutesAt('/user/activity', api, { loggedIn: true });
    expect(await (await section('Your comments')).findByText('You have not commented on anything.', undefined, slow)).toBeTruthy();
    cleanup();
    commentsAnswer = json({ error: 'unavailable', message: 'Service unavailable' }, 503);
    renderRoutesAt('/user/activity', api, { loggedIn: true, lang: 'zh-CN' });
    const list = await section('我的评论');
    expect((await list.findByRole('alert', undefined, slow)).textContent).not.toBe('');
    expect((await section('我的举报')).getByText('你还没有举报过内容。')).toBeTruthy();
  });

  it('shows the first 50 comments with a button for the rest, asked a page at a time', async () => {
    comments = Array.from({ length: 55 }, (_, i) => comment({ id: 100 - i, title: `Article ${100 - i}`, url: `/article/${100 - i}` }));
    renderRoutesAt('/user/activity', api, { loggedIn: true });
    const list = await section('Your comments');
    expect(await list.findAllByRole('link', undefined, slow)).toHaveLength(50);
    fireEvent.click(list.getByRole('button', { name: 'Show more (50 of 55 shown)' }));
    await waitFor(() => expect(list.getAllByRole('link')).toHaveLength(55), slow);
    expect(list.getAllByRole('link').at(-1)!.textContent).toBe('Article 46');
    expect(list.queryByRole('button', { name: /^Show more/ })).toBeNull();
    expect(calls.filter((c) => c.startsWith(`GET /comments/user/${USER}`))).toHaveLength(2);
  });
});
