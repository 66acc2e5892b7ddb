// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Certificate,
  CourseDetail,
  CourseOutline,
  CourseProduct,
  CourseProgress,
  LessonDetail,
  LessonNavigation,
} from '../../../src/shared/api/courses.js';
import { AppProviders, createQueryClient } from '../../../src/web/app/app-shell.js';
import { createRoutes } from '../../../src/web/app/routes.js';
import { readAccessToken } from '../../../src/web/lib/auth-state.js';
import { createHttpClient } from '../../../src/web/lib/http.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { courseCard, loginResponseFor } from './fixtures.js';

const STAMP = '2026-11-01T00:00:00.000Z';
const BODY_TEXT = 'Indexes are sorted copies of columns';

const card = courseCard;

const product: CourseProduct = { id: 9, course_id: 3, name: 'Type Modelling', price: 9900, currency: 'CNY', is_active: true, sort_order: 0 };
const courses = [
  card({ id: 1, title: 'Tests You Can Trust' }),
  // Taught in Chinese: its own texts carry lang="zh-CN" whatever the reader's language.
  card({ id: 2, title: 'SQL Indexes', access: 'premium', level: 'intermediate', language: 'zh-CN' }),
  card({ id: 3, title: 'Type Modelling', access: 'purchase', level: 'advanced' }),
];

type Who = 'guest' | 'user' | 'member';

/** A lesson of a course: course 2's first lesson is a free preview, its others are for members. */
const lessonsOf = (courseId: number) =>
  [1, 2, 3].map((n) => ({
    id: courseId * 10 + n,
    title: `Lesson ${n} of course ${courseId}`,
    slug: `lesson-${n}`,
    chapter: n < 3 ? 'Basics' : 'Going further',
    position: n,
    duration: 120,
    is_free_preview: n === 1 && courseId !== 1,
    media_kind: null,
  }));

let done = new Set<number>();
let enrolled = new Set<number>();
let calls: string[] = [];
/** How the progress answer fails, if it does: no connection (the device is offline) or a server error. */
let progressFailure: 'offline' | 'error' | null = null;
let enrolFails = false;
let certificateName = 'Noor Haddad';
let queryClient: ReturnType<typeof createQueryClient>;

function whoOf(request: Request): Who {
  const auth = request.headers.get('authorization');
  if (auth === 'Bearer member-token') return 'member';
  if (auth === 'Bearer user-token') return 'user';
  return 'guest';
}

function mayRead(courseId: number, lessonPreview: boolean, who: Who): boolean {
  const access = courses.find((c) => c.id === courseId)!.access;
  return access === 'free' || lessonPreview || (access === 'premium' && who === 'member');
}

function reasonOf(courseId: number, who: Who): CourseDetail['reason'] {
  const access = courses.find((c) => c.id === courseId)!.access;
  if (access === 'free') return 'free';
  if (access === 'premium') return who === 'member' ? 'member' : who === 'guest' ? 'login_required' : 'membership_required';
  return who === 'guest' ? 'login_required' : 'purchase_required';
}

function progressOf(courseId: number): CourseProgress {
  const lessons = lessonsOf(courseId);
  const count = lessons.filter((l) => done.has(l.id)).length;
  const next = lessons.find((l) => !done.has(l.id));
  return {
    course_id: courseId,
    user_id: 6,
    enrolled: enrolled.has(courseId),
    done: count,
    total: lessons.length,
    last_lesson: null,
    resume_lesson: next ? { id: next.id, title: next.title, chapter: next.chapter } : null,
    certificate: count === lessons.length ? { code: 'CERT123', issued_at: STAMP } : null,
  };
}

