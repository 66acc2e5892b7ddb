import { articles, expect, hydrated, test } from './fixtures.js';

/**
 * A guest reading one article hydrates with the messages the page brought and never downloads a message
 * catalogue; the first page opened in the app loads the reader's catalogue and shows its texts.
 */
test('an article hydrates without the catalogue, which comes with the next page', async ({ page }) => {
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
  expect(scripts.filter((s) => catalogue.test(s))).toEqual([]);
  expect(scripts.some((s) => /\/assets\/article-page-[\w-]+\.js$/.test(s))).toBe(true);

  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Topics' }).click();
  await expect(page).toHaveURL(/\/topic$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Topics' })).toBeVisible();
  expect(scripts.filter((s) => catalogue.test(s)).map((s) => s.replace(/-[\w-]+\.js$/, ''))).toEqual(['/assets/en']);
  // A text the article page never showed comes from the catalogue, not as its bare key.
  await expect(page.getByText('Articles gathered around one subject, in the order to read them.')).toBeVisible();
  await expect(page.getByText('topics.description')).toHaveCount(0);
});
