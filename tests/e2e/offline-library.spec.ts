import { controlled, deviceContents, logIn, seriousViolations, userCacheNames } from './device-helpers.js';
import { demoPassword, expect, hydrated, loginAs, test } from './fixtures.js';

/*
 * The offline library on the production build: the demo member saves a member course (progress bar), reads
 * every lesson and image with the network off, marks lessons done offline and the server gets them when the
 * connection returns; a logout in another tab leaves no member bytes on the device; a device short of storage
 * refuses the save with nothing downloaded.
 */

interface OutlineLesson {
  id: number;
  title: string;
  done: boolean | null;
  locked: boolean;
}

test('the demo member saves a member course, reads it offline, and progress made offline reaches the server; a logout leaves no member bytes', async ({ page, context, expectedFailures }) => {
  test.setTimeout(180_000);
  // While offline the page's API calls fail on purpose (the worker then answers from the device).
  expectedFailures.push(/\/api\/v2\//);
  const password = demoPassword('member');
  const api = await loginAs(page, 'member', password);
  const auth = { authorization: `Bearer ${api.access}` };
  const list = (await (await page.request.get('/api/v2/course?access=premium&page_size=50')).json()) as { results: Array<{ id: number }> };
  const courseId = list.results[0].id;
  const outline = (await (await page.request.get(`/api/v2/course/${courseId}/lesson`, { headers: auth })).json()) as { lessons: OutlineLesson[] };
  const lessons = outline.lessons;
  expect(lessons.length).toBeGreaterThanOrEqual(3);
  // A member's lesson body: what must be readable offline, and gone from the device after logout.
  const bodyOf = async (id: number) => ((await (await page.request.get(`/api/v2/lesson/${id}`, { headers: auth })).json()) as { content_html: string }).content_html;
  const firstBody = await bodyOf(lessons[0].id);
  const memberText = /<p>([^<]{12,40})/.exec(firstBody)?.[1];
  expect(memberText, 'a paragraph of the first lesson').toBeTruthy();

  await logIn(page, 'member', password);
  await controlled(page);
  // A second tab of the same reader, where the logout will happen.
  const other = await context.newPage();
  await other.goto('/');
  await hydrated(other);
  await page.goto(`/course/${courseId}`);
  await hydrated(page);
  // Every value the progress bar takes, as the page shows it.
  await page.evaluate(() => {
    const seen: Array<{ now: string | null; max: string | null; text: string | null }> = [];
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-valuetext]');
      if (bar) seen.push({ now: bar.getAttribute('aria-valuenow'), max: bar.getAttribute('aria-valuemax'), text: bar.getAttribute('aria-valuetext') });
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const save = page.getByRole('button', { name: 'Save for offline', exact: true });
  await expect(save).toBeVisible();
  await save.click();
  await expect(page.getByText(/^Saved on this device \(\d[\d.,]* (KB|MB)\)\.$/)).toBeVisible({ timeout: 30_000 });
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: Array<{ now: string | null; max: string | null; text: string | null }> }).progressSeen);
  expect(seen.length, 'the progress bar was shown').toBeGreaterThan(0);
  const last = seen.at(-1)!;
  expect(Number(last.max)).toBeGreaterThan(0);
  expect(last.text).toMatch(new RegExp(`^\\d+ of ${lessons.length} lessons, .+ of .+$`));
  expect(seen.some((s) => Number(s.now) > 0)).toBe(true);

  const toMark = lessons.filter((l) => !l.done).slice(0, 2);
  expect(toMark.length).toBe(2);

  await context.setOffline(true);
  for (const lesson of lessons) {
    await page.goto(`/course/${courseId}/lesson/${lesson.id}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lesson.title);
    // The member's own copy, with the body: not the locked notice a guest gets.
    await expect(page.locator('.lesson__body')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This lesson is locked' })).toHaveCount(0);
    const images = page.locator('.lesson__body img');
    for (const image of await images.all()) {
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    if (toMark.some((m) => m.id === lesson.id)) {
      await page.getByRole('button', { name: 'Mark as done' }).click();
      await expect(page.getByText('Marked done on this device; it is sent when you are back online.')).toBeVisible();
    }
  }
  const queued = await deviceContents(page);
  expect(queued.rows.progressOutbox).toHaveLength(2);

  // Back online: the queue is sent, the server keeps the marks, and the page says so.
  await context.setOffline(false);
  await expect(page.getByText('Progress made offline was sent: 2 lessons done on the site.')).toBeVisible({ timeout: 15_000 });
  // Access tokens live 20 s in the browser tests: a fresh one reads the server's record.
  const fresh = { authorization: `Bearer ${(await loginAs(page, 'member', password)).access}` };
  for (const lesson of toMark) {
    const progress = (await (await page.request.get(`/api/v2/lesson/${lesson.id}/progress`, { headers: fresh })).json()) as { done: boolean };
    expect(progress.done, `lesson ${lesson.id} done on the server`).toBe(true);
  }
  expect((await deviceContents(page)).rows.progressOutbox).toHaveLength(0);

  // The library, from the menu entry, lists the course with its size. (An in-app move: back online, Chromium
  // under Playwright may still keep the worker's own fetches offline.)
  await page.locator('summary[title="Display and language"]').click();
  await page.getByRole('link', { name: 'Offline library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved for offline' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove .+ from this device$/ })).toHaveCount(1);
  await expect(page.getByText(/^Course · \d+ lessons · \d[\d.,]* (KB|MB) · Saved /)).toBeVisible();
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await seriousViolations(page), 'axe on /offline').toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than 320 px').toBeLessThanOrEqual(320);
  const before = await deviceContents(page);
  expect(before.cacheNames).toContain(`lectern-offline-user-${api.user.pk}`);
  expect(before.bodies.some((body) => body.includes(memberText!))).toBe(true);

  // Logging out in another tab deletes the member's saved copies everywhere on the device.
  await other.getByRole('button', { name: 'Log out' }).click();
  await expect(other.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  await expect
    .poll(async () => (await userCacheNames(page)))
    .toEqual([]);
  const after = await deviceContents(page);
  expect(after.bodies.filter((body) => body.includes(memberText!))).toEqual([]);
  expect(JSON.stringify(after.rows)).not.toContain(memberText!);
  expect((after.rows.library as Array<{ owner: number }>).filter((row) => row.owner > 0)).toEqual([]);
  expect(after.rows.progressOutbox).toEqual([]);
  await other.close();
});

test('a device short of storage refuses the save with a clear message and downloads nothing', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator.storage, 'estimate', { value: () => Promise.resolve({ quota: 2_000, usage: 1_500 }) });
  });
  const list = (await (await page.request.get('/api/v2/course?access=free&page_size=50')).json()) as { results: Array<{ id: number }> };
  const courseId = list.results[0].id;
  await page.goto(`/course/${courseId}`);
  await hydrated(page);
  await page.getByRole('button', { name: /^Save for offline/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Not enough storage on this device: saving needs .+ and only 1 KB is free\. Nothing was downloaded\.$/ })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(await seriousViolations(page), 'axe on the course page with the refusal').toEqual([]);
  const stored = await page.evaluate(async () => ((await caches.has('lectern-offline')) ? (await (await caches.open('lectern-offline')).keys()).length : 0));
  expect(stored).toBe(0);
});
