import { articles, expect, hydrated, test } from './fixtures.js';

/* Reading on a phone: the welcome banner, the settings menu, sharing, the progress bar, Chinese error pages. */

test.use({ viewport: { width: 390, height: 844 } });

test('the demo welcome is a banner above the articles, and stays dismissed on this device', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const welcome = page.getByRole('region', { name: 'Welcome to the Lectern demo' });
  await expect(welcome).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The first screen shows articles, not something over them.
  const firstArticle = page.locator('.banner__link, .card').first();
  await expect(firstArticle).toBeInViewport();

  await welcome.getByRole('button', { name: 'Hide this message' }).click();
  await expect(welcome).toHaveCount(0);
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Latest articles' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Welcome to the Lectern demo' })).toHaveCount(0);
});

test('language and colour mode sit in a menu that the keyboard opens and Escape closes', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const colourMode = page.getByLabel('Colour mode');
  await expect(colourMode).toBeHidden();
  const toggle = page.locator('.settings-menu summary');
  await expect(toggle).toHaveText('Display and language');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(colourMode).toBeVisible();
  const language = page.getByRole('group', { name: 'Language' });
  await expect(language.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  // Moving through the languages with the keyboard changes nothing; only a press on one reloads the page.
  const chinese = language.getByRole('button', { name: '简体中文' });
  await expect(chinese).toHaveAttribute('aria-pressed', 'false');
  const origin = await page.evaluate(() => performance.timeOrigin);
  // A press reloads at once (its handler does); every navigation of the page from here on is recorded, and the
  // test goes on using this page, so a reload the keys caused would show by the end.
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  await chinese.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  expect(await page.evaluate(() => performance.timeOrigin), 'the page was not reloaded').toBe(origin);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await colourMode.selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark');
  await page.keyboard.press('Escape');
  await expect(colourMode).toBeHidden();
  await expect(toggle).toBeFocused();
  // A press elsewhere closes it too.
  await toggle.click();
  await expect(colourMode).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(colourMode).toBeHidden();
  expect(navigations, 'the page was not reloaded').toEqual([]);
  expect(await page.evaluate(() => performance.timeOrigin), 'the page was not reloaded').toBe(origin);
});

test('Share copies the article’s address where there is no share sheet, and says so', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    // A desktop browser without the Web Share API, whatever this Chromium build has.
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  const free = (await articles(page)).find((a) => a.access === 'free')!;
  await page.goto(`/article/${free.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/article/${free.id}`);
});

test('Share opens the system share sheet where the browser has one', async ({ page, baseURL }) => {
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(Navigator.prototype, 'share', {
      value: async (data: unknown) => {
        shared.push(data);
      },
      configurable: true,
    });
  });
  const free = (await articles(page)).find((a) => a.access === 'free')!;
  await page.goto(`/article/${free.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([{ title: free.title, url: `${baseURL}/article/${free.id}` }]);
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toHaveCount(0);
});

test('the reading progress bar fills as the article scrolls', async ({ page }) => {
  // The newest free article may be a short one another test on this server published: a low window makes any
  // article page scroll.
  await page.setViewportSize({ width: 390, height: 320 });
  const free = (await articles(page)).find((a) => a.access === 'free')!;
  await page.goto(`/article/${free.id}`);
  await hydrated(page);
  const scale = () => page.locator('.reading-progress').evaluate((bar) => new DOMMatrix(getComputedStyle(bar).transform).a);
  expect(await scale()).toBeCloseTo(0, 2);
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await expect.poll(scale).toBeGreaterThan(0.99);
  await page.evaluate(() => window.scrollTo({ top: (document.documentElement.scrollHeight - window.innerHeight) / 2, behavior: 'instant' }));
  await expect.poll(scale).toBeGreaterThan(0.4);
  expect(await scale()).toBeLessThan(0.6);
});

test('the Chinese interface shows Chinese on the 404 page, header and footer included', async ({ page, context, baseURL, expectedFailures }) => {
  expectedFailures.push(/\/no\/such\/page$/);
  await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL! }]);
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: '页面未找到' })).toBeVisible();
  await expect(page.getByText('页面未找到：/no/such/page')).toBeVisible();
  await page.locator('.settings-menu summary').click();
  // The site's name, the feed format and the path asked for are the only Latin words left.
  const text = (await page.locator('body').innerText()).replace(/Lectern|RSS|\/no\/such\/page|English/g, '');
  expect(text.match(/[A-Za-z]{2,}/g)).toBeNull();
});

test('a search, and another page of a list, leave the keyboard focus on the page, never on the body', async ({ page }) => {
  await page.goto('/search');
  await hydrated(page);
  const field = page.getByLabel('Words to search for');
  await field.fill('reading');
  await field.press('Enter');
  await expect(page.getByText(/results? for “reading”/)).toBeVisible();
  await expect(page).toHaveURL(/q=reading/);
  // The same field, still focused: the reader can change the words at once.
  await expect(field).toBeFocused();
  await field.fill('habits');
  await field.press('Enter');
  await expect(page.getByText(/for “habits”/)).toBeVisible();
  await expect(field).toBeFocused();

  // The last page of the latest articles has no "Next page": the focus moves to the content, not the body.
  await page.goto('/');
  await hydrated(page);
  const status = await page.locator('.pagination__status').first().textContent();
  const last = Number(/of (\d+)/.exec(status ?? '')?.[1]);
  expect(last).toBeGreaterThan(1);
  await page.goto(last > 2 ? `/?page=${last - 1}` : '/');
  await hydrated(page);
  await page.getByRole('link', { name: 'Next page' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`page=${last}$`));
  await expect(page.getByText(`Page ${last} of ${last}`)).toBeVisible();
  await expect(page.locator('#main')).toBeFocused();
});
