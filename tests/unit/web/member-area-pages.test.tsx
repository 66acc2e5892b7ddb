// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArticleCard } from '../../../src/shared/api/content.js';
import type { CourseCard } from '../../../src/shared/api/courses.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { lockedArticle, loginResponseFor } from './fixtures.js';
import { fakeMembershipApi, json, membershipProduct, premiumPlan, pricesOf, renderAppAt } from './membership-fixtures.js';

// The widget's own script is not needed: the tests play its part through its events and challenge fetch.
vi.mock('altcha', () => ({}));

const supporterPlan = {
  id: 4,
  slug: 'supporter',
  name: 'Supporter',
  description: 'Back the writers.',
  perks: ['A thank-you in the newsletter', 'Early news'],
  sort_order: 1,
  is_premium: false,
  products: [membershipProduct({ id: 5, membership_id: 4, membership_slug: 'supporter', name: 'Ten days', price: 500, period_unit: 'day', period_count: 10 })],
};

const card = (id: number, title: string): ArticleCard => {
  const { content_html: _body, locked: _locked, status: _status, ...fields } = lockedArticle;
  return { ...fields, id, title };
};

const course: CourseCard = {
  id: 7,
  title: 'SQL indexes in practice',
  slug: 'sql-indexes',
  summary: 'How an index is used, step by step.',
  cover: null,
  level: 'intermediate',
  access: 'premium',
  language: 'en',
  category: null,
  tags: [],
  author: { id: 3, display_name: 'Maren Holt', avatar: null },
  is_published: true,
  published_at: '2026-10-01T00:00:00.000Z',
  position: 0,
  lesson_count: 5,
  duration: 3600,
  updated_at: '2026-10-01T00:00:00.000Z',
};

const CHALLENGE = { algorithm: 'SHA-256', challenge: 'a'.repeat(64), maxnumber: 50_000, salt: '0123456789abcdef', signature: 'b'.repeat(64) };

/** What the fake server is set to answer; reset before each test. */
let state: {
  failing: string | null;
  articleCount: number;
  courses: CourseCard[];
  shortcutTypes: { id: number; name: string; slug: string; description: string; position: number }[];
  enquiries: { body: Record<string, unknown>; token: boolean }[];
  refuseEnquiry: Record<string, string> | null;
  /** The query strings of the list calls, as "path?query". */
  lists: string[];
};

const { calls, fetch: api } = fakeMembershipApi(async (request, url) => {
  const { pathname, searchParams } = url;
  if (state.failing && pathname === state.failing) return json({ error: 'server_error', message: 'Internal Server Error' }, 500);
  if (pathname === '/api/v2/product_membership') return json([premiumPlan, supporterPlan]);
  if (pathname === '/api/v2/membership/meter') return json({ free_reads_guest: 4, free_reads_user: 9 });
  if (pathname === '/api/v2/article/summary' || pathname === '/api/v2/course') state.lists.push(`${pathname}${url.search}`);
  if (pathname === '/api/v2/article/summary') {
    const page = Number(searchParams.get('page') ?? 1);
    const results = page === 1 ? [card(50, 'Premium one'), card(51, 'Premium two')] : [card(60, 'Premium thirteen')];
    return json({ count: state.articleCount, next: null, previous: null, results });
  }
  if (pathname === '/api/v2/course') return json({ count: state.courses.length, next: null, previous: null, results: state.courses });
  if (pathname === '/api/v2/shortcuts/type') return json(state.shortcutTypes);
  if (pathname === '/api/v2/shortcuts' && searchParams.get('type') === '9') {
    return json([
      { id: 1, type_id: 9, title: 'Members’ articles', description: 'Every premium article.', url: '/member/content', icon: null, position: 0 },
      { id: 2, type_id: 9, title: 'Git book', description: '', url: 'https://git-scm.com/book/en/v2', icon: null, position: 1 },
    ]);
  }
  if (pathname === '/api/v2/captcha/challenge') return json(CHALLENGE);
  if (pathname === '/api/v2/membership/enquiry' && request.method === 'POST') {
    const body = (await request.json()) as Record<string, unknown>;
    state.enquiries.push({ body, token: request.headers.has('authorization') });
    if (state.refuseEnquiry) {
      const fields = state.refuseEnquiry;
      state.refuseEnquiry = null;
      return json({ error: 'invalid', message: Object.values(fields).join(' '), fields }, 400);
    }
    return json({ id: 1, name: body.name, email: body.email, message: body.message, plan: body.plan ?? null, user_id: null, created_at: '2026-11-25T00:00:00.000Z' }, 201);
  }
  return undefined;
});

