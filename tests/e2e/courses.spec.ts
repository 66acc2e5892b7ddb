import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createAccount, PASSWORD } from './accounts-api.js';
import { demoPassword, expect, hydrated, loginAs, pressLogIn, test } from './fixtures.js';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Course {
  id: number;
  title: string;
  access: 'free' | 'premium' | 'purchase';
  language: string;
  lesson_count: number;
}
interface OutlineLesson {
  id: number;
  title: string;
  is_free_preview: boolean;
}

async function courses(page: Page): Promise<Course[]> {
  const res = await page.request.get('/api/v2/course?page_size=50');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { results: Course[] }).results;
}

async function outline(page: Page, id: number): Promise<OutlineLesson[]> {
  const res = await page.request.get(`/api/v2/course/${id}/lesson`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { lessons: OutlineLesson[] }).lessons;
}

async function expectNoSeriousViolations(page: Page, path: string) {
  await hydrated(page);
  // Evaluated through the debugging protocol: the site's CSP refuses inline scripts, as it should.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), `axe on ${path}`).toEqual([]);
}

test('a guest opens the catalogue, a free course, reads its first lesson and moves on with the keyboard', async ({ page }) => {
  test.setTimeout(90_000);
  const free = (await courses(page)).find((c) => c.access === 'free')!;
  const lessons = await outline(page, free.id);
  await page.goto('/course');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await expectNoSeriousViolations(page, '/course');
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Courses' }).waitFor();

  // Filtering keeps the choice in the URL.
  await page.getByLabel('Access').selectOption('free');
  await page.getByRole('button', { name: 'Show courses' }).click();
  await expect(page).toHaveURL(/\/course\?access=free$/);
  await expect(page.locator('.course-card')).toHaveCount((await courses(page)).filter((c) => c.access === 'free').length);

  await page.getByRole('link', { name: free.title }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${free.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: free.title })).toBeVisible();
  await expectNoSeriousViolations(page, `/course/${free.id}`);

  await page.getByRole('link', { name: 'Start the first lesson' }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${free.id}/lesson/${lessons[0].id}$`));
  await expect(page.getByRole('heading', { level: 1, name: lessons[0].title })).toBeVisible();
  await expect(page.locator('.lesson__body')).toBeVisible();
  await expect(page.getByText(`Lesson 1 of ${lessons.length}`).first()).toBeVisible();
  await expectNoSeriousViolations(page, `/course/${free.id}/lesson/${lessons[0].id}`);

  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`/lesson/${lessons[1].id}$`));
  await expect(page.getByRole('heading', { level: 1, name: lessons[1].title })).toBeVisible();
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`/lesson/${lessons[2].id}$`));
  await expect(page.getByRole('heading', { level: 1, name: lessons[2].title })).toBeVisible();
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`/lesson/${lessons[1].id}$`));
  await expect(page.getByRole('heading', { level: 1, name: lessons[1].title })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(new RegExp(`/lesson/${lessons[0].id}$`));
  await expect(page.getByRole('heading', { level: 1, name: lessons[0].title })).toBeVisible();
});

test('a guest gets a locked lesson as a notice: its body is in no server HTML', async ({ page }) => {
  test.setTimeout(60_000);
  const premium = (await courses(page)).find((c) => c.access === 'premium')!;
  const locked = (await outline(page, premium.id)).find((l) => !l.is_free_preview)!;
  const member = await loginAs(page, 'member', demoPassword('member'));
  const res = await page.request.get(`/api/v2/lesson/${locked.id}`, { headers: { authorization: `Bearer ${member.access}` } });
  expect(res.ok()).toBe(true);
  const text = ((await res.json()) as { content_html: string }).content_html.replace(/<[^>]+>/g, ' ');
  const snippet = text.split(/\s+/).filter(Boolean).slice(0, 6).join(' ');
  expect(snippet.length).toBeGreaterThan(5);

  const path = `/course/${premium.id}/lesson/${locked.id}`;
  const html = await (await page.request.get(path)).text();
  expect(html).toContain(locked.title);
  expect(html).not.toContain(snippet);
  // The page's state holds the lesson without a body (and its course, whose description is public).
  const boot = JSON.parse(/<script type="application\/json" id="lectern-boot">(.*?)<\/script>/s.exec(html)![1]) as {
    state: { queries: { queryKey: unknown[]; state: { data: { content_html?: string | null } } }[] };
  };
  const lessonState = boot.state.queries.find((q) => q.queryKey[1] === 'lesson' && q.queryKey[2] === locked.id);
  expect(lessonState?.state.data.content_html).toBeNull();

  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'This lesson is locked' })).toBeVisible();
  await expect(page.locator('.lesson__body')).toHaveCount(0);
  await expectNoSeriousViolations(page, path);
});

test('the demo member reads a premium lesson, marks it done and sees the progress; a finished course has a certificate', async ({ page, expectedFailures }) => {
  test.setTimeout(90_000);
  expectedFailures.push(/\/certificate\/|\/404$/);
  const list = await courses(page);
  const premium = list.find((c) => c.access === 'premium')!;
  const free = list.find((c) => c.access === 'free')!;
  const lessons = await outline(page, premium.id);
  const locked = lessons.find((l) => !l.is_free_preview)!;

  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill('member');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword('member'));
  await pressLogIn(page);
  await expect(page).not.toHaveURL(/\/login/);

  const path = `/course/${premium.id}/lesson/${locked.id}`;
  await page.goto(path);
  await expect(page.locator('.lesson__body')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This lesson is locked' })).toHaveCount(0);
  await expect(page.getByText(`0 of ${lessons.length} lessons done`)).toBeVisible();
  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expect(page.getByText('Marked as done.')).toBeVisible();
  await expect(page.getByText(`1 of ${lessons.length} lessons done`)).toBeVisible();
  await expectNoSeriousViolations(page, path);

  await page.goto(`/course/${premium.id}`);
  await expect(page.getByText(`1 of ${lessons.length} lessons done`)).toBeVisible();
  await expect(page.locator('.course-outline__lesson[data-done="true"]')).toHaveCount(1);
  await expectNoSeriousViolations(page, `/course/${premium.id}`);

  await page.goto('/my-course');
  await expect(page.getByRole('link', { name: premium.title })).toBeVisible();
  await expectNoSeriousViolations(page, '/my-course');

  // Every lesson of the free course done: the certificate is public, a forged code is not found.
  const member = await loginAs(page, 'member', demoPassword('member'));
  const headers = { authorization: `Bearer ${member.access}` };
  for (const lesson of await outline(page, free.id)) {
    const res = await page.request.put(`/api/v2/lesson/${lesson.id}/progress`, { headers, data: { done: true, position: 1, client_updated_at: new Date().toISOString() } });
    // A lesson the demo member has done already (the demo content, another test) answers 409: it is done all the same.
    expect(res.ok() || res.status() === 409, await res.text()).toBe(true);
  }
  const progress = (await (await page.request.get(`/api/v2/course/${free.id}/progress`, { headers })).json()) as { certificate: { code: string } | null };
  const code = progress.certificate?.code;
  expect(code).toBeTruthy();
  await page.goto(`/course/${free.id}`);
  await page.getByRole('link', { name: 'View your certificate' }).click();
  await expect(page).toHaveURL(new RegExp(`/certificate/${code}$`));
  await expect(page.getByText(/completed the course/)).toBeVisible();
  await expect(page.getByText(free.title)).toBeVisible();
  await expectNoSeriousViolations(page, `/certificate/${code}`);
  const forged = await page.goto('/certificate/FORGEDCODE123');
  expect(forged?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

async function logIn(page: Page, username: 'reader' | 'member') {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword(username));
  await pressLogIn(page);
  await expect(page).not.toHaveURL(/\/login/);
}

test('a free preview offers what opens its course, not a progress the server would refuse; its texts carry the course’s language', async ({ page }) => {
  test.setTimeout(90_000);
  const premium = (await courses(page)).find((c) => c.access === 'premium')!;
  const premiumPreview = (await outline(page, premium.id)).find((l) => l.is_free_preview)!;

  // The guest's page, as the server renders it: the lesson's own title in the course's language, no progress prompt.
  const path = `/course/${premium.id}/lesson/${premiumPreview.id}`;
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: premiumPreview.title })).toHaveAttribute('lang', premium.language);
  await expect(page.locator('.lesson__body')).toHaveAttribute('lang', premium.language);
  await expect(page.getByRole('link', { name: 'Log in to keep your progress' })).toHaveCount(0);
  await expect(page.locator('.lesson__done').getByRole('link', { name: 'Become a member' })).toBeVisible();

  // A reader who is no member (an account of its own: the demo reader may have bought a plan in another test):
  // no mark-done, the way to membership.
  const { username } = await createAccount(page.request, 'preview');
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await pressLogIn(page);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator('.lesson__body')).toBeVisible();
  await expect(page.locator('.lesson__done').getByRole('link', { name: 'Become a member' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as done' })).toHaveCount(0);
});

test('a member on a paid course’s free preview is offered its Buy, not a mark-done', async ({ page }) => {
  test.setTimeout(60_000);
  const paid = (await courses(page)).find((c) => c.access === 'purchase')!;
  const paidPreview = (await outline(page, paid.id)).find((l) => l.is_free_preview)!;
  await logIn(page, 'member');
  await page.goto(`/course/${paid.id}/lesson/${paidPreview.id}`);
  await hydrated(page);
  await expect(page.locator('.lesson__done').getByRole('link', { name: /^Buy / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as done' })).toHaveCount(0);
  await expectNoSeriousViolations(page, `/course/${paid.id}/lesson/${paidPreview.id}`);
});
