import type { BrowserContext, Page } from '@playwright/test';
import { activated } from './device-helpers.js';
import { answer, articles, expect, hydrated, succeeded, test, type Card } from './fixtures.js';

/** Loads the home page until the service worker controls it. */
async function controlledHome(page: Page) {
  await page.goto('/');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await hydrated(page);
}

/** Free articles with a card on the home page, so they can be opened from it. */
async function freeOnHome(page: Page): Promise<Card[]> {
  const hrefs = new Set(await page.locator('main a[href^="/article/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href'))));
  return (await articles(page)).filter((a) => a.access === 'free' && hrefs.has(`/article/${a.id}`));
}

const card = (page: Page, id: number) => page.locator(`main a[href="/article/${id}"]`).first();

/** Offline, and the worker's own fetches fail too: an API answer it never stored cannot come. */
async function goOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  const reachable = await page.evaluate(async () => {
    try {
      return (await fetch(`/api/v2/article/summary?page_size=1&offline-probe=${Date.now()}`)).ok;
    } catch {
      return false;
    }
  });
  expect(reachable).toBe(false);
}

const offlineHeading = (page: Page, name = 'You are offline') => page.getByRole('heading', { level: 1, name });

test('offline, in-app navigation shows the stored copy or the offline page, also going back and forward', async ({ page, context, expectedFailures }) => {
  // Installing the worker, three page loads online, then moves offline and back and forward: more than one page's
  // worth of time on a busy two-core machine.
  test.slow();
  // Offline, the worker's network attempts fail by design.
  expectedFailures.push(/./);
  await controlledHome(page);
  const [opened, loaded, never] = await freeOnHome(page);
  expect(never, 'the home page shows three free articles').toBeTruthy();
  // One article opened in the app (its API answers stored), one loaded in full (its page stored).
  const answered = succeeded(answer(page, 'GET', `/api/v2/article/${opened.id}`));
  await card(page, opened.id).click();
  await answered;
  await expect(page.getByRole('heading', { level: 1, name: opened.title })).toBeVisible();
  await page.goto(`/article/${loaded.id}`);
  await hydrated(page);
  await page.goto('/');
  await hydrated(page);

  await goOffline(page, context);
  await card(page, opened.id).click();
  await expect(page.getByRole('heading', { level: 1, name: opened.title })).toBeVisible();
  const indicator = page.getByRole('status').filter({ hasText: 'Offline copy' });
  await expect(indicator).toBeVisible();

  await page.goBack();
  await expect(card(page, never.id)).toBeVisible();
  await card(page, never.id).click();
  await expect(offlineHeading(page)).toBeVisible();
  await expect(page.getByText('This page has not been saved on this device yet.')).toBeVisible();
  await expect(page.getByText('500')).toHaveCount(0);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(offlineHeading(page)).toBeVisible();

  await page.goBack();
  await expect(card(page, opened.id)).toBeVisible();
  await page.goForward();
  await expect(offlineHeading(page)).toBeVisible();
  await page.goBack();
  await card(page, loaded.id).click();
  // Its API answers were never stored, but its page was: the stored page opens.
  await expect(page.getByRole('heading', { level: 1, name: loaded.title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/article/${loaded.id}$`));
  await hydrated(page);

  // The list of saved articles is read from the device.
  await indicator.getByRole('button', { name: 'Saved articles' }).click();
  const saved = page.getByRole('region', { name: 'Articles saved on this device' });
  await expect(saved.getByRole('link', { name: opened.title })).toBeVisible();
  await expect(saved.getByRole('link', { name: loaded.title })).toBeVisible();
  await expect(saved.getByRole('link', { name: never.title })).toHaveCount(0);
  await saved.getByRole('link', { name: opened.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: opened.title })).toBeVisible();
  await context.setOffline(false);
});

test('the offline page speaks the reader’s language', async ({ page, context, baseURL, expectedFailures }) => {
  expectedFailures.push(/./);
  await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL! }]);
  await controlledHome(page);
  const [never] = await freeOnHome(page);
  await goOffline(page, context);
  await card(page, never.id).click();
  await expect(offlineHeading(page, '你已离线')).toBeVisible();
  await expect(page.getByRole('button', { name: '重试' })).toBeVisible();
  // The "offline copy" strip shows only on pages this device has a copy of; this view is none.
  await expect(page.getByRole('status').filter({ hasText: '离线副本' })).toHaveCount(0);
  await context.setOffline(false);
});

test('the article a visitor landed on before the worker was installed opens offline later', async ({ page, context, expectedFailures }) => {
  expectedFailures.push(/./);
  const landing = (await articles(page)).find((a) => a.access === 'free')!;
  await page.goto(`/article/${landing.id}`);
  await hydrated(page);
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(false);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  // The worker stores the open page while it activates.
  await activated(page);
  await expect
    .poll(() => page.evaluate(async (url) => Boolean(await caches.match(url, { ignoreVary: true })), `${new URL(page.url()).origin}/article/${landing.id}`))
    .toBe(true);

  await goOffline(page, context);
  await page.goto(`/article/${landing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: landing.title })).toBeVisible();
  await hydrated(page);
  await expect(page.getByRole('status').filter({ hasText: 'Offline copy' })).toBeVisible();
  // The worker marked the document as its stored copy.
  const timing = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).serverTiming.map((e) => e.name));
  expect(timing).toContain('lectern-device-copy');
  await context.setOffline(false);
});

test('a page never stored opens the offline page in the reader’s language, with a retry and the saved content’s page', async ({ page, context, baseURL, expectedFailures }) => {
  // Installing the worker (it stores the site's scripts first), then five page loads: more than one page's worth of
  // time on a busy two-core machine.
  test.slow();
  expectedFailures.push(/./);
  await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL! }]);
  await controlledHome(page);
  // The worker stores the offline library while it activates, visited or not.
  await activated(page);
  await expect.poll(() => page.evaluate(async (url) => Boolean(await caches.match(url, { ignoreVary: true })), `${baseURL}/offline`)).toBe(true);
  await goOffline(page, context);
  // A full load of a page this device never stored: the worker's fallback page.
  await page.goto('/search?q=never-stored-offline');
  await expect(offlineHeading(page, '你已离线')).toBeVisible();
  await expect(offlineHeading(page)).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  // The offline library was stored when the worker activated: it opens with no connection, by its link's address.
  await expect(page.getByRole('link', { name: '本设备上的离线内容' })).toHaveAttribute('href', '/offline');
  await page.goto('/offline');
  await expect(page.getByRole('heading', { level: 1, name: '已保存以离线阅读' })).toBeVisible();
  // Back on the offline page, trying again loads it anew: still offline, the same page.
  await page.goBack();
  await expect(offlineHeading(page, '你已离线')).toBeVisible();
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page).toHaveURL(/never-stored-offline/);
  await expect(offlineHeading(page, '你已离线')).toBeVisible();
  await context.setOffline(false);
});
