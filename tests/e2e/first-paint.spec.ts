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

/**
 * Nothing above the text moves it while the page loads: the cover's place is kept before the image arrives, and
 * the control that appears once the app runs (Save for offline) sits beside Share instead of on a line of its own.
 */
test("an article's text does not move while its cover loads and the app starts", async ({ page }) => {
  const withCover = (await articles(page)).find((a) => a.access === 'free' && a.cover)!;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/media/**', async (route) => {
    if (route.request().resourceType() === 'image') await held;
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) w.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/article/${withCover.id}`, { waitUntil: 'domcontentloaded' });
  const cover = page.locator('img.article__cover');
  const before = await cover.boundingBox();
  expect(before!.height).toBeGreaterThan(100);
  release();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect((await cover.boundingBox())!.height).toBeCloseTo(before!.height, 0);
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Save for offline' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.001);
});