const renderAt = (path: string, lang: 'en' | 'zh-CN' = 'en') => renderAppAt(path, api, lang);
const callsTo = (path: string) => calls.filter((c) => c.split(' ')[1] === path);

/** Plays the captcha widget: starts a check, loads the challenge through the page's fetch, reports it solved. */
async function solveCaptcha(payload = 'c29sdmVk') {
  const widget = document.querySelector('altcha-widget') as HTMLElement & { customfetch?: (url: string) => Promise<Response> };
  await waitFor(() => expect(typeof widget.customfetch).toBe('function'));
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verifying' } }));
  });
  await act(async () => {
    await widget.customfetch!('/api/v2/captcha/challenge');
  });
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The texts tied to a field for screen readers: its problem, then its hint. */
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

beforeAll(() => {
  vi.stubGlobal('fetch', api);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  calls.length = 0;
  state = {
    failing: null,
    articleCount: 13,
    courses: [course],
    shortcutTypes: [
      { id: 8, name: 'Start here', slug: 'start-here', description: '', position: 0 },
      { id: 9, name: 'For members', slug: 'members', description: 'Where members find what their membership opens.', position: 1 },
    ],
    enquiries: [],
    refuseEnquiry: null,
    lists: [],
  };
  window.scrollTo = () => undefined;
});
afterEach(async () => {
  cleanup();
  window.sessionStorage.clear();
  await clearLogin();
});

// Each test renders the whole app: seconds on a busy machine.
describe('/member/intro', { timeout: 15_000 }, () => {
  it("shows each plan's price card and perks, the server's free-read allowances, and how to join", async () => {
    renderAt('/member/intro');
    expect(await screen.findByRole('heading', { level: 1, name: 'How membership works' }, { timeout: 5000 })).toBeTruthy();
    expect(pricesOf('Premium')).toEqual(['Monthly ¥29.90 a month', 'Yearly ¥299.00 for 12 months']);
    expect(pricesOf('Supporter')).toEqual(['Ten days ¥5.00 for 10 days']);
    const supporter = within(screen.getByRole('article', { name: 'Supporter' }));
    expect(supporter.getAllByRole('listitem').map((li) => li.textContent)).toContain('Early news');
    // The allowances are the server's (4 and 9 here), not the defaults.
    const meter = within(screen.getByRole('region', { name: 'Free reads each month' }));
    expect(meter.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '4 free a month without an account (per device)',
      '9 free a month with a free account',
    ]);
    const join = within(screen.getByRole('region', { name: 'How to become a member' }));
    expect(join.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup?next=%2Fmember%2Fintro');
    expect(join.getByRole('link', { name: 'Redeem a gift code on your membership page.' }).getAttribute('href')).toBe('/my-membership');
    expect(join.getByRole('link', { name: 'Questions? Send us an enquiry.' }).getAttribute('href')).toBe('/member/enquiry');
    expect(screen.queryByRole('button', { name: /buy|subscribe/i })).toBeNull();
  });

  it('speaks Chinese with the prices formatted for it', async () => {
    renderAt('/member/intro', 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '会员如何运作' }, { timeout: 5000 })).toBeTruthy();
    const premium = within(screen.getByRole('article', { name: 'Premium' }));
    expect(premium.getAllByRole('listitem').map((li) => li.textContent).slice(0, 2)).toEqual(['Monthly ¥29.90 / 月', 'Yearly ¥299.00 / 12 个月']);
    expect(premium.getByRole('list', { name: '价格' })).toBeTruthy();
    const meter = within(screen.getByRole('region', { name: '每月免费阅读' }));
    expect(meter.getAllByRole('listitem')[0].textContent).toBe('4 篇/月：未登录，按设备计');
  });

  it('shows the error page when the allowances cannot be loaded', async () => {
    state.failing = '/api/v2/membership/meter';
    renderAt('/member/intro');
    expect(await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' }, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Premium' })).toBeNull();
  });
});

