// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUBMISSION_TYPES, type Submission } from '../../../src/shared/api/content-readers.js';
import type { CommunityInfo } from '../../../src/shared/api/sso.js';
import { ACCEPT_ATTRIBUTE, ACCEPTED_FILES } from '../../../src/web/features/community/components/accepted-files.js';
import { navigateAway } from '../../../src/web/features/community/navigate-away.js';
import { readAuthState } from '../../../src/web/lib/auth-state.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { loginResponseFor } from '../web/fixtures.js';
import { jsonResponse as json, renderRoutesAt } from '../web/test-app.js';

vi.mock('../../../src/web/features/community/navigate-away.js', () => ({ navigateAway: vi.fn() }));

const FORUM = 'https://forum.example.com';
const OPEN: CommunityInfo = { forum_url: FORUM, slack_url: 'https://join.slack.com/t/lectern/shared_invite/zt-1', forum_sso: true };
const CLOSED: CommunityInfo = { forum_url: null, slack_url: null, forum_sso: false };

let info: CommunityInfo = CLOSED;
let ssoAnswer: Response | undefined;
let calls: string[] = [];
let past: Submission[] = [];

const submission = (fields: Partial<Submission> & { id: number }): Submission => ({
  user_id: 6,
  original_name: 'essay.md',
  mime_type: 'text/markdown',
  size: 2048,
  note: '',
  status: 'pending',
  created_at: '2026-11-20T09:00:00.000Z',
  ...fields,
});

async function api(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace('/api/v2', '');
  calls.push(`${request.method} ${path}${url.search} ${request.headers.get('authorization') ?? 'guest'}`);
  if (path === '/community') return json(info);
  if (path === '/rest-auth/token/verify/') return json({});
  if (path === '/rest-auth/user/') return json(loginResponseFor({ id: 6, username: 'noor' }).user);
  if (path === '/rest-auth/logout/') return json({ detail: 'Successfully logged out.' });
  if (path.startsWith('/usermembership/user/')) return json({ error: 'not_found', message: 'Not found' }, 404);
  if (path === '/user/sso/discourse') return ssoAnswer ?? json({ error: 'not_found', message: 'Not found' }, 404);
  if (path === '/submission/file') return json({ count: past.length, next: null, previous: null, results: past });
  return json({ error: 'not_found', message: 'Not found' }, 404);
}

const renderAt = (path: string, lang: 'en' | 'zh-CN' = 'en') => renderRoutesAt(path, api, { lang, loggedIn: true });
const slow = { timeout: 5000 };
const logIn = () => saveLogin(loginResponseFor({ id: 6, username: 'noor' }, 'user-token'));

/** XMLHttpRequest as the upload uses it: the test answers each request when it likes. */
class FakeUpload {
  static last: FakeUpload | undefined;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  timeout = 0;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.last = this;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

beforeAll(() => {
  // The session host checks the stored token with the global fetch: the same fake answers it.
  vi.stubGlobal('fetch', api);
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  window.scrollTo = () => undefined;
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  info = CLOSED;
  ssoAnswer = undefined;
  calls = [];
  past = [];
  FakeUpload.last = undefined;
  vi.mocked(navigateAway).mockClear();
});
afterEach(async () => {
  cleanup();
  await clearLogin();
  window.localStorage.clear();
});

describe('/community', { timeout: 15_000 }, () => {
  it('says the community is not open yet while nothing is configured, with no link to a forum or chat', async () => {
    renderAt('/community');
    expect(await screen.findByRole('heading', { level: 1, name: 'Community' }, slow)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'The community is not open yet' })).toBeTruthy();
    const main = within(document.querySelector('.community-page') as HTMLElement);
    expect(main.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/submission']);
    expect(main.queryByRole('link', { name: /forum|Slack/ })).toBeNull();
  });

  it('links the forum and Slack when configured, in Simplified Chinese for a Chinese reader', async () => {
    info = OPEN;
    renderAt('/community', 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '社区' }, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: '打开论坛' }).getAttribute('href')).toBe(FORUM);
    expect(screen.getByRole('link', { name: '加入我们的 Slack' }).getAttribute('href')).toBe('/community/slack');
    expect(screen.getByText('你用 Lectern 的账号登录论坛，不需要另一个密码。')).toBeTruthy();
    expect(screen.queryByText('社区尚未开放')).toBeNull();
  });
});

