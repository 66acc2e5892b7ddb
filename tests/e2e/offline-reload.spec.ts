import type { BrowserContext, Page } from '@playwright/test';
import { createAccount, PASSWORD } from './accounts-api.js';
import { controlled, deviceContents, logIn } from './device-helpers.js';
import { answer, articles, expect, hydrated, test, type Card } from './fixtures.js';

/*
 * Every page a reader has seen reopens after the app is closed and opened again with no connection, however they
 * reached it: loaded in full, or by a tap inside the app (whose HTML the worker never saw). The worker answers
 * such a page with the app shell and the app renders it from what the device kept. The app is "killed" by
 * closing its page; it reopens in a new page of the same browser context (same worker, caches and storage).
 */

/** Phone size, as a reader on the go holds it. */
test.use({ viewport: { width: 390, height: 844 } });

/** Free articles with a card on the home page, so they can be opened from it. */
async function freeOnHome(page: Page): Promise<Card[]> {
  const hrefs = new Set(await page.locator('main a[href^="/article/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href'))));
  return (await articles(page)).filter((a) => a.access === 'free' && hrefs.has(`/article/${a.id}`));
}

const card = (page: Page, id: number) => page.locator(`main a[href="/article/${id}"]`).first();
const title = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The home page, once the worker controls it (so the in-app calls that follow pass through it). */
async function controlledHome(page: Page) {
  await page.goto('/');
  await controlled(page);
  await hydrated(page);
}

/** Whether the device's record of seen pages holds `path` (any reader's). */
const seen = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    for (const name of (await caches.keys()).filter((n) => n.startsWith('lectern-seen'))) if (await caches.match(url, { cacheName: name })) return true;
    return false;
  }, new URL(path, page.url()).href);

/** Closes the app, goes offline (the worker's own fetches fail too), and opens `path` in a new page. */
async function reopenOffline(page: Page, context: BrowserContext, path: string): Promise<Page> {
  await page.close();
  await context.setOffline(true);
  const again = await context.newPage();
  await again.goto(path);
  return again;
}

/** The users' caches (offline copies and records of seen pages), read without opening any (see `userCacheNames`). */
const userCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('lectern-seen-user-') || n.startsWith('lectern-offline-user-')));

/** Logs out with the header's button, as a reader does, and waits until the site has been told. */
async function logOut(page: Page) {
  await page.goto('/');
  await hydrated(page);
  const loggedOut = answer(page, 'POST', '/api/v2/rest-auth/logout/');
  await page.getByRole('button', { name: 'Log out' }).click();
  await loggedOut;
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
}

/** The document the worker answered with came from the device. */
const fromDevice = (page: Page) =>
  page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).serverTiming.some((e) => e.name === 'lectern-device-copy'));