function lessonDetail(id: number, who: Who): LessonDetail {
  const courseId = Math.floor(id / 10);
  const lesson = lessonsOf(courseId).find((l) => l.id === id)!;
  const course = courses.find((c) => c.id === courseId)!;
  const open = mayRead(courseId, lesson.is_free_preview, who);
  return {
    ...lesson,
    course_id: courseId,
    summary: `What lesson ${lesson.position} covers`,
    updated_at: STAMP,
    course: { id: courseId, title: course.title, slug: course.slug, access: course.access },
    locked: !open,
    // As the server: `preview` only where the reader may not take the course, which the preview opens anyway.
    reason: lesson.is_free_preview && !mayRead(courseId, false, who) ? 'preview' : reasonOf(courseId, who),
    content_html: open ? `<p>${BODY_TEXT} (lesson ${id}).</p><pre><code>SELECT 1;</code></pre>` : null,
    media_url: null,
    done: who === 'guest' ? null : done.has(id),
    // The first lessons of courses 1 (English) and 2 (Chinese) are each other's translation.
    translation: id === 11 ? { id: 21, language: 'zh-CN', title: '第一课', course_id: 2 } : id === 21 ? { id: 11, language: 'en', title: 'Lesson 1 of course 1', course_id: 1 } : null,
  };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function api(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace('/api/v2', '');
  const who = whoOf(request);
  calls.push(`${request.method} ${path}${url.search} ${who}`);
  const notFound = () => json({ error: 'not_found', message: 'Not found' }, 404);
  if (path === '/rest-auth/token/verify/') return json({});
  if (path === '/rest-auth/user/') return json(loginResponseFor({ id: 6, username: 'noor' }).user);
  if (path === '/course') {
    const level = url.searchParams.get('level');
    const access = url.searchParams.get('access');
    const results = courses.filter((c) => (!level || c.level === level) && (!access || c.access === access));
    return json({ count: results.length, next: null, previous: null, results });
  }
  if (path === '/course/category') return json([{ id: 3, name: 'Testing', slug: 'testing', course_count: 3, lesson_count: 9 }]);
  if (path === '/course/tag') return json([{ id: 4, name: 'sql', slug: 'sql', course_count: 3, lesson_count: 9 }]);
  if (path === '/product_course') return json([{ ...courses[2], products: [product] }]);
  if (path === '/my_course') {
    if (who === 'guest') return json({ error: 'not_authenticated', message: 'Log in first.' }, 401);
    const results = [...enrolled].map((id) => ({
      course: courses.find((c) => c.id === id),
      enrolment: { course_id: id, user_id: 6, source: 'self', enrolled_at: STAMP },
      progress: progressOf(id),
    }));
    return json({ count: results.length, next: null, previous: null, results });
  }
  if (path === '/certificate/CERT123') {
    const cert: Certificate = { code: 'CERT123', display_name: certificateName, course_id: 1, course_title: 'Tests You Can Trust', issued_at: STAMP };
    return json(cert);
  }
  let m = /^\/course\/(\d+)(\/lesson|\/enrol|\/progress)?$/.exec(path);
  if (m) {
    const id = Number(m[1]);
    const course = courses.find((c) => c.id === id);
    if (!course) return notFound();
    const canRead = mayRead(id, false, who);
    if (m[2] === '/lesson') {
      const outline: CourseOutline = {
        course_id: id,
        can_read: canRead,
        reason: reasonOf(id, who),
        lessons: lessonsOf(id).map((l) => ({ ...l, locked: !mayRead(id, l.is_free_preview, who), done: who === 'guest' ? null : done.has(l.id) })),
      };
      return json(outline);
    }
    if (m[2] === '/enrol' && request.method === 'POST') {
      if (enrolFails) return json({ error: 'unavailable', message: 'Try again later.' }, 503);
      enrolled.add(id);
      return json({ course_id: id, user_id: 6, source: 'self', enrolled_at: STAMP });
    }
    if (m[2] === '/progress') {
      if (progressFailure === 'offline') throw new TypeError('Failed to fetch');
      if (progressFailure === 'error') return json({ error: 'server_error', message: 'Server error' }, 500);
      return json(progressOf(id));
    }
    const detail: CourseDetail = {
      ...course,
      content_html: `<p>All about ${course.title}.</p>`,
      can_read: canRead,
      reason: reasonOf(id, who),
      enrolled: who === 'guest' ? null : enrolled.has(id),
      products: course.access === 'purchase' ? [product] : [],
      translation: null,
    };
    return json(detail);
  }
  m = /^\/lesson\/navigation\/(\d+)$/.exec(path);
  if (m) {
    const id = Number(m[1]);
    const lessons = lessonsOf(Math.floor(id / 10));
    const index = lessons.findIndex((l) => l.id === id);
    const ref = (l: (typeof lessons)[number] | undefined) => (l ? { id: l.id, title: l.title, slug: l.slug, chapter: l.chapter, locked: false } : null);
    const nav: LessonNavigation = {
      lesson_id: id,
      course_id: Math.floor(id / 10),
      chapter: lessons[index].chapter,
      position: index + 1,
      total: lessons.length,
      previous: ref(lessons[index - 1]),
      next: ref(lessons[index + 1]),
    };
    return json(nav);
  }
  m = /^\/lesson\/(\d+)(\/progress)?$/.exec(path);
  if (m) {
    const id = Number(m[1]);
    if (m[2] && request.method === 'PUT') {
      const body = (await request.json()) as { done: boolean; client_updated_at: string };
      if (who === 'guest') return json({ error: 'not_authenticated', message: 'Log in first.' }, 401);
      if (!body.done || Number.isNaN(Date.parse(body.client_updated_at))) return json({ error: 'invalid', message: 'done' }, 400);
      done.add(id);
      enrolled.add(Math.floor(id / 10));
      const p = progressOf(Math.floor(id / 10));
      return json({ lesson_id: id, course_id: Math.floor(id / 10), done: true, position: 1, client_updated_at: body.client_updated_at, done_at: STAMP, certificate_code: p.certificate?.code ?? null });
    }
    return json(lessonDetail(id, who));
  }
  return notFound();
}

function renderAt(path: string, lang: 'en' | 'zh-CN' = 'en') {
  const http = createHttpClient({ baseUrl: 'http://localhost', fetch: api, getAccessToken: () => readAccessToken() });
  queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes({ queryClient, http }), { initialEntries: [path] });
  const env = { http, lang, colorMode: 'system' as const, publicUrl: 'http://localhost', siteName: 'Lectern' };
  render(
    <AppProviders env={env} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** A button once it can be pressed (the mark-done button waits for the reader's own copy of the lesson). */
async function enabledButton(name: string): Promise<HTMLButtonElement> {
  let button: HTMLButtonElement | undefined;
  await waitFor(() => {
    button = screen.getByRole('button', { name }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
  }, slow);
  return button!;
}

const login = (who: 'user' | 'member') => saveLogin(loginResponseFor({ id: 6, username: 'noor' }, `${who}-token`));
const slow = { timeout: 5000 };
// Each test renders the whole app and lets the session start: slower than a unit test on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(() => {
  vi.stubGlobal('fetch', api);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  calls = [];
  done = new Set();
  enrolled = new Set();
  progressFailure = null;
  enrolFails = false;
  certificateName = 'Noor Haddad';
  window.scrollTo = () => undefined;
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearLogin();
});

describe('/course', () => {
  it('lists the courses with level, lesson count and what each costs, and filters by level in the URL', async () => {
    const router = renderAt('/course');
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' }, slow)).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]).getByRole('link', { name: 'Tests You Can Trust' }).getAttribute('href')).toBe('/course/1');
    expect(within(cards[0]).getByText('Free')).toBeTruthy();
    expect(within(cards[0]).getByText('3 lessons')).toBeTruthy();
    expect(within(cards[1]).getByText('Members')).toBeTruthy();
    expect(within(cards[1]).getByText('Intermediate')).toBeTruthy();
    expect(within(cards[2]).getByText('Paid: ¥99.00')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'advanced' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show courses' }));
    await waitFor(() => expect(router.state.location.search).toBe('?level=advanced'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByText('1 course')).toBeTruthy();
    expect(calls).toContain('GET /course?page=1&level=advanced&page_size=12&lang=en guest');
    expect(screen.getByRole('link', { name: 'Clear the filters' }).getAttribute('href')).toBe('/course');
  });

  it('speaks Simplified Chinese to a Chinese reader', async () => {
    renderAt('/course', 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '课程' }, slow)).toBeTruthy();
    expect(screen.getByText('付费：¥99.00')).toBeTruthy();
    expect(screen.getByText('3 门课程')).toBeTruthy();
    expect(screen.getByRole('button', { name: '显示课程' })).toBeTruthy();
  });

  it('answers the not-found page for a filter value that does not exist', async () => {
    renderAt('/course?level=expert');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' }, slow)).toBeTruthy();
  });
});

describe('/course/{id}', () => {
  it('shows a guest a free course: the outline by chapter, the first lesson, and log in to enrol', async () => {
    renderAt('/course/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tests You Can Trust' }, slow)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Basics' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Going further' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start the first lesson' }).getAttribute('href')).toBe('/course/1/lesson/11');
    expect(screen.getByRole('link', { name: 'Log in to enrol and keep your progress' }).getAttribute('href')).toBe('/login?next=%2Fcourse%2F1');
    expect(screen.queryByText('Locked')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enrol' })).toBeNull();
  });

  it('shows a guest a members course locked, except its free preview, with the way to membership', async () => {
    renderAt('/course/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'SQL Indexes' }, slow)).toBeTruthy();
    expect(screen.getByText('This course is for members.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a member' }).getAttribute('href')).toBe('/member');
    const lessons = screen.getAllByRole('listitem').filter((li) => li.classList.contains('course-outline__lesson'));
    expect(within(lessons[0]).getByText('Free preview')).toBeTruthy();
    expect(within(lessons[0]).queryByText('Locked')).toBeNull();
    expect(within(lessons[1]).getByText('Locked')).toBeTruthy();
    expect(within(lessons[2]).getByText('Locked')).toBeTruthy();
  });

  it('shows a paid course its price in the site currency and a Buy that opens its checkout', async () => {
    await login('user');
    renderAt('/course/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Type Modelling' }, slow)).toBeTruthy();
    await waitFor(() => expect(calls).toContain('GET /course/3?lang=en user'));
    expect(screen.getByText('¥99.00')).toBeTruthy();
    expect(screen.getByText(/Once paid, the course opens here/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy for ¥99.00' }).getAttribute('href')).toBe('/checkout?course_product=9');
    expect(screen.queryByRole('button', { name: 'Enrol' })).toBeNull();
  });

  it('lets a member enrol in a members course, then continue from the first lesson with progress shown', async () => {
    await login('member');
    renderAt('/course/2');
    fireEvent.click(await enabledButton('Enrol'));
    expect(await screen.findByRole('link', { name: 'Continue: Lesson 1 of course 2' }, slow)).toBeTruthy();
    expect(calls).toContain('POST /course/2/enrol member');
    expect(screen.getByText('0 of 3 lessons done')).toBeTruthy();
    expect(screen.queryByText('Locked')).toBeNull();
  });

  it('shows an enrolled learner their done marks, progress, and where to continue', async () => {
    enrolled.add(1);
    done.add(11);
    await login('user');
    renderAt('/course/1');
    expect(await screen.findByRole('link', { name: 'Continue: Lesson 2 of course 1' }, slow)).toBeTruthy();
    expect(screen.getByText('1 of 3 lessons done')).toBeTruthy();
    const lessons = screen.getAllByRole('listitem').filter((li) => li.classList.contains('course-outline__lesson'));
    expect(within(lessons[0]).getByText('Done')).toBeTruthy();
    expect(within(lessons[1]).queryByText('Done')).toBeNull();
  });
});

describe('/course/{id}/lesson/{id}', () => {
  it('shows a guest a free lesson with its place in the course, and moves with the arrow keys and j/k, not while typing', async () => {
    const router = renderAt('/course/1/lesson/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson 1 of course 1' }, slow)).toBeTruthy();
    expect(screen.getByText(`${BODY_TEXT} (lesson 11).`)).toBeTruthy();
    expect(screen.getAllByText('Lesson 1 of 3').length).toBeGreaterThan(0);
    expect(screen.getByRole('progressbar', { name: 'Place in the course' }).getAttribute('value')).toBe('1');
    expect(screen.getByRole('link', { name: 'Log in to keep your progress' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as done' })).toBeNull();

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/1/lesson/12'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson 2 of course 1' }, slow)).toBeTruthy();
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/1/lesson/13'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson 3 of course 1' }, slow)).toBeTruthy();
    fireEvent.keyDown(window, { key: 'k' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/1/lesson/12'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson 2 of course 1' }, slow)).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/1/lesson/11'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson 1 of course 1' }, slow)).toBeTruthy();
    // The first lesson has no previous one; a key typed in a field stays in the field.
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: 'j' });
    fireEvent.keyDown(window, { key: 'j', ctrlKey: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/course/1/lesson/11');
    field.remove();
  });

  it('shows a guest a locked lesson as its title, summary and the locked notice, without its body', async () => {
    renderAt('/course/2/lesson/22');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson 2 of course 2' }, slow)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'This lesson is locked' })).toBeTruthy();
    expect(screen.getByText('What lesson 2 covers')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a member' })).toBeTruthy();
    expect(document.body.textContent).not.toContain(BODY_TEXT);
  });

  it('shows a logged-in non-member the members notice for a locked lesson', async () => {
    await login('user');
    renderAt('/course/2/lesson/22');
    await waitFor(() => expect(calls).toContain('GET /lesson/22 user'), slow);
    expect(await screen.findByText('This lesson is for members. Become a member to read it and the whole course.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(document.body.textContent).not.toContain(BODY_TEXT);
    // No course progress for a course they cannot take: the lesson's place in it.
    await waitFor(() => expect(calls).toContain('GET /course/2/progress user'), slow);
    expect(screen.queryByRole('progressbar', { name: 'Course progress' })).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Place in the course' })).toBeTruthy();
  });

  it('gives a member the body of a locked lesson after hydration, marks it done, and shows the course progress', async () => {
    enrolled.add(2);
    await login('member');
    renderAt('/course/2/lesson/22');
    expect(await screen.findByText(`${BODY_TEXT} (lesson 22).`, {}, slow)).toBeTruthy();
    expect(calls).toContain('GET /lesson/22 guest');
    expect(calls).toContain('GET /lesson/22 member');
    expect(await screen.findByText('0 of 3 lessons done', {}, slow)).toBeTruthy();
    fireEvent.click(await enabledButton('Mark as done'));
    expect(await screen.findByText('Marked as done.', {}, slow)).toBeTruthy();
    expect(calls).toContain('PUT /lesson/22/progress member');
    expect(done.has(22)).toBe(true);
    expect(await screen.findByText('1 of 3 lessons done', {}, slow)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Course progress' }).getAttribute('value')).toBe('1');
    expect(screen.getByText('Done')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as done' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'View your certificate' })).toBeNull();
  });

  it('links the certificate once the last lesson is marked done', async () => {
    enrolled.add(1);
    done = new Set([11, 12]);
    await login('user');
    renderAt('/course/1/lesson/13');
    fireEvent.click(await enabledButton('Mark as done'));
    const link = await screen.findByRole('link', { name: 'View your certificate' }, slow);
    expect(link.getAttribute('href')).toBe('/certificate/CERT123');
    expect(await screen.findByText('3 of 3 lessons done', {}, slow)).toBeTruthy();
  });

  it('links a lesson to its translation, named in the language it leads to, under that lesson’s course', async () => {
    renderAt('/course/1/lesson/11', 'zh-CN');
    const toChinese = await screen.findByRole('link', { name: '阅读本课中文版' }, slow);
    expect([toChinese.getAttribute('href'), toChinese.getAttribute('hreflang'), toChinese.getAttribute('lang')]).toEqual(['/course/2/lesson/21', 'zh-CN', 'zh-CN']);
    cleanup();
    renderAt('/course/2/lesson/21', 'zh-CN');
    const toEnglish = await screen.findByRole('link', { name: 'Read this lesson in English' }, slow);
    expect([toEnglish.getAttribute('href'), toEnglish.getAttribute('hreflang')]).toEqual(['/course/1/lesson/11', 'en']);
    cleanup();
    renderAt('/course/1/lesson/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson 2 of course 1' }, slow)).toBeTruthy();
    expect(document.querySelector('.translation-link')).toBeNull();
  });

  it('answers the not-found page for a lesson under another course', async () => {
    renderAt('/course/1/lesson/22');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' }, slow)).toBeTruthy();
  });
});

describe('/my-course and /certificate/{code}', () => {
  it('lists the learner’s courses with progress and a resume link', async () => {
    enrolled = new Set([1, 2]);
    done = new Set([11]);
    await login('member');
    renderAt('/my-course');
    const first = await screen.findByRole('link', { name: 'Resume: Lesson 2 of course 1' }, slow);
    expect(first.getAttribute('href')).toBe('/course/1/lesson/12');
    expect(screen.getByRole('link', { name: 'Start the course' }).getAttribute('href')).toBe('/course/2/lesson/21');
    expect(screen.getByText('1 of 3 lessons done')).toBeTruthy();
    expect(calls).toContain('GET /my_course?page=1&page_size=12&lang=en member');
  });

  it('sends a guest from /my-course to the login page', async () => {
    const router = renderAt('/my-course');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), slow);
    expect(router.state.location.search).toBe('?next=%2Fmy-course');
  });

  it('shows a certificate publicly, and the not-found page for an unknown code', async () => {
    renderAt('/certificate/CERT123');
    const statement = await screen.findByText((_, el) => el?.classList.contains('certificate__statement') === true, {}, slow);
    expect(statement.textContent).toBe('Noor Haddad completed the course');
    expect(screen.getByText('Tests You Can Trust')).toBeTruthy();
    expect(screen.getByText('Nov 1, 2026')).toBeTruthy();
    cleanup();
    renderAt('/certificate/FORGED');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' }, slow)).toBeTruthy();
  });
});