describe('/community/slack', { timeout: 15_000 }, () => {
  it('offers the invitation when there is one', async () => {
    info = OPEN;
    renderAt('/community/slack');
    expect(await screen.findByRole('heading', { level: 1, name: 'Slack' }, slow)).toBeTruthy();
    const invite = screen.getByRole('link', { name: 'Open the Slack invitation' });
    expect(invite.getAttribute('href')).toBe(OPEN.slack_url);
    expect(invite.getAttribute('rel')).toContain('noopener');
  });

  it('says the community is not open when there is no invite link', async () => {
    renderAt('/community/slack', 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '社区尚未开放' }, slow)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '打开 Slack 邀请' })).toBeNull();
  });
});

describe('/sso/login', { timeout: 15_000 }, () => {
  it('sends a guest to log in first, coming back with the forum request intact', async () => {
    const { router } = renderAt('/sso/login?sso=bm9uY2U9YQ%2B%3D&sig=abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), slow);
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/sso/login?sso=bm9uY2U9YQ%2B%3D&sig=abc');
    expect(calls.some((call) => call.includes('/user/sso/discourse'))).toBe(false);
  });

  it("answers the forum's request with the reader's token and goes to the forum's return URL", async () => {
    await logIn();
    const redirect = `${FORUM}/session/sso_login?sso=YW5zd2Vy&sig=${'b'.repeat(64)}`;
    ssoAnswer = json({ redirect_url: redirect });
    renderAt(`/sso/login?sso=bm9uY2U9YQ+%3D&sig=${'a'.repeat(64)}`);
    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith(redirect), slow);
    // Decoded once: a "+" of the base64 stays a "+" (sent escaped), never a space.
    expect(calls, calls.join('\n')).toContain(`GET /user/sso/discourse?sso=bm9uY2U9YQ%2B%3D&sig=${'a'.repeat(64)} Bearer user-token`);
    expect(screen.getByText('Taking you back to the forum…').getAttribute('role')).toBe('status');
  });

  it('explains a refused signature in words, with the way back to the forum', async () => {
    await logIn();
    info = OPEN;
    ssoAnswer = json({ error: 'forbidden', message: 'signature does not match' }, 403);
    renderAt(`/sso/login?sso=YQ%3D%3D&sig=${'a'.repeat(64)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'You could not be logged in to the forum' }, slow)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/could not be verified, so nothing was sent/);
    expect((await screen.findByRole('link', { name: 'Back to the forum' })).getAttribute('href')).toBe(FORUM);
    expect(navigateAway).not.toHaveBeenCalled();
  });

  it('asks an account without e-mail to add one, in Simplified Chinese', async () => {
    await logIn();
    ssoAnswer = json({ error: 'conflict', message: 'Add an e-mail address', fields: { email: 'none' } }, 409);
    renderAt(`/sso/login?sso=YQ%3D%3D&sig=${'a'.repeat(64)}`, 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '未能登录论坛' }, slow)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('论坛需要电子邮箱地址。请先在账号中添加邮箱，然后重新登录论坛。');
    expect(screen.getByRole('link', { name: '添加邮箱地址' }).getAttribute('href')).toBe('/account');
  });

  it('says a return URL off the forum was refused, and that the site has no forum login when not configured', async () => {
    await logIn();
    ssoAnswer = json({ error: 'invalid', message: 'return_sso_url: no', fields: { return_sso_url: 'no' } }, 400);
    renderAt(`/sso/login?sso=YQ%3D%3D&sig=${'a'.repeat(64)}`);
    expect((await screen.findByRole('alert', {}, slow)).textContent).toMatch(/not the community forum’s, so nothing was sent/);
    cleanup();
    ssoAnswer = json({ error: 'not_found', message: 'Single sign-on to the community forum is not configured on this site.' }, 404);
    renderAt(`/sso/login?sso=YQ%3D%3D&sig=${'a'.repeat(64)}`);
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe('Logging in to the forum with your account is not set up on this site yet.');
  });

  it('calls nothing for a link without the forum request', async () => {
    await logIn();
    renderAt('/sso/login');
    expect((await screen.findByRole('alert', {}, slow)).textContent).toMatch(/missing the forum’s request/);
    expect(calls.some((call) => call.includes('/user/sso/discourse'))).toBe(false);
  });
});

describe('/sso/login_success, /sso/login_failed and /sso/logout', { timeout: 15_000 }, () => {
  it('the success page leads back to the forum; the failure page says what to do', async () => {
    info = OPEN;
    renderAt('/sso/login_success');
    expect(await screen.findByRole('heading', { level: 1, name: 'You are logged in to the forum' }, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the forum' }).getAttribute('href')).toBe(FORUM);
    cleanup();
    renderAt('/sso/login_failed', 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '未能登录论坛' }, slow)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '你可以这样做' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回论坛' }).getAttribute('href')).toBe(FORUM);
  });

  it('logs the reader out of the site, then says so', async () => {
    await logIn();
    renderAt('/sso/logout');
    expect(await screen.findByText('You logged out of the forum, and you are now logged out of Lectern on this device too.', {}, slow)).toBeTruthy();
    expect((await readAuthState()).isLogin).toBe(0);
    expect(calls.some((call) => call.startsWith('POST /rest-auth/logout/'))).toBe(true);
  });
});

describe('/submission', { timeout: 15_000 }, () => {
  it('sends a guest to log in first', async () => {
    const { router } = renderAt('/submission');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), slow);
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/submission');
  });

  it("lists the reader's submissions, sends a file with a note showing its progress, then lists it", async () => {
    await logIn();
    past = [submission({ id: 3, original_name: 'old-draft.pdf', mime_type: 'application/pdf', status: 'accepted', note: 'First try' })];
    renderAt('/submission');
    expect(await screen.findByRole('heading', { level: 1, name: 'Send a submission' }, slow)).toBeTruthy();
    const list = within(await screen.findByRole('region', { name: 'Your submissions' }));
    expect(await list.findByText('old-draft.pdf', {}, slow)).toBeTruthy();
    expect(list.getByText('Accepted')).toBeTruthy();
    expect(list.getByText('Note: First try')).toBeTruthy();

    // Nothing chosen: the picker says so and keeps focus.
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a file to send.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose a file' }));

    const file = new File(['# My essay\n\nText.'], 'essay.md', { type: 'text/markdown' });
    fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [file] } });
    expect(screen.getByText('Chosen: essay.md (17 B)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Note to the editors (optional)'), { target: { value: 'For the spring issue' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(FakeUpload.last).toBeDefined(), slow);
    const upload = FakeUpload.last!;
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/v2/submission/file');
    expect(upload.headers.authorization).toBe('Bearer user-token');
    expect(upload.body!.get('note')).toBe('For the spring issue');
    expect((upload.body!.get('file') as File).name).toBe('essay.md');
    upload.upload.onprogress?.({ loaded: 9, total: 17, lengthComputable: true });
    const progress = await screen.findByLabelText('Sending essay.md');
    expect(progress.getAttribute('value')).toBe('9');
    expect(progress.getAttribute('aria-valuetext')).toBe('9 B of 17 B');
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);

    past = [submission({ id: 4, note: 'For the spring issue', size: 17 }), ...past];
    const before = calls.filter((call) => call.startsWith('GET /submission/file')).length;
    upload.answer(201, past[0]);
    expect(await screen.findByText('Sent: essay.md. The editors will look at it; its status shows below.', {}, slow)).toBeTruthy();
    expect(await list.findByText('essay.md', {}, slow)).toBeTruthy();
    expect(list.getByText('Waiting for review')).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('GET /submission/file')).length).toBe(before + 1);
    expect(screen.queryByLabelText('Sending essay.md')).toBeNull();
  });

  it("words the server's refusals in the reader's language", async () => {
    await logIn();
    renderAt('/submission', 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '投稿' }, slow)).toBeTruthy();
    expect(await screen.findByText('你还没有发送过投稿。', {}, slow)).toBeTruthy();
    // The name passes the first check; the server judges the bytes.
    const file = new File(['not really a pdf'], 'paper.pdf', { type: 'application/pdf' });
    fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(FakeUpload.last).toBeDefined(), slow);
    FakeUpload.last!.answer(415, { error: 'unsupported_media_type', message: 'Send a PDF…', fields: { file: 'Send a PDF…' } });
    expect((await screen.findByRole('alert')).textContent).toBe('不能发送这种文件。请发送 PDF、Word（.docx）、Markdown、纯文本、PNG、JPEG 或 WebP 文件。');

    // A kind of file the server never takes is refused before anything is sent.
    FakeUpload.last = undefined;
    fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [new File(['x'], 'tool.exe', { type: 'application/x-msdownload' })] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^不能发送这种文件/);
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(FakeUpload.last).toBeUndefined();
  });

  it("offers every type the server accepts in the picker, and nothing else", () => {
    expect(Object.keys(ACCEPTED_FILES).sort()).toEqual([...SUBMISSION_TYPES].sort());
    for (const type of SUBMISSION_TYPES) expect(ACCEPT_ATTRIBUTE.split(',')).toContain(type);
  });
});