describe('/member/content', { timeout: 15_000 }, () => {
  it('lists the premium articles with the membership tag, a page at a time, and the member courses', async () => {
    renderAt('/member/content');
    expect(await screen.findByRole('heading', { level: 1, name: 'Members’ articles and courses' }, { timeout: 5000 })).toBeTruthy();
    expect(callsTo('/api/v2/article/summary')).toHaveLength(1);
    expect(callsTo('/api/v2/course')).toHaveLength(1);
    const articles = within(screen.getByRole('list', { name: 'Premium articles' }));
    const titles = articles.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
    expect(titles).toEqual(['Premium one', 'Premium two']);
    expect(articles.getAllByText('Premium')).toHaveLength(2);
    expect(articles.getByRole('link', { name: 'Premium one' }).getAttribute('href')).toBe('/article/50');
    expect(screen.getByText('13 articles')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/member/content?page=2');
    const courses = within(screen.getByRole('region', { name: 'Member courses' }));
    expect(courses.getByRole('heading', { name: 'SQL indexes in practice' })).toBeTruthy();
    expect(courses.getByRole('link', { name: 'SQL indexes in practice' }).getAttribute('href')).toBe(`/course/${course.id}`);
    expect(courses.getByText('Intermediate · 5 lessons')).toBeTruthy();
    // Tagged as the course pages tag it.
    expect(courses.getByText('Members')).toBeTruthy();
  });

  it('asks the API for premium articles and courses only, and shows later pages without the courses', async () => {
    state.courses = [];
    renderAt('/member/content?page=2');
    expect(await screen.findByText('Premium thirteen', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Members’ articles and courses');
    await waitFor(() => expect(document.title).toBe('Members’ articles and courses, page 2 · Lectern'));
    expect(screen.queryByRole('region', { name: 'Member courses' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/member/content');
    expect(state.lists.sort()).toEqual(['/api/v2/article/summary?access=premium&page=2&page_size=12&lang=en', '/api/v2/course?access=premium&page_size=12&lang=en']);
  });

  it('says when there are no member courses, and shows the error page when the articles fail', async () => {
    state.courses = [];
    renderAt('/member/content');
    expect(await screen.findByText('No member courses yet.', {}, { timeout: 5000 })).toBeTruthy();
    cleanup();
    state.failing = '/api/v2/article/summary';
    renderAt('/member/content');
    expect(await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' }, { timeout: 8000 })).toBeTruthy();
  });
});

describe('/member/shortcuts', { timeout: 15_000 }, () => {
  it("lists the members' shortcuts as links, site links in the app and others as plain links", async () => {
    renderAt('/member/shortcuts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shortcuts for members' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Where members find what their membership opens.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Members’ articles Every premium article.' }).getAttribute('href')).toBe('/member/content');
    expect(screen.getByRole('link', { name: /Git book/ }).getAttribute('href')).toBe('https://git-scm.com/book/en/v2');
    expect(calls).toContain('GET /api/v2/shortcuts guest');
  });

  it('says so when the editors made no shortcuts for members, and shows the error page when the call fails', async () => {
    state.shortcutTypes = state.shortcutTypes.filter((type) => type.slug !== 'members');
    renderAt('/member/shortcuts');
    expect(await screen.findByText('No shortcuts for members yet.', {}, { timeout: 5000 })).toBeTruthy();
    expect(callsTo('/api/v2/shortcuts')).toEqual([]);
    cleanup();
    state.failing = '/api/v2/shortcuts/type';
    renderAt('/member/shortcuts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' }, { timeout: 8000 })).toBeTruthy();
  });
});

describe('/member/enquiry', { timeout: 20_000 }, () => {
  it('checks the fields as the server does before sending anything', async () => {
    renderAt('/member/enquiry');
    const send = await screen.findByRole('button', { name: 'Send enquiry' }, { timeout: 5000 });
    await act(async () => fireEvent.click(send));
    for (const label of ['Your name', 'E-mail address', 'Your question']) expect(field(label).getAttribute('aria-invalid')).toBe('true');
    expect(describedText(field('Your name'))).toBe('Fill in this field.');
    fireEvent.change(field('E-mail address'), { target: { value: 'ada@' } });
    expect(describedText(field('E-mail address'))).toBe('Enter a valid e-mail address. | We reply to this address.');
    fireEvent.change(field('Your question'), { target: { value: 'x'.repeat(5001) } });
    expect(describedText(field('Your question'))).toBe('Use at most 5000 characters. | Up to 5000 characters.');
    // Filled in but without a solved captcha: still nothing is sent.
    fireEvent.change(field('Your name'), { target: { value: 'Ada' } });
    fireEvent.change(field('E-mail address'), { target: { value: 'ada@mail.lectern.org' } });
    fireEvent.change(field('Your question'), { target: { value: 'Can I pay by invoice?' } });
    await act(async () => fireEvent.click(send));
    expect(screen.getAllByText('Confirm that you are not a robot first.').length).toBeGreaterThan(0);
    expect(state.enquiries).toEqual([]);
  });

  it("shows the server's field errors next to their fields, then sends and confirms", async () => {
    renderAt('/member/enquiry');
    await screen.findByRole('button', { name: 'Send enquiry' }, { timeout: 5000 });
    expect(within(field('Plan you are asking about') as unknown as HTMLElement).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'No particular plan',
      'Premium',
      'Supporter',
    ]);
    fireEvent.change(field('Your name'), { target: { value: 'Ada' } });
    fireEvent.change(field('E-mail address'), { target: { value: 'ada@mail.lectern.org' } });
    fireEvent.change(field('Plan you are asking about'), { target: { value: 'premium' } });
    fireEvent.change(field('Your question'), { target: { value: 'Can I pay by invoice?' } });
    await solveCaptcha();
    state.refuseEnquiry = { email: 'Use an address that can receive mail.', plan: 'No such membership plan.' };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send enquiry' })));
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(describedText(field('E-mail address'))).toBe('Use an address that can receive mail. | We reply to this address.');
    expect(describedText(field('Plan you are asking about'))).toBe('No such membership plan.');
    expect(document.activeElement).toBe(field('E-mail address'));
    expect(field('Your question').value).toBe('Can I pay by invoice?');

    // The captcha starts over (a solution is good once); solved again, the enquiry goes through.
    fireEvent.change(field('Plan you are asking about'), { target: { value: 'supporter' } });
    await solveCaptcha('c29sdmVkLWFnYWlu');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send enquiry' })));
    expect(await screen.findByRole('heading', { name: 'Enquiry sent' })).toBeTruthy();
    expect(screen.getByText('Staff will reply to ada@mail.lectern.org.')).toBeTruthy();
    expect(state.enquiries.map((e) => e.body)).toEqual([
      { name: 'Ada', email: 'ada@mail.lectern.org', message: 'Can I pay by invoice?', plan: 'premium', altcha: 'c29sdmVk' },
      { name: 'Ada', email: 'ada@mail.lectern.org', message: 'Can I pay by invoice?', plan: 'supporter', altcha: 'c29sdmVkLWFnYWlu' },
    ]);
    expect(state.enquiries.every((e) => !e.token)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Send enquiry' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send another enquiry' }));
    expect(field('Your question').value).toBe('');
  });

  it("fills in a user's e-mail address and name, keeps their draft for them, and sends with their token", async () => {
    await saveLogin(loginResponseFor({ id: 6, username: 'noor', display_name: 'Noor' }, 'user-token'));
    renderAt('/member/enquiry');
    await waitFor(() => expect(field('E-mail address').value).toBe('noor@example.com'), { timeout: 5000 });
    fireEvent.change(field('Your question'), { target: { value: 'Is there a family plan?' } });
    expect(JSON.parse(window.sessionStorage.getItem('lectern:form:member:enquiry') ?? 'null')).toMatchObject({
      owner: 6,
      values: { message: 'Is there a family plan?' },
    });
    cleanup();

    renderAt('/member/enquiry');
    await waitFor(() => expect(field('Your question').value).toBe('Is there a family plan?'), { timeout: 5000 });
    await solveCaptcha();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send enquiry' })));
    expect(await screen.findByRole('heading', { name: 'Enquiry sent' })).toBeTruthy();
    expect(state.enquiries).toEqual([
      { body: { name: 'Noor', email: 'noor@example.com', message: 'Is there a family plan?', plan: null, altcha: 'c29sdmVk' }, token: true },
    ]);
    // Sent: the draft has done its work.
    expect(window.sessionStorage.getItem('lectern:form:member:enquiry')).toBeNull();
  });
});