describe('a free preview of a course the reader cannot take', () => {
  it('offers a logged-in non-member membership, not a mark-done the server would refuse', async () => {
    await login('user');
    renderAt('/course/2/lesson/21');
    await waitFor(() => expect(calls).toContain('GET /lesson/21 user'), slow);
    expect(await screen.findByText('This course is for members.', {}, slow)).toBeTruthy();
    expect(screen.getByText('This lesson is a free preview. Your progress is kept once you can take the whole course.')).toBeTruthy();
    expect(screen.getByText(`${BODY_TEXT} (lesson 21).`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a member' }).getAttribute('href')).toBe('/member');
    expect(screen.queryByRole('button', { name: 'Mark as done' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log in to keep your progress' })).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Course progress' })).toBeNull();
  });

  it('offers a member the paid course’s Buy on its preview', async () => {
    await login('member');
    renderAt('/course/3/lesson/31');
    await waitFor(() => expect(calls).toContain('GET /lesson/31 member'), slow);
    expect((await screen.findByRole('link', { name: 'Buy for ¥99.00' }, slow)).getAttribute('href')).toBe('/checkout?course_product=9');
    expect(screen.getByText('This course is sold separately.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as done' })).toBeNull();
  });

  it('offers a guest membership and a plain log in, not "log in to keep your progress"', async () => {
    renderAt('/course/2/lesson/21');
    expect(await screen.findByText('This course is for members.', {}, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a member' })).toBeTruthy();
    const offer = document.querySelector<HTMLElement>('.lesson__done')!;
    expect(within(offer).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2Fcourse%2F2%2Flesson%2F21');
    expect(screen.queryByRole('link', { name: 'Log in to keep your progress' })).toBeNull();
  });

  it('still lets a member mark a members course’s preview done', async () => {
    await login('member');
    renderAt('/course/2/lesson/21');
    fireEvent.click(await enabledButton('Mark as done'));
    expect(await screen.findByText('Marked as done.', {}, slow)).toBeTruthy();
    expect(screen.queryByText('This course is for members.')).toBeNull();
  });
});

describe('the course’s own language', () => {
  it('marks the course’s texts with the language it is taught in, not the interface around them', async () => {
    renderAt('/course/2');
    const title = await screen.findByRole('heading', { level: 1, name: 'SQL Indexes' }, slow);
    expect(title.getAttribute('lang')).toBe('zh-CN');
    expect(screen.getByText('Summary of SQL Indexes').getAttribute('lang')).toBe('zh-CN');
    expect(screen.getByText('All about SQL Indexes.').closest('[lang]')?.getAttribute('lang')).toBe('zh-CN');
    expect(screen.getByText('Lesson 2 of course 2').closest('[lang]')?.getAttribute('lang')).toBe('zh-CN');
    // The interface's words are in the reader's language: no element around them says otherwise.
    for (const text of ['Members', 'Intermediate', '3 lessons', 'Lessons', 'This course is for members.', 'Free preview']) {
      expect(screen.getAllByText(text)[0].closest('[lang]'), text).toBeNull();
    }
  });

  it('on a card, only the title and summary', async () => {
    renderAt('/course');
    const link = await screen.findByRole('link', { name: 'SQL Indexes' }, slow);
    expect(link.closest('[lang]')?.getAttribute('lang')).toBe('zh-CN');
    expect(screen.getByText('Summary of SQL Indexes').getAttribute('lang')).toBe('zh-CN');
    const card = link.closest('article')!;
    expect(card.getAttribute('lang')).toBeNull();
    expect(within(card).getByText('Intermediate').closest('[lang]')).toBeNull();
    expect(within(card).getByText('3 lessons').closest('[lang]')).toBeNull();
  });

  it('on a lesson, its title, summary and body, from its course', async () => {
    renderAt('/course/2/lesson/21');
    const title = await screen.findByRole('heading', { level: 1, name: 'Lesson 1 of course 2' }, slow);
    await waitFor(() => expect(title.getAttribute('lang')).toBe('zh-CN'));
    expect(screen.getByText(`${BODY_TEXT} (lesson 21).`).closest('[lang]')?.getAttribute('lang')).toBe('zh-CN');
    expect(screen.getAllByText('Lesson 1 of 3')[0].closest('[lang]')).toBeNull();
    cleanup();
    renderAt('/course/2/lesson/22');
    expect(await screen.findByText('What lesson 2 covers', {}, slow)).toBeTruthy();
    expect(screen.getByText('What lesson 2 covers').getAttribute('lang')).toBe('zh-CN');
    expect(screen.getByRole('heading', { name: 'This lesson is locked' }).closest('[lang]')).toBeNull();
  });
});

describe('a saved course opened offline', () => {
  it('shows an enrolled learner no Enrol while their progress is unknown, and says when it will show', async () => {
    enrolled.add(1);
    progressFailure = 'offline';
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await login('user');
    renderAt('/course/1');
    expect(await screen.findByText('You are offline: your progress in this course shows when you are back online.', {}, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enrol' })).toBeNull();
  });

  it('drops an enrolment’s error once the progress loads', async () => {
    progressFailure = 'error';
    enrolFails = true;
    await login('user');
    renderAt('/course/1');
    fireEvent.click(await enabledButton('Enrol'));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain('The enrolment failed');
    progressFailure = null;
    enrolled.add(1);
    await queryClient.invalidateQueries({ queryKey: ['courses'] });
    expect(await screen.findByRole('link', { name: 'Continue: Lesson 1 of course 1' }, slow)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the certificate', () => {
  it('keeps a name’s direction to the name, and titles the page in the reader’s punctuation', async () => {
    certificateName = '\u202EevilName';
    renderAt('/certificate/CERT123', 'zh-CN');
    const statement = await screen.findByText((_, el) => el?.classList.contains('certificate__statement') === true, {}, slow);
    const name = statement.querySelector('bdi');
    expect(name?.textContent).toBe('\u202EevilName');
    expect(statement.textContent).toBe('\u202EevilName 已完成课程');
    await waitFor(() => expect(document.title).toBe('结业证书：Tests You Can Trust · Lectern'));
  });
});
