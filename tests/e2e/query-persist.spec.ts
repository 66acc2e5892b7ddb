import type { Page } from '@playwright/test';
import { answer, demoPassword, expect, hydrated, loginAs, succeeded, test } from './fixtures.js';

/*
 * The public query answers kept in localStorage, on the production build: the home page's list opens offline
 * from them when the service worker has neither the page nor its API answers; premium and personal answers
 * are never written, and after a logout nothing of the member is left in localStorage.
 */

const KEY = 'lectern-query-cache';

interface KeptEntry {
  buster: string;
  clientState: { queries: Array<{ queryKey: unknown[] }> };
}

/** The kept answers as the page stores them (null when there are none). */
async function kept(page: Page): Promise<KeptEntry | null> {
  const text = await page.evaluate((key) => localStorage.getItem(key), KEY);
  return text ? (JSON.parse(text) as KeptEntry) : null;
}

const keysOf = (entry: KeptEntry | null) => (entry?.clientState.queries ?? []).map((q) => JSON.stringify(q.queryKey));

/** Kept keys that belong to a user: a copy made for a viewer other than the guest (0), or a personal kind. */
function userBound(entry: KeptEntry | null): string[] {
  const withViewer = new Set(['articles detail', 'articles access', 'courses detail', 'courses outline', 'courses lesson', 'courses progress']);
  return (entry?.clientState.queries ?? [])
    .map((q) => q.queryKey)
    .filter((key) => (withViewer.has(`${String(key[0])} ${String(key[1])}`) && key[3] !== 0) || ['mine', 'progress'].includes(String(key[1])) || ['session-user', 'profile', 'checkout'].includes(String(key[0])))
    .map((key) => JSON.stringify(key));
}

/** Waits until the service worker controls the page (it claims open pages when it activates). */
async function controlled(page: Page) {
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

/** Waits until the page has restored the kept answers: the persister's chunk is loaded, and its entry written. */
async function restored(page: Page) {
  // Seen through a PerformanceObserver: a test that runs the page's clock has performance.getEntries* answer nothing.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        new PerformanceObserver((list, observer) => {
          if (!list.getEntries().some((e) => /\/query-persist-[^/]*\.js$/.test(e.name))) return;
          observer.disconnect();
          resolve();
        }).observe({ type: 'resource', buffered: true });
      }),
  );
  await expect.poll(async () => (await kept(page)) !== null).toBe(true);
}

test('the last home list opens offline from localStorage when the worker has neither the page nor its answers', async ({ page, context, expectedFailures }) => {
  test.setTimeout(60_000);
  // Offline, the page's refresh of the kept answers fails on purpose, and so do images the worker never stored.
  expectedFailures.push(/\/api\/v2\//, /\/media\//);
  await page.goto('/');
  await hydrated(page);
  await controlled(page);
  const first = page.locator('#latest-title ~ * a[href^="/article/"]').first();
  const title = (await first.innerText()).trim();
  const href = (await first.getAttribute('href'))!;
  // The list the page was hydrated with is kept at once, under its public key.
  await expect.poll(async () => keysOf(await kept(page)).some((k) => k.startsWith('["articles","summaries"'))).toBe(true);

  await page.goto(href);
  await hydrated(page);
  await restored(page);

  // Offline, and the worker keeps the article page only: no stored home page, no stored API answer.
  await context.setOffline(true);
  await page.evaluate(async () => {
    await caches.delete('lectern-api');
    const pages = await caches.open('lectern-pages');
    for (const request of await pages.keys()) if (new URL(request.url).pathname === '/') await pages.delete(request);
  });
  await page.reload();
  await hydrated(page);
  await restored(page);

  // The home page, opened in the app, shows the last list from the kept answers.
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Latest articles' })).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: title }).first()).toBeVisible();
  await context.setOffline(false);
});

test('a member leaves no premium body in localStorage, and nothing of theirs after logging out', async ({ page }) => {
  test.setTimeout(60_000);
  // The page's clock, run by the test where it matters: the persister writes at most once a second, and the
  // test fires its pending write at once instead of sleeping through the second (time flows as usual otherwise).
  await page.clock.install();
  const password = demoPassword('member');
  const api = await loginAs(page, 'member', password);
  const auth = { authorization: `Bearer ${api.access}` };
  const premium = ((await (await page.request.get('/api/v2/course?access=premium&page_size=50')).json()) as { results: Array<{ id: number }> }).results[0];
  const outline = (await (await page.request.get(`/api/v2/course/${premium.id}/lesson`, { headers: auth })).json()) as { lessons: Array<{ id: number; is_free_preview: boolean }> };
  const locked = outline.lessons.find((l) => !l.is_free_preview)!;
  const body = ((await (await page.request.get(`/api/v2/lesson/${locked.id}`, { headers: auth })).json()) as { content_html: string }).content_html;
  // Words of the body past its first paragraph: a guest's locked copy shows that paragraph as its summary.
  const { summary } = (await (await page.request.get(`/api/v2/lesson/${locked.id}`)).json()) as { summary: string };
  const rest = body.replace(/<[^>]+>/g, ' ').replace(summary, '');
  const memberText = /[\u4e00-\u9fff]{5,}|[A-Za-z][A-Za-z ,]{15,}/.exec(rest)?.[0];
  expect(memberText, 'words of a member lesson').toBeTruthy();
  expect(summary).not.toContain(memberText!);

  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill('member');
  await page.getByLabel('Password', { exact: true }).fill(password);
  const login = succeeded(answer(page, 'POST', '/api/v2/rest-auth/login/'));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await login;
  await expect(page).not.toHaveURL(/\/login/);
  // The server renders the guest's locked copy; the browser fetches the member's with the member's token.
  const own = succeeded(page.waitForResponse((r) => new URL(r.url()).pathname === `/api/v2/lesson/${locked.id}` && Boolean(r.request().headers().authorization), { timeout: 0 }));
  await page.goto(`/course/${premium.id}/lesson/${locked.id}`);
  await hydrated(page);
  await own;
  // The member's own copy, with its body, is on screen (a personal query)...
  await expect(page.locator('.lesson__body')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This lesson is locked' })).toHaveCount(0);
  await restored(page);
  // ...and the kept answers hold the guest's copies only: no key of the member, no premium body.
  // The write the member's answer scheduled (a second at most) is made now.
  await page.clock.runFor(1_500);
  const before = await kept(page);
  expect(keysOf(before).length).toBeGreaterThan(0);
  expect(userBound(before)).toEqual([]);
  // The guest's copy of the lesson (the locked one the server rendered) may be kept; the member's is not.
  expect(keysOf(before)).not.toContain(JSON.stringify(['courses', 'lesson', locked.id, api.user.pk]));
  expect(JSON.stringify(before)).not.toContain(memberText!);

  const loggedOut = answer(page, 'POST', '/api/v2/rest-auth/logout/');
  await page.getByRole('button', { name: 'Log out' }).click();
  await loggedOut;
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  // Any write still pending at the logout is made now.
  await page.clock.runFor(1_500);
  // Nothing user-bound in localStorage: the kept answers were dropped (public ones may be written again).
  const everything = await page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));
  const text = JSON.stringify(everything);
  expect(text).not.toContain(memberText!);
  const after = everything[KEY] ? (JSON.parse(everything[KEY]) as KeptEntry) : null;
  expect(userBound(after)).toEqual([]);
});