test('articles a guest opened inside the app reopen offline after the app is closed, and a reload keeps them', async ({ page, context, expectedFailures }) => {
  test.slow();
  expectedFailures.push(/./);
  await controlledHome(page);
  const [first, second, never] = await freeOnHome(page);
  expect(never, 'the home page shows three free articles').toBeTruthy();
  // Two articles reached by taps: their pages never pass through the worker as documents.
  await card(page, first.id).click();
  await expect(title(page, first.title)).toBeVisible();
  await page.goBack();
  await card(page, second.id).click();
  await expect(title(page, second.title)).toBeVisible();
  await expect.poll(() => seen(page, `/article/${first.id}`)).toBe(true);
  await expect.poll(() => seen(page, `/article/${second.id}`)).toBe(true);
  // No HTML of either is stored: what reopens them is the shell.
  expect(await page.evaluate(async (url) => Boolean(await caches.match(url, { cacheName: 'lectern-pages', ignoreVary: true })), new URL(`/article/${first.id}`, page.url()).href)).toBe(false);

  const again = await reopenOffline(page, context, `/article/${first.id}`);
  await expect(title(again, first.title)).toBeVisible();
  await hydrated(again);
  expect(await fromDevice(again)).toBe(true);
  await expect(again.getByRole('status').filter({ hasText: 'Offline copy' })).toBeVisible();
  // Pull to refresh: the same page again, not the offline page.
  await again.reload();
  await expect(title(again, first.title)).toBeVisible();
  await expect(again.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
  // The other article opens the same way, by its address.
  await again.goto(`/article/${second.id}`);
  await expect(title(again, second.title)).toBeVisible();
  // A page this device never showed gets the offline page, whose words hold.
  await again.goto(`/article/${never.id}`);
  await expect(again.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(again.getByText('This page has not been saved on this device yet.')).toBeVisible();
  await expect(title(again, never.title)).toHaveCount(0);
  await context.setOffline(false);
});

test('a page reopened offline speaks the reader’s language', async ({ page, context, baseURL, expectedFailures }) => {
  test.slow();
  expectedFailures.push(/./);
  await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL! }]);
  await controlledHome(page);
  const [article] = await freeOnHome(page);
  await card(page, article.id).click();
  await expect(page).toHaveURL(new RegExp(`/article/${article.id}$`));
  const h1 = page.locator('main h1');
  await expect(h1).toBeVisible();
  const heading = (await h1.textContent())!;
  await expect.poll(() => seen(page, `/article/${article.id}`)).toBe(true);

  const again = await reopenOffline(page, context, `/article/${article.id}`);
  await expect(title(again, heading)).toBeVisible();
  await hydrated(again);
  expect(await again.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  await expect(again.getByRole('navigation').getByRole('link', { name: '首页' })).toBeVisible();
  await expect(again.getByRole('status').filter({ hasText: '离线副本' })).toBeVisible();
  // In-app, a page whose content this device does not hold says so, in the reader's language, with the way to what it holds.
  await again.goto('/offline');
  await expect(again.getByRole('heading', { level: 1, name: '已保存以离线阅读' })).toBeVisible();
  await context.setOffline(false);
});

test('the basket opened from the header badge reopens offline with its queued changes, marked as waiting', async ({ page, context, request, expectedFailures }) => {
  test.slow();
  expectedFailures.push(/./);
  const shopper = await createAccount(request, 'basket');
  const product = ((await (await request.get('/api/v2/shop/products?page_size=50')).json()) as { results: { id: number; title: string }[] }).results.find(
    (p) => p.title === 'SQL Indexes Explained',
  )!;
  await logIn(page, shopper.username, PASSWORD);
  await controlled(page);
  await page.goto(`/product/${product.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByText(/^Added to your basket\./)).toBeVisible();
  await page.goto('/');
  await hydrated(page);
  // The basket, reached from its badge: a move inside the app.
  await page.getByRole('link', { name: 'Basket, 1 item' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('link', { name: product.title })).toBeVisible();
  await expect.poll(() => seen(page, '/cart')).toBe(true);

  // A change made offline waits in the outbox.
  await context.setOffline(true);
  await page.getByRole('button', { name: `One more ${product.title}` }).click();
  await expect(page.getByText('Waiting to be sent', { exact: true })).toBeVisible();

  const again = await reopenOffline(page, context, '/cart');
  await expect(again.getByRole('link', { name: product.title })).toBeVisible();
  await expect(again.getByText('Waiting to be sent', { exact: true })).toBeVisible();
  await expect(again.locator('.cart-line output')).toHaveText('2');
  await expect(again.getByText(/Changes made offline are kept on this device/)).toBeVisible();
  // And again after a reload.
  await again.reload();
  await expect(again.getByText('Waiting to be sent', { exact: true })).toBeVisible();
  await expect(again.locator('.cart-line output')).toHaveText('2');

  // Back online, the change reaches the server.
  await context.setOffline(false);
  await again.reload();
  await expect(again.getByText('Waiting to be sent', { exact: true })).toHaveCount(0, { timeout: 15_000 });
  await expect(again.locator('.cart-line output')).toHaveText('2');

  // The shopper's record of seen pages leaves with them.
  await again.evaluate(async () => {
    const names = await caches.keys();
    if (!names.some((n) => n.startsWith('lectern-seen-user-'))) throw new Error('no record of the shopper’s pages');
  });
  await logOut(again);
  await expect.poll(() => userCaches(again), { timeout: 20_000 }).toEqual([]);
  // What remains of the basket page is at most the page the server renders for anyone (its neutral login shell).
  const device = await deviceContents(again);
  expect(device.bodies.filter((b) => b.includes(product.title) && b.split('\n')[0].endsWith('/cart'))).toEqual([]);
});
