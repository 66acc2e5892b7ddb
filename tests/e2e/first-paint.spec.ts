import { articles, expect, hydrated, test } from './fixtures.js';

/**
 * A guest reading one article hydrates with the messages the page brought: the reader's message catalogue is
 * fetched only after the page's load event, when the browser is idle, and a page opened in the app shows its texts.
 */
test('an article hydrates without the catalogue, which comes once the page has loaded', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const catalogue = /\/assets\/(en|zh-CN)-[\w-]+\.js$/;
  const free = (await articles(page)).find((a) => a.access === 'free')!;
  scripts.length = 0;

  await page.goto(`/article/${free.id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: free.title })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => /\/assets\/article-page-[\w-]+\.js$/.test(s))).toBe(true);
  // The catalogue came, but only after the load event: it is never on the first paint's path.
  await expect.poll(() => scripts.filter((s) => catalogue.test(s)).map((s) => s.replace(/-[\w-]+\.js$/, ''))).toEqual(['/assets/en']);
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const entry = performance.getEntriesByType('resource').find((r) => /\/assets\/en-[\w-]+\.js$/.test(r.name));
    return { loaded: nav.loadEventEnd, catalogue: entry?.startTime ?? -1 };
  });
  expect(timing.catalogue).toBeGreaterThanOrEqual(timing.loaded);

  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Topics' }).click();
  await expect(page).toHaveURL(/\/topic$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Topics' })).toBeVisible();
  expect(scripts.filter((s) => catalogue.test(s)).map((s) => s.replace(/-[\w-]+\.js$/, ''))).toEqual(['/assets/en']);
  // A text the article page never showed comes from the catalogue, not as its bare key.
  await expect(page.getByText('Articles gathered around one subject, in the order to read them.')).toBeVisible();
  await expect(page.getByText('topics.description')).toHaveCount(0);
});
